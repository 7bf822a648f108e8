/**
 * @module datastore/shared-datastore.test
 * Several datastores (the nodes of a cluster, here in one process) on one PostgreSQL journal that
 * the test starts: one factory default however many start together, every commit applied on every
 * node with the same fixed number, tree and versions (also on a node started late, and on one that
 * fell behind the retention and reloaded a checkpoint), concurrent writers serialized without a
 * lost commit, a conditional change refused when another node changed its target first, and the
 * database going down and coming back (writes refused with 503, reads stale since a known time).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type PostgresServer, postgresMissing, startPostgres } from '../../test/support/postgres.ts';
import { testSchema } from '../../test/support/test-schema.ts';
import type { DataTree, InstancePath } from '../data/index.ts';
import { applyEdit, decodeDiff, decodeJson, encodeJsonString, parseJsonText } from '../data/index.ts';
import { PreconditionFailedError, StoreUnavailableError } from '../errors/index.ts';
import type { ContainerNode, ListNode, SchemaTree } from '../yang/index.ts';
import type { Checkpoint, CommitMetadata, CommitRecord } from './commit-record.ts';
import type { CommitAttribution } from './datastore.ts';
import { Datastore } from './datastore.ts';
import type { ListCommitsOptions } from './journal-store.ts';
import type { NodeVersion } from './node-versions.ts';
import { PostgresJournalStore } from './postgres-journal-store.ts';
import type { HeadLock, JournalFollower, JournalHead, SharedJournalStore } from './shared-journal-store.ts';

const MODULE = `
module shop {
  yang-version 1.1;
  namespace "urn:test:shop";
  prefix s;
  container shop {
    leaf name { type string; }
    leaf counter { type uint32; }
    list item {
      key id;
      leaf id { type string; }
      leaf price { type uint32; }
    }
  }
}`;

const schema: SchemaTree = testSchema([MODULE]);
const shop = schema.children.find((node) => node.name === 'shop') as ContainerNode;
const item = shop.children.find((node) => node.name === 'item') as ListNode;
const counter = shop.children.find((node) => node.name === 'counter') as never;
const ADMIN: CommitAttribution = { user: 'admin', via: 'restconf' };
const INITIAL = { 'shop:shop': { name: 'corner', item: [{ id: 'a', price: 1 }] } };

const tree = (json: unknown): DataTree => decodeJson(schema, json, { schema, config: true });
const text = (root: DataTree): string => encodeJsonString(root, schema);
const itemPath = (id: string): InstancePath => [{ schema: shop }, { schema: item, keys: [id] }];
const COUNTER: InstancePath = [{ schema: shop }, { schema: counter }];
const merge = (json: unknown) => (root: DataTree) =>
  applyEdit(root, {
    operation: 'merge',
    target: [{ schema: shop }],
    value: decodeJson(shop, parseJsonText(JSON.stringify(json)), { schema, config: true }) as never,
  });
const withItem = (id: string, price: number) => merge({ 'shop:item': [{ id, price }] });
const withCounter = (value: number) => merge({ 'shop:counter': value });

/**
 * A shared store whose notifications a test can hold back, as if the node were cut off from the
 * database's notifications (its own queries still work).
 */
class GatedStore implements SharedJournalStore {
  readonly shared = true;
  readonly description: string;
  readonly inner: PostgresJournalStore;
  #held = false;
  #missed = false;
  #follower: JournalFollower | undefined;
  #connected: () => void = () => undefined;
  /** Resolves once the store's listening connection is up. */
  readonly connected = new Promise<void>((resolve) => {
    this.#connected = resolve;
  });

  constructor(inner: PostgresJournalStore) {
    this.inner = inner;
    this.description = inner.description;
  }

  hold(): void {
    this.#held = true;
  }

