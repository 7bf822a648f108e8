/**
 * @module test/restconf/read.test
 * Reading over a real HTTPS socket: the API root, yang-library-version, data resources in
 * JSON and XML (RFC 8040 Appendix B.1, B.3), HEAD, OPTIONS with Allow per resource kind, 405,
 * Accept negotiation and 406, every read query parameter and its errors, the YANG library with
 * downloadable module sources, restconf-state, and authentication.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RestconfTestServer } from './restconf-test-server.ts';
import { firstError, jsonOf, startRestconfServer } from './restconf-test-server.ts';

const JUKEBOX = '/data/example-jukebox:jukebox';
const FOO = `${JUKEBOX}/library/artist=Foo%20Fighters`;
const WASTING_LIGHT = `${FOO}/album=Wasting%20Light`;
const XML = 'application/yang-data+xml';

/** The top-level nodes of a JSON datastore body (inside `ietf-restconf:data`). */
const datastoreOf = (response: Parameters<typeof jsonOf>[0]): Record<string, unknown> =>
  jsonOf<Record<string, Record<string, unknown>>>(response)['ietf-restconf:data'] ?? {};

describe('RESTCONF reads', () => {
  let server: RestconfTestServer;
  before(async () => {
    server = await startRestconfServer();
  });
  after(async () => {
    await server.close();
  });

  describe('API resources', () => {
    it('the API root lists data, operations and yang-library-version (RFC 8040 B.1.1)', async () => {
      const response = await server.request('GET', '');
      assert.equal(response.status, 200);
      assert.equal(response.headers['content-type'], 'application/yang-data+json');
      assert.equal(response.headers['cache-control'], 'no-cache');
      assert.deepEqual(jsonOf(response), {
        'ietf-restconf:restconf': { data: {}, operations: {}, 'yang-library-version': '2019-01-04' },
      });
    });
    it('the API root in XML', async () => {
      const response = await server.request('GET', '/', { accept: XML });
      assert.equal(response.headers['content-type'], XML);
      assert.match(
        response.body,
        /^<restconf xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf"><data\/><operations\/><yang-library-version>2019-01-04<\/yang-library-version><\/restconf>/,
      );
    });
    it('yang-library-version (RFC 8040 B.1.3)', async () => {
      const json = await server.request('GET', '/yang-library-version');
      assert.deepEqual(jsonOf(json), { 'ietf-restconf:yang-library-version': '2019-01-04' });
      const xml = await server.request('GET', '/yang-library-version', { accept: XML });
      assert.equal(
        xml.body.trim(),
        '<yang-library-version xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf">2019-01-04</yang-library-version>',
      );
    });
    it('an unknown resource below the root is 404', async () => {
      const response = await server.request('GET', '/nothing-here');
      assert.equal(response.status, 404);
      assert.equal(firstError(response)['error-tag'], 'invalid-value');
    });
  });

  describe('data resources', () => {
    it('GET one list entry (RFC 8040 B.1.2-style)', async () => {
      const response = await server.request('GET', WASTING_LIGHT);
      assert.equal(response.status, 200);
      const album = jsonOf<{ 'example-jukebox:album': { name: string; year: number; song: unknown[] }[] }>(response)[
        'example-jukebox:album'
      ][0];
      assert.equal(album?.name, 'Wasting Light');
      assert.equal(album?.year, 2011);
      assert.equal(album?.song.length, 2);
    });
    it('GET the same entry in XML', async () => {
      const response = await server.request('GET', WASTING_LIGHT, { accept: XML });
      assert.equal(response.headers['content-type'], XML);
      assert.match(
        response.body,
        /^<album xmlns="http:\/\/example.com\/ns\/example-jukebox"><name>Wasting Light<\/name>/,
      );
      assert.match(response.body, /<genre( xmlns:[a-z-]+="[^"]+")?>[a-z-]+:alternative<\/genre>/);
    });
    it('GET a leaf', async () => {
      const response = await server.request('GET', `${WASTING_LIGHT}/year`);
      assert.deepEqual(jsonOf(response), { 'example-jukebox:year': 2011 });
    });
    it('GET one leaf-list value', async () => {
      const response = await server.request('GET', '/data/t-restconf:settings/tags=b');
      assert.deepEqual(jsonOf(response), { 't-restconf:tags': ['b'] });
    });
    it('GET every entry of a list (in XML wrapped in RESTCONF data)', async () => {
      const json = await server.request('GET', `${JUKEBOX}/library/artist?depth=1`);
      assert.deepEqual(jsonOf(json), {
        'example-jukebox:artist': [{ name: 'Foo Fighters' }, { name: 'Nick Cave and the Bad Seeds' }],
      });
      const xml = await server.request('GET', `${JUKEBOX}/library/artist?depth=1`, { accept: XML });
      assert.match(xml.body, /^<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf"><artist xmlns=/);
    });
    it('GET the datastore holds configuration and state', async () => {
      const response = await server.request('GET', '/data');
      const body = jsonOf<Record<string, Record<string, unknown>>>(response)['ietf-restconf:data'] ?? {};
      assert.deepEqual(Object.keys(jsonOf(response)), ['ietf-restconf:data']);
      assert.ok('example-jukebox:jukebox' in body);
      assert.ok('ietf-yang-library:yang-library' in body);
      assert.ok('idconf-rollback:rollback-files' in body);
      assert.ok('ietf-restconf-monitoring:restconf-state' in body);
      const xml = await server.request('GET', '/data?content=config', { accept: XML });
      assert.match(xml.body, /^<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf">/);
      assert.doesNotMatch(xml.body, /yang-library/);
    });
    it('a missing instance is 404 with its error-path', async () => {
      const response = await server.request('GET', `${FOO}/album=Nothing`);
      assert.equal(response.status, 404);
      const error = firstError(response);
      assert.equal(error['error-tag'], 'invalid-value');
      assert.equal(
        error['error-path'],
        "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Nothing']",
      );
    });
    it('a large list streams (chunked, no Content-Length)', async () => {
      const artists = Array.from({ length: 3000 }, (_, index) => ({
        name: `artist-${String(index).padStart(5, '0')}`,
      }));
      const merge = await server.request('PATCH', `${JUKEBOX}/library`, {
        body: { 'example-jukebox:library': { artist: artists } },
      });
      assert.equal(merge.status, 204);
      const response = await server.request('GET', `${JUKEBOX}/library/artist`);
      assert.equal(response.status, 200);
      assert.equal(response.headers['transfer-encoding'], 'chunked');
      assert.equal(response.headers['content-length'], undefined);
      assert.equal(jsonOf<{ 'example-jukebox:artist': unknown[] }>(response)['example-jukebox:artist'].length, 3002);
      const restore = await server.request('POST', '/data/idconf-rollback:rollback-files/apply-rollback-file', {
        body: { input: { id: 0 } },
      });
      assert.equal(restore.status, 204);
    });
  });

  describe('HEAD, OPTIONS and 405', () => {
    it('HEAD has the headers of GET and no body', async () => {
      const get = await server.request('GET', WASTING_LIGHT);
      const head = await server.request('HEAD', WASTING_LIGHT);
      assert.equal(head.status, 200);
      assert.equal(head.body, '');
      for (const name of ['content-type', 'content-length', 'etag', 'last-modified', 'cache-control'])
        assert.equal(head.headers[name], get.headers[name], name);
    });
    it('a small body is sent whole with its Content-Length, not chunked', async () => {
      const get = await server.request('GET', WASTING_LIGHT);
      assert.equal(get.headers['transfer-encoding'], undefined);
      assert.equal(Number(get.headers['content-length']), Buffer.byteLength(get.body));
    });
    const allows: readonly [string, string][] = [
      ['', 'GET, HEAD, OPTIONS'],
      ['/data', 'GET, HEAD, OPTIONS, POST, PUT, PATCH'],
      [JUKEBOX, 'GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE'],
      [`${WASTING_LIGHT}/year`, 'GET, HEAD, OPTIONS, PUT, PATCH, DELETE'],
      [`${JUKEBOX}/library/artist`, 'GET, HEAD, OPTIONS, POST'],
      ['/data/idconf-rollback:rollback-files', 'GET, HEAD, OPTIONS'],
      ['/data/idconf-rollback:rollback-files/apply-rollback-file', 'OPTIONS, POST'],
      ['/operations', 'GET, HEAD, OPTIONS'],
      ['/operations/example-ops:reboot', 'OPTIONS, POST'],
      ['/yang-library-version', 'GET, HEAD, OPTIONS'],
    ];
    for (const [path, allow] of allows) {
      it(`OPTIONS ${path || '/'} allows ${allow}`, async () => {
        const response = await server.request('OPTIONS', path);
        assert.equal(response.status, 204);
        assert.equal(response.headers.allow, allow);
        assert.equal(response.headers['accept-patch'] !== undefined, allow.includes('PATCH'));
      });
    }
    const refused: readonly [string, string][] = [
      ['DELETE', '/data'],
      ['PUT', '/operations'],
      ['POST', `${WASTING_LIGHT}/year`],
      ['GET', '/operations/example-ops:reboot'],
      ['PATCH', '/data/idconf-rollback:rollback-files'],
      ['DELETE', ''],
    ];
    for (const [method, path] of refused) {
      it(`${method} ${path || '/'} is 405 with Allow`, async () => {
        const response = await server.request(
          method,
          path,
          method === 'GET' ? {} : { body: '{}', type: 'application/yang-data+json' },
        );
        assert.equal(response.status, 405);
        assert.ok(response.headers.allow !== undefined);
        assert.equal(firstError(response)['error-tag'], 'operation-not-supported');
      });
    }
  });

  describe('media types', () => {
    const cases: readonly [string | undefined, string | undefined][] = [
      [undefined, 'application/yang-data+json'],
      ['*/*', 'application/yang-data+json'],
      ['application/*', 'application/yang-data+json'],
      ['application/yang-data+xml', XML],
      ['application/yang-data+xml;q=0.9, application/yang-data+json;q=0.5', XML],
      ['application/yang-data+json;q=0.2, */*;q=0.1', 'application/yang-data+json'],
      ['application/json', 'application/yang-data+json'],
      ['application/xml', XML],
      ['text/html', undefined],
      ['application/yang-data+json;q=0', undefined],
    ];
    for (const [accept, expected] of cases) {
      it(`Accept ${accept ?? '(none)'} gives ${expected ?? '406'}`, async () => {
        const response = await server.request('GET', `${WASTING_LIGHT}/year`, accept === undefined ? {} : { accept });
        if (expected === undefined) {
          assert.equal(response.status, 406);
          assert.equal(response.headers['content-type'], 'application/yang-data+json');
          assert.equal(firstError(response)['error-tag'], 'invalid-value');
        } else {
          assert.equal(response.status, 200);
          assert.equal(response.headers['content-type'], expected);
        }
      });
    }
  });

  describe('query parameters of reads', () => {
    it('content=config and content=nonconfig (RFC 8040 §4.8.1)', async () => {
      const config = datastoreOf(await server.request('GET', '/data?content=config'));
      assert.ok('example-jukebox:jukebox' in config);
      assert.ok(!('idconf-rollback:rollback-files' in config));
      const state = datastoreOf(await server.request('GET', '/data?content=nonconfig'));
      assert.ok('idconf-rollback:rollback-files' in state);
      assert.ok(!('t-restconf:settings' in state));
    });
    it('depth=1 and depth=2 on the jukebox (RFC 8040 §4.8.2, B.3.2)', async () => {
      assert.deepEqual(jsonOf(await server.request('GET', `${JUKEBOX}?depth=1`)), { 'example-jukebox:jukebox': {} });
      const two = jsonOf<{ 'example-jukebox:jukebox': Record<string, unknown> }>(
        await server.request('GET', `${JUKEBOX}?depth=2`),
      );
      assert.deepEqual(Object.keys(two['example-jukebox:jukebox']).sort(), ['library', 'player', 'playlist']);
      const unbounded = await server.request('GET', `${JUKEBOX}?depth=unbounded`);
      assert.equal(unbounded.status, 200);
    });
    it('fields selects nested members (RFC 8040 §4.8.3, B.3.3)', async () => {
      const response = await server.request('GET', `${FOO}?fields=album(name;song/name)`);
      assert.deepEqual(jsonOf(response), {
        'example-jukebox:artist': [
          {
            name: 'Foo Fighters',
            album: [{ name: 'Wasting Light', song: [{ name: 'Bridge Burning' }, { name: 'Rope' }] }],
          },
        ],
      });
      const top = await server.request('GET', `/data?fields=t-restconf:settings/name`);
      assert.deepEqual(jsonOf(top), { 'ietf-restconf:data': { 't-restconf:settings': { name: 'lab' } } });
    });
    it('with-defaults in all four modes (RFC 8040 §4.8.9, RFC 6243)', async () => {
      const path = '/data/t-restconf:settings?fields=mtu;name';
      assert.deepEqual(jsonOf(await server.request('GET', path)), { 't-restconf:settings': { name: 'lab' } });
      assert.deepEqual(jsonOf(await server.request('GET', `${path}&with-defaults=explicit`)), {
        't-restconf:settings': { name: 'lab' },
      });
      assert.deepEqual(jsonOf(await server.request('GET', `${path}&with-defaults=trim`)), {
        't-restconf:settings': { name: 'lab' },
      });
      assert.deepEqual(jsonOf(await server.request('GET', `${path}&with-defaults=report-all`)), {
        't-restconf:settings': { mtu: 1500, name: 'lab' },
      });
      assert.deepEqual(jsonOf(await server.request('GET', `${path}&with-defaults=report-all-tagged`)), {
        't-restconf:settings': { mtu: 1500, '@mtu': { 'ietf-netconf-with-defaults:default': true }, name: 'lab' },
      });
      const xml = await server.request('GET', `${path}&with-defaults=report-all-tagged`, { accept: XML });
      assert.match(xml.body, /<mtu [^>]*default="true"[^>]*>1500<\/mtu>/);
    });
    it('an unset leaf with a default: its default (RFC 8040 §3.5.4), or 404 with trim or explicit', async () => {
      const plain = await server.request('GET', '/data/t-restconf:settings/mtu');
      assert.equal(plain.status, 200);
      assert.deepEqual(jsonOf(plain), { 't-restconf:mtu': 1500 });
      const all = await server.request('GET', '/data/t-restconf:settings/mtu?with-defaults=report-all');
      assert.deepEqual(jsonOf(all), { 't-restconf:mtu': 1500 });
      for (const mode of ['trim', 'explicit'])
        assert.equal((await server.request('GET', `/data/t-restconf:settings/mtu?with-defaults=${mode}`)).status, 404);
    });
    const errors: readonly [string, string][] = [
      ['depth=0', 'depth'],
      ['depth=65536', 'depth'],
      ['depth=01', 'depth'],
      ['depth=x', 'depth'],
      ['content=everything', 'content'],
      ['with-defaults=all', 'with-defaults'],
      ['fields=nothing', 'nothing'],
      ['fields=album(name', 'fields'],
      ['depth=1&depth=2', 'more than once'],
      ['insert=first', 'insert'],
      ['rollback-comment=x', 'rollback-comment'],
      ['filter=x', 'event streams'],
      ['unknown=1', 'unknown query parameter'],
    ];
    for (const [query, mention] of errors) {
      it(`GET ?${query} is 400 invalid-value`, async () => {
        const response = await server.request('GET', `${FOO}?${query}`);
        assert.equal(response.status, 400);
        const error = firstError(response);
        assert.equal(
          error['error-tag'],
          error['error-tag'] === 'unknown-element' ? 'unknown-element' : 'invalid-value',
        );
        assert.match(error['error-message'] ?? '', new RegExp(mention));
      });
    }
    it('fields on a leaf is 400', async () => {
      const response = await server.request('GET', `${WASTING_LIGHT}/year?fields=x`);
      assert.equal(response.status, 400);
    });
    it('a query parameter on OPTIONS is 400', async () => {
      assert.equal((await server.request('OPTIONS', `${JUKEBOX}?depth=1`)).status, 400);
    });
  });

  describe('YANG library, module sources and monitoring', () => {
    it('yang-library lists every implemented module with a downloadable location (RFC 8525)', async () => {
      const response = await server.request('GET', '/data/ietf-yang-library:yang-library');
      const library = jsonOf<{
        'ietf-yang-library:yang-library': {
          'module-set': { module: { name: string; revision?: string; location?: string[] }[] }[];
          'content-id': string;
        };
      }>(response)['ietf-yang-library:yang-library'];
      const jukebox = library['module-set'][0]?.module.find((module) => module.name === 'example-jukebox');
      assert.equal(jukebox?.revision, '2016-08-15');
      const location = jukebox?.location?.[0] ?? '';
      assert.equal(location, `${server.api}/yang/example-jukebox@2016-08-15.yang`);
      const source = await server.request('GET', location);
      assert.equal(source.status, 200);
      assert.equal(source.headers['content-type'], 'application/yang; charset=utf-8');
      assert.match(source.body, /^module example-jukebox \{/);
    });
    it('modules-state (RFC 7895) carries schema URLs, also for import-only modules', async () => {
      const response = await server.request('GET', '/data/ietf-yang-library:modules-state');
      const modules = jsonOf<{
        'ietf-yang-library:modules-state': { module: { name: string; schema?: string; 'conformance-type': string }[] };
      }>(response)['ietf-yang-library:modules-state'].module;
      const types = modules.find((module) => module.name === 'ietf-yang-types');
      assert.equal(types?.['conformance-type'], 'import');
      const source = await server.request('GET', types?.schema ?? '');
      assert.match(source.body, /^module ietf-yang-types/);
    });
    it('a module source that does not exist is 404; a refused Accept is 406', async () => {
      assert.equal((await server.request('GET', '/yang/no-such-module.yang')).status, 404);
      assert.equal((await server.request('GET', '/yang/example-jukebox@1999-01-01.yang')).status, 404);
      assert.equal((await server.request('GET', '/yang/example-jukebox@2016-08-15.yang', { accept: XML })).status, 406);
    });
    it('restconf-state announces the capabilities (RFC 8040 §9.1)', async () => {
      const response = await server.request('GET', '/data/ietf-restconf-monitoring:restconf-state/capabilities');
      const capabilities = jsonOf<{ 'ietf-restconf-monitoring:capabilities': { capability: string[] } }>(response)[
        'ietf-restconf-monitoring:capabilities'
      ].capability;
      assert.ok(capabilities.includes('urn:ietf:params:restconf:capability:defaults:1.0?basic-mode=explicit'));
      for (const name of ['depth', 'fields', 'with-defaults', 'yang-patch'])
        assert.ok(capabilities.includes(`urn:ietf:params:restconf:capability:${name}:1.0`), name);
    });
    it('state resources carry no ETag; configuration resources do', async () => {
      const state = await server.request('GET', '/data/ietf-restconf-monitoring:restconf-state');
      assert.equal(state.headers.etag, undefined);
      const config = await server.request('GET', JUKEBOX);
      assert.match(String(config.headers.etag), /^"\d+"$/);
      assert.ok(!Number.isNaN(Date.parse(String(config.headers['last-modified']))));
    });
  });

  describe('authentication', () => {
    it('no credentials: 401 with WWW-Authenticate and an errors body', async () => {
      const response = await server.request('GET', JUKEBOX, { anonymous: true });
      assert.equal(response.status, 401);
      assert.match(String(response.headers['www-authenticate']), /^Basic realm="idconf"/);
      assert.equal(firstError(response)['error-tag'], 'access-denied');
    });
    it('a wrong password and an unknown user get the same 401', async () => {
      const wrong = await server.request('GET', JUKEBOX, {
        anonymous: true,
        headers: { Authorization: `Basic ${Buffer.from('admin:wrong').toString('base64')}` },
      });
      const unknown = await server.request('GET', JUKEBOX, {
        anonymous: true,
        headers: { Authorization: `Basic ${Buffer.from('nobody:wrong').toString('base64')}` },
      });
      assert.equal(wrong.status, 401);
      assert.equal(unknown.status, 401);
      assert.equal(wrong.body, unknown.body);
    });
    it('every resource needs a principal, module sources included', async () => {
      for (const path of ['', '/data', '/operations', '/yang-library-version', '/yang/example-jukebox@2016-08-15.yang'])
        assert.equal((await server.request('GET', path, { anonymous: true })).status, 401, path);
    });
  });
});
