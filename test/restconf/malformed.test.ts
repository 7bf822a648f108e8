/**
 * @module test/restconf/malformed.test
 * A table of malformed requests over a real HTTPS socket: bad paths, keys and key counts,
 * unknown modules and nodes, bad JSON and XML, wrong types, state data in a write, wrong media
 * types, an oversize body. Each gets the RFC 8040 §7 status and an `ietf-restconf:errors` body
 * (JSON `error` always an array, XML when asked for), and none changes anything.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestResponse } from '../support/https-request.ts';
import { send } from '../support/https-request.ts';
import type { RestconfTestServer } from './restconf-test-server.ts';
import { AUTHORIZATION, startRestconfServer } from './restconf-test-server.ts';

const JUKEBOX = '/data/example-jukebox:jukebox';
const FOO = `${JUKEBOX}/library/artist=Foo%20Fighters`;
const WASTING_LIGHT = `${FOO}/album=Wasting%20Light`;
const JSON_TYPE = 'application/yang-data+json';
const XML = 'application/yang-data+xml';

interface Case {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly body?: string | Buffer;
  readonly type?: string;
  readonly status: number;
  readonly tag: string;
  /** The error-path, when the case pins it. */
  readonly errorPath?: string;
}

const album = (fields: Record<string, unknown>): string =>
  JSON.stringify({ 'example-jukebox:album': [{ name: 'Wasting Light', ...fields }] });

const CASES: readonly Case[] = [
  // Paths.
  {
    name: 'an empty segment',
    method: 'GET',
    path: '/data//example-jukebox:jukebox',
    status: 400,
    tag: 'malformed-message',
  },
  {
    name: 'a bad percent-encoding',
    method: 'GET',
    path: `${JUKEBOX}/library/artist=Foo%zz`,
    status: 400,
    tag: 'malformed-message',
  },
  {
    name: 'an unknown module',
    method: 'GET',
    path: '/data/no-such-module:thing',
    status: 400,
    tag: 'unknown-namespace',
  },
  {
    name: 'an unknown node',
    method: 'GET',
    path: `${JUKEBOX}/records`,
    status: 400,
    tag: 'unknown-element',
    errorPath: '/example-jukebox:jukebox',
  },
  {
    name: 'too many keys',
    method: 'GET',
    path: `${JUKEBOX}/library/artist=Foo,Fighters`,
    status: 400,
    tag: 'invalid-value',
    errorPath: '/example-jukebox:jukebox/library/artist',
  },
  { name: 'too few keys', method: 'GET', path: '/data/t-restconf:settings/pair=x', status: 400, tag: 'invalid-value' },
  {
    name: 'a key of the wrong type',
    method: 'GET',
    path: '/data/t-restconf:settings/pair=x,300',
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'an empty key a type refuses',
    method: 'GET',
    path: `${JUKEBOX}/library/artist=`,
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'a list without its keys mid-path',
    method: 'GET',
    path: `${JUKEBOX}/library/artist/album`,
    status: 400,
    tag: 'invalid-value',
  },
  { name: '"=" on a leaf', method: 'GET', path: `${WASTING_LIGHT}/year=2011`, status: 400, tag: 'invalid-value' },
  {
    name: 'a path below a leaf',
    method: 'GET',
    path: `${WASTING_LIGHT}/year/more`,
    status: 400,
    tag: 'unknown-element',
  },
  {
    name: 'an unknown identityref key form',
    method: 'GET',
    path: `${FOO}/album=Wasting%20Light/genre=jazz`,
    status: 400,
    tag: 'invalid-value',
  },
  // Bodies.
  {
    name: 'truncated JSON',
    method: 'PUT',
    path: WASTING_LIGHT,
    body: '{"example-jukebox:album": [',
    type: JSON_TYPE,
    status: 400,
    tag: 'malformed-message',
  },
  {
    name: 'a JSON array',
    method: 'PUT',
    path: WASTING_LIGHT,
    body: '[]',
    type: JSON_TYPE,
    status: 400,
    tag: 'malformed-message',
  },
  {
    name: 'an empty body',
    method: 'PUT',
    path: WASTING_LIGHT,
    body: '',
    type: JSON_TYPE,
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'XML that is not well-formed',
    method: 'PUT',
    path: WASTING_LIGHT,
    body: '<album xmlns="http://example.com/ns/example-jukebox"><name>',
    type: XML,
    status: 400,
    tag: 'malformed-message',
  },
  {
    name: 'XML with a DOCTYPE',
    method: 'PUT',
    path: WASTING_LIGHT,
    body: '<!DOCTYPE album [<!ENTITY x "y">]><album xmlns="http://example.com/ns/example-jukebox"><name>&x;</name></album>',
    type: XML,
    status: 400,
    tag: 'malformed-message',
  },
  {
    name: 'a value of the wrong type',
    method: 'PUT',
    path: WASTING_LIGHT,
    body: album({ year: 'last year' }),
    type: JSON_TYPE,
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'a value out of range',
    method: 'PUT',
    path: WASTING_LIGHT,
    body: album({ year: 1800 }),
    type: JSON_TYPE,
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'an identity of the wrong base',
    method: 'PUT',
    path: WASTING_LIGHT,
    body: album({ genre: 'example-jukebox:genre-x' }),
    type: JSON_TYPE,
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'an unknown member',
    method: 'PUT',
    path: WASTING_LIGHT,
    body: album({ rating: 5 }),
    type: JSON_TYPE,
    status: 400,
    tag: 'unknown-element',
  },
  {
    name: 'an unknown module in the body',
    method: 'PUT',
    path: WASTING_LIGHT,
    body: album({ 'other-module:rating': 5 }),
    type: JSON_TYPE,
    status: 400,
    tag: 'unknown-namespace',
  },
  {
    name: 'an XML element in an unknown namespace',
    method: 'PUT',
    path: WASTING_LIGHT,
    body: '<album xmlns="urn:nowhere"><name>Wasting Light</name></album>',
    type: XML,
    status: 400,
    tag: 'unknown-namespace',
  },
  {
    name: 'state data in a write',
    method: 'PATCH',
    path: `${JUKEBOX}/library`,
    body: JSON.stringify({ 'example-jukebox:library': { 'song-count': 3 } }),
    type: JSON_TYPE,
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'two entries with one key',
    method: 'PATCH',
    path: `${JUKEBOX}/library`,
    body: JSON.stringify({ 'example-jukebox:library': { artist: [{ name: 'A' }, { name: 'A' }] } }),
    type: JSON_TYPE,
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'a body that is not UTF-8',
    method: 'PUT',
    path: `${WASTING_LIGHT}/year`,
    body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
    type: JSON_TYPE,
    status: 400,
    tag: 'malformed-message',
  },
  {
    name: 'a song without its mandatory location',
    method: 'POST',
    path: WASTING_LIGHT,
    body: JSON.stringify({ 'example-jukebox:song': [{ name: 'New' }] }),
    type: JSON_TYPE,
    status: 400,
    tag: 'missing-element',
  },
  // Media types and size.
  {
    name: 'Content-Type text/plain',
    method: 'PUT',
    path: `${WASTING_LIGHT}/year`,
    body: '{"example-jukebox:year": 2011}',
    type: 'text/plain',
    status: 415,
    tag: 'invalid-value',
  },
  {
    name: 'a charset other than UTF-8',
    method: 'PUT',
    path: `${WASTING_LIGHT}/year`,
    body: '{"example-jukebox:year": 2011}',
    type: `${JSON_TYPE}; charset=iso-8859-1`,
    status: 415,
    tag: 'invalid-value',
  },
  {
    name: 'a body over the limit',
    method: 'PUT',
    path: `${WASTING_LIGHT}/year`,
    body: `{"example-jukebox:year": ${' '.repeat(300 * 1024)}2011}`,
    type: JSON_TYPE,
    status: 413,
    tag: 'too-big',
  },
];

