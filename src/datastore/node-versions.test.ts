/**
 * @module datastore/node-versions.test
 * A created subtree is marked object by object up to 10,000 inner objects; a bigger one raises
 * the floor instead — at exactly that boundary whether it is a list's entries or nested nodes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testSchema } from '../../test/support/test-schema.ts';
import type { ContainerInstance, DataTree, ListInstance } from '../data/index.ts';
import { decodeJson, getChild } from '../data/index.ts';
import type { ContainerNode, ListNode, SchemaTree } from '../yang/index.ts';
import { NodeVersions } from './node-versions.ts';

const schema: SchemaTree = testSchema([
  `module nv { yang-version 1.1; namespace "urn:t:nv"; prefix nv;
     container top { list item { key id; leaf id { type string; } } } }`,
]);
const top = schema.children.find((node) => node.name === 'top') as ContainerNode;
const item = top.children.find((node) => node.name === 'item') as ListNode;

const FLOOR = { fixedNumber: 1, timestamp: 'floor' };
const COMMIT = { fixedNumber: 2, timestamp: 'commit' };

/** Records the create of a list of `count` entries; the version its last entry reports. */
const afterCreating = (count: number): { entry: number; floor: number } => {
  const root = decodeJson(
    schema,
    { 'nv:top': { item: Array.from({ length: count }, (_, index) => ({ id: `i${index}` })) } },
    { schema },
  ) as DataTree;
  const container = getChild(root, top) as ContainerInstance;
  const list = getChild(container, item) as ListInstance;
  const versions = new NodeVersions(FLOOR);
  versions.record(
    root,
    { changes: [{ kind: 'create', path: [{ schema: top }, { schema: item }], value: list }] },
    COMMIT,
  );
  const last = list.entries.at(count - 1)?.[1] as object;
  return { entry: versions.versionOfNode(last).fixedNumber, floor: versions.floor.fixedNumber };
};

describe('NodeVersions of a created list', () => {
  it('marks up to 10,000 objects (the list and its entries) one by one, and raises the floor beyond', () => {
    assert.deepEqual(afterCreating(9_999), { entry: 2, floor: 1 });
    assert.deepEqual(afterCreating(10_000), { entry: 2, floor: 2 });
    assert.deepEqual(afterCreating(200_000), { entry: 2, floor: 2 });
  });
});

describe('NodeVersions times', () => {
  it("reports a recorded commit's time to the whole second, the floor's as it is", () => {
    const root = decodeJson(schema, { 'nv:top': { item: [{ id: 'a' }] } }, { schema }) as DataTree;
    const container = getChild(root, top) as ContainerInstance;
    const entry = (getChild(container, item) as ListInstance).entries.at(0)?.[1] as object;
    const versions = new NodeVersions({ fixedNumber: 1, timestamp: '2026-11-27T08:00:00.250Z' });
    assert.deepEqual(versions.versionOfNode(entry), { fixedNumber: 1, timestamp: '2026-11-27T08:00:00.250Z' });
    versions.record(
      root,
      { changes: [{ kind: 'create', path: [{ schema: top }, { schema: item }], value: getChild(container, item) }] },
      { fixedNumber: 2, timestamp: '2026-11-27T08:00:01.750Z' },
    );
    assert.deepEqual(versions.versionOfNode(entry), { fixedNumber: 2, timestamp: '2026-11-27T08:00:01Z' });
    assert.deepEqual(versions.versionOf(root, [{ schema: top }]), {
      fixedNumber: 2,
      timestamp: '2026-11-27T08:00:01Z',
    });
    assert.equal(new Date(versions.versionOfNode(entry).timestamp).toUTCString(), 'Fri, 27 Nov 2026 08:00:01 GMT');
  });
});
