/**
 * @module test/restconf/compact-schema.test
 * The compact schema resource over a real HTTPS socket: its format and module list, nodes of
 * every kind with what a generic client needs (keys, presence, defaults, must with the module's
 * message), each built-in type with its restrictions, a leafref's target path, actions with
 * input and output; the entity tag and 304; 406 for a type it does not produce; authentication.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CompactNode, CompactSchema } from '../../src/yang/index.ts';
import type { RestconfTestServer } from './restconf-test-server.ts';
import { jsonOf, startRestconfServer } from './restconf-test-server.ts';

const child = (node: CompactNode | undefined, name: string): CompactNode => {
  const found = node?.children?.find((candidate) => candidate.name === name);
  assert.ok(found, `${node?.name ?? '?'} has no child ${name}`);
  return found;
};

describe('RESTCONF compact schema', () => {
  let server: RestconfTestServer;
  let schema: CompactSchema;
  const top = (name: string): CompactNode => {
    const found = schema.data.find((node) => node.name === name);
    assert.ok(found, `no top-level node ${name}`);
    return found;
  };
  before(async () => {
    server = await startRestconfServer();
    const response = await server.request('GET', '/compact-schema');
    assert.equal(response.status, 200);
    schema = jsonOf<CompactSchema>(response);
  });
  after(async () => {
    await server.close();
  });

  it('is application/json with its format version and the module set', async () => {
    const response = await server.request('GET', '/compact-schema');
    assert.equal(response.headers['content-type'], 'application/json');
    assert.equal(schema.format, 'idconf-compact-schema/1');
    assert.match(schema['content-id'], /^[0-9a-f]{32}$/);
    const jukebox = schema.modules.find((module) => module.name === 'example-jukebox');
    assert.deepEqual(jukebox, {
      name: 'example-jukebox',
      revision: '2016-08-15',
      namespace: 'http://example.com/ns/example-jukebox',
      prefix: 'jbox',
      implemented: true,
      prefixes: { jbox: 'example-jukebox' },
    });
  });
  it('containers, presence, lists with keys, the module on top-level nodes only', () => {
    const jukebox = top('jukebox');
    assert.equal(jukebox.module, 'example-jukebox');
    assert.match(jukebox.presence ?? '', /jukebox service/);
    const artist = child(child(jukebox, 'library'), 'artist');
    assert.equal(artist.kind, 'list');
    assert.deepEqual(artist.keys, ['name']);
    assert.equal(artist.module, undefined);
    assert.equal(child(artist, 'name').description, 'Artist name.');
  });
  it('state data is config false', () => {
    const count = child(child(top('jukebox'), 'library'), 'artist-count');
    assert.equal(count.config, false);
    assert.equal(count.units, 'artists');
  });
  it('leaves: defaults, ordered-by user leaf-lists, must with its message and app-tag', () => {
    const settings = top('settings');
    assert.equal(child(settings, 'mtu').default, '1500');
    assert.equal(child(settings, 'tags')['ordered-by'], 'user');
    assert.deepEqual(child(settings, 'low').must, [
      { xpath: '. < ../high', 'error-message': 'low must be below high', 'error-app-tag': 'low-above-high' },
    ]);
    assert.deepEqual(child(settings, 'pair').keys, ['a', 'b']);
  });
  it('every built-in type with its restrictions', () => {
    const types = top('types');
    const typeOf = (name: string) => child(types, name).type;
    assert.deepEqual(typeOf('price'), { base: 'decimal64', 'fraction-digits': 2 });
    assert.deepEqual(typeOf('color'), {
      base: 'enumeration',
      enums: [
        { name: 'red', value: 0 },
        { name: 'green', value: 1 },
      ],
    });
    assert.deepEqual(typeOf('options'), {
      base: 'bits',
      bits: [
        { name: 'fast', position: 0 },
        { name: 'safe', position: 1 },
      ],
    });
    assert.deepEqual(typeOf('either'), { base: 'union', members: [{ base: 'int32' }, { base: 'string' }] });
    assert.deepEqual(typeOf('genre'), { base: 'identityref', bases: ['example-jukebox:genre'] });
    assert.deepEqual(typeOf('ref'), {
      base: 'leafref',
      path: '../../settings/name',
      target: '/t-restconf:settings/name',
      'target-type': { base: 'string' },
    });
    assert.equal(typeOf('marker')?.base, 'empty');
    const year = child(child(child(child(top('jukebox'), 'library'), 'artist'), 'album'), 'year');
    assert.deepEqual(year.type?.range, { intervals: [['1900', '65535']] });
  });
  it('patterns carry the XSD and an equivalent ECMAScript expression', () => {
    const patterned = schema.data
      .flatMap(function walk(node: CompactNode): CompactNode[] {
        return [node, ...(node.children ?? []).flatMap(walk)];
      })
      .find((node) => node.type?.patterns !== undefined);
    assert.ok(patterned, 'some leaf has a pattern');
    const pattern = patterned.type?.patterns?.[0];
    assert.ok(pattern);
    assert.doesNotThrow(() => new RegExp(pattern.regex, pattern.flags));
  });
  it('identities with their bases', () => {
    assert.deepEqual(schema.identities['example-jukebox:jazz'], { bases: ['example-jukebox:genre'] });
  });
  it('actions with input and output; RPCs apart', () => {
    const reset = child(child(top('interfaces'), 'interface'), 'reset');
    assert.equal(reset.kind, 'action');
    const delay = child(child(reset, 'input'), 'delay');
    assert.equal(delay.default, '0');
    assert.equal(delay.units, 'seconds');
    assert.ok(schema.rpcs.some((rpc) => rpc.kind === 'rpc' && rpc.module === 'example-ops'));
  });
  it('an entity tag: If-None-Match gives 304', async () => {
    const first = await server.request('GET', '/compact-schema');
    const tag = first.headers.etag;
    assert.ok(typeof tag === 'string' && tag.length > 2);
    const again = await server.request('GET', '/compact-schema', { headers: { 'If-None-Match': tag } });
    assert.equal(again.status, 304);
  });
  it('406 when JSON is not acceptable; 401 without credentials; 405 for a write', async () => {
    assert.equal((await server.request('GET', '/compact-schema', { accept: 'application/yang-data+xml' })).status, 406);
    assert.equal((await server.request('GET', '/compact-schema', { anonymous: true })).status, 401);
    assert.equal((await server.request('POST', '/compact-schema', { body: {} })).status, 405);
  });
});