  release(): void {
    this.#held = false;
    if (this.#missed) this.#follower?.changed();
    this.#missed = false;
  }

  follow(follower: JournalFollower): void {
    this.#follower = follower;
    this.inner.follow({
      changed: () => {
        if (this.#held) this.#missed = true;
        else follower.changed();
      },
      unreachable: (since, error) => follower.unreachable(since, error),
      reachable: () => {
        this.#connected();
        if (this.#held) this.#missed = true;
        else follower.reachable();
      },
    });
  }
  open(): Promise<void> {
    return this.inner.open();
  }
  append(records: readonly CommitRecord[]): Promise<void> {
    return this.inner.append(records);
  }
  latestCheckpoint(): Promise<Checkpoint | undefined> {
    return this.inner.latestCheckpoint();
  }
  commitsAfter(fixedNumber: number): AsyncIterable<CommitRecord> {
    return this.inner.commitsAfter(fixedNumber);
  }
  listCommits(options?: ListCommitsOptions): Promise<readonly CommitMetadata[]> {
    return this.inner.listCommits(options);
  }
  readCommit(fixedNumber: number): Promise<CommitRecord | undefined> {
    return this.inner.readCommit(fixedNumber);
  }
  writeCheckpoint(checkpoint: Checkpoint): Promise<void> {
    return this.inner.writeCheckpoint(checkpoint);
  }
  prune(keep: number): Promise<number> {
    return this.inner.prune(keep);
  }
  lastFixedNumber(): Promise<number> {
    return this.inner.lastFixedNumber();
  }
  head(): Promise<JournalHead> {
    return this.inner.head();
  }
  lockHead(): Promise<HeadLock> {
    return this.inner.lockHead();
  }
  raiseVersionFloor(version: NodeVersion): Promise<NodeVersion> {
    return this.inner.raiseVersionFloor(version);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

/** Resolves once `datastore` shows commit `fixedNumber` (or later). */
const reached = async (datastore: Datastore, fixedNumber: number, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (datastore.snapshot.fixedNumber < fixedNumber) {
    if (Date.now() > deadline)
      throw new Error(`still at ${datastore.snapshot.fixedNumber}, waiting for ${fixedNumber}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** The versions of the shop, its counter and the given items, as one comparable value. */
const versionsOf = (datastore: Datastore, ids: readonly string[]): NodeVersion[] => [
  datastore.versionOf([]),
  datastore.versionOf([{ schema: shop }]),
  datastore.versionOf(COUNTER),
  ...ids.map((id) => datastore.versionOf(itemPath(id))),
];

let postgres: PostgresServer | undefined;
before(async () => {
  if (postgresMissing === false) postgres = await startPostgres();
});
after(async () => {
  await postgres?.close();
});

describe('Datastores sharing a PostgreSQL journal', { skip: postgresMissing }, () => {
  const open: Datastore[] = [];
  let databases = 0;
  const newJournal = async (): Promise<string> => {
    databases += 1;
    return (postgres as PostgresServer).createDatabase(`shared_${databases}`);
  };
  const node = async (
    url: string,
    options: { readonly gated?: boolean; readonly retention?: number; readonly checkpointEvery?: number } = {},
  ): Promise<{ datastore: Datastore; gate: GatedStore | undefined }> => {
    const inner = new PostgresJournalStore({ url, heartbeatMs: 200 });
    const gate = options.gated === true ? new GatedStore(inner) : undefined;
    const datastore = await Datastore.open({
      schema,
      journal: gate ?? inner,
      initial: () => tree(INITIAL),
      ...(options.retention === undefined ? {} : { retention: options.retention }),
      ...(options.checkpointEvery === undefined ? {} : { checkpointEvery: options.checkpointEvery }),
    });
    open.push(datastore);
    return { datastore, gate };
  };
  after(async () => {
    for (const datastore of open) await datastore.close().catch(() => undefined);
  });

  it('makes one factory default however many nodes start together', async () => {
    const url = await newJournal();
    const nodes = await Promise.all([node(url), node(url), node(url)]);
    const made = nodes.filter(({ datastore }) => datastore.initialCommit !== undefined);
    assert.equal(made.length, 1);
    for (const { datastore } of nodes) {
      await datastore.synchronize();
      assert.equal(datastore.snapshot.fixedNumber, 1);
      assert.equal(text(datastore.snapshot.root), JSON.stringify(INITIAL));
    }
  });

  it('applies every commit on every node: same numbers, trees, rollback records and versions', async () => {
    const url = await newJournal();
    const { datastore: first } = await node(url);
    await first.commit(withItem('b', 2), ADMIN);
    const { datastore: second } = await node(url);
    const heard: number[] = [];
    second.addCommitListener((snapshot, record) => heard.push(record?.fixedNumber ?? -snapshot.fixedNumber));
    const made: number[] = [];
    for (let index = 0; index < 10; index++) {
      const writer = index % 2 === 0 ? first : second;
      made.push(
        (await writer.commit(withItem(`i${index}`, index), { ...ADMIN, comment: `c${index}` })).fixedNumber ?? 0,
      );
    }
    await first.commit(withCounter(7), ADMIN);
    await reached(second, 13);
    await reached(first, 13);
    assert.deepEqual(made, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert.equal(text(second.snapshot.root), text(first.snapshot.root));
    assert.deepEqual(second.snapshot.timestamp, first.snapshot.timestamp);
    const ids = ['a', 'b', 'i0', 'i1', 'i8', 'i9'];
    assert.deepEqual(versionsOf(second, ids), versionsOf(first, ids));
    assert.equal(first.versionOf(itemPath('i1')).fixedNumber, 4, 'the commit that made it');
    assert.equal(first.versionOf(itemPath('b')).fixedNumber, 2, 'made before the second node started');
    for (const fixedNumber of [4, 5, 13])
      assert.deepEqual(await second.readCommit(fixedNumber), await first.readCommit(fixedNumber));
    assert.deepEqual(
      heard.filter((number) => number > 0).sort((a, b) => a - b),
      [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
    );
    // A node started late agrees on every version too (the shared floor covers what it loaded).
    const { datastore: third } = await node(url);
    await first.synchronize();
    await second.synchronize();
    assert.deepEqual(versionsOf(third, ids), versionsOf(first, ids));
    assert.deepEqual(versionsOf(second, ids), versionsOf(first, ids));
    assert.equal(first.versionOf(itemPath('b')).fixedNumber, 13, 'the floor: the state the third node loaded');
    await second.commit(withItem('b', 99), ADMIN);
    await reached(first, 14);
    await reached(third, 14);
    assert.deepEqual(versionsOf(third, ids), versionsOf(first, ids));
    assert.equal(third.versionOf(itemPath('b')).fixedNumber, 14);
  });

  it('serializes concurrent writers on different nodes: no commit lost, none interleaved', async () => {
    const url = await newJournal();
    const nodes = [(await node(url)).datastore, (await node(url)).datastore, (await node(url)).datastore];
    const perNode = 12;
    const outcomes = await Promise.all(
      nodes.flatMap((datastore, nodeIndex) =>
        Array.from({ length: perNode }, (_, index) =>
          datastore.commit(withItem(`n${nodeIndex}-${index}`, index), { ...ADMIN, label: `n${nodeIndex}-${index}` }),
        ),
      ),
    );
    const numbers = outcomes.map((outcome) => outcome.fixedNumber ?? 0).sort((a, b) => a - b);
    assert.deepEqual(
      numbers,
      Array.from({ length: 3 * perNode }, (_, index) => index + 2),
    );
    for (const datastore of nodes) await reached(datastore, 3 * perNode + 1);
    const expected = text((nodes[0] as Datastore).snapshot.root);
    for (const datastore of nodes) assert.equal(text(datastore.snapshot.root), expected);
    for (let nodeIndex = 0; nodeIndex < 3; nodeIndex++)
      for (let index = 0; index < perNode; index++) assert.match(expected, new RegExp(`"id":"n${nodeIndex}-${index}"`));
    // Each commit holds exactly its own change.
    for (const metadata of await (nodes[0] as Datastore).journal.listCommits({ limit: 3 * perNode })) {
      const record = (await (nodes[1] as Datastore).readCommit(metadata.fixedNumber)) as CommitRecord;
      const diff = decodeDiff(record.forward, schema);
      assert.equal(diff.changes.length, 1);
      assert.match(record.forward, new RegExp(`"${metadata.label}"`));
    }
  });

  it('refuses a conditional change whose target another node changed first; plain changes both apply', async () => {
    const url = await newJournal();
    const [{ datastore: first }, { datastore: second }] = [await node(url), await node(url)];
    await first.commit(withCounter(1), ADMIN);
    await reached(second, 2);
    const seen = first.versionOf(COUNTER).fixedNumber;
    assert.equal(second.versionOf(COUNTER).fixedNumber, seen);
    /** Sets the counter if it is still the version the client saw (as If-Match does, inside the commit). */
    const ifUnchanged = (datastore: Datastore, value: number) => (root: DataTree, state: { fixedNumber: number }) => {
      if (datastore.versionOf(COUNTER, state as never).fixedNumber !== seen)
        throw new PreconditionFailedError('the counter changed');
      return withCounter(value)(root);
    };
    const results = await Promise.allSettled([
      first.commit(ifUnchanged(first, 10), ADMIN),
      second.commit(ifUnchanged(second, 20), ADMIN),
    ]);
    assert.deepEqual(results.map((result) => result.status).sort(), ['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected');
    assert.ok(refused?.status === 'rejected' && refused.reason instanceof PreconditionFailedError);
    const plain = await Promise.all([first.commit(withCounter(30), ADMIN), second.commit(withCounter(40), ADMIN)]);
    assert.deepEqual(plain.map((outcome) => outcome.fixedNumber).sort(), [4, 5]);
    await reached(first, 5);
    await reached(second, 5);
    const last = plain.find((outcome) => outcome.fixedNumber === 5) === plain[0] ? 30 : 40;
    assert.match(text(first.snapshot.root), new RegExp(`"counter":${last}`));
    assert.equal(text(second.snapshot.root), text(first.snapshot.root));
  });

  it('reloads the latest checkpoint when it fell behind the journal’s retention', async () => {
    const url = await newJournal();
    const { datastore: writer } = await node(url, { retention: 3, checkpointEvery: 5 });
    const { datastore: behind, gate } = await node(url, { gated: true });
    await reached(behind, 1);
    await gate?.connected;
    // The catch-up the connection started may still be running: let it end before holding.
    await behind.synchronize();
    gate?.hold();
    for (let index = 0; index < 20; index++) await writer.commit(withItem(`r${index}`, index), ADMIN);
    await writer.idle();
    assert.equal(behind.snapshot.fixedNumber, 1, 'it heard nothing');
    assert.ok((await writer.journal.readCommit(2)) === undefined, 'the commits it needs were pruned');
    let reloaded = false;
    behind.addCommitListener((_snapshot, record) => {
      reloaded ||= record === undefined;
    });
    gate?.release();
    await reached(behind, 21);
    assert.ok(reloaded, 'listeners heard of the reload');
    assert.equal(text(behind.snapshot.root), text(writer.snapshot.root));
    await writer.synchronize();
    const ids = ['a', 'r0', 'r19'];
    assert.deepEqual(versionsOf(behind, ids), versionsOf(writer, ids));
    await behind.commit(withItem('after', 1), ADMIN);
    await reached(writer, 22);
    assert.deepEqual(versionsOf(behind, [...ids, 'after']), versionsOf(writer, [...ids, 'after']));
  });

  it('refuses writes with 503 while the database is down and reads say since when they may be stale', async () => {
    const server = postgres as PostgresServer;
    const url = await newJournal();
    const [{ datastore: first }, { datastore: second }] = [await node(url), await node(url)];
    await first.commit(withCounter(1), ADMIN);
    await reached(second, 2);
    assert.equal(first.staleSince, undefined);
    const beforeKill = Date.now();
    await server.kill();
    await assert.rejects(first.commit(withCounter(2), ADMIN), StoreUnavailableError);
    const deadline = Date.now() + 10_000;
    while ((first.staleSince === undefined || second.staleSince === undefined) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    for (const datastore of [first, second]) {
      const since = datastore.staleSince?.getTime() ?? 0;
      assert.ok(since > 0 && since <= beforeKill + 50, `stale since ${datastore.staleSince?.toISOString()}`);
      assert.match(text(datastore.snapshot.root), /"counter":1/);
    }
    await server.start();
    const back = Date.now() + 30_000;
    while ((first.staleSince !== undefined || second.staleSince !== undefined) && Date.now() < back)
      await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(first.staleSince, undefined);
    assert.equal(second.staleSince, undefined);
    await second.commit(withCounter(3), ADMIN);
    await reached(first, 3);
    assert.match(text(first.snapshot.root), /"counter":3/);
  });
});
