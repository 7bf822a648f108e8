/**
 * @module data/validation/plain-lists.test
 * Lists whose subtree has no checks but its values' types are validated without a navigator node
 * per entry (`plainBelow`). The same trees on the same model with one `must "true()"` on the list
 * (which always holds, and sends the list the general way) must give exactly the same errors:
 * types, keys that disagree with their place, repeated leaf-list values, state data.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ContainerNode, LeafListNode, LeafNode, ListNode, SchemaTree } from '../../yang/index.ts';
import { decodeJson } from '../codec/json/json-decode.ts';
import type { DataTree, InstancePath, ListEntry, ListInstance, Slot } from '../instance/index.ts';
import { entryKeyOf, listInstanceFromEntries, setChild } from '../instance/index.ts';
import { updateAt } from '../instance/instance-path.ts';
import { testSchema } from '../test-schema.test-support.ts';
import { checkCatalogueOf } from './check-catalogue.ts';
import { errorLines, validateBoth } from './validate.test-support.ts';
import { validateTree } from './validate-tree.ts';

const moduleText = (itemCheck: string): string => `module p {
  yang-version 1.1;
  namespace "urn:p";
  prefix p;
  container top {
    list item {
      key "id";
      ${itemCheck}
      leaf id { type string; }
      leaf size { type uint8 { range "1..10"; } }
      leaf-list tags { type string; }
      leaf state { type string; config false; }
      container details {
        leaf note { type string { length "1..4"; } }
        list part {
          key "n m";
          leaf n { type uint8; }
          leaf m { type string; }
          leaf w { type int8 { range "-5..5"; } }
        }
      }
    }
  }
}`;

const plain = testSchema([moduleText('')]);
const checked = testSchema([moduleText('must "true()";')]);

const BASE = {
  'p:top': {
    item: [
      { id: 'a', size: 1, tags: ['x', 'y'], details: { note: 'n', part: [{ n: 1, m: 'k', w: 2 }] } },
      { id: 'b', size: 2, details: { part: [{ n: 2, m: 'k' }] } },
      { id: 'c' },
    ],
  },
};

const decode = (schema: SchemaTree, json: Record<string, unknown>, config = true): DataTree =>
  decodeJson(schema, json, { schema, config });

/** The schema nodes of the model in `schema`. */
const nodesOf = (schema: SchemaTree) => {
  const top = schema.dataChildIndex.get('p:top') as ContainerNode;
  const item = top.dataChildIndex.get('p:item') as ListNode;
  const details = item.dataChildIndex.get('p:details') as ContainerNode;
  const part = details.dataChildIndex.get('p:part') as ListNode;
  const leaf = (parent: ContainerNode | ListNode, name: string) =>
    parent.dataChildIndex.get(`p:${name}`) as LeafNode | LeafListNode;
  return { top, item, details, part, leaf };
};

/** `list` with the key leaf `leaf` of the entry at `key` set to `value`: keys that disagree with their place. */
const withKeyLeaf = (list: Slot, key: string, leaf: LeafNode, value: string): ListInstance => {
  const { schema, entries } = list as ListInstance;
  return listInstanceFromEntries(
    schema,
    [...entries].map(([at, entry]): [string, ListEntry] => [at, at === key ? setChild(entry, leaf, value) : entry]),
  );
};

/**
 * The tree of BASE with values no decoder would accept, set directly; with `keys`, also entries
 * whose key leaves disagree with their place (which no edit makes, and which only a full
 * validation looks for).
 */
const brokenTree = (schema: SchemaTree, keys: boolean): DataTree => {
  const { top, item, details, part, leaf } = nodesOf(schema);
  const at = (id: string): InstancePath => [{ schema: top }, { schema: item, keys: [id] }];
  const partAt = (id: string, n: number, m: string): InstancePath => [
    ...at(id),
    { schema: details },
    { schema: part, keys: [n, m] },
  ];
  let tree = decode(schema, BASE);
  tree = updateAt(tree, [...at('a'), { schema: leaf(item, 'size') }], () => 11);
  tree = updateAt(tree, [...at('a'), { schema: leaf(item, 'tags') }], () => ['x', 'x']);
  tree = updateAt(tree, [...at('a'), { schema: details }, { schema: leaf(details, 'note') }], () => 'too long');
  tree = updateAt(tree, [...partAt('a', 1, 'k'), { schema: leaf(part, 'w') }], () => 9);
  if (!keys) return tree;
  const partKey = entryKeyOf(part, [2, 'k']);
  tree = updateAt(tree, [...at('b'), { schema: details }, { schema: part }], (list) =>
    withKeyLeaf(list, partKey, leaf(part, 'm') as LeafNode, 'other'),
  );
  tree = updateAt(tree, [{ schema: top }, { schema: item }], (list) =>
    withKeyLeaf(list, entryKeyOf(item, ['c']), leaf(item, 'id') as LeafNode, 'z'),
  );
  return tree;
};

describe('plain lists: validated without navigator nodes, with the same errors', () => {
  it('a list is plain only without checks below it', () => {
    assert.equal(checkCatalogueOf(plain).plainBelow(nodesOf(plain).item), true);
    assert.equal(checkCatalogueOf(plain).plainBelow(nodesOf(plain).part), true);
    assert.equal(checkCatalogueOf(checked).plainBelow(nodesOf(checked).item), false);
  });

  it('a valid tree has no errors', () => {
    assert.deepEqual(validateBoth(decode(plain, BASE), []), []);
  });

  it('types, keys and repeated values are reported as the general walk reports them', () => {
    assert.deepEqual(
      errorLines(validateBoth(brokenTree(plain, false), [decode(plain, BASE)])),
      errorLines(validateBoth(brokenTree(checked, false), [decode(checked, BASE)])),
    );
    const lines = errorLines(validateTree(brokenTree(plain, true)));
    assert.deepEqual(lines, errorLines(validateTree(brokenTree(checked, true))));
    assert.deepEqual(
      lines.map((line) => line.split(' ').slice(0, 3).join(' ')),
      [
        "INVALID_VALUE - /p:top/item[id='a']/details/note",
        "INVALID_VALUE - /p:top/item[id='a']/details/part[n='1'][m='k']/w",
        "INVALID_VALUE - /p:top/item[id='a']/size",
        "INVALID_VALUE - /p:top/item[id='a']/tags[.='x']",
        "INVALID_VALUE - /p:top/item[id='b']/details/part[n='2'][m='other']",
        "INVALID_VALUE - /p:top/item[id='z']",
      ].sort(),
    );
  });

  it('state data is an error in a configuration tree, not in a data tree', () => {
    const json = { 'p:top': { item: [{ id: 'a', state: 's' }] } };
    for (const schema of [plain, checked]) {
      const tree = decode(schema, json, false);
      assert.deepEqual(
        errorLines(validateBoth(tree, [], { type: 'config' })).map((line) => line.split(' ')[2]),
        ["/p:top/item[id='a']/state"],
      );
      assert.deepEqual(validateBoth(tree, [], { type: 'data' }), []);
    }
  });
});
