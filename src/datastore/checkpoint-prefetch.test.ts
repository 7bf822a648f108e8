/**
 * @module datastore/checkpoint-prefetch.test
 * The early read of a journal's latest checkpoint: the same bytes the store reads, taken only by
 * the store of the same file while the checkpoint is still its latest, and nothing read where
 * there is no journal or one of another schema version.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, describe, it } from 'node:test';
import { CheckpointPrefetch, type PrefetchedCheckpoint } from './checkpoint-prefetch.ts';
import type { CommitRecord } from './commit-record.ts';
import { JOURNAL_FILE_NAME, SqliteJournalStore } from './sqlite-journal-store.ts';

const directories: string[] = [];
const dataDir = (): string => {
  const directory = mkdtempSync(join(tmpdir(), 'idconf-prefetch-'));
  directories.push(directory);
  return directory;
};
after(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

const record = (fixedNumber: number): CommitRecord => ({
  fixedNumber,
  timestamp: '2026-11-26T08:00:00.000Z',
  user: 'admin',
  via: 'cli',
  forward: `forward ${fixedNumber}`,
  reverse: `reverse ${fixedNumber}`,
});

const TREE = `{"x":"${'ÅÄÖ-😀-𝔸-abc'.repeat(500)}"}`;

/** A journal with commits 1–2 and a checkpoint of TREE at 2, in rows of 64 bytes. */
const journalWithCheckpoint = async (directory: string): Promise<void> => {
  const store = new SqliteJournalStore({ dataDir: directory, checkpointChunkSize: 64 });
  await store.open();
  await store.append([record(1), record(2)]);
  await store.writeCheckpoint({ fixedNumber: 2, tree: TREE });
  await store.close();
};

const textOf = async (store: SqliteJournalStore): Promise<string | undefined> => {
  const reading = await store.readCheckpoint();
  if (reading === undefined) return undefined;
  const parts: Buffer[] = [];
  for await (const chunk of reading.chunks)
    parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(parts).toString('utf8');
};

/** Every row a prefetch hands over, in order. */
const rowsOf = async (read: PrefetchedCheckpoint | undefined): Promise<Uint8Array[]> => {
  const rows: Uint8Array[] = [];
  for await (const batch of read?.batches ?? []) rows.push(...batch);
  return rows;
};

const openWith = async (directory: string, prefetch: CheckpointPrefetch | undefined): Promise<SqliteJournalStore> => {
  const store = new SqliteJournalStore({ dataDir: directory, ...(prefetch === undefined ? {} : { prefetch }) });
  await store.open();
  return store;
};

/** Changes one character of the checkpoint's first row in place (same length). */
const alterFirstRow = (directory: string): void => {
  const database = new DatabaseSync(join(directory, JOURNAL_FILE_NAME));
  try {
    database.exec(
      "UPDATE checkpoint_chunk SET data = CAST('{\"y' || substr(data, 4) AS TEXT) WHERE sequence = 0 AND fixed_number = 2",
    );
  } finally {
    database.close();
  }
};

