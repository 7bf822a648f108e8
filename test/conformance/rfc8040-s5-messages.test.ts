/**
 * @module test/conformance/rfc8040-s5-messages.test
 * RFC 8040 §5 (Messages), clause by clause, over a real HTTPS socket: the request URI (query
 * parameter capabilities, fragments, Location), message encoding and negotiation, metadata,
 * return status and caching. Each test is named after its clause; docs/restconf.md lists them
 * with their status.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { connect } from 'node:tls';
import { AUTHORIZATION } from '../restconf/restconf-test-server.ts';
import { send } from '../support/https-request.ts';
import type { ConformanceServer } from './conformance-server.ts';
import {
  errorOf,
  FOO,
  JSON_TYPE,
  JUKEBOX,
  jsonOf,
  PATCH_XML,
  SETTINGS,
  startConformanceServer,
  WASTING_LIGHT,
  XML,
} from './conformance-server.ts';

type Capabilities = { 'ietf-restconf-monitoring:capabilities': { capability: string[] } };

/** Sends `request` as raw bytes over TLS and returns the raw response. */
const rawRequest = (url: string, request: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const { port } = new URL(url);
    const socket = connect({ host: '127.0.0.1', port: Number(port), rejectUnauthorized: false }, () =>
      socket.write(request),
    );
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });

describe('RFC 8040 §5 Messages', () => {
  let server: ConformanceServer;
  before(async () => {
    server = await startConformanceServer();
  });
  after(async () => {
    await server.close();
  });

  // §5.1 Request URI Structure

  test('RFC 8040 §5.1: the optional query parameters supported are listed as capabilities, and only those', async () => {
    const response = await server.request('GET', '/data/ietf-restconf-monitoring:restconf-state/capabilities');
    const capabilities = jsonOf<Capabilities>(response)['ietf-restconf-monitoring:capabilities'].capability;
    // filter, start-time and stop-time are supported on the NETCONF stream (RFC 8040 §9.1.1); limit,
    // offset, direction, sort-by and where are the list pagination parameters (docs/restconf.md).
    for (const name of ['depth', 'fields', 'filter', 'replay', 'with-defaults'])
      assert.ok(capabilities.includes(`urn:ietf:params:restconf:capability:${name}:1.0`), name);
    const optional = capabilities.filter((uri) => /^urn:ietf:params:restconf:capability:[a-z-]+:1\.0$/.test(uri));
    assert.deepEqual(optional.map((uri) => uri.split(':')[5]).sort(), [
      'depth',
      'direction',
      'fields',
      'filter',
      'limit',
      'offset',
      'replay',
      'sort-by',
      'where',
      'with-defaults',
      'with-operational-defaults',
      'yang-patch',
    ]);
  });

  test('RFC 8040 §5.1: the fragment is excluded from the target URI', async () => {
    const raw = await rawRequest(
      server.url,
      `GET /admin/api/restconf${JUKEBOX}/player#gap HTTP/1.1\r\nHost: x\r\nAuthorization: ${AUTHORIZATION}\r\nConnection: close\r\n\r\n`,
    );
    assert.match(raw, /^HTTP\/1\.1 200 /);
    assert.ok(raw.endsWith('{"example-jukebox:player":{"gap":"0.5"}}'), raw);
  });

  test('RFC 8040 §5.1: the Location of a created resource is the exact path to access it', async () => {
    const name = 'a,b/c =d:e';
    const created = await server.request('POST', FOO, { body: { 'example-jukebox:album': [{ name }] } });
    assert.equal(created.status, 201, created.body);
    const location = String(created.headers.location);
    const read = await server.request('GET', location);
    assert.equal(read.status, 200, location);
    assert.deepEqual(jsonOf(read), { 'example-jukebox:album': [{ name }] });
    const put = await server.request('PUT', `${FOO}/album=${encodeURIComponent('x;y?z#')}`, {
      body: { 'example-jukebox:album': [{ name: 'x;y?z#' }] },
    });
    assert.equal(put.status, 201, put.body);
    assert.equal((await server.request('GET', String(put.headers.location))).status, 200);
    await server.reset();
  });

  // §5.2 Message Encoding

  test('RFC 8040 §5.2: messages are UTF-8, in both encodings', async () => {
    const name = 'Zoë Ω 🎵';
    const json = await server.request('PUT', `${SETTINGS}/name`, { body: { 't-restconf:name': name } });
    assert.equal(json.status, 204);
    assert.deepEqual(jsonOf(await server.request('GET', `${SETTINGS}/name`)), { 't-restconf:name': name });
    const xml = await server.request('GET', `${SETTINGS}/name`, { accept: XML });
    assert.equal(xml.body.trim(), `<name xmlns="urn:idconf:test:restconf">${name}</name>`);
    const latin1 = await server.request('PUT', `${SETTINGS}/name`, {
      body: Buffer.from('{"t-restconf:name": "Zo\xeb"}', 'latin1').toString('latin1'),
      type: 'application/yang-data+json; charset=iso-8859-1',
    });
    assert.equal(latin1.status, 415);
    await server.reset();
  });

  test('RFC 8040 §5.2: the server supports both XML and JSON encoding', async () => {
    const xml = await server.request('PUT', `${WASTING_LIGHT}/year`, {
      body: '<year xmlns="http://example.com/ns/example-jukebox">2011</year>',
      type: XML,
    });
    assert.equal(xml.status, 204, xml.body);
    assert.equal((await server.request('GET', WASTING_LIGHT, { accept: XML })).headers['content-type'], XML);
    assert.equal(
      (await server.request('GET', WASTING_LIGHT, { accept: JSON_TYPE })).headers['content-type'],
      JSON_TYPE,
    );
  });

  test('RFC 8040 §5.2: the server supports Accept, and 406 when no encoding offered is acceptable', async () => {
    assert.equal(
      (
        await server.request('GET', JUKEBOX, {
          accept: 'application/yang-data+xml;q=0.9, application/yang-data+json;q=0.1',
        })
      ).headers['content-type'],
      XML,
    );
    const refused = await server.request('GET', JUKEBOX, { accept: 'text/html' });
    assert.equal(refused.status, 406);
  });

  test('RFC 8040 §5.2: without Accept, the response uses the encoding of the request input', async () => {
    const patch = await server.request('PATCH', `${SETTINGS}?rollback-id=true`, {
      body: '<settings xmlns="urn:idconf:test:restconf"><name>x</name></settings>',
      type: XML,
    });
    assert.equal(patch.status, 200, patch.body);
    assert.equal(patch.headers['content-type'], XML);
    assert.match(patch.body, /^<result xmlns="urn:idconf:yang:restconf">/);
    const yangPatch = await server.request('PATCH', SETTINGS, {
      body: '<yang-patch xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-patch"><patch-id>p</patch-id><edit><edit-id>1</edit-id><operation>merge</operation><target>/name</target><value><name xmlns="urn:idconf:test:restconf">y</name></value></edit></yang-patch>',
      type: PATCH_XML,
    });
    assert.equal(yangPatch.status, 200, yangPatch.body);
    assert.match(yangPatch.body, /^<yang-patch-status xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-patch">/);
    await server.reset();
  });

  test('RFC 8040 §5.2: without request input or Accept, the server picks its encoding (JSON)', async () => {
    const response = await server.request('GET', JUKEBOX);
    assert.equal(response.headers['content-type'], JSON_TYPE);
  });

  test('RFC 8040 §5.2: an input encoding the server does not support is 415 Unsupported Media Type', async () => {
    for (const type of ['text/plain', 'application/yaml', 'application/yang-data+cbor']) {
      const response = await server.request('PUT', `${WASTING_LIGHT}/year`, { body: 'year: 2011', type });
      assert.equal(response.status, 415, type);
    }
  });

  // §5.3 RESTCONF Metadata

  test('RFC 8040 §5.3: metadata is encoded as XML attributes and as RFC 7952 JSON annotations', async () => {
    const xml = await server.request('GET', `${SETTINGS}/mtu?with-defaults=report-all-tagged`, { accept: XML });
    assert.match(
      xml.body,
      /^<mtu xmlns="urn:idconf:test:restconf" xmlns:(\w+)="urn:ietf:params:xml:ns:netconf:default:1\.0" \1:default="true">1500<\/mtu>/,
    );
    const json = await server.request('GET', `${SETTINGS}/mtu?with-defaults=report-all-tagged`);
    assert.deepEqual(jsonOf(json), {
      't-restconf:mtu': 1500,
      '@t-restconf:mtu': { 'ietf-netconf-with-defaults:default': true },
    });
  });

  // §5.4 Return Status

  test('RFC 8040 §5.4: a 4xx status carries the error information', async () => {
    const requests: [string, string, Record<string, unknown>][] = [
      ['GET', `${JUKEBOX}?depth=0`, {}],
      ['GET', `${FOO}/album=None`, {}],
      ['DELETE', '/data', {}],
      ['GET', JUKEBOX, { accept: 'text/html' }],
      ['POST', FOO, { body: { 'example-jukebox:album': [{ name: 'Wasting Light' }] } }],
      ['PUT', `${WASTING_LIGHT}/year`, { body: { 'example-jukebox:year': 2011 }, headers: { 'If-Match': '"0"' } }],
      ['PUT', `${WASTING_LIGHT}/year`, { body: 'x', type: 'text/plain' }],
      ['GET', JUKEBOX, { anonymous: true }],
    ];
    for (const [method, path, options] of requests) {
      const response = await server.request(method, path, options);
      assert.ok(response.status >= 400 && response.status < 500, `${method} ${path}: ${response.status}`);
      assert.equal(typeof errorOf(response)['error-tag'], 'string', `${method} ${path}`);
    }
  });

  test('RFC 8040 §5.4: a 2xx or 3xx status carries no error information', async () => {
    const tag = String((await server.request('GET', JUKEBOX)).headers.etag);
    const responses = [
      await server.request('GET', JUKEBOX, { headers: { 'If-None-Match': tag } }),
      await server.request('OPTIONS', JUKEBOX),
      await server.request('PUT', `${WASTING_LIGHT}/year`, { body: { 'example-jukebox:year': 2011 } }),
      await server.request('POST', FOO, { body: { 'example-jukebox:album': [{ name: 'New' }] } }),
      await server.request('POST', '/operations/example-ops:reboot'),
    ];
    assert.deepEqual(
      responses.map((response) => response.status),
      [304, 204, 204, 201, 204],
    );
    for (const response of responses) {
      assert.equal(response.body, '');
      assert.ok(!String(response.headers['content-type'] ?? '').includes('yang-data'));
    }
    await server.reset();
  });

  // §5.5 Message Caching

  test('RFC 8040 §5.5: every response has a Cache-Control header, and responses are not to be cached', async () => {
    const tag = String((await server.request('GET', JUKEBOX)).headers.etag);
    const responses = [
      await server.request('GET', JUKEBOX),
      await server.request('HEAD', JUKEBOX),
      await server.request('GET', JUKEBOX, { headers: { 'If-None-Match': tag } }),
      await server.request('OPTIONS', JUKEBOX),
      await server.request('GET', ''),
      await server.request('GET', `${FOO}/album=None`),
      await server.request('GET', JUKEBOX, { anonymous: true }),
      await server.request('POST', '/operations/example-ops:get-reboot-info'),
      await server.request('GET', '/yang/example-jukebox@2016-08-15.yang', { accept: 'application/yang' }),
      await server.request('GET', '/no-such-resource'),
      await send(`${server.url}/.well-known/host-meta`),
      await send(`${server.url}/.well-known/host-meta`, { method: 'OPTIONS' }),
    ];
    for (const [index, response] of responses.entries()) {
      const cacheControl = String(response.headers['cache-control']);
      assert.match(cacheControl, /no-cache|no-store/, `response ${index} (${response.status})`);
    }
  });

  test('RFC 8040 §5.5: HEAD returns ETag and Last-Modified where they are maintained', async () => {
    for (const path of ['/data', JUKEBOX, WASTING_LIGHT, `${WASTING_LIGHT}/year`]) {
      const head = await server.request('HEAD', path);
      assert.ok(head.headers.etag !== undefined, path);
      assert.ok(head.headers['last-modified'] !== undefined, path);
    }
  });

  test('RFC 8040 §5.5: If-None-Match and If-Modified-Since give 304 Not Modified when unchanged', async () => {
    const first = await server.request('GET', WASTING_LIGHT);
    const byTag = await server.request('GET', WASTING_LIGHT, {
      headers: { 'If-None-Match': String(first.headers.etag) },
    });
    assert.equal(byTag.status, 304);
    const byDate = await server.request('GET', WASTING_LIGHT, {
      headers: { 'If-Modified-Since': String(first.headers['last-modified']) },
    });
    assert.equal(byDate.status, 304);
    await server.request('PUT', `${WASTING_LIGHT}/year`, { body: { 'example-jukebox:year': 2020 } });
    const changed = await server.request('GET', WASTING_LIGHT, {
      headers: { 'If-None-Match': String(first.headers.etag) },
    });
    assert.equal(changed.status, 200);
    await server.reset();
  });
});
