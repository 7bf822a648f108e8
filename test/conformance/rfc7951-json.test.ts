/**
 * @module test/conformance/rfc7951-json.test
 * RFC 7951 (JSON Encoding of Data Modeled with YANG), clause by clause, over a real HTTPS
 * socket: member names and namespaces, the encoding of each kind of data node and of each
 * built-in type, in what the server sends and in what it accepts. The t-restconf test module
 * has one leaf per type (container `types`) and a leaf augmented into the jukebox player. Each
 * test is named after its clause; docs/restconf.md lists them with their status.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ConformanceServer } from './conformance-server.ts';
import {
  JUKEBOX,
  jsonOf,
  PATCH_JSON,
  PLAYLIST,
  ROPE,
  SETTINGS,
  startConformanceServer,
  statusAndTag,
  WASTING_LIGHT,
} from './conformance-server.ts';

const TYPES = '/data/t-restconf:types';

/** One value of each type, as RFC 7951 encodes it. */
const ALL_TYPES = {
  small: -5,
  big: '-9007199254740993',
  huge: '18446744073709551615',
  price: '3.14',
  enabled: true,
  color: 'green',
  options: 'fast safe',
  blob: 'AAEC/w==',
  marker: [null],
  either: 12,
  ref: 'lab',
  'own-kind': 't-restconf:oauth',
  genre: 'example-jukebox:rock',
  pointer: "/example-jukebox:jukebox/library/artist[name='Foo Fighters']",
  numbers: ['1', '-2'],
};

