/**
 * @module datastore/wal-presize.test
 * The journal's log given its room before SQLite opens it: only a WAL-mode database whose log is
 * missing or empty gets one, a log with frames in it (a crash's) is never touched, commits written
 * over the zeros read back after a reopen and a crash, and SQLite keeps the file at that size.
 * And the log started over by the store under a steady stream of commits, so that it stays within
 * that room.
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { endianness, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, describe, it } from 'node:test';
import { JOURNAL_FILE_NAME, SqliteJournalStore } from './sqlite-journal-store.ts';
import { presizeWriteAheadLog, WAL_PRESIZE_BYTES } from './wal-presize.ts';

const SIZE = 256 * 1024;
const directories: string[] = [];
const databasePath = (): string => {
  const directory = mkdtempSync(join(tmpdir(), 'idconf-wal-presize-'));
  directories.push(directory);
  return join(directory, 'journal.sqlite');
};
after(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

/** A database in WAL mode with `rows` rows, closed cleanly (so without a log file). */
const walDatabase = (rows = 3): string => {
  const path = databasePath();
  const database = new DatabaseSync(path);
  database.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (n INTEGER PRIMARY KEY, text TEXT)');
  const insert = database.prepare('INSERT INTO t (text) VALUES (?)');
  for (let row = 0; row < rows; row++) insert.run(`row ${row}`);
  database.close();
  return path;
};

const count = (path: string): number => {
  const database = new DatabaseSync(path);
  try {
    return (database.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n;
  } finally {
    database.close();
  }
};

describe('presizeWriteAheadLog', () => {
  it('fills the missing log of a WAL-mode database with zeros', () => {
    const path = walDatabase();
    assert.equal(existsSync(`${path}-wal`), false);
    assert.equal(presizeWriteAheadLog(path, SIZE), true);
    assert.equal(statSync(`${path}-wal`).size, SIZE);
    assert.ok(readFileSync(`${path}-wal`).every((byte) => byte === 0));
    assert.equal(statSync(`${path}-wal`).mode & 0o777, statSync(path).mode & 0o777);
  });

  it('fills the empty log a read-only connection leaves behind', () => {
    const path = walDatabase();
    const reader = new DatabaseSync(path, { readOnly: true });
    assert.equal(reader.prepare('SELECT count(*) AS n FROM t').get()?.n, 3);
    assert.equal(statSync(`${path}-wal`).size, 0);
    assert.equal(presizeWriteAheadLog(path, SIZE), true);
    // The reader still reads the database as it is: a log of zeros is an empty log.
    assert.equal(reader.prepare('SELECT count(*) AS n FROM t').get()?.n, 3);
    reader.close();
    assert.equal(count(path), 3);
  });

  it('is a no-op for a log with anything in it, a database not in WAL mode, or no database', () => {
    const written = walDatabase();
    writeFileSync(`${written}-wal`, 'not zeros');
    assert.equal(presizeWriteAheadLog(written, SIZE), false);
    assert.equal(readFileSync(`${written}-wal`, 'utf8'), 'not zeros');

    const rollback = databasePath();
    const database = new DatabaseSync(rollback);
    database.exec('CREATE TABLE t (n INTEGER PRIMARY KEY, text TEXT)');
    database.close();
    assert.equal(presizeWriteAheadLog(rollback, SIZE), false);
    assert.equal(existsSync(`${rollback}-wal`), false);

    const missing = databasePath();
    assert.equal(presizeWriteAheadLog(missing, SIZE), false);
    assert.equal(existsSync(missing), false);
    assert.equal(existsSync(`${missing}-wal`), false);
  });

  it('leaves the frames of a crash in place, and they are read back', () => {
    const path = walDatabase();
    const writer = new DatabaseSync(path);
    writer.exec('PRAGMA wal_autocheckpoint = 0');
    writer.exec("INSERT INTO t (text) VALUES ('only in the log')");
    // The files as a crash would leave them: the last row only in the log.
    const crashed = databasePath();
    copyFileSync(path, crashed);
    copyFileSync(`${path}-wal`, `${crashed}-wal`);
    writer.close();
    const before = readFileSync(`${crashed}-wal`);
    assert.ok(before.length > 0);
    assert.equal(presizeWriteAheadLog(crashed, SIZE), false);
    assert.deepEqual(readFileSync(`${crashed}-wal`), before);
    assert.equal(count(crashed), 4);
  });

  it('commits written over the zeros survive a reopen and a crash, and the log does not grow', () => {
    const path = walDatabase();
    assert.equal(presizeWriteAheadLog(path, SIZE), true);
    const writer = new DatabaseSync(path);
    writer.exec('PRAGMA synchronous = FULL; PRAGMA wal_autocheckpoint = 0');
    const insert = writer.prepare('INSERT INTO t (text) VALUES (?)');
    for (let row = 0; row < 20; row++) insert.run(`commit ${row}`);
    // Twenty small commits fit in the zeros: the file keeps its size.
    assert.equal(statSync(`${path}-wal`).size, SIZE);
    const crashed = databasePath();
    copyFileSync(path, crashed);
    copyFileSync(`${path}-wal`, `${crashed}-wal`);
    writer.close();
    assert.equal(count(path), 23);
    assert.equal(count(crashed), 23);
  });

  it('a log of zeros left by a start that wrote nothing opens as an empty log', () => {
    const path = walDatabase();
    assert.equal(presizeWriteAheadLog(path, SIZE), true);
    assert.equal(count(path), 3);
    const writer = new DatabaseSync(path);
    writer.exec("INSERT INTO t (text) VALUES ('after')");
    writer.close();
    assert.equal(count(path), 4);
  });
});

describe('the SQLite journal store', () => {
  it('opens its journal on a log of zeros after a clean close, and reads its commits back', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'idconf-wal-presize-store-'));
    directories.push(directory);
    const path = join(directory, JOURNAL_FILE_NAME);
    const record = (fixedNumber: number) => ({
      fixedNumber,
      timestamp: '2026-11-26T13:00:00.000Z',
      user: 'admin',
      via: 'restconf' as const,
      forward: `{"forward":${fixedNumber}}`,
      reverse: `{"reverse":${fixedNumber}}`,
    });
    const first = new SqliteJournalStore({ dataDir: directory });
    await first.open();
    await first.append([record(1)]);
    await first.close();
    assert.equal(existsSync(`${path}-wal`), false);
    const second = new SqliteJournalStore({ dataDir: directory });
    await second.open();
    assert.equal(statSync(`${path}-wal`).size, WAL_PRESIZE_BYTES);
    await second.append([record(2)]);
    await second.append([record(3)]);
    assert.equal(statSync(`${path}-wal`).size, WAL_PRESIZE_BYTES);
    const fixedNumbers: number[] = [];
    for await (const commit of second.commitsAfter(0)) fixedNumbers.push(commit.fixedNumber);
    assert.deepEqual(fixedNumbers, [1, 2, 3]);
    await second.close();
  });
});

