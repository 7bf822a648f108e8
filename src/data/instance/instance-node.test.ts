/**
 * @module data/instance/instance-node.test
 * Slot tables and persistent child edits: keys first, choices flattened, structural sharing,
 * non-presence containers that vanish when empty.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ContainerNode, LeafListNode, LeafNode, ListNode } from '../../yang/index.ts';
import { TYPES_MODULE } from '../test-modules.test-support.ts';
import { testSchema } from '../test-schema.test-support.ts';
import type { ContainerInstance } from './instance-node.ts';
import {
  childrenOf,
  creationStamp,
  deleteChild,
  emptyDataTree,
  emptyInstance,
  getChild,
  getLeaf,
  setChild,
  stampingCreations,
} from './instance-node.ts';
import { slotTableOf } from './slot-table.ts';

const schema = testSchema([TYPES_MODULE]);
const top = schema.dataChildIndex.get('t:top') as ContainerNode;
const child = <T>(name: string): T => top.dataChildIndex.get(`t:${name}`) as T;

describe('slotTableOf', () => {
  it('puts list keys first, in key order', () => {
    const list = child<ListNode>('l');
    assert.deepEqual(
      slotTableOf(list).nodes.map((node) => node.name),
      ['k1', 'k2', 'v', 'sv'],
    );
  });
  it('flattens choices and records the case chain of each slot', () => {
    const table = slotTableOf(top);
    const index = table.indexOf.get(child('c2a')) as number;
    assert.deepEqual(
      table.cases[index]?.map((caseNode) => caseNode.name),
      ['c2'],
    );
    assert.equal(table.hasChoices, true);
    assert.ok(!table.nodes.some((node) => (node.kind as string) === 'choice'));
  });
  it('is computed once per schema node', () => {
    assert.equal(slotTableOf(top), slotTableOf(top));
  });
});

describe('child edits', () => {
  const s = child<LeafNode>('s');
  const ll = child<LeafListNode>('ll');
  const np = child<ContainerNode>('np');
  const x = np.dataChildIndex.get('t:x') as LeafNode;
  const empty = emptyInstance(top);

  it('returns new nodes and leaves the old ones unchanged', () => {
    const one = setChild(empty, s, 'a');
    const two = setChild(one, s, 'b');
    assert.equal(getLeaf(one, s), 'a');
    assert.equal(getLeaf(two, s), 'b');
    assert.equal(getLeaf(empty, s), undefined);
  });
  it('returns the same node when nothing changes', () => {
    const one = setChild(empty, s, 'a');
    assert.equal(setChild(one, s, 'a'), one);
    assert.equal(deleteChild(empty, s), empty);
  });
  it('shares untouched children', () => {
    const inner = setChild(emptyInstance(np), x, 'v');
    const one = setChild(setChild(empty, np, inner), s, 'a');
    const two = setChild(one, s, 'b');
    assert.equal(getChild(two, np), inner);
  });
  it('treats an empty non-presence container, list or leaf-list as absent', () => {
    assert.equal(setChild(empty, np, emptyInstance(np)), empty);
    assert.equal(setChild(empty, ll, []), empty);
    const withValues = setChild(empty, ll, ['a']);
    assert.deepEqual(getChild(withValues, ll), ['a']);
    assert.equal(getChild(setChild(withValues, ll, []), ll), undefined);
  });
  it('keeps an empty presence container', () => {
    const pres = child<ContainerNode>('pres');
    const one = setChild(empty, pres, emptyInstance(pres) as ContainerInstance);
    assert.notEqual(getChild(one, pres), undefined);
  });
  it('iterates present children in schema order', () => {
    const tree = setChild(setChild(empty, ll, ['q']), s, 'a');
    assert.deepEqual(
      [...childrenOf(tree)].map(([node]) => node.name),
      ['s', 'll'],
    );
  });
  it('rejects a schema node that is not a child', () => {
    assert.throws(() => setChild(emptyDataTree(schema), s, 'a'), TypeError);
  });
  it('stores slots without trailing holes', () => {
    const one = setChild(setChild(empty, ll, ['q']), s, 'a');
    const two = deleteChild(one, ll);
    assert.equal(two.slots.length, (slotTableOf(top).indexOf.get(s) as number) + 1);
    assert.ok(Object.isFrozen(two.slots));
  });
});

describe('creation stamps', () => {
  const leaf = child<LeafNode>('s');
  it('stamps the inner nodes made inside stampingCreations, nested, and 0 outside', () => {
    const plain = setChild(emptyInstance(top), leaf, 'a');
    const [outer, inner, after] = stampingCreations(7, () => {
      const made = setChild(plain, leaf, 'b');
      return [made, stampingCreations(0, () => setChild(made, leaf, 'c')), setChild(made, leaf, 'd')];
    });
    assert.deepEqual([plain, outer, inner, after].map(creationStamp), [0, 7, 0, 7]);
    assert.equal(creationStamp(setChild(plain, leaf, 'e')), 0);
    assert.equal(creationStamp({ schema: top }), 0, 'no inner node: no stamp');
  });
  it('restores the outer stamp when the callback throws', () => {
    assert.throws(() =>
      stampingCreations(3, () => {
        throw new Error('stop');
      }),
    );
    assert.equal(creationStamp(emptyInstance(top)), 0);
  });
  it('is no part of the value: equal nodes compare equal whatever their stamps', () => {
    const unstamped = setChild(emptyInstance(top), leaf, 'x');
    const stamped = stampingCreations(9, () => setChild(emptyInstance(top), leaf, 'x'));
    assert.deepStrictEqual(stamped, unstamped);
    assert.equal(JSON.stringify(stamped), JSON.stringify(unstamped));
  });
});
