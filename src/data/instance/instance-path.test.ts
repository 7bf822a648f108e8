/**
 * @module data/instance/instance-path.test
 * Resolving and updating instance paths, and their error-path text.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ContainerNode, LeafListNode, LeafNode, ListNode } from '../../yang/index.ts';
import { AUGMENT_MODULE, TYPES_MODULE } from '../test-modules.test-support.ts';
import { testSchema } from '../test-schema.test-support.ts';
import { formatInstancePath } from './format-instance-path.ts';
import type { ListEntry, ListInstance } from './instance-node.ts';
import { emptyDataTree, getLeaf } from './instance-node.ts';
import type { InstancePath } from './instance-path.ts';
import { resolveInstancePath, updateAt } from './instance-path.ts';
import { entriesOf, findEntry, keyValuesOf } from './list-instance.ts';

const schema = testSchema([TYPES_MODULE, AUGMENT_MODULE]);
const jukebox = testSchema([], ['example-jukebox']);
const top = schema.dataChildIndex.get('t:top') as ContainerNode;
const child = <T>(name: string, module = 't'): T => top.dataChildIndex.get(`${module}:${name}`) as T;
const list = child<ListNode>('l');
const v = list.dataChildIndex.get('t:v') as LeafNode;

const entryPath = (k1: number, k2: string): InstancePath => [{ schema: top }, { schema: list, keys: [k1, k2] }];

describe('updateAt / resolveInstancePath', () => {
  const empty = emptyDataTree(schema);
  it('creates the spine (containers and list entries) on the way', () => {
    const tree = updateAt(empty, [...entryPath(1, 'a'), { schema: v }], () => 'value');
    const entry = resolveInstancePath(tree, entryPath(1, 'a')) as ListEntry;
    assert.deepEqual(keyValuesOf(entry), [1, 'a']);
    assert.equal(getLeaf(entry, v), 'value');
    assert.equal(resolveInstancePath(empty, entryPath(1, 'a')), undefined);
  });
  it('keeps old roots valid and shares untouched entries', () => {
    let tree = empty;
    for (let index = 0; index < 50; index++)
      tree = updateAt(tree, [...entryPath(index, 'k'), { schema: v }], () => `v${index}`);
    const next = updateAt(tree, [...entryPath(7, 'k'), { schema: v }], () => 'changed');
    assert.equal(resolveInstancePath(tree, [...entryPath(7, 'k'), { schema: v }]), 'v7');
    assert.equal(resolveInstancePath(next, [...entryPath(7, 'k'), { schema: v }]), 'changed');
    assert.equal(resolveInstancePath(next, entryPath(8, 'k')), resolveInstancePath(tree, entryPath(8, 'k')));
    const entries = resolveInstancePath(next, [{ schema: top }, { schema: list }]) as ListInstance;
    assert.deepEqual(
      [...entriesOf(entries)].map((entry) => keyValuesOf(entry)[0]),
      Array.from({ length: 50 }, (_, index) => index),
    );
  });
  it('deletes an entry when fn returns undefined, and the emptied containers with it', () => {
    const tree = updateAt(empty, [...entryPath(1, 'a'), { schema: v }], () => 'x');
    const gone = updateAt(tree, entryPath(1, 'a'), () => undefined);
    assert.equal(resolveInstancePath(gone, [{ schema: top }]), undefined);
    assert.equal(
      updateAt(tree, entryPath(9, 'z'), () => undefined),
      tree,
    );
  });
  it('adds, finds and removes leaf-list entries', () => {
    const ll = child<LeafListNode>('ll');
    const path = (value: string): InstancePath => [{ schema: top }, { schema: ll, value }];
    let tree = updateAt(empty, path('a'), () => 'a');
    tree = updateAt(tree, path('b'), () => 'b');
    assert.deepEqual(resolveInstancePath(tree, [{ schema: top }, { schema: ll }]), ['a', 'b']);
    assert.equal(resolveInstancePath(tree, path('b')), 'b');
    tree = updateAt(tree, path('a'), () => undefined);
    assert.deepEqual(resolveInstancePath(tree, [{ schema: top }, { schema: ll }]), ['b']);
  });
  it('finds entries by typed key values', () => {
    const tree = updateAt(empty, [...entryPath(3, 'c'), { schema: v }], () => 'x');
    const instance = resolveInstancePath(tree, [{ schema: top }, { schema: list }]) as ListInstance;
    assert.notEqual(findEntry(instance, [3, 'c']), undefined);
    assert.equal(findEntry(instance, [3, 'd']), undefined);
  });
  it('rejects a step below a leaf', () => {
    assert.throws(() => resolveInstancePath(empty, [{ schema: top }, { schema: v }, { schema: v }]), TypeError);
  });
});

describe('formatInstancePath', () => {
  const library = (jukebox.dataChildIndex.get('example-jukebox:jukebox') as ContainerNode).dataChildIndex.get(
    'example-jukebox:library',
  ) as ContainerNode;
  const artist = library.dataChildIndex.get('example-jukebox:artist') as ListNode;
  const album = artist.dataChildIndex.get('example-jukebox:album') as ListNode;
  const cases: readonly { readonly name: string; readonly path: InstancePath; readonly text: string }[] = [
    {
      name: 'RFC 8040 style path with a key',
      path: [
        { schema: library.parent as ContainerNode },
        { schema: library },
        { schema: artist, keys: ['Foo Fighters'] },
      ],
      text: "/example-jukebox:jukebox/library/artist[name='Foo Fighters']",
    },
    {
      name: 'a value with a single quote is double-quoted',
      path: [
        { schema: library.parent as ContainerNode },
        { schema: library },
        { schema: artist, keys: ["Guns N' Roses"] },
        { schema: album, keys: ['x'] },
      ],
      text: `/example-jukebox:jukebox/library/artist[name="Guns N' Roses"]/album[name='x']`,
    },
    { name: 'two keys in key order', path: entryPath(7, 'q'), text: "/t:top/l[k1='7'][k2='q']" },
    {
      name: 'module changes are qualified',
      path: [{ schema: top }, { schema: child<LeafNode>('extra', 'u') }],
      text: '/t:top/u:extra',
    },
    {
      name: 'leaf-list entry',
      path: [{ schema: top }, { schema: child<LeafListNode>('ll'), value: 'w' }],
      text: "/t:top/ll[.='w']",
    },
    { name: 'the root', path: [], text: '/' },
  ];
  for (const { name, path, text } of cases) {
    it(name, () => assert.equal(formatInstancePath(path), text));
  }
});
