/**
 * @module datastore/journal-store-contract.test-support
 * The behaviour every JournalStore must have, as a test suite a store's test file runs with its
 * own {@link JournalStoreHarness}: order and atomicity of appends, listing, checkpoints and
 * replay, retention, reopening, and — where the harness can set them up — a read-only location,
 * a full disk and a writer killed with SIGKILL.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { CommitFailedError, ResourceDeniedError } from '../errors/index.ts';
import type { CommitMetadata, CommitRecord } from './commit-record.ts';
import type { JournalStore } from './journal-store.ts';
import {
  type ChildResult,
  type ChildScenario,
  crashRecord,
  groupLabel,
  payloadOf,
  treeOf,
} from './journal-store-child.test-support.ts';
import type { JournalStoreHarness } from './journal-store-harness.test-support.ts';

const CHILD = new URL('./journal-store-child.test-support.ts', import.meta.url).pathname;

/** A small record; `fields` override the defaults. */
const record = (fixedNumber: number, fields: Partial<CommitRecord> = {}): CommitRecord => ({
  fixedNumber,
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, fixedNumber)).toISOString(),
  user: `user-${fixedNumber}`,
  via: 'restconf',
  forward: `forward ${fixedNumber}`,
  reverse: `reverse ${fixedNumber}`,
  ...fields,
});

const metadata = ({ forward: _forward, reverse: _reverse, ...rest }: CommitRecord): CommitMetadata => rest;

const collect = async (commits: AsyncIterable<CommitRecord>): Promise<CommitRecord[]> => {
  const result: CommitRecord[] = [];
  for await (const commit of commits) result.push(commit);
  return result;
};

const numbers = (commits: readonly { readonly fixedNumber: number }[]): number[] =>
  commits.map((commit) => commit.fixedNumber);

/** A text of about `length` code units with multi-byte characters and surrogate pairs throughout. */
const unicodeTree = (length: number): string => {
  const unit = '{"name":"ÅÄÖ-😀-𝔸-",';
  return `[${unit.repeat(Math.ceil(length / unit.length))}"end"]`;
};

/**
 * Asserts that start-up can rebuild the state from what is stored: the commits after the latest
 * checkpoint (after nothing, without one) are all there, in order, up to the last fixed number.
 */
const assertStartable = async (store: JournalStore, expectedAfterCheckpoint: readonly number[]): Promise<void> => {
  const checkpoint = await store.latestCheckpoint();
  const replay = await collect(store.commitsAfter(checkpoint?.fixedNumber ?? 0));
  assert.deepEqual(numbers(replay), expectedAfterCheckpoint);
  assert.equal(await store.lastFixedNumber(), replay.at(-1)?.fixedNumber ?? checkpoint?.fixedNumber ?? 0);
};

/** Runs the child process and resolves with its JSON result line. */
const runChild = (
  harness: JournalStoreHarness,
  location: string,
  scenario: ChildScenario,
  identity?: { readonly uid: number; readonly gid: number },
): Promise<ChildResult> =>
  new Promise((resolve, reject) => {
    const module = harness.module as NonNullable<JournalStoreHarness['module']>;
    const env = { ...process.env };
    // Another user cannot write the coverage files of the parent's user.
    if (identity !== undefined) delete env['NODE_V8_COVERAGE'];
    const child = spawn(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', CHILD, module.url, module.exportName, location, scenario],
      { stdio: ['ignore', 'pipe', 'pipe'], env, ...(identity ?? {}) },
    );
    let output = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      errors += text;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = output.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(line) as ChildResult);
      } catch {
        reject(new Error(`the child (${scenario}) exited with ${code}: ${output}${errors}`));
      }
    });
  });

/** What a crash-writer child acknowledged before it was killed. */
interface CrashRound {
  readonly acknowledged: number;
  readonly checkpointed: number;
  readonly checkpointsBegun: number;
}

/**
 * Starts the crash writer on `location` and kills it with SIGKILL: after `delayMs` from its first
 * line, or (when `atCheckpoint`) `delayMs` after it begins a checkpoint.
 */
