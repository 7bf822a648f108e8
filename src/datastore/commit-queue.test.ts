/**
 * @module datastore/commit-queue.test
 * The commit queue: serial prepares against the latest state, group commit, per-transaction
 * verdicts, and a failed append that changes nothing — over an in-memory journal whose appends
 * the test holds and releases, and over a real SQLite journal with 16 concurrent writers.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { CommitFailedError, DataExistsError, ResourceDeniedError } from '../errors/index.ts';
import { type CommitDraft, CommitQueue, type PipelineMode, type PrepareCommit, splitPays } from './commit-queue.ts';
import type { CommitRecord } from './commit-record.ts';
import type { JournalStore } from './journal-store.ts';
import { MemoryJournalStore } from './memory-journal-store.ts';
import { SqliteJournalStore } from './sqlite-journal-store.ts';

/** The test's state: the values committed so far, in commit order. */
type State = readonly string[];

const draft = (value: string): CommitDraft => ({
  timestamp: '2026-11-22T15:00:00.000Z',
  user: 'admin',
  via: 'restconf',
  forward: `+${value}`,
  reverse: `-${value}`,
});

/** A transaction that adds `value` to the state. */
const adding =
  (value: string): PrepareCommit<State> =>
  (state) => ({ record: draft(value), newState: [...state, value] });

/** Wraps a store: records every append's fixed numbers, can hold appends until released, can fail them. */
class ObservedStore {
  readonly appends: number[][] = [];
  readonly store: JournalStore;
  #held: (() => void)[] = [];
  #holding = false;
  failWith: unknown;

