/**
 * @module data/validation/validate-tree.test
 * Table tests of validation on the inline constraints module: each case decodes a document and
 * asserts every error's code, app-tag and error-path; each case also runs the incremental
 * validator from two valid trees and asserts that it reports the same errors.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ContainerNode, LeafNode } from '../../yang/index.ts';
import { decodeJson } from '../codec/json/json-decode.ts';
import type { DataTree } from '../instance/instance-node.ts';
import { updateAt } from '../instance/instance-path.ts';
import { testSchema } from '../test-schema.test-support.ts';
import { CONSTRAINTS_MODULE, validateBoth } from './validate.test-support.ts';

const schema = testSchema([CONSTRAINTS_MODULE]);
const decode = (json: Record<string, unknown>, config = true): DataTree => decodeJson(schema, json, { schema, config });

const BASE = {
  'v:top': {
    name: 'abc',
    ref: 'i1',
    items: {
      item: [
        { id: 'i1', label: 'L1', size: 3 },
        { id: 'i2', label: 'L2' },
      ],
    },
    users: [{ first: 'a', last: 'b', group: 'g1' }],
  },
  'v:groups': { group: [{ name: 'g1' }, { name: 'g2' }] },
};
const befores = [decode(BASE), decode({ 'v:top': { name: 'x', mode: 'slow', c2a: 'q', c2l: [1] } })];

const top = (members: Record<string, unknown>): Record<string, unknown> => ({ 'v:top': { name: 'abc', ...members } });

const triples = (tree: DataTree, type: 'config' | 'data' = 'config'): string[] =>
  validateBoth(tree, befores, { type })
    .map((error) => `${error.code} ${error.appTag ?? '-'} ${error.path ?? '-'}`)
    .sort();

describe('validateTree', () => {
  const cases: { name: string; json: Record<string, unknown>; expected: string[] }[] = [
    { name: 'valid base document', json: BASE, expected: [] },
    {
      name: 'empty datastore: the implicit np container has a must',
      json: {},
      expected: ['CONSTRAINT_VIOLATION name-needed /v:top/np'],
    },
    {
      name: 'must with error-message and error-app-tag, against a default',
      json: top({ items: { item: [{ id: 'i1', size: 9 }] } }),
      expected: ["CONSTRAINT_VIOLATION size-limit /v:top/items/item[id='i1']/size"],
    },
    {
      name: 'leafref without target',
      json: top({ ref: 'zz' }),
      expected: ['DATA_MISSING instance-required /v:top/ref'],
    },
    { name: 'leafref without require-instance', json: top({ loose: 'zz' }), expected: [] },
    {
      name: 'unique',
      json: top({
        items: {
          item: [
            { id: 'i1', label: 'x' },
            { id: 'i2', label: 'x' },
          ],
        },
      }),
      expected: ["CONSTRAINT_VIOLATION data-not-unique /v:top/items/item[id='i2']"],
    },
    {
      name: 'max-elements of a list and of a leaf-list',
      json: top({ items: { item: [{ id: 'a', tags: ['1', '2', '3'] }, { id: 'b' }, { id: 'c' }, { id: 'd' }] } }),
      expected: [
        'CONSTRAINT_VIOLATION too-many-elements /v:top/items/item',
        "CONSTRAINT_VIOLATION too-many-elements /v:top/items/item[id='a']/tags",
      ],
    },
    {
      name: 'mandatory leaf and mandatory choice in a presence container',
      json: top({ pres: {} }),
      expected: ['DATA_MISSING missing-choice /v:top/pres', 'MISSING_ELEMENT - /v:top/pres/req'],
    },
    { name: 'complete presence container', json: top({ pres: { req: 'r', y: 'y' } }), expected: [] },
    {
      name: 'when false on a stored leaf',
      json: top({ slowness: 3 }),
      expected: ['CONSTRAINT_VIOLATION - /v:top/slowness'],
    },
    { name: 'when true', json: { 'v:top': { mode: 'slow', slowness: 3 } }, expected: [] },
    {
      name: 'must on a default of the default case',
      json: top({ c1a: 1 }),
      expected: ['CONSTRAINT_VIOLATION must-violation /v:top/c1a'],
    },
    {
      name: 'min-elements inside the case in use',
      json: top({ c2a: 'q' }),
      expected: ['CONSTRAINT_VIOLATION too-few-elements /v:top/c2l'],
    },
    {
      name: 'when with derived-from-or-self, false',
      json: top({ extra: {} }),
      expected: ['CONSTRAINT_VIOLATION - /v:top/extra'],
    },
    { name: 'when with derived-from-or-self, true', json: top({ kind: 'v:b', extra: {} }), expected: [] },
    {
      name: 'identity not derived',
      json: top({ kind: 'v:other', extra: {} }),
      expected: ['CONSTRAINT_VIOLATION - /v:top/extra'],
    },
    {
      name: 'instance-identifier without target',
      json: top({ iid: "/v:top/items/item[id='i9']" }),
      expected: ['DATA_MISSING instance-required /v:top/iid'],
    },
    { name: 'instance-identifier to a default', json: top({ iid: '/v:top/limit' }), expected: [] },
    {
      name: 'must on a container with error-message',
      json: top({ items: { item: [{ id: 'i1', label: 'forbidden' }] } }),
      expected: ['CONSTRAINT_VIOLATION must-violation /v:top'],
    },
    { name: 'np container removed by its when', json: { 'v:top': { mode: 'slow' } }, expected: [] },
    {
      name: 'absolute leafref and a leafref with key predicates',
      json: {
        'v:top': {
          name: 'abc',
          users: [
            { first: 'a', last: 'b', group: 'g1', 'peer-first': 'c', 'peer-last': 'd', peer: 'c' },
            { first: 'c', last: 'd', group: 'nope', 'peer-first': 'a', 'peer-last': 'x', peer: 'a' },
          ],
        },
        'v:groups': { group: [{ name: 'g1' }] },
      },
      expected: [
        "DATA_MISSING instance-required /v:top/users[first='c'][last='d']/group",
        "DATA_MISSING instance-required /v:top/users[first='c'][last='d']/peer",
      ],
    },
    {
      name: 'must with count() over a list',
      json: { 'v:top': { name: 'abc' }, 'v:groups': { group: [{ name: 'g1' }, { name: 'g2' }], total: 1 } },
      expected: ['CONSTRAINT_VIOLATION must-violation /v:groups/total'],
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      assert.deepEqual(triples(decode(testCase.json)), [...testCase.expected].sort());
    });
  }

  it('reports the restriction a stored value breaks (values built without the codec)', () => {
    const topNode = schema.dataChildIndex.get('v:top') as ContainerNode;
    const limit = topNode.dataChildIndex.get('v:limit') as LeafNode;
    const name = topNode.dataChildIndex.get('v:name') as LeafNode;
    let tree = decode(BASE);
    tree = updateAt(tree, [{ schema: topNode }, { schema: limit }], () => 11);
    tree = updateAt(tree, [{ schema: topNode }, { schema: name }], () => 'ABC');
    const errors = validateBoth(tree, befores);
    assert.deepEqual(
      errors.map((error) => `${error.code} ${error.path}`),
      ['INVALID_VALUE /v:top/limit', 'INVALID_VALUE /v:top/name'],
    );
  });

  it('state data is an error in a configuration tree, not in a data tree', () => {
    const tree = decode(top({ state: 's' }), false);
    assert.deepEqual(triples(tree, 'config'), ['INVALID_VALUE - /v:top/state']);
    assert.deepEqual(triples(tree, 'data'), []);
  });

  it('reports the messages of the module', () => {
    const errors = validateBoth(decode(top({ items: { item: [{ id: 'i1', size: 9 }] } })), befores);
    assert.equal(errors[0]?.message, 'too big');
  });
});
