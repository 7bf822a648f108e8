import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { testSchema } from '../../test/support/test-schema.ts';
import type { DataTree, InstanceNode, InstancePath, ListInstance } from '../data/index.ts';
import {
  applyEdit,
  decodeJson,
  encodeDiff,
  encodeJsonString,
  getChild,
  parseJsonText,
  REVERSE_OF_FORWARD,
  REVERSE_REFERENCE_LENGTH,
  reverseDiff,
} from '../data/index.ts';
import { ConstraintViolationError, isManagementError, ManagementErrors } from '../errors/index.ts';
import type { ContainerNode, ListNode, SchemaTree } from '../yang/index.ts';
import { checkpointTextInSlices } from './checkpoint-text.ts';
import type { CommitRecord } from './commit-record.ts';
import type { CommitAttribution } from './datastore.ts';
import { Datastore } from './datastore.ts';
import { emptyMemoryJournal, MemoryJournalStore } from './memory-journal-store.ts';
import { applyRollback, listRollbackFiles, readRollbackFile } from './rollback-files.ts';
import { SqliteJournalStore } from './sqlite-journal-store.ts';

const MODULE = `
module shop {
  yang-version 1.1;
  namespace "urn:test:shop";
  prefix s;
  container shop {
    leaf name { type string; }
    leaf featured { type leafref { path "../item/id"; } }
    list item {
      key id;
      leaf id { type string; }
      leaf price { type uint32; must ". < 1000" { error-message "too expensive"; } }
    }
  }
}`;

const schema: SchemaTree = testSchema([MODULE]);
const shop = schema.children.find((node) => node.name === 'shop') as ContainerNode;
const item = shop.children.find((node) => node.name === 'item') as ListNode;
const ADMIN: CommitAttribution = { user: 'admin', via: 'restconf' };

const tree = (json: unknown): DataTree => decodeJson(schema, json, { schema, config: true });
const text = (root: DataTree): string => encodeJsonString(root, schema);
const itemPath = (id: string): InstancePath => [{ schema: shop }, { schema: item, keys: [id] }];
const withItem = (id: string, price: number) => (root: DataTree) =>
  applyEdit(root, {
    operation: 'merge',
    target: itemPath(id),
    value: decodeJson(shop, parseJsonText(JSON.stringify({ 'shop:item': [{ id, price }] })), {
      schema,
      config: true,
    }).slots.find((slot) => slot !== undefined) as never,
  });

const INITIAL = { 'shop:shop': { name: 'corner', item: [{ id: 'a', price: 1 }] } };

const tempDirs: string[] = [];
after(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'idconf-datastore-'));
  tempDirs.push(dir);
  return dir;
};

const openMemory = async (): Promise<Datastore> =>
  Datastore.open({ schema, journal: new MemoryJournalStore(emptyMemoryJournal()), initial: () => tree(INITIAL) });

