import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testSchema } from '../../test/support/test-schema.ts';
import type { DataTree } from '../data/index.ts';
import { decodeJson, emptyDataTree } from '../data/index.ts';
import type { Logger } from '../util/index.ts';
import { SILENT_LOGGER } from '../util/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { CommittedChange } from './commit-feed.ts';
import { CommitFeed } from './commit-feed.ts';
import type { CommitRecord } from './commit-record.ts';
import { Datastore } from './datastore.ts';
import { firstCommitSince, oldestStoredCommit } from './journal-history.ts';
import { emptyMemoryJournal, MemoryJournalStore } from './memory-journal-store.ts';

const schema: SchemaTree = testSchema([
  `module feed {
    namespace "urn:test:feed";
    prefix f;
    container settings { leaf name { type string; } leaf size { type uint32; } }
  }`,
]);

const tree = (json: unknown): DataTree => decodeJson(schema, json, { schema, config: true });

const change = (fixedNumber: number): CommittedChange => ({
  record: {
    fixedNumber,
    timestamp: new Date(fixedNumber * 1000).toISOString(),
    user: 'u',
    via: 'restconf',
    forward: '',
    reverse: '',
  },
  diff: { changes: [] },
  root: emptyDataTree(schema),
});

const recordingLogger = (lines: string[]): Logger => ({
  ...SILENT_LOGGER,
  warn: (_fields: unknown, message?: string) => lines.push(`warn ${message ?? ''}`),
  error: (_fields: unknown, message?: string) => lines.push(`error ${message ?? ''}`),
  child: () => recordingLogger(lines),
});

describe('CommitFeed', () => {
  it('calls every listener with every commit published after it subscribed, until it stops', () => {
    const feed = new CommitFeed({ lastFixedNumber: 4 });
    const seen: string[] = [];
    const stopA = feed.subscribe((commit) => seen.push(`a${commit.record.fixedNumber}`));
    feed.publish(change(5));
    feed.subscribe((commit) => seen.push(`b${commit.record.fixedNumber}`));
    feed.publish(change(6));
    stopA();
    feed.publish(change(7));
    assert.deepEqual(seen, ['a5', 'a6', 'b6', 'b7']);
    assert.equal(feed.lastFixedNumber, 7);
  });

  it('publishes each commit once and in order: an older or repeated one is ignored and logged', () => {
    const lines: string[] = [];
    const feed = new CommitFeed({ lastFixedNumber: 2, logger: recordingLogger(lines) });
    const seen: number[] = [];
    feed.subscribe((commit) => seen.push(commit.record.fixedNumber));
    for (const fixedNumber of [2, 3, 3, 1, 5]) feed.publish(change(fixedNumber));
    assert.deepEqual(seen, [3, 5]);
    assert.equal(lines.filter((line) => line.startsWith('warn')).length, 3);
  });

  it('a listener that throws is logged and does not keep the others from the commit', () => {
    const lines: string[] = [];
    const feed = new CommitFeed({ logger: recordingLogger(lines) });
    const seen: number[] = [];
    feed.subscribe(() => {
      throw new Error('boom');
    });
    feed.subscribe((commit) => seen.push(commit.record.fixedNumber));
    feed.publish(change(1));
    assert.deepEqual(seen, [1]);
    assert.deepEqual(lines, ['error a commit listener failed']);
  });

  it('a function subscribed twice is called twice, and each subscription stops on its own', () => {
    const feed = new CommitFeed();
    let calls = 0;
    const listener = () => {
      calls++;
    };
    const stop = feed.subscribe(listener);
    feed.subscribe(listener);
    feed.publish(change(1));
    stop();
    feed.publish(change(2));
    assert.equal(calls, 3);
  });
});

describe('Datastore.commits', () => {
  it('publishes every durable commit once, in fixed-number order, with its diff and the tree after it', async () => {
    const datastore = await Datastore.open({
      schema,
      journal: new MemoryJournalStore(emptyMemoryJournal()),
      initial: () => tree({ 'feed:settings': { name: 'a' } }),
    });
    const seen: CommittedChange[] = [];
    datastore.commits.subscribe((commit) => seen.push(commit));
    // Submitted together, they are made durable as one group.
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map((size) =>
        datastore.commit(() => tree({ 'feed:settings': { name: 'a', size } }), { user: 'u', via: 'cli' }),
      ),
    );
    await datastore.commit((root) => root, { user: 'u', via: 'cli' });
    assert.deepEqual(
      seen.map((commit) => commit.record.fixedNumber),
      outcomes.map((outcome) => outcome.fixedNumber),
    );
    assert.deepEqual(
      seen.map((commit) => commit.record.fixedNumber),
      [2, 3, 4, 5],
    );
    const last = seen.at(-1) as CommittedChange;
    assert.equal(last.root, datastore.snapshot.root);
    assert.equal(last.diff.changes.length, 1);
    assert.equal(
      (await datastore.readCommit(5))?.forward,
      last.record.forward,
      'the published record is the stored one',
    );
    await datastore.close();
  });

  it('a listener sees the commit as readers do: durable and in the snapshot', async () => {
    const journal = new MemoryJournalStore(emptyMemoryJournal());
    const datastore = await Datastore.open({
      schema,
      journal,
      initial: () => tree({ 'feed:settings': { name: 'a' } }),
    });
    const checks: boolean[] = [];
    datastore.commits.subscribe((commit) => {
      checks.push(datastore.snapshot.fixedNumber === commit.record.fixedNumber);
    });
    await datastore.commit(() => tree({ 'feed:settings': { name: 'b' } }), { user: 'u', via: 'cli' });
    assert.deepEqual(checks, [true]);
    assert.equal(await journal.lastFixedNumber(), 2);
    await datastore.close();
  });
});

describe('journal history', () => {
  const records = (count: number): CommitRecord[] =>
    Array.from({ length: count }, (_, index) => ({
      ...change(index + 1).record,
      timestamp: `${2000 + index}-01-01T00:00:00.000Z`,
    }));

  it('finds the oldest stored commit, whatever the length of the journal', async () => {
    for (const count of [0, 1, 2, 3, 7, 8, 300, 1025]) {
      const journal = new MemoryJournalStore(emptyMemoryJournal());
      await journal.open();
      if (count > 0) await journal.append(records(count));
      assert.equal((await oldestStoredCommit(journal))?.fixedNumber, count === 0 ? undefined : 1, `${count}`);
    }
  });

  it('finds the oldest stored commit after older ones were pruned', async () => {
    const journal = new MemoryJournalStore(emptyMemoryJournal());
    await journal.open();
    await journal.append(records(40));
    await journal.writeCheckpoint({ fixedNumber: 40, tree: '{}' });
    await journal.prune(10);
    assert.equal((await oldestStoredCommit(journal))?.fixedNumber, 31);
  });

  it('finds the first commit made at or after a time', async () => {
    const journal = new MemoryJournalStore(emptyMemoryJournal());
    await journal.open();
    await journal.append(records(600));
    const at = (year: number) => firstCommitSince(journal, Date.parse(`${year}-01-01T00:00:00Z`));
    assert.equal(await at(1990), 1, 'before every commit: the oldest');
    assert.equal(await at(2000), 1);
    assert.equal(await at(2010), 11);
    assert.equal(await at(2599), 600);
    assert.equal(await at(2600), undefined, 'after every commit: none');
    const between = await firstCommitSince(journal, Date.parse('2010-06-01T00:00:00Z'));
    assert.equal(between, 12);
  });
});