describe('RFC 7951 JSON encoding', () => {
  let server: ConformanceServer;
  before(async () => {
    server = await startConformanceServer();
  });
  after(async () => {
    await server.close();
  });

  const put = (path: string, body: object) => server.request('PUT', path, { body });
  const typed = async (): Promise<Record<string, unknown>> =>
    jsonOf<{ 't-restconf:types': Record<string, unknown> }>(await server.request('GET', TYPES))['t-restconf:types'];
  /** The status of a PUT of one leaf of `types` with `value`; 'ok' for 201 (created) and 204 (replaced). */
  const putLeaf = async (leaf: string, value: unknown): Promise<number | 'ok'> => {
    const { status } = await put(`${TYPES}/${leaf}`, { [`t-restconf:${leaf}`]: value });
    return status === 201 || status === 204 ? 'ok' : status;
  };

  // §4 Names and Namespaces

  test('RFC 7951 §4: top-level members, and members of another module than their parent, are module-qualified', async () => {
    const patch = await server.request('PATCH', `${JUKEBOX}/player`, {
      body: { 'example-jukebox:player': { 't-restconf:volume': 4 } },
    });
    assert.equal(patch.status, 204, patch.body);
    const data = jsonOf<{ 'ietf-restconf:data': Record<string, unknown> }>(
      await server.request('GET', '/data?content=config'),
    );
    for (const member of Object.keys(data['ietf-restconf:data'])) assert.match(member, /^[\w.-]+:[\w.-]+$/);
    assert.deepEqual(jsonOf(await server.request('GET', `${JUKEBOX}/player`)), {
      'example-jukebox:player': { gap: '0.5', 't-restconf:volume': 4 },
    });
    await server.reset();
  });

  test('RFC 7951 §4: other members use the simple form', async () => {
    const album = jsonOf<Record<string, object[]>>(await server.request('GET', WASTING_LIGHT))[
      'example-jukebox:album'
    ]?.[0];
    assert.deepEqual(Object.keys(album ?? {}), ['name', 'genre', 'year', 'admin', 'song']);
  });

  test('RFC 7951 §4: a top-level member without its module name is refused', async () => {
    const response = await server.request('PUT', `${SETTINGS}/name`, { body: { name: 'unqualified' } });
    assert.equal(response.status, 400);
  });

  test('RFC 7951 §4: a member of another module than its parent must be module-qualified in a request', async () => {
    const response = await server.request('PATCH', `${JUKEBOX}/player`, {
      body: { 'example-jukebox:player': { volume: 4 } },
    });
    assert.deepEqual(statusAndTag(response), [400, 'unknown-element']);
  });

  // §5 Encoding of YANG Data Node Instances

  test('RFC 7951 §5.1: a container is a JSON object', async () => {
    const response = jsonOf<Record<string, unknown>>(await server.request('GET', `${JUKEBOX}/player`));
    assert.deepEqual(response, { 'example-jukebox:player': { gap: '0.5' } });
  });

  test('RFC 7951 §5.3: a leaf-list is an array, in the order of an "ordered-by user" leaf-list', async () => {
    const patch = await server.request('POST', `${SETTINGS}?insert=first`, { body: { 't-restconf:tags': ['z'] } });
    assert.equal(patch.status, 201, patch.body);
    const settings = jsonOf<{ 't-restconf:settings': { tags: string[] } }>(await server.request('GET', SETTINGS));
    assert.deepEqual(settings['t-restconf:settings'].tags, ['z', 'a', 'b']);
    await server.reset();
  });

  test('RFC 7951 §5.4: a list is an array of objects, one per entry, in the order of an "ordered-by user" list', async () => {
    const playlist = jsonOf<{ 'example-jukebox:playlist': { song: { index: number }[] }[] }>(
      await server.request('GET', PLAYLIST),
    )['example-jukebox:playlist'];
    assert.ok(Array.isArray(playlist) && playlist.length === 1);
    assert.deepEqual(
      playlist[0]?.song.map((entry) => entry.index),
      [1, 2],
    );
  });

  test('RFC 7951 §5.4: the keys of a list entry need not come first in a request', async () => {
    const response = await server.request('PATCH', SETTINGS, {
      body: { 't-restconf:settings': { pair: [{ note: 'keys last', b: 9, a: 'k' }] } },
    });
    assert.equal(response.status, 204, response.body);
    assert.deepEqual(jsonOf(await server.request('GET', `${SETTINGS}/pair=k,9`)), {
      't-restconf:pair': [{ a: 'k', b: 9, note: 'keys last' }],
    });
    await server.reset();
  });

  test('RFC 7951 §5.5: anydata is encoded as a JSON object (error-info of an error)', async () => {
    const response = await server.request('PATCH', SETTINGS, {
      body: JSON.stringify({
        'ietf-yang-patch:yang-patch': {
          'patch-id': 'p',
          edit: [{ 'edit-id': '1', operation: 'create', target: '/name' }],
        },
      }),
      type: PATCH_JSON,
    });
    const error = jsonOf<{ 'ietf-restconf:errors': { error: { 'error-info'?: unknown }[] } }>(response)[
      'ietf-restconf:errors'
    ].error[0];
    assert.deepEqual(error?.['error-info'], { 'bad-element': 'value' });
  });

  // §6 The Encoding of YANG Data Types

  test('RFC 7951 §6: every built-in type round-trips in its JSON encoding', async () => {
    const response = await put(TYPES, { 't-restconf:types': ALL_TYPES });
    assert.ok(response.status === 201 || response.status === 204, response.body);
    assert.deepEqual(await typed(), ALL_TYPES);
    await server.reset();
  });

  test('RFC 7951 §6.1: int8–int32 and uint8–uint32 are JSON numbers; a string is not their encoding', async () => {
    assert.equal(await putLeaf('small', 7), 'ok');
    assert.equal((await typed()).small, 7);
    assert.equal(await putLeaf('small', '7'), 400);
    const year = await put(`${WASTING_LIGHT}/year`, { 'example-jukebox:year': '2011' });
    assert.deepEqual(statusAndTag(year), [400, 'invalid-value']);
    await server.reset();
  });

  test('RFC 7951 §6.1: int64, uint64 and decimal64 are JSON strings; a number is not their encoding', async () => {
    assert.equal(await putLeaf('big', '9223372036854775807'), 'ok');
    assert.equal(await putLeaf('huge', '18446744073709551615'), 'ok');
    assert.equal(await putLeaf('price', '-0.5'), 'ok');
    const values = await typed();
    assert.deepEqual([values.big, values.huge, values.price], ['9223372036854775807', '18446744073709551615', '-0.5']);
    for (const [leaf, value] of [
      ['big', 5],
      ['huge', 5],
      ['price', 0.5],
    ] as const)
      assert.equal(await putLeaf(leaf, value), 400, leaf);
    assert.deepEqual(jsonOf(await server.request('GET', `${JUKEBOX}/player/gap`)), { 'example-jukebox:gap': '0.5' });
    await server.reset();
  });

  test('RFC 7951 §6.2: a string is a JSON string', async () => {
    assert.equal(await putLeaf('ref', 'lab'), 'ok');
    assert.equal(typeof (await typed()).ref, 'string');
    assert.equal((await put(`${SETTINGS}/name`, { 't-restconf:name': 12 })).status, 400);
    await server.reset();
  });

  test('RFC 7951 §6.3: a boolean is the JSON literal true or false', async () => {
    assert.equal(await putLeaf('enabled', false), 'ok');
    assert.equal((await typed()).enabled, false);
    assert.equal(await putLeaf('enabled', 'true'), 400);
    await server.reset();
  });

  test('RFC 7951 §6.4: an enumeration is a JSON string holding the assigned name', async () => {
    assert.equal(await putLeaf('color', 'red'), 'ok');
    assert.equal((await typed()).color, 'red');
    assert.equal(await putLeaf('color', 0), 400);
    await server.reset();
  });

  test('RFC 7951 §6.5: bits are a JSON string of space-separated bit names', async () => {
    assert.equal(await putLeaf('options', 'safe fast'), 'ok');
    assert.equal((await typed()).options, 'fast safe');
    assert.equal(await putLeaf('options', ['fast', 'safe']), 400);
    await server.reset();
  });

  test('RFC 7951 §6.6: binary is a JSON string in base64', async () => {
    assert.equal(await putLeaf('blob', 'aGVsbG8='), 'ok');
    assert.equal((await typed()).blob, 'aGVsbG8=');
    assert.equal(await putLeaf('blob', 'not base64!'), 400);
    await server.reset();
  });

  test('RFC 7951 §6.7: a leafref is encoded as the type of the leaf it refers to', async () => {
    assert.equal(await putLeaf('ref', 'lab'), 'ok');
    assert.equal((await typed()).ref, 'lab');
    assert.equal(await putLeaf('ref', 'not the name'), 409);
    await server.reset();
  });

  test("RFC 7951 §6.8: an identityref is a string, qualified with the module when it differs from the leaf's", async () => {
    assert.equal(await putLeaf('genre', 'example-jukebox:jazz'), 'ok');
    assert.equal((await typed()).genre, 'example-jukebox:jazz');
    assert.equal(await putLeaf('genre', 'jazz'), 400, 'the identity is of another module: the prefix is required');
  });

  test("RFC 7951 §6.8: an identityref of the leaf's own module may be written in the simple form", async () => {
    assert.equal(await putLeaf('own-kind', 'saml'), 'ok');
    assert.equal((await typed())['own-kind'], 't-restconf:saml');
    const genre = await put(`${WASTING_LIGHT}/genre`, { 'example-jukebox:genre': 'jazz' });
    assert.equal(genre.status, 204);
    await server.reset();
  });

  test('RFC 7951 §6.9: an empty leaf is [null]', async () => {
    assert.equal(await putLeaf('marker', [null]), 'ok');
    assert.deepEqual((await typed()).marker, [null]);
    for (const value of [null, true, '', []]) assert.equal(await putLeaf('marker', value), 400, JSON.stringify(value));
    await server.reset();
  });

  test('RFC 7951 §6.10: a union value is validated with the JSON type it was sent as', async () => {
    assert.equal(await putLeaf('either', '12'), 'ok');
    assert.equal((await typed()).either, '12', 'a JSON string is the string member');
    assert.equal(await putLeaf('either', 12), 'ok');
    assert.equal((await typed()).either, 12, 'a JSON number is the int32 member');
    assert.equal(await putLeaf('either', true), 400);
    await server.reset();
  });

  test('RFC 7951 §6.11: an instance-identifier names the module on the first node and where the module changes', async () => {
    const playlist = jsonOf<{ 'example-jukebox:playlist': { song: { id: string }[] }[] }>(
      await server.request('GET', PLAYLIST),
    );
    assert.equal(playlist['example-jukebox:playlist'][0]?.song[0]?.id, ROPE);
    const volume = await server.request('PATCH', `${JUKEBOX}/player`, {
      body: { 'example-jukebox:player': { 't-restconf:volume': 4 } },
    });
    assert.equal(volume.status, 204);
    assert.equal(await putLeaf('pointer', '/example-jukebox:jukebox/player/t-restconf:volume'), 'ok');
    assert.equal((await typed()).pointer, '/example-jukebox:jukebox/player/t-restconf:volume');
    assert.equal(await putLeaf('pointer', '/jukebox/player'), 400);
    await server.reset();
  });

  test('RFC 7951 §6.11: a module name that does not change may be repeated in an instance-identifier', async () => {
    assert.equal(await putLeaf('pointer', '/example-jukebox:jukebox/example-jukebox:player'), 'ok');
    assert.equal((await typed()).pointer, '/example-jukebox:jukebox/player');
    await server.reset();
  });
});
