/**
 * @module data/codec/json/json-encode.test
 * JSON encoding: value forms, member qualification and order, streaming, and the read options
 * (content, depth, fields, with-defaults).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ContainerNode, LeafNode, ListNode } from '../../../yang/index.ts';
import type { ListInstance } from '../../instance/instance-node.ts';
import { getChild } from '../../instance/instance-node.ts';
import { findEntry } from '../../instance/list-instance.ts';
import { parseFields } from '../../read/fields-selector.ts';
import { AUGMENT_MODULE, TYPES_MODULE } from '../../test-modules.test-support.ts';
import { testSchema } from '../../test-schema.test-support.ts';
import { decodeJson } from './json-decode.ts';
import type { EncodeJsonOptions } from './json-encode.ts';
import { encodeJson, encodeJsonString } from './json-encode.ts';

const schema = testSchema([TYPES_MODULE, AUGMENT_MODULE]);
const top = schema.dataChildIndex.get('t:top') as ContainerNode;
const roundTrip = (json: unknown, options: EncodeJsonOptions = {}): unknown =>
  JSON.parse(encodeJsonString(decodeJson(schema, json, { schema }), schema, options));
const encodeTop = (members: Record<string, unknown>, options: EncodeJsonOptions = {}): unknown =>
  (roundTrip({ 't:top': members }, options) as Record<string, unknown>)['t:top'];

describe('encodeJson values and names', () => {
  it('writes each type family in its RFC 7951 form', () => {
    const members = {
      s: 'a"b',
      i64: '-9007199254740993',
      u8: 7,
      d: '1.5',
      e: [null],
      id: 'one',
      b: 'b a',
      flag: true,
      ll: ['x', 'y'],
      any: { free: ['form'] },
    };
    assert.deepEqual(encodeTop(members), {
      s: 'a"b',
      i64: '-9007199254740993',
      u8: 7,
      d: '1.5',
      e: [null],
      id: 't:one',
      b: 'a b',
      flag: true,
      ll: ['x', 'y'],
      any: { free: ['form'] },
    });
  });
  it('qualifies names at the top and where the module changes, in schema order, keys first', () => {
    const tree = decodeJson(
      schema,
      { 'u:standalone': 's', 't:top': { 'u:extra': 'e', l: [{ v: 'x', k2: 'b', k1: 1 }], s: 'a' } },
      { schema },
    );
    assert.equal(
      encodeJsonString(tree, schema),
      '{"t:top":{"s":"a","l":[{"k1":1,"k2":"b","v":"x"}],"u:extra":"e"},"u:standalone":"s"}',
    );
  });
  it('encodes one node as a single qualified member', () => {
    const tree = decodeJson(schema, { 't:top': { l: [{ k1: 1, k2: 'b', v: 'x' }], s: 'a' } }, { schema });
    const topNode = getChild(tree, top);
    const list = top.dataChildIndex.get('t:l') as ListNode;
    const instance = getChild(topNode as never, list) as ListInstance;
    assert.equal(encodeJsonString({ schema: list, value: instance }, schema), '{"t:l":[{"k1":1,"k2":"b","v":"x"}]}');
    assert.equal(
      encodeJsonString({ schema: list, value: findEntry(instance, [1, 'b']) }, schema),
      '{"t:l":[{"k1":1,"k2":"b","v":"x"}]}',
    );
    const s = top.dataChildIndex.get('t:s') as LeafNode;
    assert.equal(encodeJsonString({ schema: s, value: 'a' }, schema), '{"t:s":"a"}');
  });
  it('streams large lists in several chunks that join to the same text', () => {
    const entries = Array.from({ length: 3000 }, (_, index) => ({ name: `n${index}` }));
    const tree = decodeJson(schema, { 't:top': { ul: entries } }, { schema });
    const chunks = [...encodeJson(tree, schema, { chunkSize: 1000 })];
    assert.ok(chunks.length > 10);
    assert.deepEqual(JSON.parse(chunks.join('')), { 't:top': { ul: entries } });
  });
});

describe('read options', () => {
  const data = {
    't:top': {
      s: 'a',
      state: 'up',
      np: { z: 'z' },
      l: [{ k1: 1, k2: 'b', v: 'x', sv: 'y' }],
      ul: [{ name: 'n' }],
      p: 50,
    },
    't:stats': { count: 3 },
  };
  it('content=config drops state data', () => {
    assert.deepEqual(roundTrip(data, { content: 'config' }), {
      't:top': { s: 'a', np: { z: 'z' }, l: [{ k1: 1, k2: 'b', v: 'x' }], ul: [{ name: 'n' }], p: 50 },
    });
  });
  it('content=nonconfig keeps state data, its ancestors and list keys', () => {
    assert.deepEqual(roundTrip(data, { content: 'nonconfig' }), {
      't:top': { state: 'up', l: [{ k1: 1, k2: 'b', sv: 'y' }] },
      't:stats': { count: 3 },
    });
  });
  it('depth counts the target as 1 and keeps list keys', () => {
    assert.deepEqual(roundTrip(data, { depth: 1 }), { 't:top': {}, 't:stats': {} });
    assert.deepEqual(roundTrip(data, { depth: 2 }), {
      't:top': { s: 'a', state: 'up', np: {}, l: [{ k1: 1, k2: 'b' }], ul: [{ name: 'n' }], p: 50 },
      't:stats': { count: 3 },
    });
  });
  it('fields selects descendants with their ancestors', () => {
    const fields = parseFields('t:top(s;l/v;np)', schema, schema);
    assert.deepEqual(roundTrip(data, { fields }), {
      't:top': { s: 'a', np: { z: 'z' }, l: [{ k1: 1, k2: 'b', v: 'x' }] },
    });
  });
  it('fields with depth: the selected node counts as level 1', () => {
    const fields = parseFields('t:top/np', schema, schema);
    assert.deepEqual(roundTrip(data, { fields, depth: 1 }), { 't:top': { np: {} } });
  });
  describe('with-defaults', () => {
    const sparse = { 't:top': { s: 'a', p: 50, dflt: 'other' } };
    it('explicit reports what was set, including values equal to a default', () => {
      assert.deepEqual(roundTrip(sparse, { withDefaults: 'explicit' }), sparse);
    });
    it('trim drops values equal to their default', () => {
      assert.deepEqual(roundTrip(sparse, { withDefaults: 'trim' }), { 't:top': { s: 'a', dflt: 'other' } });
    });
    it('report-all adds defaults, in non-presence containers and the default case only', () => {
      assert.deepEqual(roundTrip(sparse, { withDefaults: 'report-all' }), {
        't:top': { s: 'a', p: 50, dflt: 'other', lld: [1, 2], np: { x: 'x' }, c1a: 'a' },
      });
    });
    it('report-all follows the active case', () => {
      assert.deepEqual(roundTrip({ 't:top': { c2b: 'q' } }, { withDefaults: 'report-all' }), {
        't:top': { p: 50, dflt: 'hello', lld: [1, 2], np: { x: 'x' }, c2a: 'b', c2b: 'q' },
      });
    });
    it('report-all-tagged marks defaults with the RFC 7952 annotation', () => {
      const tag = { 'ietf-netconf-with-defaults:default': true };
      assert.deepEqual(roundTrip(sparse, { withDefaults: 'report-all-tagged' }), {
        't:top': {
          s: 'a',
          p: 50,
          '@p': tag,
          dflt: 'other',
          lld: [1, 2],
          '@lld': [tag, tag],
          np: { x: 'x', '@x': tag },
          c1a: 'a',
          '@c1a': tag,
        },
      });
    });
    it('reports the defaults of a present presence container, not of an absent one', () => {
      assert.deepEqual(
        (roundTrip({ 't:top': { pres: {} } }, { withDefaults: 'report-all' }) as { 't:top': unknown })['t:top'],
        { p: 50, dflt: 'hello', lld: [1, 2], np: { x: 'x' }, pres: { y: 'y' }, c1a: 'a' },
      );
    });
    it('an absent target container yields its defaults', () => {
      const np = top.dataChildIndex.get('t:np') as ContainerNode;
      assert.equal(
        encodeJsonString({ schema: np, value: undefined }, schema, { withDefaults: 'report-all' }),
        '{"t:np":{"x":"x"}}',
      );
      assert.equal(encodeJsonString({ schema: np, value: undefined }, schema), '{}');
    });
  });
});
