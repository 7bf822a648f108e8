/**
 * @module datastore/sqlite-journal-store.test
 * The JournalStore contract for SQLite, and what is particular to it: the file and its settings,
 * a foreign, newer or damaged file, a real full disk (a small tmpfs, where the machine lets us
 * mount one), and checkpoints written in chunks that become visible only when complete.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, describe, it } from 'node:test';
import { CommitFailedError, OperationFailedError } from '../errors/index.ts';
import type { CommitRecord } from './commit-record.ts';
import type { ChildResult } from './journal-store-child.test-support.ts';
import { describeJournalStoreContract } from './journal-store-contract.test-support.ts';
import { LONG_TEXT } from './journal-wire.ts';
import { SQLITE_HARNESS, SQLITE_THREAD_ONLY_HARNESS } from './sqlite-journal-store.test-support.ts';
import { JOURNAL_FILE_NAME, SqliteJournalStore } from './sqlite-journal-store.ts';
import { SCHEMA_VERSION } from './sqlite-schema.ts';

describeJournalStoreContract('SqliteJournalStore', SQLITE_HARNESS);
describeJournalStoreContract('SqliteJournalStore, every append on its thread', SQLITE_THREAD_ONLY_HARNESS);

const directories: string[] = [];
const dataDir = (): string => {
  const directory = mkdtempSync(join(tmpdir(), 'idconf-sqlite-'));
  directories.push(directory);
  return directory;
};
after(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

const record = (fixedNumber: number, forward = `forward ${fixedNumber}`): CommitRecord => ({
  fixedNumber,
  timestamp: '2026-11-22T15:00:00.000Z',
  user: 'admin',
  via: 'cli',
  forward,
  reverse: `reverse ${fixedNumber}`,
});

const openStore = async (directory: string, chunkSize?: number): Promise<SqliteJournalStore> => {
  const store = new SqliteJournalStore({
    dataDir: directory,
    ...(chunkSize === undefined ? {} : { checkpointChunkSize: chunkSize }),
  });
  await store.open();
  return store;
};

/** A second connection to the journal file, to look at or tamper with what the store wrote. */
const peek = <T>(directory: string, work: (database: DatabaseSync) => T): T => {
  const database = new DatabaseSync(join(directory, JOURNAL_FILE_NAME));
  try {
    return work(database);
  } finally {
    database.close();
  }
};

