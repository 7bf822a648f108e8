/**
 * @module datastore/checkpoint-text.test
 * Checkpoint text: large lists in lines of their own, read back from pieces cut anywhere, to the
 * same tree; older checkpoints (one RFC 7951 text) still load; a damaged text is refused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testSchema } from '../../test/support/test-schema.ts';
import type { DataTree, InstanceNode, ListEntry, ListInstance } from '../data/index.ts';
import { decodeJson, emptyDataTree, encodeJsonString, getChild, instancesEqual } from '../data/index.ts';
import { OperationFailedError } from '../errors/index.ts';
import type { ContainerNode, ListNode, SchemaTree } from '../yang/index.ts';
import { CHECKPOINT_HEADER, checkpointTextInSlices, treeFromCheckpointChunks } from './checkpoint-text.ts';

const MODULE = `
module cp {
  yang-version 1.1;
  namespace "urn:test:cp";
  prefix c;
  container top {
    leaf label { type string; }
    container inner {
      list big {
        key "k1 k2";
        leaf k1 { type string; }
        leaf k2 { type uint16; }
        leaf v { type string; }
        list nested { key n; leaf n { type string; } }
      }
    }
    list small { key id; leaf id { type string; } }
    list ordered { key id; ordered-by user; leaf id { type string; } leaf-list tags { type string; } }
  }
  container holder { presence "kept"; list only { key id; leaf id { type int32; } } }
}`;

const schema: SchemaTree = testSchema([MODULE]);

const treeOf = (bigCount: number, orderedCount: number, onlyCount: number): DataTree =>
  decodeJson(
    schema,
    {
      'cp:top': {
        label: 'x\n"y"',
        inner: {
          big: Array.from({ length: bigCount }, (_, index) => ({
            k1: `key ${index % 7} ÅÄÖ 😀`,
            k2: index,
            v: `v\n${index}`,
            ...(index % 100 === 0 ? { nested: [{ n: 'a' }, { n: 'b' }] } : {}),
          })),
        },
        small: [{ id: 'one' }, { id: 'two' }],
        ...(orderedCount === 0
          ? {}
          : {
              ordered: Array.from({ length: orderedCount }, (_, index) => ({
                id: `o${(index * 7919) % orderedCount}`,
                tags: ['z', 'a'],
              })),
            }),
      },
      ...(onlyCount < 0 ? {} : { 'cp:holder': { only: Array.from({ length: onlyCount }, (_, id) => ({ id: -id })) } }),
    },
    { schema, config: true },
  );

/** `text` in pieces of `size` characters. */
const pieces = (text: string, size: number): string[] => {
  const result: string[] = [];
  for (let start = 0; start < text.length; start += size) result.push(text.slice(start, start + size));
  return result;
};

const assertSameTree = (actual: DataTree, expected: DataTree): void => {
  assert.ok(instancesEqual(actual, expected), 'the trees differ');
  // Equal as instances, and in the same order of entries (ordered-by user is compared by order already).
  assert.equal(encodeJsonString(actual, schema), encodeJsonString(expected, schema));
};

const bigList = (tree: DataTree): ListInstance => {
  const top = schema.children.find((node) => node.name === 'top') as ContainerNode;
  const inner = top.children.find((node) => node.name === 'inner') as ContainerNode;
  const big = inner.children.find((node) => node.name === 'big') as ListNode;
  const innerInstance = getChild(getChild(tree, top) as InstanceNode, inner) as InstanceNode;
  return getChild(innerInstance, big) as ListInstance;
};

/** The same entries found by key, and the same key order. */
const assertSameIndex = (actual: ListInstance, expected: ListInstance): void => {
  assert.deepEqual([...actual.entries.keyOrder()], [...expected.entries.keyOrder()]);
  for (const [key, entry] of expected.entries) assert.ok(instancesEqual(actual.entries.get(key) as ListEntry, entry));
  assert.equal(actual.entries.get('no such key'), undefined);
};

