/**
 * @module datastore/copy-journal.test
 * Copying a journal: everything the source stores arrives (pruned history, a checkpoint, the last
 * fixed number, gaps), the copy is compared, and a target that is not empty is refused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CommitFailedError } from '../errors/index.ts';
import type { CommitRecord } from './commit-record.ts';
import { copyJournal } from './copy-journal.ts';
import { emptyMemoryJournal, MemoryJournalStore } from './memory-journal-store.ts';

const record = (fixedNumber: number): CommitRecord => ({
  fixedNumber,
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, fixedNumber)).toISOString(),
  user: `user-${fixedNumber}`,
  via: fixedNumber % 2 === 0 ? 'cli' : 'restconf',
  ...(fixedNumber % 3 === 0 ? { label: `label ${fixedNumber}`, comment: 'ÅÄÖ 😀' } : {}),
  forward: `forward ${fixedNumber}`,
  reverse: `reverse ${fixedNumber}`,
});

const opened = async (): Promise<MemoryJournalStore> => {
  const store = new MemoryJournalStore(emptyMemoryJournal());
  await store.open();
  return store;
};

describe('copyJournal', () => {
  it('copies pruned history, the checkpoint and the last fixed number, and checks the copy', async () => {
    const from = await opened();
    await from.append(Array.from({ length: 1200 }, (_, index) => record(index + 1)));
    await from.append([record(1205), record(1210)]);
    await from.writeCheckpoint({ fixedNumber: 1205, tree: '{"tree":1205}' });
    assert.equal(await from.prune(100), 1102);
    const to = await opened();
    const progress: number[] = [];
    const copy = await copyJournal(from, to, (copied) => progress.push(copied));
    assert.deepEqual(copy, { commits: 100, checkpoint: 1205, lastFixedNumber: 1210 });
    assert.deepEqual(progress, [100]);
    assert.deepEqual(await to.latestCheckpoint(), { fixedNumber: 1205, tree: '{"tree":1205}' });
    assert.deepEqual(await to.listCommits(), await from.listCommits());
    assert.deepEqual(await to.readCommit(1200), record(1200));
    assert.equal(await to.lastFixedNumber(), 1210);
  });

  it('refuses a target that is not empty and a checkpoint past every stored commit', async () => {
    const from = await opened();
    await from.append([record(1), record(2)]);
    const to = await opened();
    await to.append([record(1)]);
    await assert.rejects(copyJournal(from, to), /the target journal is not empty \(its last commit is 1\)/);
    await from.writeCheckpoint({ fixedNumber: 2, tree: 'at 2' });
    await from.prune(0);
    await assert.rejects(copyJournal(from, await opened()), (error: unknown) => {
      assert.ok(error instanceof CommitFailedError);
      assert.match(error.message, /follows every commit it still stores/);
      return true;
    });
  });
});