  constructor(inner: JournalStore) {
    this.store = new Proxy(inner, {
      get: (target, property, receiver) => {
        if (property !== 'append') {
          const value: unknown = Reflect.get(target, property, receiver);
          // Bound to the store itself: its private fields are not reachable through the proxy.
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return async (records: readonly CommitRecord[]): Promise<void> => {
          this.appends.push(records.map((record) => record.fixedNumber));
          if (this.#holding) await new Promise<void>((resolve) => this.#held.push(resolve));
          if (this.failWith !== undefined) {
            const error = this.failWith;
            this.failWith = undefined;
            throw error;
          }
          await target.append(records);
        };
      },
    });
  }

  /** From now on appends wait for {@link release}. */
  hold(): void {
    this.#holding = true;
  }

  /** Lets the waiting appends finish, and later ones run straight through. */
  release(): void {
    this.#holding = false;
    for (const resolve of this.#held.splice(0)) resolve();
  }
}

const memoryQueueOf = async (
  pipeline: PipelineMode,
): Promise<{ queue: CommitQueue<State>; observed: ObservedStore }> => {
  const inner = new MemoryJournalStore();
  await inner.open();
  const observed = new ObservedStore(inner);
  return {
    queue: new CommitQueue<State>({ store: observed.store, state: [], lastFixedNumber: 0, pipeline }),
    observed,
  };
};

/**
 * 16 writers committing 25 transactions each, one after the other: every commit gets one number,
 * each writer's in increasing order, and the state is the journal's commits in order.
 */
const sixteenWritersSerial = async (queue: CommitQueue<State>, observed: ObservedStore): Promise<void> => {
  const perWriter = await Promise.all(
    Array.from({ length: 16 }, async (_, writer) => {
      const numbers: number[] = [];
      for (let index = 0; index < 25; index++)
        numbers.push((await queue.submit(adding(`w${writer}-${index}`)))?.fixedNumber ?? 0);
      return numbers;
    }),
  );
  for (const numbers of perWriter)
    assert.deepEqual(
      [...numbers].sort((a, b) => a - b),
      numbers,
    );
  assert.deepEqual(
    perWriter.flat().sort((a, b) => a - b),
    Array.from({ length: 400 }, (_, index) => index + 1),
  );
  const journal: string[] = [];
  for await (const record of observed.store.commitsAfter(0)) journal.push(record.forward.slice(1));
  assert.deepEqual(queue.state, journal);
};

/** Waits until the queue has started writing (its group is formed at setImmediate). */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

// Each group's members as the tests expect them: both ways of writing keep a group whole.
for (const mode of ['never', 'overlap'] as const)
  describe(`CommitQueue (pipeline: ${mode})`, () => {
    const memoryQueue = (): ReturnType<typeof memoryQueueOf> => memoryQueueOf(mode);
    it('commits a transaction with the next fixed number and shows its state once durable', async () => {
      const { queue, observed } = await memoryQueue();
      observed.hold();
      const committing = queue.submit(adding('a'));
      await turn();
      assert.deepEqual(observed.appends, [[1]]);
      assert.deepEqual(queue.state, [], 'not durable yet, so not visible');
      observed.release();
      assert.deepEqual(await committing, { ...draft('a'), fixedNumber: 1 });
      assert.deepEqual(queue.state, ['a']);
      assert.equal(queue.lastFixedNumber, 1);
      assert.deepEqual(await observed.store.readCommit(1), { ...draft('a'), fixedNumber: 1 });
    });

    it('writes the transactions that arrive during a write together, in arrival order', async () => {
      const { queue, observed } = await memoryQueue();
      observed.hold();
      const first = queue.submit(adding('a'));
      await turn();
      const seen: State[] = [];
      const later = ['b', 'c', 'd'].map((value) =>
        queue.submit((state, fixedNumber) => {
          seen.push(state);
          return { record: draft(`${value}${fixedNumber}`), newState: [...state, value] };
        }),
      );
      observed.release();
      await Promise.all([first, ...later]);
      assert.deepEqual(observed.appends, [[1], [2, 3, 4]]);
      assert.deepEqual(seen, [['a'], ['a', 'b'], ['a', 'b', 'c']], 'each prepare sees the ones before it');
      assert.deepEqual(
        (await Promise.all(later)).map((record) => record?.forward),
        ['+b2', '+c3', '+d4'],
      );
      assert.deepEqual(queue.state, ['a', 'b', 'c', 'd']);
    });

    it('rejects one transaction of a group without touching the others', async () => {
      const { queue, observed } = await memoryQueue();
      const exists = new DataExistsError('the entry already exists');
      const results = await Promise.allSettled([
        queue.submit(adding('a')),
        queue.submit(() => {
          throw exists;
        }),
        queue.submit(() => undefined),
        queue.submit(async (state) => ({ record: draft('c'), newState: [...state, 'c'] })),
      ]);
      assert.deepEqual(observed.appends, [[1, 2]]);
      assert.deepEqual(
        results.map((result) => (result.status === 'fulfilled' ? result.value?.fixedNumber : result.reason)),
        [1, exists, undefined, 2],
      );
      assert.deepEqual(queue.state, ['a', 'c']);
    });

    it('rejects every transaction of a group whose append fails, and changes nothing', async () => {
      const { queue, observed } = await memoryQueue();
      await queue.submit(adding('a'));
      const full = new ResourceDeniedError('the commit could not be made durable: the disk is full');
      const early = new DataExistsError('judged against durable state');
      const late = new DataExistsError('judged against the failed group');
      observed.failWith = full;
      const results = await Promise.allSettled([
        queue.submit(() => {
          throw early;
        }),
        queue.submit(adding('b')),
        queue.submit(() => {
          throw late;
        }),
        queue.submit(() => undefined),
        queue.submit(adding('c')),
      ]);
      assert.deepEqual(
        results.map((result) => (result.status === 'rejected' ? result.reason : result.value)),
        [early, full, full, full, full],
      );
      assert.deepEqual(queue.state, ['a']);
      assert.equal(queue.lastFixedNumber, 1);
      assert.equal(await observed.store.lastFixedNumber(), 1);
      assert.equal((await queue.submit(adding('d')))?.fixedNumber, 2, 'the failed numbers are given again');
      assert.deepEqual(queue.state, ['a', 'd']);
    });

    it('keeps 16 concurrent writers serial: every commit once, state in journal order', async () => {
      const { queue, observed } = await memoryQueue();
      await sixteenWritersSerial(queue, observed);
      assert.ok(
        observed.appends.some((group) => group.length > 1),
        'concurrent writers share appends',
      );
      await queue.idle();
    });

    it('tells whether a group is due, being written, or nothing is going on', async () => {
      const { queue, observed } = await memoryQueue();
      assert.equal(queue.activity, 'idle');
      observed.hold();
      const committing = queue.submit(adding('a'));
      assert.equal(queue.activity, 'due', 'submitted, waiting for the turn that prepares its group');
      await turn();
      assert.equal(queue.activity, 'writing', 'appended, not yet durable');
      const next = queue.submit(adding('b'));
      assert.equal(queue.activity, 'writing', 'the next group waits for this one');
      observed.release();
      await Promise.all([committing, next]);
      await queue.idle();
      assert.equal(queue.activity, 'idle');
    });

    it('settles everything submitted before idle() resolves', async () => {
      const { queue, observed } = await memoryQueue();
      observed.hold();
      const settled: number[] = [];
      for (let index = 0; index < 5; index++) void queue.submit(adding(`${index}`)).then(() => settled.push(index));
      setTimeout(() => observed.release(), 5);
      await queue.idle();
      assert.deepEqual(settled, [0, 1, 2, 3, 4]);
    });
  });

describe('CommitQueue pipelined: the next batch prepared while one is made durable', () => {
  it('prepares a transaction that arrives during an append at once, on that append’s state', async () => {
    const { queue, observed } = await memoryQueueOf('overlap');
    observed.hold();
    const first = queue.submit(adding('a'));
    await turn();
    const seen: State[] = [];
    const second = queue.submit((state) => {
      seen.push(state);
      return { record: draft('b'), newState: [...state, 'b'] };
    });
    await turn();
    assert.deepEqual(seen, [['a']], 'prepared before the first append is durable');
    assert.deepEqual(observed.appends, [[1]], 'appended only once the first is durable');
    assert.deepEqual(queue.state, []);
    observed.release();
    assert.equal((await first)?.fixedNumber, 1);
    assert.equal((await second)?.fixedNumber, 2);
    assert.deepEqual(observed.appends, [[1], [2]]);
    assert.deepEqual(queue.state, ['a', 'b']);
  });

  it('splits a group that finds the journal idle: the second half is prepared during the first’s append', async () => {
    const { queue, observed } = await memoryQueueOf('always');
    observed.hold();
    const seen: number[] = [];
    const committing = ['a', 'b', 'c', 'd', 'e'].map((value) =>
      queue.submit((state, fixedNumber) => {
        seen.push(fixedNumber);
        return { record: draft(value), newState: [...state, value] };
      }),
    );
    await turn();
    assert.deepEqual(observed.appends, [[1, 2, 3]], 'the first half is appended at once');
    assert.deepEqual(seen, [1, 2, 3, 4, 5], 'the second half is prepared meanwhile');
    observed.release();
    assert.deepEqual(
      (await Promise.all(committing)).map((record) => record?.fixedNumber),
      [1, 2, 3, 4, 5],
    );
    assert.deepEqual(observed.appends, [
      [1, 2, 3],
      [4, 5],
    ]);
    assert.deepEqual(queue.state, ['a', 'b', 'c', 'd', 'e']);
  });

  it('prepares a batch again on the durable state when the append it was prepared on fails', async () => {
    const { queue, observed } = await memoryQueueOf('overlap');
    const full = new ResourceDeniedError('the commit could not be made durable: the disk is full');
    observed.hold();
    const first = queue.submit(adding('a'));
    await turn();
    const seen: State[] = [];
    const judged = new DataExistsError('judged against the failed append');
    const second = queue.submit((state) => {
      seen.push(state);
      // Refused on the state with 'a', accepted on the durable one.
      if (state.includes('a')) throw judged;
      return { record: draft('b'), newState: [...state, 'b'] };
    });
    await turn();
    observed.failWith = full;
    observed.release();
    await assert.rejects(first, (error) => error === full);
    assert.equal((await second)?.fixedNumber, 1, 'its verdict on the failed state does not stand');
    assert.deepEqual(seen, [['a'], []]);
    assert.deepEqual(queue.state, ['b']);
    assert.equal(await observed.store.lastFixedNumber(), 1);
  });

  it('keeps 16 concurrent writers serial when every group is split', async () => {
    const { queue, observed } = await memoryQueueOf('always');
    await sixteenWritersSerial(queue, observed);
    assert.deepEqual(
      observed.appends.flat(),
      Array.from({ length: 400 }, (_, index) => index + 1),
      'appended in order, each once',
    );
  });

  it('splits only while a flush is shorter than preparing the waiting transactions', () => {
    assert.equal(splitPays(0.3, 0.045, 16), true, 'a quick disk: 0.3 ms against 0.72 ms of preparing');
    assert.equal(splitPays(0.9, 0.045, 16), false, 'a slow disk: two flushes would cost more');
    assert.equal(splitPays(0.3, 0.045, 1), false, 'a lone transaction');
    assert.equal(splitPays(Number.NaN, 0.045, 16), false, 'nothing measured yet');
  });
});

describe('CommitQueue over SqliteJournalStore', () => {
  const directory = mkdtempSync(join(tmpdir(), 'idconf-queue-'));
  after(() => rmSync(directory, { recursive: true, force: true }));

  it('makes 16 concurrent writers durable in groups, and rejects a group on a non-increasing number', async () => {
    const sqlite = new SqliteJournalStore({ dataDir: directory });
    await sqlite.open();
    const observed = new ObservedStore(sqlite);
    const queue = new CommitQueue<State>({ store: observed.store, state: [], lastFixedNumber: 0 });
    await Promise.all(
      Array.from({ length: 16 }, async (_, writer) => {
        for (let index = 0; index < 20; index++) await queue.submit(adding(`w${writer}-${index}`));
      }),
    );
    assert.equal(queue.lastFixedNumber, 320);
    assert.equal(observed.appends[0]?.length, 16, 'the writers that submitted together share the first append');
    await sqlite.close();

    const reopened = new SqliteJournalStore({ dataDir: directory });
    await reopened.open();
    const journal: string[] = [];
    for await (const record of reopened.commitsAfter(0)) journal.push(record.forward.slice(1));
    assert.deepEqual(journal, queue.state);
    // A queue that is behind the journal (another writer got there first) has its group refused.
    const stale = new CommitQueue<State>({ store: reopened, state: [], lastFixedNumber: 300 });
    const results = await Promise.allSettled([stale.submit(adding('x')), stale.submit(adding('y'))]);
    for (const result of results) {
      assert.ok(result.status === 'rejected' && result.reason instanceof CommitFailedError);
    }
    assert.equal(await reopened.lastFixedNumber(), 320);
    await reopened.close();
  });

  it('on a full disk rejects whole groups and keeps the state equal to the journal', async () => {
    const full = mkdtempSync(join(directory, 'full-'));
    const store = new SqliteJournalStore({ dataDir: full, maxBytes: 160 * 1024 });
    await store.open();
    const queue = new CommitQueue<State>({ store, state: [], lastFixedNumber: 0 });
    const big =
      (value: string): PrepareCommit<State> =>
      (state) => ({
        record: { ...draft(value), forward: `+${value}`.padEnd(6000, '.') },
        newState: [...state, value],
      });
    const vetoed = new DataExistsError('vetoed by a commit hook');
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, async (_, writer) => {
        const errors: unknown[] = [];
        for (let index = 0; index < 4; index++) {
          const prepare: PrepareCommit<State> =
            writer === 3 && index === 0
              ? () => {
                  throw vetoed;
                }
              : big(`w${writer}-${index}`);
          await queue.submit(prepare).catch((error: unknown) => errors.push(error));
        }
        return errors;
      }),
    );
    const errors = outcomes.flat();
    assert.ok(errors.includes(vetoed));
    const denied = errors.filter((error) => error !== vetoed);
    assert.ok(denied.length > 0, 'the disk filled up');
    assert.ok(denied.every((error) => error instanceof ResourceDeniedError));
    const journal: string[] = [];
    for await (const record of store.commitsAfter(0)) journal.push(record.forward.slice(1).replace(/\.+$/, ''));
    assert.deepEqual(journal, queue.state, 'exactly the durable commits are visible');
    assert.equal(await store.lastFixedNumber(), queue.lastFixedNumber);
    await store.close();
  });
});