describe('Datastore', () => {
  it('commits the factory default as the first commit, via system', async () => {
    const datastore = await openMemory();
    assert.equal(datastore.snapshot.fixedNumber, 1);
    assert.equal(text(datastore.snapshot.root), JSON.stringify(INITIAL));
    const [file] = await listRollbackFiles(datastore);
    assert.equal(file?.via, 'system');
    assert.equal(file?.id, 0);
  });

  it('makes a change visible only once it is committed; old snapshots stay valid', async () => {
    const datastore = await openMemory();
    const before = datastore.snapshot;
    const outcome = await datastore.commit(withItem('b', 5), { ...ADMIN, comment: 'add b' });
    assert.equal(outcome.fixedNumber, 2);
    assert.equal(text(before.root), JSON.stringify(INITIAL));
    assert.match(text(datastore.snapshot.root), /"id":"b","price":5/);
    const [newest] = await listRollbackFiles(datastore);
    assert.deepEqual([newest?.fixedNumber, newest?.comment, newest?.user], [2, 'add b', 'admin']);
  });

  it('does not commit a change that changes nothing', async () => {
    const datastore = await openMemory();
    const outcome = await datastore.commit((root) => root, ADMIN);
    assert.equal(outcome.fixedNumber, undefined);
    assert.equal(datastore.snapshot.fixedNumber, 1);
  });

  it('rejects an invalid change with every violation and changes nothing', async () => {
    const datastore = await openMemory();
    const bad = (root: DataTree) => withItem('y', 2000)(withItem('x', 5000)(root));
    await assert.rejects(datastore.commit(bad, ADMIN), (error: unknown) => {
      assert.ok(error instanceof ManagementErrors);
      assert.equal(error.errors.length, 2);
      assert.ok(error.errors.every((each) => each.appTag === 'must-violation' || each.message === 'too expensive'));
      return true;
    });
    assert.equal(datastore.snapshot.fixedNumber, 1);
    assert.equal(text(datastore.snapshot.root), JSON.stringify(INITIAL));
  });

  it("hands a large list's key index to the version a commit makes, never to a failed change's working copy", async () => {
    const count = 5000;
    const items = Array.from({ length: count }, (_, index) => ({ id: `i${index}`, price: index % 900 }));
    const datastore = await Datastore.open({
      schema,
      journal: new MemoryJournalStore(emptyMemoryJournal()),
      initial: () => tree({ 'shop:shop': { item: items } }),
    });
    const entries = (): ListInstance['entries'] =>
      (getChild(getChild(datastore.snapshot.root, shop) as InstanceNode, item) as ListInstance).entries;
    for (let index = 0; index < 100; index++) assert.ok(entries().get(`i${index}`) !== undefined);
    assert.equal(entries().indexed, true);
    await datastore.commit(withItem('i7', 8), ADMIN);
    assert.equal(entries().indexed, true, 'the new version of record has it');
    assert.equal(entries().get('i7')?.slots[1], 8);
    await assert.rejects(datastore.commit(withItem('i8', 5000), ADMIN), /too expensive/);
    assert.equal(entries().indexed, true, 'a failed change left it where it was');
    assert.equal(entries().get('i8')?.slots[1], 8);
  });

  it('lets a commit hook veto a commit', async () => {
    const datastore = await openMemory();
    datastore.addCommitHook(({ diff }) => {
      if (diff.changes.length > 0) throw new ConstraintViolationError('vetoed by the hook');
    });
    await assert.rejects(datastore.commit(withItem('b', 5), ADMIN), /vetoed by the hook/);
    assert.equal(datastore.snapshot.fixedNumber, 1);
  });

  it('serializes concurrent writers; each commit gets its own number', async () => {
    const datastore = await openMemory();
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, (_, index) => datastore.commit(withItem(`w${index}`, index), ADMIN)),
    );
    const numbers = outcomes.map((outcome) => outcome.fixedNumber).sort((a, b) => (a ?? 0) - (b ?? 0));
    assert.deepEqual(
      numbers,
      Array.from({ length: 16 }, (_, index) => index + 2),
    );
    assert.equal(datastore.snapshot.fixedNumber, 17);
  });

  it('changes the version of a resource only when a commit touches it', async () => {
    const datastore = await openMemory();
    await datastore.commit(withItem('b', 5), ADMIN);
    const itemB = datastore.versionOf(itemPath('b'));
    const itemA = datastore.versionOf(itemPath('a'));
    await datastore.commit(withItem('c', 6), ADMIN);
    assert.deepEqual(datastore.versionOf(itemPath('b')), itemB);
    assert.deepEqual(datastore.versionOf(itemPath('a')), itemA);
    assert.equal(datastore.versionOf([{ schema: shop }]).fixedNumber, 3);
    assert.equal(datastore.versionOf(itemPath('c')).fixedNumber, 3);
  });
});

describe('versions after a restart', () => {
  it('keep a resource’s version when a change rebuilds it without changing it', async () => {
    const journal = emptyMemoryJournal();
    const first = await Datastore.open({
      schema,
      journal: new MemoryJournalStore(journal),
      initial: () => tree(INITIAL),
    });
    await first.commit(withItem('b', 5), ADMIN);
    await first.close();
    // After a restart the loaded objects have no record: they report the floor (commit 2).
    const datastore = await Datastore.open({ schema, journal: new MemoryJournalStore(journal) });
    assert.equal(datastore.versionOf(itemPath('a')).fixedNumber, 2);
    await datastore.commit(withItem('a', 7), ADMIN);
    assert.equal(datastore.versionOf(itemPath('a')).fixedNumber, 3);
    // A change that replaces the whole container with the same items and another name builds new
    // objects for the items; item a did not change, so it keeps version 3, never the floor.
    const same = JSON.parse(text(datastore.snapshot.root)) as { 'shop:shop': Record<string, unknown> };
    const replaced = tree({ 'shop:shop': { ...same['shop:shop'], name: 'renamed' } });
    await datastore.commit(() => replaced, ADMIN);
    assert.equal(datastore.snapshot.fixedNumber, 4);
    assert.equal(datastore.versionOf(itemPath('a')).fixedNumber, 3);
    assert.equal(datastore.versionOf([{ schema: shop }]).fixedNumber, 4);
  });
});

