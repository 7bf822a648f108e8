/**
 * @module restconf/rfc8040-examples.test
 * The request URIs of RFC 8040's examples (the example-jukebox, example-ops and
 * example-actions modules of its Appendix A and §3.6) parse to the resources the RFC means.
 * @see RFC 8040 §3.5.3, §3.6, §4.4–§4.8, Appendix B
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatInstancePath } from '../data/index.ts';
import { unwrapDatastoreBody, unwrapOperationInput } from './body-wrapper.ts';
import { parseDataResourcePath } from './data-resource-path.ts';
import { parseOperationsPath } from './operations-path.ts';
import type { RestconfMethod } from './query-parameters.ts';
import { parseQuery } from './query-parameters.ts';
import { pathsTestSchema } from './test-modules.test-support.ts';

const schema = pathsTestSchema();

/** Splits an example request URI into its resource part and query, and parses both. */
const request = (method: RestconfMethod, uri: string) => {
  const [path = '', query = ''] = uri.split('?');
  const prefix = '/restconf';
  assert.ok(path.startsWith(prefix), uri);
  const rest = path.slice(prefix.length);
  if (rest.startsWith('/operations')) {
    const target = parseOperationsPath(rest.slice('/operations'.length), schema);
    return { target, query: parseQuery(query, { method, target, schema }) };
  }
  assert.ok(rest === '/data' || rest.startsWith('/data/'), uri);
  const target = parseDataResourcePath(rest.slice('/data'.length), schema);
  return { target, query: parseQuery(query, { method, target, schema }) };
};

const dataPath = (method: RestconfMethod, uri: string): string => {
  const { target } = request(method, uri);
  assert.equal(target.kind, 'data');
  return target.kind === 'data' ? formatInstancePath(target.path) : '';
};

const ALBUM = "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']";

describe('RFC 8040 example requests', () => {
  it('§3.5.3: a list entry inside a list entry', () =>
    assert.equal(
      dataPath('GET', '/restconf/data/example-jukebox:jukebox/library/artist=Foo%20Fighters/album=Wasting%20Light'),
      ALBUM,
    ));
  it('§4.4.1 / B.2.1: POST creating an artist, then an album of it', () => {
    assert.equal(
      dataPath('POST', '/restconf/data/example-jukebox:jukebox/library'),
      '/example-jukebox:jukebox/library',
    );
    assert.equal(
      dataPath('POST', '/restconf/data/example-jukebox:jukebox/library/artist=Foo%20Fighters'),
      "/example-jukebox:jukebox/library/artist[name='Foo Fighters']",
    );
  });
  it('§4.5: PUT of an album', () =>
    assert.equal(
      dataPath('PUT', '/restconf/data/example-jukebox:jukebox/library/artist=Foo%20Fighters/album=Wasting%20Light'),
      ALBUM,
    ));
  it('§4.6.1: plain PATCH of an album, and of the datastore with ietf-restconf:data', () => {
    assert.equal(
      dataPath('PATCH', '/restconf/data/example-jukebox:jukebox/library/artist=Foo%20Fighters/album=Wasting%20Light'),
      ALBUM,
    );
    assert.equal(request('PATCH', '/restconf/data').target.kind, 'datastore');
    const body = {
      'ietf-restconf:data': { 'example-jukebox:jukebox': { library: { artist: [{ name: 'Foo Fighters' }] } } },
    };
    assert.deepEqual(Object.keys(unwrapDatastoreBody(body)), ['example-jukebox:jukebox']);
  });
  it('§4.7: DELETE of an album', () =>
    assert.equal(
      dataPath('DELETE', '/restconf/data/example-jukebox:jukebox/library/artist=Foo%20Fighters/album=Wasting%20Light'),
      ALBUM,
    ));
  it('§3.6.1: POST of the RPC example-ops:reboot with its input', () => {
    const { target } = request('POST', '/restconf/operations/example-ops:reboot');
    assert.equal(target.kind === 'rpc' && target.rpc.name, 'reboot');
    if (target.kind !== 'rpc') return;
    const input = {
      'example-ops:input': { delay: 600, message: 'Going down for system maintenance', language: 'en-US' },
    };
    assert.equal(unwrapOperationInput(input, target.rpc).delay, 600);
  });
  it('§3.6.2: POST of example-ops:get-reboot-info without input', () => {
    const { target } = request('POST', '/restconf/operations/example-ops:get-reboot-info');
    assert.equal(target.kind === 'rpc' && target.rpc.name, 'get-reboot-info');
  });
  it('§3.6.1: POST of the action reset of interface eth1', () => {
    const { target } = request('POST', '/restconf/data/example-actions:interfaces/interface=eth1/reset');
    assert.equal(target.kind, 'action');
    if (target.kind !== 'action') return;
    assert.equal(formatInstancePath(target.path), "/example-actions:interfaces/interface[name='eth1']");
    assert.deepEqual(unwrapOperationInput({ 'example-actions:input': { delay: 600 } }, target.action), { delay: 600 });
  });
  it('§3.3.2: GET of the operations resource', () =>
    assert.equal(request('GET', '/restconf/operations').target.kind, 'operations'));
  it('B.3.2: depth=unbounded, 1 and 3 on the jukebox', () => {
    assert.deepEqual(request('GET', '/restconf/data/example-jukebox:jukebox?depth=unbounded').query.read, {});
    assert.equal(request('GET', '/restconf/data/example-jukebox:jukebox?depth=1').query.read.depth, 1);
    assert.equal(request('GET', '/restconf/data/example-jukebox:jukebox?depth=3').query.read.depth, 3);
  });
  it('B.3.3: fields on modules-state, from the datastore and from the container', () => {
    const fromRoot = request('GET', '/restconf/data?fields=ietf-yang-library:modules-state/module(name;revision)');
    assert.equal([...(fromRoot.query.read.fields?.keys() ?? [])][0]?.name, 'modules-state');
    const fromContainer = request('GET', '/restconf/data/ietf-yang-library:modules-state?fields=module(name;revision)');
    assert.equal([...(fromContainer.query.read.fields?.keys() ?? [])][0]?.name, 'module');
  });
  it('B.3.4: insert=first into a playlist', () =>
    assert.deepEqual(
      request('POST', '/restconf/data/example-jukebox:jukebox/playlist=Foo-One?insert=first').query.insertion,
      { where: 'first' },
    ));
  it('B.3.5: insert=after with a point', () => {
    const { query } = request(
      'POST',
      '/restconf/data/example-jukebox:jukebox/playlist=Foo-One?insert=after&point=%2Fexample-jukebox%3Ajukebox%2Fplaylist=Foo-One%2Fsong=1',
    );
    const insertion = query.insertion;
    assert.ok(insertion !== undefined && 'point' in insertion);
    assert.equal(
      formatInstancePath(insertion.point.path),
      "/example-jukebox:jukebox/playlist[name='Foo-One']/song[index='1']",
    );
  });
});
