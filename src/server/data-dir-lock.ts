/**
 * @module server/data-dir-lock
 * One process at a time owns a data directory: the server while it runs, or an offline command
 * (`idconf backup`, `restore`, `rollback`). The lock is held by the kernel, not by a pid in a
 * file: `<dataDir>/idconf.lock` is a tiny SQLite database on which the owner keeps a write
 * transaction open (SQLite's RESERVED lock, an fcntl lock on Unix). The kernel drops that lock
 * the moment the owning process ends, however it ends and whoever reaps it, so a server killed
 * with SIGKILL never blocks its restart — not even while it lingers as a zombie, or when its
 * pid has been given to another process. The owner's pid is stored in the database only to name
 * it in the refusal message.
 *
 * The journal itself cannot carry the lock: it runs in WAL mode with a second connection (the
 * checkpointer thread), which SQLite's exclusive locking mode would shut out.
 * @see https://sqlite.org/lockingv3.html
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** The lock file's name inside the data directory. */
export const LOCK_FILE_NAME = 'idconf.lock';

/** How long to wait for the lock by default: long enough for a just-killed owner to finish exiting. */
const DEFAULT_WAIT_MS = 3000;
/** SQLite's result codes met here. */
const SQLITE_BUSY = 5;
const SQLITE_NOTADB = 26;

/** The data directory is owned by another live process. */
export class DataDirInUseError extends Error {
  /** The owner's pid, when it could be read. */
  readonly pid: number | undefined;
  constructor(dataDir: string, pid: number | undefined) {
    super(
      `the data directory ${dataDir} is in use by ${pid === undefined ? 'another process' : `process ${pid}`} (a running server?): stop it, or use its API`,
    );
    this.name = 'DataDirInUseError';
    this.pid = pid;
  }
}

/** Options of {@link lockDataDir}. */
export interface DataDirLockOptions {
  /** How long to wait for another owner to let go before refusing (default 3 s). */
  readonly waitMs?: number;
}

const sqliteCode = (error: unknown): number | undefined => {
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === 'number' ? code & 0xff : undefined;
};

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * A lock file of an earlier version is a text file with the owner's pid. A live pid other than
 * ours may be a server of that version, which knows no other lock: refuse. Otherwise the file
 * is replaced by the lock database.
 */
const replaceLegacyLockFile = (dataDir: string, file: string): void => {
  const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
  if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid))
    throw new DataDirInUseError(dataDir, pid);
  rmSync(file, { force: true });
};

/** The pid the owner recorded (committed before it took its lock), if it can be read now. */
const recordedOwner = (database: DatabaseSync): number | undefined => {
  try {
    const row = database.prepare('SELECT pid FROM lock_owner').get() as { pid?: unknown } | undefined;
    return typeof row?.pid === 'number' ? row.pid : undefined;
  } catch {
    return undefined;
  }
};

/**
 * One attempt: record our pid, then open the write transaction that is the lock. Between the
 * two another process may slip in and record its own pid; the attempt then fails (`false`) and
 * the next one names that process.
 */
const tryLock = (dataDir: string, database: DatabaseSync): boolean => {
  try {
    database.exec('CREATE TABLE IF NOT EXISTS lock_owner (pid INTEGER NOT NULL)');
    database.exec('BEGIN IMMEDIATE');
  } catch (error) {
    if (sqliteCode(error) === SQLITE_BUSY) throw new DataDirInUseError(dataDir, recordedOwner(database));
    throw error;
  }
  database.exec('DELETE FROM lock_owner');
  database.prepare('INSERT INTO lock_owner (pid) VALUES (?)').run(process.pid);
  database.exec('COMMIT');
  try {
    database.exec('BEGIN IMMEDIATE');
  } catch (error) {
    if (sqliteCode(error) === SQLITE_BUSY) return false;
    throw error;
  }
  if (recordedOwner(database) === process.pid) return true;
  database.exec('ROLLBACK');
  return false;
};

/**
 * Takes the lock of `dataDir` (which must exist), waiting up to `waitMs` for a current owner;
 * the returned function releases it. Throws {@link DataDirInUseError} when another process
 * keeps it.
 */
export const lockDataDir = (dataDir: string, options: DataDirLockOptions = {}): (() => void) => {
  const file = join(dataDir, LOCK_FILE_NAME);
  const waitMs = Math.max(0, Math.trunc(options.waitMs ?? DEFAULT_WAIT_MS));
  for (let attempt = 0; attempt < 3; attempt++) {
    const database = new DatabaseSync(file);
    let locked = false;
    try {
      database.exec(`PRAGMA busy_timeout = ${waitMs}`);
      locked = tryLock(dataDir, database);
    } catch (error) {
      database.close();
      if (sqliteCode(error) !== SQLITE_NOTADB) throw error;
      replaceLegacyLockFile(dataDir, file);
      continue;
    }
    if (locked) {
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // Closing the connection ends the transaction, and with it the lock. The file stays:
        // deleting it could strand a process that has just opened it.
        database.close();
      };
    }
    database.close();
  }
  throw new DataDirInUseError(dataDir, undefined);
};