describe('malformed RESTCONF requests', () => {
  let server: RestconfTestServer;
  let configuration: string;
  before(async () => {
    server = await startRestconfServer();
    configuration = (await server.request('GET', '/data?content=config')).body;
  });
  after(async () => {
    await server.close();
  });

  const request = (entry: Case, accept?: string): Promise<TestResponse> =>
    send(`${server.api}${entry.path}`, {
      method: entry.method,
      headers: {
        Authorization: AUTHORIZATION,
        ...(entry.type === undefined ? {} : { 'Content-Type': entry.type }),
        ...(entry.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(entry.body)) }),
        ...(accept === undefined ? {} : { Accept: accept }),
      },
      ...(entry.body === undefined ? {} : { body: entry.body }),
    });

  for (const entry of CASES) {
    it(`${entry.method} with ${entry.name}: ${entry.status} ${entry.tag}`, async () => {
      // Without Accept the errors come in the encoding of the request body (RFC 8040 §5.2), else JSON.
      const xmlBody = entry.type?.includes('xml') === true;
      const plain = await request(entry);
      assert.equal(plain.status, entry.status, plain.body);
      assert.equal(plain.headers['content-type'], xmlBody ? XML : JSON_TYPE);
      const response = xmlBody ? await request(entry, JSON_TYPE) : plain;
      assert.equal(response.headers['content-type'], JSON_TYPE);
      const body = JSON.parse(response.body) as { 'ietf-restconf:errors': { error: Record<string, string>[] } };
      const errors = body['ietf-restconf:errors'].error;
      assert.ok(Array.isArray(errors) && errors.length >= 1, 'error is always an array');
      assert.equal(errors[0]?.['error-tag'], entry.tag);
      assert.ok((errors[0]?.['error-message'] ?? '').length > 10, 'a message that says what to fix');
      if (entry.errorPath !== undefined) assert.equal(errors[0]?.['error-path'], entry.errorPath);
    });
  }

  it('errors come in XML when the client asks for XML', async () => {
    const entry = CASES.find((candidate) => candidate.tag === 'unknown-namespace') as Case;
    const response = await request(entry, XML);
    assert.equal(response.headers['content-type'], XML);
    assert.match(
      response.body,
      /^<errors xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf"><error><error-type>application<\/error-type><error-tag>unknown-namespace<\/error-tag>/,
    );
  });

  it('none of them changed anything', async () => {
    assert.equal((await server.request('GET', '/data?content=config')).body, configuration);
    const files = JSON.parse((await server.request('GET', '/data/idconf-rollback:rollback-files')).body) as {
      'idconf-rollback:rollback-files': { file: unknown[] };
    };
    assert.equal(files['idconf-rollback:rollback-files'].file.length, 1);
  });
});
