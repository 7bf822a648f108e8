/**
 * @module datastore/wal-presize
 * Gives the journal's write-ahead log its room before SQLite opens it. SQLite deletes the log
 * when the last connection closes, so every start begins with an empty file that each commit
 * extends: a flush that extends a file on ext4 also commits the file system's journal (the new
 * size and blocks), and cost 0.45 ms per small durable commit on this project's machines against
 * 0.27 ms for one that overwrites blocks already written. A log of zeros written before the
 * first connection opens makes commits overwrite from the first one on (the store starts the log
 * over every 1,000 commits, so that it stays within the zeros): SQLite finds
 * no valid log header in it, so it reads the log as empty and writes its header and frames over
 * the zeros. It then keeps the file at that size (a reset truncates only above
 * `journal_size_limit`).
 *
 * Only a database file already in WAL mode whose log is missing or empty gets one: a log with
 * anything in it may hold commits not yet copied into the database (after a crash) and is never
 * touched; a new database gets its log as SQLite makes it. An empty log is what a read-only
 * connection leaves behind (the early read of the checkpoint at start-up opens one): it holds
 * nothing, and no connection writes to it before this process's first writer opens.
 * @see https://sqlite.org/walformat.html
 * @see https://sqlite.org/fileformat2.html#database_header (bytes 18 and 19: 2 in WAL mode)
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, writeSync } from 'node:fs';

/** Bytes of zeros the log starts with: about 4,000 frames of 4 KiB, some 8 ms of writing. */
export const WAL_PRESIZE_BYTES = 16 * 1024 * 1024;
/** Bytes written per call. */
const WRITE_SIZE = 1024 * 1024;
/** The database header's bytes 18 and 19: the file format's write and read versions. */
const FORMAT_VERSION_OFFSET = 18;
const WAL_FORMAT = 2;

/** Whether the database file at `path` exists and is in WAL mode (per its header). */
const inWalMode = (path: string): boolean => {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return false;
  }
  try {
    const header = Buffer.alloc(FORMAT_VERSION_OFFSET + 2);
    if (readSync(fd, header, 0, header.length, 0) < header.length) return false;
    return header[FORMAT_VERSION_OFFSET] === WAL_FORMAT && header[FORMAT_VERSION_OFFSET + 1] === WAL_FORMAT;
  } finally {
    closeSync(fd);
  }
};

/**
 * Writes `bytes` of zeros to the log of the database at `path` (without flushing them), when the database
 * is in WAL mode and its log file is missing or empty; returns whether it did. Call it before any
 * connection that writes to the database opens. Any failure leaves the log to SQLite (a partly
 * written file of zeros is a valid empty log too).
 */
export const presizeWriteAheadLog = (path: string, bytes: number = WAL_PRESIZE_BYTES): boolean => {
  if (bytes <= 0 || !inWalMode(path)) return false;
  let fd: number;
  try {
    // Created with the database's own permissions when missing; never truncated.
    fd = openSync(`${path}-wal`, constants.O_RDWR | constants.O_CREAT, statSync(path).mode & 0o777);
  } catch {
    return false;
  }
  try {
    if (fstatSync(fd).size !== 0) return false;
    const zeros = Buffer.alloc(Math.min(WRITE_SIZE, bytes));
    for (let written = 0; written < bytes; )
      written += writeSync(fd, zeros, 0, Math.min(zeros.length, bytes - written));
    // Not flushed here: a flush at start-up also makes the file system write out whatever else is
    // pending (after a graceful stop, the database pages its last WAL checkpoint wrote), which
    // measured hundreds of milliseconds of a cold start at 1,000,000 entries. The first commit's
    // flush, or the kernel's writeback before it, writes the zeros; a crash before that leaves a
    // log of zeros or an empty one, both an empty log to SQLite.
    return true;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
};