describe('SqliteJournalStore', () => {
  it('keeps its journal in <dataDir>/journal.sqlite, in WAL mode, at the current schema version', async () => {
    const directory = dataDir();
    const store = await openStore(directory);
    assert.equal(store.path, join(directory, 'journal.sqlite'));
    await store.append([record(1)]);
    peek(directory, (database) => {
      assert.deepEqual({ ...database.prepare('PRAGMA journal_mode').get() }, { journal_mode: 'wal' });
      assert.deepEqual({ ...database.prepare('PRAGMA user_version').get() }, { user_version: SCHEMA_VERSION });
      assert.deepEqual({ ...database.prepare('SELECT count(*) AS n FROM commit_record').get() }, { n: 1 });
    });
    await store.close();
  });

  it('refuses a file that is not an SQLite database, naming the condition', async () => {
    const directory = dataDir();
    writeFileSync(join(directory, JOURNAL_FILE_NAME), 'not a database '.repeat(300));
    await assert.rejects(new SqliteJournalStore({ dataDir: directory }).open(), (error: unknown) => {
      assert.ok(error instanceof CommitFailedError);
      assert.match(error.message, /cannot be opened: the file is not an SQLite database \(SQLITE_NOTADB\)/);
      return true;
    });
  });

  it('refuses a journal written by a newer server', async () => {
    const directory = dataDir();
    await (await openStore(directory)).close();
    peek(directory, (database) => database.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`));
    await assert.rejects(new SqliteJournalStore({ dataDir: directory }).open(), /newer than this server's/);
  });

  it('reports damaged pages as corrupt when they are read', async () => {
    const directory = dataDir();
    const store = await openStore(directory);
    for (let fixedNumber = 1; fixedNumber <= 100; fixedNumber++)
      await store.append([record(fixedNumber, 'f'.repeat(3000))]);
    await store.close();
    const file = openSync(join(directory, JOURNAL_FILE_NAME), 'r+');
    writeSync(file, Buffer.alloc(4096 * 20, 0x5a), 0, 4096 * 20, 4096 * 10);
    closeSync(file);
    const damaged = new SqliteJournalStore({ dataDir: directory });
    // Whether open already meets a damaged page depends on which pages they are; replay always does.
    const opened = await damaged.open().then(
      () => true,
      (error: unknown) => {
        assert.ok(error instanceof CommitFailedError && /corrupt/.test(error.message), String(error));
        return false;
      },
    );
    if (opened) {
      await assert.rejects(
        (async () => {
          for await (const _ of damaged.commitsAfter(0));
        })(),
        (error: unknown) => error instanceof OperationFailedError && /corrupt \(SQLITE_CORRUPT\)/.test(error.message),
      );
      await damaged.close();
    }
  });

  it('makes a checkpoint visible only once every chunk is written, and lets appends through meanwhile', async () => {
    const directory = dataDir();
    const store = await openStore(directory, 1000);
    await store.append([record(1)]);
    await store.writeCheckpoint({ fixedNumber: 1, tree: 'first' });
    await store.append([record(2)]);
    // A thousand chunks, one transaction each with a turn of the thread's event loop between two.
    const tree = '0123456789'.repeat(100_000);
    const order: string[] = [];
    const writing = store.writeCheckpoint({ fixedNumber: 2, tree }).then(() => order.push('checkpoint'));
    await new Promise((resolve) => setImmediate(resolve));
    await store.append([record(3)]);
    order.push('append');
    assert.equal((await store.latestCheckpoint())?.tree, 'first', 'the half-written checkpoint is invisible');
    const chunks = peek(directory, (database) => database.prepare('SELECT count(*) AS n FROM checkpoint_chunk').get());
    assert.ok((chunks?.['n'] as number) > 1, 'some chunks are already written');
    await writing;
    assert.deepEqual(order, ['append', 'checkpoint']);
    assert.deepEqual(await store.latestCheckpoint(), { fixedNumber: 2, tree });
    const counts = peek(directory, (database) => ({
      checkpoints: database.prepare('SELECT count(*) AS n FROM checkpoint').get()?.['n'],
      chunks: database.prepare('SELECT count(*) AS n FROM checkpoint_chunk').get()?.['n'],
    }));
    assert.deepEqual(counts, { checkpoints: 1, chunks: 1000 }, 'the superseded checkpoint is gone');
    await store.close();
  });

  it('stores long texts given in pieces one after the other, the later ones in the memory of the earlier', async () => {
    const directory = dataDir();
    const store = await openStore(directory, 4096);
    const texts = ['a', 'bb', 'c'].map((mark, round) => {
      const pieces = Array.from({ length: 200 + round }, (_, index) => `${mark}${index}-ÅÄÖ-😀-${'z'.repeat(6000)}`);
      return { text: pieces.join(''), pieces };
    });
    for (const [index, { text, pieces }] of texts.entries())
      await store.append([{ ...record(index + 1), forward: text, pieces: { forward: pieces } }]);
    for (const [index, { text }] of texts.entries()) assert.equal((await store.readCommit(index + 1))?.forward, text);
    await store.close();
  });

  it('stores a long diff text in slices and gives it back whole, in a replay too, until it is pruned', async () => {
    const directory = dataDir();
    const store = await openStore(directory, 4096);
    const long = 'ÅÄÖ-😀-"x"\n'.repeat(Math.ceil(LONG_TEXT / 10) + 7);
    const reverse = `${long}reverse`;
    await store.append([record(1), { ...record(2), forward: long, reverse }, record(3)]);
    const read = await store.readCommit(2);
    assert.equal(read?.forward, long);
    assert.equal(read?.reverse, reverse);
    const replayed: CommitRecord[] = [];
    for await (const commit of store.commitsAfter(0)) replayed.push(commit);
    assert.deepEqual(
      replayed.map((commit) => [commit.fixedNumber, commit.forward.length, commit.reverse.length]),
      [
        [1, 9, 9],
        [2, long.length, reverse.length],
        [3, 9, 9],
      ],
    );
    const stored = () =>
      peek(directory, (database) => ({
        slices: database.prepare('SELECT count(*) AS n FROM commit_text').get()?.['n'],
        column: database.prepare('SELECT forward FROM commit_record WHERE fixed_number = 2').get()?.['forward'],
      }));
    const before = stored();
    assert.ok((before.slices as number) > 2, 'in slices');
    assert.equal(before.column, '', 'not in the row');
    await store.writeCheckpoint({ fixedNumber: 3, tree: 'tree' });
    assert.equal(await store.prune(0), 3);
    assert.equal(stored().slices, 0, 'pruned with its commit');
    await store.close();
  });

  it('drops the chunks of an interrupted checkpoint when it opens, and notices missing ones', async () => {
    const directory = dataDir();
    const store = await openStore(directory, 10);
    await store.append([record(1), record(2)]);
    await store.writeCheckpoint({ fixedNumber: 1, tree: 'a'.repeat(95) });
    await store.close();
    peek(directory, (database) => {
      database.exec(
        "INSERT INTO checkpoint_chunk (fixed_number, sequence, data) VALUES (2, 0, 'orphan'), (2, 1, 'orphan')",
      );
    });
    const reopened = await openStore(directory, 10);
    assert.deepEqual(
      { ...peek(directory, (database) => database.prepare('SELECT count(*) AS n FROM checkpoint_chunk').get()) },
      { n: 10 },
    );
    assert.equal((await reopened.latestCheckpoint())?.tree, 'a'.repeat(95));
    peek(directory, (database) => database.exec('DELETE FROM checkpoint_chunk WHERE sequence = 3'));
    await assert.rejects(reopened.latestCheckpoint(), (error: unknown) => {
      assert.ok(error instanceof OperationFailedError);
      assert.match(error.message, /checkpoint at fixed number 1 is damaged: 9 of 10 chunks/);
      return true;
    });
    await reopened.close();
  });

  it('abandons a checkpoint being written when it is closed', async () => {
    const directory = dataDir();
    const store = await openStore(directory, 100);
    await store.append([record(1)]);
    // Refusal checked from the start: it may come while close() is still running.
    const refused = assert.rejects(
      store.writeCheckpoint({ fixedNumber: 1, tree: 'b'.repeat(100_000) }),
      /the journal was closed/,
    );
    await store.close();
    await refused;
    const reopened = await openStore(directory);
    assert.equal(await reopened.latestCheckpoint(), undefined);
    await reopened.close();
  });

  const unshare = ((): string | undefined => {
    try {
      execFileSync('unshare', ['--user', '--map-root-user', '--mount', 'true'], { stdio: 'ignore' });
      return undefined;
    } catch {
      return 'this machine does not let an unprivileged process mount a tmpfs (unshare --user --mount)';
    }
  })();

  it('rejects appends on a really full disk (a 1 MB tmpfs) and keeps everything', { skip: unshare ?? false }, () => {
    const mountPoint = dataDir();
    const child = new URL('./journal-store-child.test-support.ts', import.meta.url).pathname;
    const harness = new URL('./sqlite-journal-store.test-support.ts', import.meta.url).href;
    const node = `'${process.execPath}' --disable-warning=ExperimentalWarning '${child}' '${harness}' SQLITE_HARNESS '${mountPoint}'`;
    const script = [
      `mount -t tmpfs -o size=1m tmpfs '${mountPoint}'`,
      `dd if=/dev/zero of='${mountPoint}/filler' bs=1k count=256 2>/dev/null`,
      `${node} fill`,
      `rm '${mountPoint}/filler'`,
      `${node} append-once`,
    ].join(' && ');
    const { NODE_V8_COVERAGE: _coverage, ...env } = process.env;
    const run = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', script], {
      encoding: 'utf8',
      env,
    });
    const lines = run.stdout.trim().split('\n');
    assert.equal(lines.length, 2, run.stdout + run.stderr);
    const filled = JSON.parse(lines[0] as string) as ChildResult;
    const freed = JSON.parse(lines[1] as string) as ChildResult;
    assert.equal(filled.error?.code, 'RESOURCE_DENIED', lines[0]);
    assert.match(filled.error?.message ?? '', /the disk is full/);
    assert.ok((filled.acknowledged ?? 0) > 0);
    assert.equal(filled.last, filled.acknowledged, 'nothing of the failed append is stored');
    assert.equal(filled.reopenedLast, filled.acknowledged, 'reopened on the full disk, everything is there');
    assert.equal(freed.last, (filled.acknowledged ?? 0) + 1, 'with space again, the journal takes commits');
  });
});

/** Appends a commit every 5 ms, from fixed number `first` on, until stopped; `stop` resolves with the next number. */
const appendEvery5Ms = (store: SqliteJournalStore, first: number): { readonly stop: () => Promise<number> } => {
  let next = first;
  let appending = true;
  const loop = (async () => {
    while (appending) {
      await store.append([record(next)]);
      next += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    stop: async () => {
      appending = false;
      await loop;
      return next;
    },
  };
};

describe('SqliteJournalStore checkpoints written in pieces', () => {
  const pieces = async function* (text: string, size: number, failAt?: number): AsyncGenerator<string> {
    for (let start = 0; start < text.length; start += size) {
      if (failAt !== undefined && start >= failAt) throw new Error('the tree could not be encoded');
      yield text.slice(start, start + size);
    }
  };

  it('stores the pieces as one checkpoint, even when a piece ends inside a surrogate pair', async () => {
    const directory = dataDir();
    const store = await openStore(directory, 64);
    await store.append([record(1), record(2)]);
    const tree = `{"x":"${'ÅÄÖ-😀-𝔸'.repeat(300)}"}`;
    for (const size of [1, 7, 1000]) {
      await store.append([record(size + 2)]);
      await store.writeCheckpointChunks(size + 2, pieces(tree, size));
      assert.deepEqual(await store.latestCheckpoint(), { fixedNumber: size + 2, tree });
      const reading = await store.readCheckpoint();
      const read: Uint8Array[] = [];
      for await (const chunk of reading?.chunks ?? [])
        read.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      assert.equal(Buffer.concat(read).toString('utf8'), tree);
    }
    await store.close();
  });

  it('stores pieces of UTF-8 bytes among pieces of text as the same checkpoint', async () => {
    const directory = dataDir();
    const store = await openStore(directory, 64);
    await store.append([record(1)]);
    const line = `["ÅÄÖ-😀",${'"x",'.repeat(40)}"𝔸"]\n`;
    // A text piece ending in the high half of a pair, then bytes (whole characters, longer than a row).
    const mixed = async function* (): AsyncGenerator<string | Uint8Array> {
      yield '{"a":"\ud83d';
      yield '\ude00"}\n';
      yield Buffer.from(line);
      yield 'z😀'.slice(0, 2);
      yield Buffer.from(line.slice(1));
    };
    await store.writeCheckpointChunks(1, mixed());
    // The lone high half before bytes is stored as U+FFFD, as at the end of the text.
    assert.equal((await store.latestCheckpoint())?.tree, `{"a":"😀"}\n${line}z\ufffd${line.slice(1)}`);
    await store.close();
  });

  it('stores nothing when the pieces fail, and lets appends through while it writes', async () => {
    const directory = dataDir();
    const store = await openStore(directory, 100);
    await store.append([record(1)]);
    await store.writeCheckpoint({ fixedNumber: 1, tree: 'first' });
    await store.append([record(2)]);
    await assert.rejects(store.writeCheckpointChunks(2, pieces('z'.repeat(10_000), 500, 5000)), /could not be encoded/);
    assert.equal((await store.latestCheckpoint())?.tree, 'first');
    assert.deepEqual(
      { ...peek(directory, (database) => database.prepare('SELECT count(*) AS n FROM checkpoint_chunk').get()) },
      { n: 1 },
      'the pieces written so far are removed',
    );
    const slow = async function* (): AsyncGenerator<string> {
      for (let index = 0; index < 20; index++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        yield 'y'.repeat(300);
      }
    };
    const order: string[] = [];
    const writing = store.writeCheckpointChunks(2, slow()).then(() => order.push('checkpoint'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await store.append([record(3)]);
    order.push('append');
    await writing;
    assert.deepEqual(order, ['append', 'checkpoint']);
    assert.equal((await store.latestCheckpoint())?.tree, 'y'.repeat(6000));
    await store.close();
  });

  it('paces its rows while commits are being appended, and stores the same checkpoint', async () => {
    const directory = dataDir();
    const store = new SqliteJournalStore({ dataDir: directory, checkpointChunkSize: 100, checkpointRowIntervalMs: 20 });
    await store.open();
    await store.append([record(1)]);
    const tree = 'p'.repeat(1000);
    // A commit every 5 ms while the 10 rows are written: 9 waits of 20 ms between them.
    const appending = appendEvery5Ms(store, 2);
    const started = performance.now();
    await store.writeCheckpointChunks(1, pieces(tree, 100));
    const elapsed = performance.now() - started;
    const next = await appending.stop();
    assert.ok(elapsed >= 9 * 20 * 0.9, `the rows were paced (${elapsed.toFixed(0)} ms)`);
    assert.deepEqual(await store.latestCheckpoint(), { fixedNumber: 1, tree });
    // With no commit lately, the same checkpoint is written unpaced (the content is what counts).
    await new Promise((resolve) => setTimeout(resolve, 150));
    await store.writeCheckpointChunks(next - 1, pieces(tree, 100));
    assert.deepEqual(await store.latestCheckpoint(), { fixedNumber: next - 1, tree });
    await store.close();
  });

  it('paces a prune batch by batch while commits are being appended', async () => {
    const directory = dataDir();
    const store = new SqliteJournalStore({ dataDir: directory, checkpointRowIntervalMs: 20 });
    await store.open();
    for (let from = 1; from <= 1600; from += 100)
      await store.append(Array.from({ length: 100 }, (_, index) => record(from + index)));
    await store.writeCheckpoint({ fixedNumber: 1600, tree: '{}' });
    const appending = appendEvery5Ms(store, 1601);
    const started = performance.now();
    // 1,600 commits before the checkpoint: four batches of at most 500, three waits of 20 ms between them.
    assert.equal(await store.prune(0), 1600);
    const elapsed = performance.now() - started;
    await appending.stop();
    assert.ok(elapsed >= 3 * 20 * 0.9, `the batches were paced (${elapsed.toFixed(0)} ms)`);
    const first = (await store.listCommits()).at(-1);
    assert.equal(first?.fixedNumber, 1601, 'every commit after the checkpoint is kept');
    await store.close();
  });

  it('abandons a checkpoint being written in pieces when it is closed', async () => {
    const directory = dataDir();
    const store = await openStore(directory, 100);
    await store.append([record(1)]);
    const endless = async function* (): AsyncGenerator<string> {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        yield 'w'.repeat(500);
      }
    };
    // Refused as the store closes, or as its thread stops (whichever the piece in flight meets).
    const refused = assert.rejects(
      store.writeCheckpointChunks(1, endless()),
      /the journal was closed|not open|the journal thread stopped/,
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    await store.close();
    await refused;
    const reopened = await openStore(directory);
    assert.equal(await reopened.latestCheckpoint(), undefined);
    await reopened.close();
  });
});