const crashRound = (
  harness: JournalStoreHarness,
  location: string,
  delayMs: number,
  atCheckpoint: boolean,
): Promise<CrashRound> =>
  new Promise((resolve, reject) => {
    const module = harness.module as NonNullable<JournalStoreHarness['module']>;
    const child = spawn(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', CHILD, module.url, module.exportName, location, 'crash-writer'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let acknowledged = 0;
    let checkpointed = 0;
    let checkpointsBegun = 0;
    let pending = '';
    let errors = '';
    let timer: NodeJS.Timeout | undefined;
    const killAfter = (ms: number): void => {
      timer ??= setTimeout(() => child.kill('SIGKILL'), ms);
    };
    // Only complete lines count: a line cut by the kill was never acknowledged.
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const [event = '', value = ''] = line.split(' ');
        if (event === 'ready') killAfter(atCheckpoint ? 5000 : delayMs);
        else if (event === 'ack') acknowledged = Number(value);
        else if (event === 'checkpoint-end') checkpointed = Number(value);
        else if (event === 'checkpoint-begin') {
          checkpointsBegun += 1;
          if (atCheckpoint) {
            clearTimeout(timer);
            timer = setTimeout(() => child.kill('SIGKILL'), delayMs);
          }
        } else if (event === 'error') errors += line;
      }
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      errors += text;
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve({ acknowledged, checkpointed, checkpointsBegun });
      else reject(new Error(`the crash writer exited by itself: ${errors}`));
    });
  });

/** Checks a journal the crash writer was killed on; returns its last fixed number. */
const assertCrashConsistent = async (store: JournalStore, round: CrashRound, context: string): Promise<number> => {
  const last = await store.lastFixedNumber();
  assert.ok(last >= round.acknowledged, `${context}: acknowledged ${round.acknowledged}, but the last is ${last}`);
  const checkpoint = await store.latestCheckpoint();
  if (round.checkpointed > 0) {
    assert.ok(
      (checkpoint?.fixedNumber ?? 0) >= round.checkpointed,
      `${context}: checkpoint ${round.checkpointed} lost`,
    );
  }
  if (checkpoint !== undefined) {
    assert.ok(checkpoint.fixedNumber <= last, `${context}: checkpoint after the last commit`);
    assert.ok(
      checkpoint.tree === treeOf(checkpoint.fixedNumber),
      `${context}: checkpoint ${checkpoint.fixedNumber} damaged`,
    );
  }
  const commits = await collect(store.commitsAfter(0));
  const first = commits[0]?.fixedNumber ?? last + 1;
  assert.ok(first <= (checkpoint?.fixedNumber ?? 0) + 1, `${context}: commits start-up needs were pruned`);
  commits.forEach((commit, index) => {
    assert.equal(commit.fixedNumber, first + index, `${context}: a gap before ${commit.fixedNumber}`);
    assert.equal(
      commit.forward,
      payloadOf('forward', commit.fixedNumber),
      `${context}: forward of ${commit.fixedNumber}`,
    );
    assert.equal(
      commit.reverse,
      payloadOf('reverse', commit.fixedNumber),
      `${context}: reverse of ${commit.fixedNumber}`,
    );
  });
  const newest = commits.at(-1);
  if (newest !== undefined) {
    assert.equal(newest.fixedNumber, last, `${context}: the last commit is not stored`);
    const [, groupFirst = '', groupSize = ''] = (newest.label ?? '').split(' ');
    assert.equal(
      newest.label,
      groupLabel(Number(groupFirst), Number(groupSize)),
      `${context}: label of ${newest.fixedNumber}`,
    );
    assert.equal(Number(groupFirst) + Number(groupSize) - 1, last, `${context}: the last group is partial`);
  }
  return last;
};

