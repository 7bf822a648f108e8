/**
 * @module data/codec/json/json-decode.test
 * JSON decoding: typed values, module qualification, input order, and every error with its
 * error-tag, error-path and message.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isManagementError } from '../../../errors/index.ts';
import type { ContainerNode, LeafNode, ListNode } from '../../../yang/index.ts';
import { decimal64, identityValue } from '../../../yang/index.ts';
import type { ContainerInstance, ListInstance } from '../../instance/instance-node.ts';
import { getChild, getLeaf } from '../../instance/instance-node.ts';
import { entriesOf, keyValuesOf } from '../../instance/list-instance.ts';
import { AUGMENT_MODULE, TYPES_MODULE } from '../../test-modules.test-support.ts';
import { testSchema } from '../../test-schema.test-support.ts';
import type { DecodeJsonOptions } from './json-decode.ts';
import { decodeJson } from './json-decode.ts';

const schema = testSchema([TYPES_MODULE, AUGMENT_MODULE]);
const top = schema.dataChildIndex.get('t:top') as ContainerNode;
const leaf = (name: string, module = 't'): LeafNode => top.dataChildIndex.get(`${module}:${name}`) as LeafNode;
const decodeTop = (members: Record<string, unknown>, options: Partial<DecodeJsonOptions> = {}): ContainerInstance => {
  const tree = decodeJson(schema, { 't:top': members }, { schema, ...options });
  return getChild(tree, top) as ContainerInstance;
};

describe('decodeJson values', () => {
  const cases: readonly { readonly leaf: string; readonly json: unknown; readonly value: unknown }[] = [
    { leaf: 's', json: 'abc', value: 'abc' },
    { leaf: 'i64', json: '-9007199254740993', value: -9007199254740993n },
    { leaf: 'u8', json: 200, value: 200 },
    { leaf: 'd', json: '1.5', value: decimal64(150n, 2) },
    { leaf: 'e', json: [null], value: null },
    { leaf: 'id', json: 't:one', value: identityValue('t', 'one') },
    { leaf: 'id', json: 'one', value: identityValue('t', 'one') },
    { leaf: 'b', json: 'b a', value: ['a', 'b'] },
    { leaf: 'flag', json: false, value: false },
    { leaf: 'addr', json: '192.0.2.1', value: '192.0.2.1' },
  ];
  for (const { leaf: name, json, value } of cases) {
    it(`${name} ← ${JSON.stringify(json)}`, () =>
      assert.deepEqual(getLeaf(decodeTop({ [name]: json }), leaf(name)), value));
  }
  it('accepts qualified names, and names of another module only qualified', () => {
    const node = decodeTop({ 't:s': 'a', 'u:extra': 'x', 'u:more': { m: 5 } });
    assert.equal(getLeaf(node, leaf('s')), 'a');
    assert.equal(getLeaf(node, leaf('extra', 'u')), 'x');
  });
  it('keeps the input order of list entries', () => {
    const list = top.dataChildIndex.get('t:ul') as ListNode;
    const names = ['z', 'a', 'm', 'b'];
    const node = decodeTop({ ul: names.map((name) => ({ name })) });
    assert.deepEqual(
      [...entriesOf(getChild(node, list) as ListInstance)].map((entry) => keyValuesOf(entry)[0]),
      names,
    );
  });
  it('drops empty non-presence containers and keeps presence containers', () => {
    const node = decodeTop({ np: {}, pres: {} });
    assert.equal(getChild(node, top.dataChildIndex.get('t:np') as ContainerNode), undefined);
    assert.notEqual(getChild(node, top.dataChildIndex.get('t:pres') as ContainerNode), undefined);
  });
  it('ignores metadata annotations', () => {
    assert.equal(getLeaf(decodeTop({ s: 'a', '@s': { 'ietf-netconf-with-defaults:default': true } }), leaf('s')), 'a');
  });
  it('decodes a subtree below a given parent, names inheriting its module', () => {
    const node = decodeJson(top, { s: 'abc' }, { schema, qualifiedTop: false });
    assert.equal(getLeaf(node, leaf('s')), 'abc');
  });
  it('keeps anydata as raw JSON', () => {
    const node = decodeTop({ any: { whatever: [1, 2] } });
    assert.deepEqual(getChild(node, top.dataChildIndex.get('t:any') as never), { whatever: [1, 2] });
  });
  it('accepts state data unless the input is configuration', () => {
    assert.equal(getLeaf(decodeTop({ state: 'up' }), leaf('state')), 'up');
  });
});

describe('decodeJson errors', () => {
  const cases: readonly {
    readonly name: string;
    readonly json: unknown;
    readonly options?: Partial<DecodeJsonOptions>;
    readonly tag: string;
    readonly path: string;
    readonly message?: RegExp;
    readonly appTag?: string;
  }[] = [
    {
      name: 'not an object',
      json: [1],
      tag: 'malformed-message',
      path: '/',
      message: /expected a JSON object, not an array/,
    },
    {
      name: 'unqualified top-level member',
      json: { top: {} },
      tag: 'malformed-message',
      path: '/',
      message: /"top" needs its module name.*RFC 7951 §4.*write "t:top"/,
    },
    {
      name: 'unknown module',
      json: { 'nosuch:top': {} },
      tag: 'unknown-namespace',
      path: '/',
      message: /no module named nosuch/,
    },
    {
      name: 'unknown member',
      json: { 't:top': { nope: 1 } },
      tag: 'unknown-element',
      path: '/t:top',
      message: /t:nope/,
    },
    {
      name: 'member of another module unqualified',
      json: { 't:top': { extra: 'x' } },
      tag: 'unknown-element',
      path: '/t:top',
    },
    { name: 'value out of range', json: { 't:top': { u8: 300 } }, tag: 'invalid-value', path: '/t:top/u8' },
    { name: 'string too long', json: { 't:top': { s: 'toolong' } }, tag: 'invalid-value', path: '/t:top/s' },
    { name: 'int64 as a number', json: { 't:top': { i64: 5 } }, tag: 'invalid-value', path: '/t:top/i64' },
    {
      name: 'null for a leaf',
      json: { 't:top': { s: null } },
      tag: 'invalid-value',
      path: '/t:top/s',
      message: /cannot be null/,
    },
    {
      name: 'object for a leaf',
      json: { 't:top': { s: { a: 1 } } },
      tag: 'invalid-value',
      path: '/t:top/s',
      message: /not an object/,
    },
    { name: 'empty as true', json: { 't:top': { e: true } }, tag: 'invalid-value', path: '/t:top/e' },
    { name: 'unknown identity', json: { 't:top': { id: 't:two' } }, tag: 'invalid-value', path: '/t:top/id' },
    {
      name: 'leaf-list not an array',
      json: { 't:top': { ll: 'a' } },
      tag: 'invalid-value',
      path: '/t:top/ll',
      message: /must be a JSON array/,
    },
    {
      name: 'duplicate leaf-list value',
      json: { 't:top': { ll: ['a', 'a'] } },
      tag: 'invalid-value',
      path: '/t:top/ll',
      message: /more than once/,
    },
    {
      name: 'list not an array',
      json: { 't:top': { ul: { name: 'a' } } },
      tag: 'invalid-value',
      path: '/t:top/ul',
      message: /must be a JSON array, not an object/,
    },
    {
      name: 'list entry not an object',
      json: { 't:top': { ul: ['a'] } },
      tag: 'invalid-value',
      path: '/t:top/ul',
      message: /must be a JSON object/,
    },
    {
      name: 'missing key',
      json: { 't:top': { l: [{ k1: 1, v: 'x' }] } },
      tag: 'missing-element',
      path: '/t:top/l',
      message: /lacks its key leaf k2/,
    },
    {
      name: 'duplicate keys',
      json: {
        't:top': {
          l: [
            { k1: 1, k2: 'a' },
            { k1: 1, k2: 'a' },
          ],
        },
      },
      tag: 'invalid-value',
      path: "/t:top/l[k1='1'][k2='a']",
      message: /two entries with the same key/,
    },
    {
      name: 'bad value inside an entry names the entry',
      json: { 't:top': { l: [{ k1: 1, k2: 'a', v: 5 }] } },
      tag: 'invalid-value',
      path: "/t:top/l[k1='1'][k2='a']/v",
    },
    { name: 'container not an object', json: { 't:top': { np: 'x' } }, tag: 'invalid-value', path: '/t:top/np' },
    {
      name: 'one node given twice',
      json: { 't:top': { s: 'a', 't:s': 'b' } },
      tag: 'invalid-value',
      path: '/t:top/s',
      message: /more than once/,
    },
    {
      name: 'two cases of one choice',
      json: { 't:top': { c1a: 'a', c2a: 'b' } },
      tag: 'invalid-value',
      path: '/t:top',
      message: /both case c1 and case c2/,
    },
    {
      name: 'state data in configuration',
      json: { 't:top': { state: 'x' } },
      options: { config: true },
      tag: 'invalid-value',
      path: '/t:top/state',
      message: /config false/,
    },
    {
      name: 'state key-list leaf in configuration',
      json: { 't:top': { l: [{ k1: 1, k2: 'a', sv: 'x' }] } },
      options: { config: true },
      tag: 'invalid-value',
      path: "/t:top/l[k1='1'][k2='a']/sv",
    },
    {
      name: 'a state container in configuration',
      json: { 't:stats': {} },
      options: { config: true },
      tag: 'invalid-value',
      path: '/t:stats',
    },
  ];
  for (const { name, json, options, tag, path, message, appTag } of cases) {
    it(name, () => {
      assert.throws(
        () => decodeJson(schema, json, { schema, ...options }),
        (error: unknown) => {
          assert.ok(isManagementError(error), String(error));
          assert.equal(error.tag, tag);
          assert.equal(error.path, path);
          if (message !== undefined) assert.match(error.message, message);
          if (appTag !== undefined) assert.equal(error.appTag, appTag);
          return true;
        },
      );
    });
  }
  it('carries the type restriction message and app-tag', () => {
    const module = `module r { namespace "urn:r"; prefix r;
      leaf code { type string { pattern "[a-z]+" { error-message "lower-case letters only"; error-app-tag "bad-code"; } } } }`;
    const restricted = testSchema([module]);
    assert.throws(
      () => decodeJson(restricted, { 'r:code': 'ABC' }, { schema: restricted }),
      (error: unknown) =>
        isManagementError(error) &&
        error.message === 'lower-case letters only' &&
        error.appTag === 'bad-code' &&
        error.path === '/r:code',
    );
  });
});
