/**
 * @module datastore/sqlite-direct-appender.test
 * The lone commit appended on the calling thread (`SqliteDirectAppender` inside
 * `SqliteJournalStore.append`): it stores exactly what the journal's thread would, fails with the
 * same errors, and leaves the commit to the thread whenever it does not apply — a group, a long
 * text, an append already in flight, another connection holding the write lock.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, afterEach, beforeEach, describe, it } from 'node:test';
import { CommitFailedError } from '../errors/index.ts';
import type { CommitRecord } from './commit-record.ts';
import { JournalConflictError } from './journal-conflict-error.ts';
import { LONG_TEXT } from './journal-wire.ts';
import { SqliteDirectAppender } from './sqlite-direct-appender.ts';
import { CONCURRENT_WINDOW_MS, JOURNAL_FILE_NAME, SqliteJournalStore } from './sqlite-journal-store.ts';

const directories: string[] = [];
const dataDir = (): string => {
  const directory = mkdtempSync(join(tmpdir(), 'idconf-direct-'));
  directories.push(directory);
  return directory;
};
after(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

const record = (fixedNumber: number, extra: Partial<CommitRecord> = {}): CommitRecord => ({
  fixedNumber,
  timestamp: '2026-11-26T07:00:00.000Z',
  user: 'admin',
  via: 'restconf',
  forward: `{"forward":${fixedNumber},"text":"ünïcödé 😀"}`,
  reverse: `{"reverse":${fixedNumber}}`,
  ...extra,
});

const openStore = async (directory: string, directAppend = true): Promise<SqliteJournalStore> => {
  const store = new SqliteJournalStore({ dataDir: directory, directAppend });
  await store.open();
  return store;
};

/** What `tryAppend` answered, call by call (true: appended on the calling thread; 'threw': failed there). */
let answers: (boolean | 'threw')[] = [];
const original = Object.getOwnPropertyDescriptor(SqliteDirectAppender.prototype, 'tryAppend')?.value as (
  this: SqliteDirectAppender,
  records: readonly CommitRecord[],
) => boolean;
beforeEach(() => {
  answers = [];
  SqliteDirectAppender.prototype.tryAppend = function (this: SqliteDirectAppender, records) {
    let answer: boolean;
    try {
      answer = original.call(this, records as readonly CommitRecord[]);
    } catch (error) {
      answers.push('threw');
      throw error;
    }
    answers.push(answer);
    return answer;
  };
});
afterEach(() => {
  SqliteDirectAppender.prototype.tryAppend = original;
});

/** Every stored commit, read back through the store (the thread's connection). */
const stored = async (store: SqliteJournalStore): Promise<CommitRecord[]> => {
  const records: CommitRecord[] = [];
  for await (const each of store.commitsAfter(0)) records.push(each);
  return records;
};

/** Holds the journal's write lock from another connection until the returned function is called. */
const holdWriteLock = (directory: string): (() => void) => {
  const database = new DatabaseSync(join(directory, JOURNAL_FILE_NAME));
  database.exec('BEGIN IMMEDIATE');
  return () => {
    database.exec('COMMIT');
    database.close();
  };
};

describe('SqliteJournalStore: a lone commit appended on the calling thread', () => {
  it('stores exactly what the journal thread stores', async () => {
    const records = [
      record(1),
      record(2, { label: 'a label', comment: 'a comment', via: 'cli', user: 'operator' }),
      record(5, { forward: '', reverse: '' }),
    ];
    const direct = await openStore(dataDir());
    const threaded = await openStore(dataDir(), false);
    for (const each of records) {
      await direct.append([each]);
      await threaded.append([each]);
    }
    assert.deepEqual(answers, [true, true, true]);
    assert.deepEqual(await stored(direct), await stored(threaded));
    assert.deepEqual(await direct.listCommits(), await threaded.listCommits());
    assert.equal(await direct.lastFixedNumber(), 5);
    await direct.close();
    await threaded.close();
  });

  it('fails with the errors of the journal thread, and stores nothing', async () => {
    const direct = await openStore(dataDir());
    const threaded = await openStore(dataDir(), false);
    for (const store of [direct, threaded]) await store.append([record(3)]);
    const failures = async (store: SqliteJournalStore): Promise<unknown[]> => {
      const errors: unknown[] = [];
      for (const bad of [record(3), record(2), record(4, { via: 'carrier-pigeon' as CommitRecord['via'] })]) {
        errors.push(
          await store.append([bad]).then(
            () => 'stored',
            (error: unknown) => error,
          ),
        );
      }
      return errors;
    };
    const fromDirect = await failures(direct);
    const fromThread = await failures(threaded);
    assert.deepEqual(answers, [true, 'threw', 'threw', 'threw'], 'each failure was the direct path’s own');
    for (const [index, error] of fromDirect.entries()) {
      const expected = fromThread[index] as Error;
      assert.ok(error instanceof (index < 2 ? JournalConflictError : CommitFailedError));
      assert.equal((error as Error).constructor, expected.constructor);
      assert.equal((error as Error).message, expected.message);
    }
    assert.equal((fromDirect[0] as JournalConflictError).last, 3);
    assert.deepEqual(
      (await stored(direct)).map((each) => each.fixedNumber),
      [3],
    );
    await direct.close();
    await threaded.close();
  });

  it('leaves lone commits to the thread for a while after a group (concurrent writers)', async () => {
    const store = await openStore(dataDir());
    await store.append([record(1)]);
    await store.append([record(2), record(3)]);
    await store.append([record(4)]);
    assert.deepEqual(answers, [true]);
    await new Promise((resolve) => setTimeout(resolve, CONCURRENT_WINDOW_MS + 100));
    await store.append([record(5)]);
    assert.deepEqual(answers, [true, true]);
    assert.deepEqual(
      (await stored(store)).map((each) => each.fixedNumber),
      [1, 2, 3, 4, 5],
    );
    await store.close();
  });

  it('leaves groups and long texts to the journal thread', async () => {
    const store = await openStore(dataDir());
    const long = 'x'.repeat(LONG_TEXT);
    // Long texts and texts from pieces first: after a group, lone commits go to the thread anyway.
    await store.append([record(1, { forward: long })]);
    await store.append([record(2, { forward: 'a piece', pieces: { forward: ['a ', 'piece'] } })]);
    await store.append([record(3), record(4)]);
    assert.deepEqual(answers, []);
    const all = await stored(store);
    assert.deepEqual(
      all.map((each) => each.fixedNumber),
      [1, 2, 3, 4],
    );
    assert.equal(all[0]?.forward, long);
    await store.close();
  });

  it('hands the commit to the thread while another connection holds the write lock', async () => {
    const directory = dataDir();
    const store = await openStore(directory);
    await store.append([record(1)]);
    const release = holdWriteLock(directory);
    let settled = false;
    const appending = store.append([record(2)]).then(() => {
      settled = true;
    });
    // The thread waits for the lock (its busy timeout); the direct path gave up at once.
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(settled, false);
    assert.deepEqual(answers, [true, false]);
    // Meanwhile another lone commit must not overtake the one in flight: it goes to the thread too.
    const next = store.append([record(3)]);
    release();
    await appending;
    await next;
    assert.deepEqual(answers, [true, false]);
    assert.deepEqual(
      (await stored(store)).map((each) => each.fixedNumber),
      [1, 2, 3],
    );
    // With the lock free and nothing in flight, the direct path again.
    await store.append([record(4)]);
    assert.deepEqual(answers, [true, false, true]);
    await store.close();
  });
});