describe('checkpoint text', () => {
  it('writes large lists after the tree, in lines of entries, and reads them back from pieces cut anywhere', async () => {
    const tree = treeOf(1300, 700, 300);
    const text = await checkpointTextInSlices(tree);
    const lines = text.split('\n');
    assert.equal(lines[0], CHECKPOINT_HEADER);
    assert.doesNotMatch(lines[1] ?? '', /"big"|"ordered"|"only"/, 'the large lists are not in the tree line');
    assert.match(lines[1] ?? '', /"small"/, 'small lists stay in the tree');
    const heads = lines.filter((line) => line.startsWith('{"list"')).map((line) => JSON.parse(line));
    assert.deepEqual(
      heads.map(({ list, entries }) => ({ list, entries })),
      [
        { list: ['cp:top', 'cp:inner', 'cp:big'], entries: 1300 },
        { list: ['cp:top', 'cp:ordered'], entries: 700 },
        { list: ['cp:holder', 'cp:only'], entries: 300 },
      ],
    );
    const big = bigList(tree);
    assert.deepEqual(heads[0].keyOrder, [...big.entries.keyOrder()], 'the positions of the entries in key order');
    for (const size of [1, 7, 1000, text.length]) {
      const read = await treeFromCheckpointChunks(pieces(text, size), schema);
      assertSameTree(read, tree);
      assertSameIndex(bigList(read), big);
    }
  });

  it('reads large lists without a key order (as written before it was added), or with a wrong one', async () => {
    const tree = treeOf(1300, 700, 300);
    const text = await checkpointTextInSlices(tree);
    const without = text.replace(/,"keyOrder":\[[0-9,]*\]/g, '');
    assert.doesNotMatch(without, /keyOrder/);
    const swapped = text.replace(/"keyOrder":\[(\d+),(\d+),/, '"keyOrder":[$2,$1,');
    const short = text.replace(/"keyOrder":\[(\d+),/, '"keyOrder":[');
    const notNumbers = text.replace(/"keyOrder":\[(\d+),/, '"keyOrder":["x",');
    for (const variant of [without, swapped, short, notNumbers]) {
      assert.notEqual(variant, text);
      const read = await treeFromCheckpointChunks(pieces(variant, 1000), schema);
      assertSameTree(read, tree);
      assertSameIndex(bigList(read), bigList(tree));
    }
  });

  it('keeps a presence container whose only content is a large list, and an empty tree', async () => {
    for (const tree of [treeOf(0, 0, 256), treeOf(0, 0, 0), treeOf(0, 0, -1)]) {
      const text = await checkpointTextInSlices(tree);
      assertSameTree(await treeFromCheckpointChunks([text], schema), tree);
    }
  });

  it('reads a checkpoint written as one RFC 7951 text, and an empty one', async () => {
    const tree = treeOf(300, 3, 2);
    assertSameTree(await treeFromCheckpointChunks(pieces(encodeJsonString(tree, schema), 100), schema), tree);
    assert.ok(instancesEqual(await treeFromCheckpointChunks([], schema), emptyDataTree(schema)));
    assert.ok(instancesEqual(await treeFromCheckpointChunks([' ', '\n'], schema), emptyDataTree(schema)));
  });

  it('refuses a checkpoint that lost entries, repeats a key or names a list the schema lacks', async () => {
    const text = await checkpointTextInSlices(treeOf(600, 0, -1));
    const lines = text.split('\n');
    const damaged = [
      lines.filter((_, index) => index !== 4).join('\n'),
      lines.map((line, index) => (index === 4 ? line.replace('"k2":512', '"k2":505') : line)).join('\n'),
      text.replace('"cp:inner","cp:big"', '"cp:inner","cp:huge"'),
      text.replace(/\{"list".*\n/, ''),
    ];
    for (const broken of damaged) {
      await assert.rejects(treeFromCheckpointChunks([broken], schema), OperationFailedError);
    }
  });
});
