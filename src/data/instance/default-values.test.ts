/**
 * @module data/instance/default-values.test
 * Default values: own and typedef defaults, prefixed identityref defaults, leaf-list defaults,
 * choices (active and default case), and keyless state lists.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ContainerNode, LeafListNode, LeafNode } from '../../yang/index.ts';
import { identityValue } from '../../yang/index.ts';
import { decodeJson } from '../codec/json/json-decode.ts';
import { encodeJsonString } from '../codec/json/json-encode.ts';
import { testSchema } from '../test-schema.test-support.ts';
import { hasDefaults, leafDefault, leafListDefaults } from './default-values.ts';

const MODULE = `module dv {
  yang-version 1.1;
  namespace "urn:dv";
  prefix dv;
  import ietf-inet-types { prefix inet; }
  identity kind;
  identity fast { base kind; }
  typedef port { type inet:port-number; default 8080; }
  container c {
    leaf k { type identityref { base kind; } default "dv:fast"; }
    leaf p { type port; }
    leaf own { type port; default 443; }
    leaf hex { type uint8; default 0x1F; }
    leaf-list tags { type string; default "a"; default "b"; }
    choice outer {
      case one {
        choice inner { default deep; case deep { leaf d { type string; default "deep"; } } }
      }
      case two { leaf t { type string; default "two"; } }
    }
  }
  container nodefaults { leaf x { type string; } }
  list log { config false; leaf msg { type string; } }
}`;

const schema = testSchema([MODULE]);
const c = schema.dataChildIndex.get('dv:c') as ContainerNode;
const leaf = (name: string): LeafNode => c.dataChildIndex.get(`dv:${name}`) as LeafNode;

describe('default values', () => {
  it('parses prefixed identityref defaults', () =>
    assert.deepEqual(leafDefault(schema, leaf('k')), identityValue('dv', 'fast')));
  it("takes the typedef's default, unless the leaf has its own", () => {
    assert.equal(leafDefault(schema, leaf('p')), 8080);
    assert.equal(leafDefault(schema, leaf('own')), 443);
  });
  it('accepts the module-only integer notations', () => assert.equal(leafDefault(schema, leaf('hex')), 31));
  it('has leaf-list defaults', () =>
    assert.deepEqual(leafListDefaults(schema, c.dataChildIndex.get('dv:tags') as LeafListNode), ['a', 'b']));
  it('knows which containers have defaults', () => {
    assert.equal(hasDefaults(c), true);
    assert.equal(hasDefaults(schema.dataChildIndex.get('dv:nodefaults') as ContainerNode), false);
  });
  it('a choice without a default case contributes no defaults until a case is chosen', () => {
    const report = (members: object): unknown =>
      JSON.parse(
        encodeJsonString(decodeJson(schema, { 'dv:c': members }, { schema }), schema, { withDefaults: 'report-all' }),
      )['dv:c'];
    const base = { k: 'dv:fast', p: 8080, own: 443, hex: 31, tags: ['a', 'b'] };
    assert.deepEqual(report({}), base);
    assert.deepEqual(report({ t: 'x' }), { ...base, t: 'x' });
    assert.deepEqual(report({ d: 'x' }), { ...base, d: 'x' });
  });
  it('decodes keyless state lists, keeping every entry in order', () => {
    const log = [{ msg: 'a' }, { msg: 'a' }, { msg: 'b' }];
    const tree = decodeJson(schema, { 'dv:log': log }, { schema });
    assert.equal(encodeJsonString(tree, schema), JSON.stringify({ 'dv:log': log }));
  });
});

describe('operation input', () => {
  it('decodes and encodes an RPC input', () => {
    const jukebox = testSchema([], ['example-jukebox']);
    const play = jukebox.rpcs.find((rpc) => rpc.name === 'play');
    assert.ok(play !== undefined);
    const input = decodeJson(
      play.input,
      { playlist: 'Foo-One', 'song-number': 1 },
      { schema: jukebox, qualifiedTop: false },
    );
    const playlist = play.input.dataChildIndex.get('example-jukebox:playlist') as LeafNode;
    assert.equal(
      encodeJsonString({ schema: playlist, value: input.slots[0] }, jukebox),
      '{"example-jukebox:playlist":"Foo-One"}',
    );
  });
});