describe('CheckpointPrefetch', () => {
  it('reads the bytes the store reads, in rows cut inside characters', async () => {
    const directory = dataDir();
    await journalWithCheckpoint(directory);
    const path = join(directory, JOURNAL_FILE_NAME);
    const prefetch = CheckpointPrefetch.start(path);
    assert.ok(prefetch !== undefined);
    const read = await prefetch.take(path);
    assert.equal(read?.fixedNumber, 2);
    assert.equal(read?.length, TREE.length);
    const rows = await rowsOf(read);
    assert.equal(rows.length, read?.chunkCount);
    assert.ok(rows.length > 100, 'many rows, in several batches');
    assert.equal(Buffer.concat(rows.map((row) => Buffer.from(row))).toString('utf8'), TREE);
    assert.equal(await prefetch.take(path), undefined, 'taken once');
  });

  it('is taken by the store of the same journal: its rows are not read again', async () => {
    const directory = dataDir();
    await journalWithCheckpoint(directory);
    // Rows of a complete checkpoint never change; changed here behind the store's back once the
    // early read has them, they show which read the store used.
    const prefetch = CheckpointPrefetch.start(join(directory, JOURNAL_FILE_NAME));
    assert.equal((await prefetch?.head())?.fixedNumber, 2, 'its read transaction has begun');
    alterFirstRow(directory);
    const store = await openWith(directory, prefetch);
    assert.equal(await textOf(store), TREE, 'the rows read early');
    assert.notEqual(await textOf(store), TREE, 'a second read reads the file');
    await store.close();
  });

  it('is left when the store finds a newer checkpoint, or the journal is another file', async () => {
    const directory = dataDir();
    await journalWithCheckpoint(directory);
    const prefetch = CheckpointPrefetch.start(join(directory, JOURNAL_FILE_NAME));
    const newer = new SqliteJournalStore({ dataDir: directory });
    await newer.open();
    await newer.append([record(3)]);
    await newer.writeCheckpoint({ fixedNumber: 3, tree: '{"newer":true}' });
    await newer.close();
    const store = await openWith(directory, prefetch);
    assert.equal(await textOf(store), '{"newer":true}');
    await store.close();

    const other = dataDir();
    await journalWithCheckpoint(other);
    const elsewhere = CheckpointPrefetch.start(join(other, JOURNAL_FILE_NAME));
    const mine = await openWith(directory, elsewhere);
    assert.equal((await mine.readCheckpoint())?.fixedNumber, 3);
    await mine.close();
    // Another file's read is of no use to anyone else: the store stops it and lets it go.
    assert.equal(await elsewhere?.take(join(other, JOURNAL_FILE_NAME)), undefined, 'dropped, not used');
  });

  it('keeps the process alive while it is awaited (its thread is otherwise unreferenced)', async () => {
    const directory = dataDir();
    await journalWithCheckpoint(directory);
    const module = new URL('./checkpoint-prefetch.ts', import.meta.url).href;
    const script = [
      `const { CheckpointPrefetch } = await import(${JSON.stringify(module)});`,
      `const path = ${JSON.stringify(join(directory, JOURNAL_FILE_NAME))};`,
      'const prefetch = CheckpointPrefetch.start(path);',
      'const read = await prefetch.take(path);',
      'let rows = 0;',
      'for await (const batch of read.batches) rows += batch.length;',
      'process.stdout.write(String(rows === read.chunkCount && read.fixedNumber));',
    ].join('\n');
    // A file, not `-e`: a worker inherits `--input-type`, which only string input takes.
    const file = join(directory, 'await-prefetch.mjs');
    writeFileSync(file, script);
    const child = spawnSync(process.execPath, [file], { encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    assert.equal(child.stdout, '2');
  });

  it('reads nothing without a journal, without a checkpoint, or from another schema version', async () => {
    assert.equal(CheckpointPrefetch.start(join(dataDir(), JOURNAL_FILE_NAME)), undefined);

    const empty = dataDir();
    const store = new SqliteJournalStore({ dataDir: empty });
    await store.open();
    await store.append([record(1)]);
    await store.close();
    const path = join(empty, JOURNAL_FILE_NAME);
    assert.equal(await CheckpointPrefetch.start(path)?.take(path), undefined);

    const versioned = dataDir();
    await journalWithCheckpoint(versioned);
    const file = join(versioned, JOURNAL_FILE_NAME);
    const database = new DatabaseSync(file);
    database.exec('PRAGMA user_version = 999');
    database.close();
    assert.equal(await CheckpointPrefetch.start(file)?.take(file), undefined);

    const garbage = dataDir();
    const junk = join(garbage, JOURNAL_FILE_NAME);
    writeFileSync(junk, 'not a database');
    assert.equal(await CheckpointPrefetch.start(junk)?.take(junk), undefined, 'a failed read is no read');
  });
});