/**
 * The frames in the log, as its index says: `mxFrame`, a 32-bit integer at byte 16 of the
 * wal-index header (the start of the `-shm` file), in the machine's byte order.
 * @see https://sqlite.org/walformat.html#the_wal_index_file_format
 */
const framesInLog = (path: string): number => {
  const header = readFileSync(`${path}-shm`).subarray(0, 48);
  return endianness() === 'LE' ? header.readUInt32LE(16) : header.readUInt32BE(16);
};

describe('the WAL under a steady stream of commits', () => {
  it('is started over every so many commits, so that it does not grow on', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'idconf-wal-restart-'));
    directories.push(directory);
    const path = join(directory, JOURNAL_FILE_NAME);
    const every = 100;
    const store = new SqliteJournalStore({ dataDir: directory, logRestartCommits: every });
    await store.open();
    const text = 'x'.repeat(300);
    let most = 0;
    // Lone commits one right after the other: the checkpointer thread's passes never catch up.
    for (let fixedNumber = 1; fixedNumber <= 5 * every; fixedNumber++) {
      await store.append([
        {
          fixedNumber,
          timestamp: '2026-11-26T13:00:00.000Z',
          user: 'admin',
          via: 'restconf',
          forward: `{"text":"${text}","n":${fixedNumber}}`,
          reverse: `{"n":${fixedNumber}}`,
        },
      ]);
      if (fixedNumber % 10 === 0) most = Math.max(most, framesInLog(path));
    }
    await store.close();
    // About 1.2 frames per commit: without the restarts the log would hold some 600 frames.
    assert.ok(most > 0 && most < 2 * every, `at most ${most} frames in the log`);
  });
});