describe('rollback files', () => {
  it('rolls back cumulatively to before a commit, as a new commit', async () => {
    const datastore = await openMemory();
    await datastore.commit(withItem('b', 5), ADMIN);
    await datastore.commit(withItem('c', 6), ADMIN);
    const outcome = await applyRollback(datastore, { fixedNumber: 2 }, { user: 'admin', via: 'cli' });
    assert.equal(outcome.fixedNumber, 4);
    assert.equal(text(datastore.snapshot.root), JSON.stringify(INITIAL));
    const [newest] = await listRollbackFiles(datastore, { limit: 1 });
    assert.equal(newest?.via, 'cli');
  });

  it('rolls back one commit selectively and reports a conflict naming the node', async () => {
    const datastore = await openMemory();
    await datastore.commit(withItem('b', 5), ADMIN);
    await datastore.commit(withItem('c', 6), ADMIN);
    await applyRollback(datastore, { fixedNumber: 2, selective: true }, ADMIN);
    assert.doesNotMatch(text(datastore.snapshot.root), /"b"/);
    assert.match(text(datastore.snapshot.root), /"c"/);
    await datastore.commit(withItem('c', 7), ADMIN);
    await assert.rejects(applyRollback(datastore, { fixedNumber: 3, selective: true }, ADMIN), (error: unknown) => {
      assert.ok(isManagementError(error));
      assert.equal(error.tag, 'operation-failed');
      assert.match(`${error.message} ${error.path ?? ''}`, /item\[id='c'\]/);
      return true;
    });
  });

  it('reads a rollback file: metadata and the reverse diff', async () => {
    const datastore = await openMemory();
    await datastore.commit(withItem('b', 5), { ...ADMIN, label: 'L' });
    const content = await readRollbackFile(datastore, 2);
    assert.equal(content.file.label, 'L');
    assert.equal(content.diff.changes[0]?.kind, 'delete');
  });
});