/** Declares the JournalStore contract tests for a store made by `harness`. */
export const describeJournalStoreContract = (name: string, harness: JournalStoreHarness): void => {
  describe(`JournalStore contract: ${name}`, () => {
    const locations: string[] = [];
    const stores: JournalStore[] = [];
    /** An open store on a fresh location; closed and removed after the suite. */
    const freshStore = async (): Promise<{ store: JournalStore; location: string }> => {
      const location = await harness.createLocation();
      locations.push(location);
      const store = harness.openStore(location);
      await store.open();
      stores.push(store);
      return { store, location };
    };
    after(async () => {
      for (const store of stores) await store.close().catch(() => undefined);
      for (const location of locations) await harness.removeLocation(location);
    });

    it('starts empty', async () => {
      const { store } = await freshStore();
      assert.equal(await store.lastFixedNumber(), 0);
      assert.equal(await store.latestCheckpoint(), undefined);
      assert.deepEqual(await store.listCommits(), []);
      assert.deepEqual(await collect(store.commitsAfter(0)), []);
      assert.equal(await store.readCommit(1), undefined);
      assert.equal(await store.prune(0), 0);
    });

    it('stores records as given and replays them oldest first', async () => {
      const { store } = await freshStore();
      const records = [
        record(1),
        record(2, { label: 'release 7', comment: 'ÅÄÖ 😀 "quoted"\nsecond line', via: 'cli' }),
        record(3, { forward: '', reverse: '' }),
        record(4, { via: 'system' }),
        record(5, { via: 'webui' }),
        record(6, { via: 'rest', forward: 'x'.repeat(300_000) }),
      ];
      for (const one of records.slice(0, 3)) await store.append([one]);
      await store.append(records.slice(3));
      assert.equal(await store.lastFixedNumber(), 6);
      for (const one of records) assert.deepEqual(await store.readCommit(one.fixedNumber), one);
      assert.deepEqual(await collect(store.commitsAfter(0)), records);
      assert.deepEqual(await collect(store.commitsAfter(4)), records.slice(4));
      assert.deepEqual(await collect(store.commitsAfter(6)), []);
      await store.append([]);
      assert.equal(await store.lastFixedNumber(), 6);
    });

    it('allows gaps but rejects a fixed number that does not increase, storing nothing of the group', async () => {
      const { store } = await freshStore();
      await store.append([record(3), record(7)]);
      const rejected = [[record(7)], [record(5)], [record(8), record(9), record(9)], [record(10), record(0)]];
      for (const group of rejected) {
        await assert.rejects(store.append(group), (error: unknown) => {
          assert.ok(error instanceof CommitFailedError);
          assert.match(error.message, /not greater than/);
          return true;
        });
      }
      await assert.rejects(store.append([record(8, { via: 'ftp' as 'cli' })]), CommitFailedError);
      assert.equal(await store.lastFixedNumber(), 7);
      assert.deepEqual(numbers(await collect(store.commitsAfter(0))), [3, 7]);
      await store.append([record(8)]);
      assert.deepEqual(numbers(await collect(store.commitsAfter(0))), [3, 7, 8]);
    });

    it('lists metadata newest first, in pages', async () => {
      const { store } = await freshStore();
      const records = Array.from({ length: 10 }, (_, index) => record(index + 1, { label: `l${index + 1}` }));
      await store.append(records);
      const all = await store.listCommits();
      assert.deepEqual(all, records.map(metadata).reverse());
      for (const listed of all) assert.ok(!('forward' in listed) && !('reverse' in listed));
      assert.deepEqual(numbers(await store.listCommits({ limit: 3 })), [10, 9, 8]);
      assert.deepEqual(numbers(await store.listCommits({ limit: 3, offset: 3 })), [7, 6, 5]);
      assert.deepEqual(numbers(await store.listCommits({ offset: 8 })), [2, 1]);
      assert.deepEqual(numbers(await store.listCommits({ limit: 5, offset: 9 })), [1]);
      assert.deepEqual(await store.listCommits({ offset: 10 }), []);
      assert.deepEqual(await store.listCommits({ limit: 0 }), []);
      await assert.rejects(store.listCommits({ limit: -1 }), RangeError);
      await assert.rejects(store.listCommits({ offset: 1.5 }), RangeError);
    });

    it('keeps the latest checkpoint whole and replays the commits after it', async () => {
      const { store } = await freshStore();
      await store.append(Array.from({ length: 5 }, (_, index) => record(index + 1)));
      const tree3 = unicodeTree(700_000);
      await store.writeCheckpoint({ fixedNumber: 3, tree: tree3 });
      assert.deepEqual(await store.latestCheckpoint(), { fixedNumber: 3, tree: tree3 });
      await assertStartable(store, [4, 5]);
      await store.writeCheckpoint({ fixedNumber: 5, tree: '' });
      assert.deepEqual(await store.latestCheckpoint(), { fixedNumber: 5, tree: '' });
      await assertStartable(store, []);
      await assert.rejects(store.writeCheckpoint({ fixedNumber: 5, tree: 'again' }), CommitFailedError);
      await assert.rejects(store.writeCheckpoint({ fixedNumber: 4, tree: 'older' }), CommitFailedError);
      await assert.rejects(store.writeCheckpoint({ fixedNumber: 6, tree: 'future' }), CommitFailedError);
      assert.deepEqual(await store.latestCheckpoint(), { fixedNumber: 5, tree: '' });
    });

    it('accepts appends while a big checkpoint is being written', async () => {
      const { store } = await freshStore();
      await store.append([record(1)]);
      const tree = unicodeTree(4_000_000);
      const writing = store.writeCheckpoint({ fixedNumber: 1, tree });
      for (let fixedNumber = 2; fixedNumber <= 20; fixedNumber++) await store.append([record(fixedNumber)]);
      await writing;
      assert.deepEqual(await store.latestCheckpoint(), { fixedNumber: 1, tree });
      await assertStartable(store, numbers(Array.from({ length: 19 }, (_, index) => record(index + 2))));
    });

    it('prunes old commits but never what start-up needs', async () => {
      const { store } = await freshStore();
      await store.append(Array.from({ length: 10 }, (_, index) => record(index + 1)));
      assert.equal(await store.prune(0), 0, 'without a checkpoint every commit is needed');
      await store.writeCheckpoint({ fixedNumber: 6, tree: 'at 6' });
      assert.equal(await store.prune(8), 2);
      assert.deepEqual(numbers(await store.listCommits()), [10, 9, 8, 7, 6, 5, 4, 3]);
      assert.equal(await store.prune(2), 4, 'the commits after the checkpoint stay');
      assert.deepEqual(numbers(await store.listCommits()), [10, 9, 8, 7]);
      await assertStartable(store, [7, 8, 9, 10]);
      assert.equal(await store.readCommit(6), undefined);
      await store.append([record(11)]);
      await store.writeCheckpoint({ fixedNumber: 11, tree: 'at 11' });
      assert.equal(await store.prune(0), 5);
      assert.deepEqual(await store.listCommits(), []);
      assert.equal(await store.lastFixedNumber(), 11, 'the last fixed number outlives its commit');
      await assertStartable(store, []);
      await assert.rejects(store.append([record(11)]), CommitFailedError);
      await store.append([record(12)]);
      await assert.rejects(store.prune(-1), RangeError);
    });

    it('keeps everything across close and reopen', async () => {
      const { store, location } = await freshStore();
      const records = [record(1), record(2, { label: 'x', comment: 'y' }), record(3)];
      await store.append(records);
      await store.writeCheckpoint({ fixedNumber: 2, tree: unicodeTree(300_000) });
      await store.close();
      await assert.rejects(store.lastFixedNumber());
      const reopened = harness.openStore(location);
      await reopened.open();
      stores.push(reopened);
      assert.equal(await reopened.lastFixedNumber(), 3);
      assert.deepEqual(await collect(reopened.commitsAfter(0)), records);
      assert.deepEqual(await reopened.latestCheckpoint(), { fixedNumber: 2, tree: unicodeTree(300_000) });
      await reopened.append([record(4)]);
      assert.equal(await reopened.lastFixedNumber(), 4);
    });

    it('rejects writes on a full disk with resource-denied, keeping every earlier commit', {
      skip: harness.limitsSize === true ? false : 'the harness cannot limit the storage size',
    }, async () => {
      const location = await harness.createLocation();
      locations.push(location);
      const store = harness.openStore(location, { maxBytes: 256 * 1024 });
      await store.open();
      let acknowledged = 0;
      let failure: unknown;
      while (failure === undefined) {
        const group = [1, 2, 3].map((offset) => record(acknowledged + offset, { forward: 'f'.repeat(8000) }));
        try {
          await store.append(group);
          acknowledged += 3;
        } catch (error) {
          failure = error;
        }
      }
      assert.ok(failure instanceof ResourceDeniedError, String(failure));
      assert.match(failure.message, /full/);
      assert.ok(acknowledged > 0);
      assert.equal(await store.lastFixedNumber(), acknowledged, 'nothing of the failed group is stored');
      assert.equal((await collect(store.commitsAfter(0))).length, acknowledged);
      await assert.rejects(
        store.writeCheckpoint({ fixedNumber: acknowledged, tree: 'z'.repeat(1_000_000) }),
        ResourceDeniedError,
      );
      assert.equal(await store.latestCheckpoint(), undefined);
      await store.close();
      const roomy = harness.openStore(location);
      await roomy.open();
      stores.push(roomy);
      assert.equal(await roomy.lastFixedNumber(), acknowledged);
      await roomy.append([record(acknowledged + 1)]);
      await roomy.writeCheckpoint({ fixedNumber: acknowledged + 1, tree: 'z'.repeat(1_000_000) });
      assert.equal((await roomy.latestCheckpoint())?.fixedNumber, acknowledged + 1);
    });

    it('refuses a read-only location with a clear error and loses nothing', {
      skip:
        harness.setReadOnly !== undefined && harness.module !== undefined
          ? false
          : 'the harness cannot make a location read-only',
    }, async () => {
      const setReadOnly = harness.setReadOnly?.bind(harness) as NonNullable<JournalStoreHarness['setReadOnly']>;
      const empty = await harness.createLocation();
      locations.push(empty);
      await setReadOnly(empty, true);
      const refused = await runChild(harness, empty, 'append-once', harness.unprivileged);
      await setReadOnly(empty, false);
      assert.equal(refused.error?.code, 'COMMIT_FAILED', JSON.stringify(refused));
      assert.match(refused.error?.message ?? '', /read-only|writable/);

      const used = await harness.createLocation();
      locations.push(used);
      assert.deepEqual(await runChild(harness, used, 'append-once', harness.unprivileged), { last: 1 });
      await setReadOnly(used, true);
      const refusedAgain = await runChild(harness, used, 'append-once', harness.unprivileged);
      await setReadOnly(used, false);
      assert.equal(refusedAgain.error?.code, 'COMMIT_FAILED', JSON.stringify(refusedAgain));
      assert.match(refusedAgain.error?.message ?? '', /read-only|writable/);
      assert.deepEqual(await runChild(harness, used, 'append-once', harness.unprivileged), { last: 2 });
      const store = harness.openStore(used);
      await store.open();
      stores.push(store);
      assert.deepEqual(numbers(await collect(store.commitsAfter(0))), [1, 2]);
      assert.deepEqual(await store.readCommit(1), crashRecord(1, 'once'));
    });

    it('loses no acknowledged commit and shows no partial group when the writer is killed', {
      skip: harness.module === undefined ? 'the harness cannot run in a child process' : false,
      timeout: 180_000,
    }, async (test) => {
      const location = await harness.createLocation();
      locations.push(location);
      let checkpointsBegun = 0;
      let previous = 0;
      for (let round = 0; round < 12; round++) {
        const atCheckpoint = round % 2 === 1;
        const delayMs = atCheckpoint ? Math.floor(Math.random() * 12) : 40 + Math.floor(Math.random() * 300);
        const outcome = await crashRound(harness, location, delayMs, atCheckpoint);
        checkpointsBegun += outcome.checkpointsBegun;
        const store = harness.openStore(location);
        await store.open();
        try {
          const context = `round ${round} (killed ${delayMs} ms ${atCheckpoint ? 'into a checkpoint' : 'after start'})`;
          const last = await assertCrashConsistent(store, outcome, context);
          assert.ok(last >= previous, `${context}: the journal went back from ${previous} to ${last}`);
          previous = last;
          test.diagnostic(
            `${context}: acknowledged ${outcome.acknowledged}, stored up to ${last}, ` +
              `checkpoint at ${(await store.latestCheckpoint())?.fixedNumber ?? 'none'}`,
          );
        } finally {
          await store.close();
        }
      }
      assert.ok(previous > 0 && checkpointsBegun > 0, 'the writer got to write commits and checkpoints');
    });
  });
};