describe('rollback files of a long commit (reverse stored as a reference to the forward diff)', () => {
  const ITEMS = 9_000;
  const longId = (index: number): string => `${'x'.repeat(100)}-${index}`;
  const manyItems = Array.from({ length: ITEMS }, (_, index) => ({ id: longId(index), price: index % 900 }));
  const addMany = (root: DataTree): DataTree =>
    tree({ 'shop:shop': { ...(JSON.parse(text(root)) as { 'shop:shop': object })['shop:shop'], item: manyItems } });

  it('stores the reference, reads the same reverse diff, and rolls back strictly', async () => {
    const dir = tempDir();
    const datastore = await Datastore.open({
      schema,
      journal: new SqliteJournalStore({ dataDir: dir }),
      initial: () => tree({ 'shop:shop': { name: 'corner' } }),
    });
    const initial = text(datastore.snapshot.root);
    const outcome = await datastore.commit(addMany, ADMIN);
    assert.equal(outcome.fixedNumber, 2);
    const record = await datastore.journal.readCommit(2);
    assert.ok(record !== undefined && record.forward.length >= REVERSE_REFERENCE_LENGTH);
    assert.equal(record.reverse, REVERSE_OF_FORWARD);
    const { diff } = await readRollbackFile(datastore, 2);
    assert.equal(diff.changes.length, ITEMS);
    assert.equal(encodeDiff(diff, schema), encodeDiff(reverseDiff(outcome.diff), schema));
    // A later change of one created entry: the selective rollback still sees it (the reference
    // keeps the created value) and changes nothing.
    await datastore.commit(withItem(longId(17), 999), ADMIN);
    const changed = text(datastore.snapshot.root);
    await assert.rejects(applyRollback(datastore, { fixedNumber: 2, selective: true }, ADMIN), (error: unknown) => {
      assert.ok(isManagementError(error));
      assert.equal(error.tag, 'operation-failed');
      assert.match(`${error.message} ${error.path ?? ''}`, /not the one the change expects/);
      return true;
    });
    assert.equal(text(datastore.snapshot.root), changed);
    // Cumulative: commit 3 undone first, then the long one.
    await applyRollback(datastore, { fixedNumber: 2 }, ADMIN);
    assert.equal(text(datastore.snapshot.root), initial);
    // Rolling that rollback back (its own forward diff is the long deletion) restores the entries
    // as they were before it, commit 3's change included.
    const [newest] = await listRollbackFiles(datastore, { limit: 1 });
    assert.equal((await datastore.journal.readCommit(newest?.fixedNumber ?? 0))?.reverse, REVERSE_OF_FORWARD);
    await applyRollback(datastore, { fixedNumber: newest?.fixedNumber ?? 0, selective: true }, ADMIN);
    assert.equal(text(datastore.snapshot.root), changed);
    await datastore.close();
  });

  it('reads a long commit whose reverse was written out in full (a journal from before the reference)', async () => {
    const journal = new MemoryJournalStore(emptyMemoryJournal());
    const datastore = await Datastore.open({ schema, journal, initial: () => tree({ 'shop:shop': { name: 'c' } }) });
    const outcome = await datastore.commit(addMany, ADMIN);
    const record = (await journal.readCommit(2)) as CommitRecord;
    const written = encodeDiff(reverseDiff(outcome.diff), schema);
    const old = await Datastore.open({
      schema,
      journal: new MemoryJournalStore({
        ...emptyMemoryJournal(),
        commits: [(await journal.readCommit(1)) as CommitRecord, { ...record, reverse: written }],
        last: 2,
      }),
      initial: () => tree({}),
    });
    assert.equal(encodeDiff((await readRollbackFile(old, 2)).diff, schema), written);
    await applyRollback(old, { fixedNumber: 2, selective: true }, ADMIN);
    assert.equal(text(old.snapshot.root), JSON.stringify({ 'shop:shop': { name: 'c' } }));
  });
});

describe('Datastore over SQLite', () => {
  it('replays the journal at start-up, with and without a checkpoint', async () => {
    const dir = tempDir();
    const open = () =>
      Datastore.open({ schema, journal: new SqliteJournalStore({ dataDir: dir }), initial: () => tree(INITIAL) });
    const first = await open();
    await first.commit(withItem('b', 5), ADMIN);
    await first.close();
    const second = await open();
    assert.equal(second.snapshot.fixedNumber, 2);
    assert.match(text(second.snapshot.root), /"id":"b"/);
    await second.checkpoint();
    await second.checkpoint(); // nothing new: no second checkpoint at the same commit
    await second.commit(withItem('c', 6), ADMIN);
    const expected = text(second.snapshot.root);
    await second.close();
    const third = await open();
    assert.equal(third.snapshot.fixedNumber, 3);
    assert.equal(text(third.snapshot.root), expected);
    assert.equal((await listRollbackFiles(third)).length, 3);
    await third.close();
  });
});

describe('Datastore background checkpoints', () => {
  /** A memory journal that counts the checkpoints written. */
  class CountingJournal extends MemoryJournalStore {
    checkpoints: number[] = [];
    override async writeCheckpoint(checkpoint: { readonly fixedNumber: number; readonly tree: string }): Promise<void> {
      this.checkpoints.push(checkpoint.fixedNumber);
      return super.writeCheckpoint(checkpoint);
    }
  }
  const manyItems = {
    'shop:shop': { name: 'big', item: Array.from({ length: 400 }, (_, index) => ({ id: `item-${index}`, price: 1 })) },
  };

  it('come after checkpointEvery commits, scaled by the size of the last checkpoint', async () => {
    const journal = new CountingJournal(emptyMemoryJournal());
    // The length of the checkpoint's text, which the interval scales with.
    const size = (await checkpointTextInSlices(tree(manyItems))).length;
    // The last checkpoint will be about 4 sixteenths of checkpointBytes: checkpoints come every 4 × 3 commits.
    const datastore = await Datastore.open({
      schema,
      journal,
      initial: () => tree(manyItems),
      checkpointEvery: 3,
      checkpointBytes: size * 4,
    });
    await datastore.checkpoint();
    assert.deepEqual(journal.checkpoints, [1]);
    for (let price = 2; price <= 11; price++) await datastore.commit(withItem('item-0', price), ADMIN);
    await datastore.idle();
    assert.deepEqual(journal.checkpoints, [1], 'not after 3 commits, nor after 10');
    for (let price = 12; price <= 14; price++) await datastore.commit(withItem('item-0', price), ADMIN);
    await datastore.idle();
    assert.equal(journal.checkpoints.length, 2, 'after about 12 commits');
    assert.ok((journal.checkpoints[1] as number) >= 13);
    await datastore.close();
  });

  it('a small tree keeps the unscaled interval', async () => {
    const journal = new CountingJournal(emptyMemoryJournal());
    const datastore = await Datastore.open({
      schema,
      journal,
      initial: () => tree(INITIAL),
      checkpointEvery: 3,
      checkpointBytes: 1_000_000,
    });
    for (let price = 2; price <= 7; price++) await datastore.commit(withItem('a', price), ADMIN);
    await datastore.idle();
    assert.deepEqual(journal.checkpoints, [3, 6]);
    await datastore.close();
  });

  it('a large commit is checkpointed at once, whatever the scale', async () => {
    const journal = new CountingJournal(emptyMemoryJournal());
    const size = text(tree(manyItems)).length;
    const datastore = await Datastore.open({
      schema,
      journal,
      initial: () => tree(manyItems),
      checkpointEvery: 1000,
      checkpointBytes: Math.floor(size / 4),
    });
    await datastore.checkpoint();
    assert.deepEqual(journal.checkpoints, [1]);
    // About 1.5 × checkpointBytes of forward diff: under the scaled interval (about 4 ×), but large.
    const more = (root: DataTree): DataTree => {
      let next = root;
      for (let index = 0; index < 150; index++) next = withItem(`more-${index}`, 1)(next);
      return next;
    };
    await datastore.commit(more, ADMIN);
    await datastore.idle();
    assert.deepEqual(journal.checkpoints, [1, 2]);
    await datastore.close();
  });

  it('close writes a checkpoint when the commits since the last one are many, and only then', async () => {
    const journal = new CountingJournal(emptyMemoryJournal());
    const open = () => Datastore.open({ schema, journal, initial: () => tree(INITIAL), checkpointEvery: 100_000 });
    const few = await open();
    for (let price = 2; price <= 4; price++) await few.commit(withItem('a', price), ADMIN);
    await few.close();
    assert.deepEqual(journal.checkpoints, [], 'a few small commits are replayed at the next start');
    const many = await open();
    for (let price = 5; price <= 110; price++) await many.commit(withItem('a', price), ADMIN);
    await many.close();
    assert.deepEqual(journal.checkpoints, [110]);
    const reopened = await open();
    assert.equal(reopened.snapshot.fixedNumber, 110);
    assert.match(text(reopened.snapshot.root), /"price":110/);
    await reopened.close();
    assert.deepEqual(journal.checkpoints, [110], 'nothing new: no checkpoint');
  });

  it('a background checkpoint that failed is still due: the next commit writes it', async () => {
    /** Fails the first checkpoint write (as a journal busy for too long would). */
    class FailingOnceJournal extends CountingJournal {
      failures = 1;
      override async writeCheckpoint(checkpoint: {
        readonly fixedNumber: number;
        readonly tree: string;
      }): Promise<void> {
        if (this.failures-- > 0) throw new Error('the journal is busy');
        return super.writeCheckpoint(checkpoint);
      }
    }
    const journal = new FailingOnceJournal(emptyMemoryJournal());
    const size = text(tree(manyItems)).length;
    const datastore = await Datastore.open({
      schema,
      journal,
      initial: () => tree(INITIAL),
      checkpointEvery: 100_000,
      checkpointBytes: Math.floor(size / 4),
    });
    // A large commit: checkpointed at once, in the background, and that write fails.
    await datastore.commit(() => tree(manyItems), ADMIN);
    await datastore.idle();
    assert.equal(journal.failures, 0, 'the background checkpoint was tried');
    assert.deepEqual(journal.checkpoints, []);
    // Its forward diff still counts towards the next checkpoint: a small commit makes it due.
    await datastore.commit(withItem('item-0', 2), ADMIN);
    await datastore.idle();
    assert.deepEqual(journal.checkpoints, [3]);
    await datastore.close();
  });
});
