/**
 * @module test/conformance/rfc8040-s4-methods.test
 * RFC 8040 §4 (RESTCONF Methods), clause by clause, over a real HTTPS socket: access control
 * on every method, OPTIONS, HEAD, GET, POST (create and invoke), PUT, PATCH (plain patch),
 * DELETE, and every query parameter of §4.8. Each test is named after its clause;
 * docs/restconf.md lists them with their status.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ConformanceServer } from './conformance-server.ts';
import {
  CONFORMANCE_CONFIG,
  ETH0,
  errorOf,
  FOO,
  JUKEBOX,
  jsonOf,
  LIBRARY,
  PLAYLIST,
  ROPE,
  SECRET_PLAYLIST,
  SETTINGS,
  startConformanceServer,
  statusAndTag,
  WASTING_LIGHT,
  XML,
} from './conformance-server.ts';

const SECRET = `${JUKEBOX}/playlist=${SECRET_PLAYLIST}`;
const NICK_CAVE = `${LIBRARY}/artist=Nick%20Cave%20and%20the%20Bad%20Seeds`;
const ACCEPT_PATCH = [
  'application/yang-data+json',
  'application/yang-data+xml',
  'application/yang-patch+json',
  'application/yang-patch+xml',
];

type Playlist = { 'example-jukebox:playlist': { song?: { index: number }[] }[] };
type Settings = { 't-restconf:settings': Record<string, unknown> };

describe('RFC 8040 §4 RESTCONF Methods', () => {
  let server: ConformanceServer;
  before(async () => {
    server = await startConformanceServer();
  });
  after(async () => {
    await server.close();
  });

  const song = (index: number) => ({ 'example-jukebox:song': [{ index, id: ROPE }] });
  const playlistIndexes = async (): Promise<number[]> =>
    (jsonOf<Playlist>(await server.request('GET', PLAYLIST))['example-jukebox:playlist'][0]?.song ?? []).map(
      (entry) => entry.index,
    );
  const tags = async (): Promise<unknown> =>
    jsonOf<Settings>(await server.request('GET', SETTINGS))['t-restconf:settings'].tags;
  const exists = async (path: string): Promise<boolean> => (await server.request('GET', path)).status === 200;

  // §4 RESTCONF Methods

  test('RFC 8040 §4: no operation is allowed on a resource the client is not authorized to access', async () => {
    const requests: [string, string, object?][] = [
      ['GET', SECRET],
      ['HEAD', SECRET],
      ['PUT', SECRET, { 'example-jukebox:playlist': [{ name: SECRET_PLAYLIST, description: 'mine' }] }],
      ['PATCH', SECRET, { 'example-jukebox:playlist': [{ name: SECRET_PLAYLIST, description: 'mine' }] }],
      ['POST', SECRET, song(1)],
      ['DELETE', SECRET],
      ['POST', '/operations/example-jukebox:play', { input: { playlist: 'Foo-One', 'song-number': 1 } }],
    ];
    for (const [method, path, body] of requests) {
      const response = await server.request(method, path, body === undefined ? {} : { body });
      assert.equal(response.status, 403, `${method} ${path}: ${response.body}`);
      if (method !== 'HEAD') assert.equal(errorOf(response)['error-tag'], 'access-denied');
    }
    assert.equal((await server.request('GET', `${JUKEBOX}/playlist=${SECRET_PLAYLIST}/description`)).status, 403);
    assert.equal((await server.request('GET', SECRET, { anonymous: true })).status, 401);
  });

  // §4.1 OPTIONS

  test('RFC 8040 §4.1: the server implements OPTIONS on every resource type, answering Allow', async () => {
    for (const path of [
      '',
      '/data',
      JUKEBOX,
      `${WASTING_LIGHT}/year`,
      '/operations',
      '/operations/example-ops:reboot',
      `${ETH0}/reset`,
      '/yang-library-version',
    ]) {
      const response = await server.request('OPTIONS', path);
      assert.equal(response.status, 204, path);
      assert.ok(String(response.headers.allow).includes('OPTIONS'), `${path}: ${response.headers.allow}`);
    }
  });

  test('RFC 8040 §4.1: Accept-Patch is returned in the OPTIONS response of patchable resources', async () => {
    for (const path of ['/data', JUKEBOX, WASTING_LIGHT, `${WASTING_LIGHT}/year`]) {
      const response = await server.request('OPTIONS', path);
      const types = String(response.headers['accept-patch']).split(/\s*,\s*/);
      assert.deepEqual(types.sort(), [...ACCEPT_PATCH].sort(), path);
    }
  });

  // §4.2 HEAD

  test('RFC 8040 §4.2: HEAD answers as GET would, without a message-body', async () => {
    for (const [path, accept] of [
      [WASTING_LIGHT, undefined],
      [WASTING_LIGHT, XML],
      ['/data', undefined],
      ['', undefined],
      ['/operations', undefined],
    ] as const) {
      const options = accept === undefined ? {} : { accept };
      const get = await server.request('GET', path, options);
      const head = await server.request('HEAD', path, options);
      assert.equal(head.status, get.status, path);
      assert.equal(head.body, '');
      for (const header of ['content-type', 'etag', 'last-modified', 'cache-control'])
        assert.equal(head.headers[header], get.headers[header], `${path} ${header}`);
    }
    assert.deepEqual(statusAndTag(await server.request('GET', `${FOO}/album=Nothing`)), [404, 'invalid-value']);
    assert.equal((await server.request('HEAD', `${FOO}/album=Nothing`)).status, 404);
  });

  test('RFC 8040 §4.2: HEAD supports the query parameters of GET', async () => {
    for (const query of ['depth=1', 'fields=name', 'content=config', 'with-defaults=report-all']) {
      const get = await server.request('GET', `${WASTING_LIGHT}?${query}`);
      const head = await server.request('HEAD', `${WASTING_LIGHT}?${query}`);
      assert.equal(head.status, 200, query);
      assert.equal(head.headers['content-length'], get.headers['content-length'], query);
    }
    assert.equal((await server.request('HEAD', `${WASTING_LIGHT}?depth=0`)).status, 400);
  });

  test('RFC 8040 §4.2: access control is enforced on HEAD as if it were GET', async () => {
    assert.equal((await server.request('HEAD', SECRET)).status, 403);
    assert.equal((await server.request('HEAD', PLAYLIST)).status, 200);
  });

  // §4.3 GET

  test('RFC 8040 §4.3: GET is supported for every resource type except operations', async () => {
    for (const path of [
      '',
      '/data',
      JUKEBOX,
      `${WASTING_LIGHT}/year`,
      `${SETTINGS}/tags=a`,
      '/operations',
      '/yang-library-version',
    ])
      assert.equal((await server.request('GET', path)).status, 200, path);
  });

  test('RFC 8040 §4.3: a read the user may not make is refused with access-denied (403)', async () => {
    assert.deepEqual(statusAndTag(await server.request('GET', SECRET)), [403, 'access-denied']);
  });

  test('RFC 8040 §4.3: content the user may not read is omitted, the rest is returned', async () => {
    const response = await server.request('GET', `${JUKEBOX}/playlist`);
    assert.equal(response.status, 200);
    assert.ok(!response.body.includes(SECRET_PLAYLIST));
    assert.ok(response.body.includes('Foo-One'));
  });

  test('RFC 8040 §4.3: the response carries a valid message-body, one element in XML, an array for JSON entries', async () => {
    const json = await server.request('GET', WASTING_LIGHT);
    assert.equal(jsonOf<Record<string, unknown[]>>(json)['example-jukebox:album']?.length, 1);
    const xml = await server.request('GET', WASTING_LIGHT, { accept: XML });
    assert.match(xml.body, /^<album xmlns="http:\/\/example.com\/ns\/example-jukebox"><name>Wasting Light<\/name>/);
    assert.equal(xml.body.match(/<album /g)?.length, 1);
  });

  test('RFC 8040 §4.3: the entity-tag of several JSON array elements is that of the first element', {
    todo: "deviation: the entity-tag of every entry of a list (an extension) is the newest entry's",
  }, async () => {
    const edit = await server.request('PUT', `${NICK_CAVE}/album=Tender%20Prey/year`, {
      body: { 'example-jukebox:year': 1989 },
    });
    assert.equal(edit.status, 204);
    const first = (await server.request('HEAD', FOO)).headers.etag;
    const all = (await server.request('HEAD', `${LIBRARY}/artist`)).headers.etag;
    await server.reset();
    assert.equal(all, first);
  });

  test('RFC 8040 §4.3: a GET of several list or leaf-list instances in XML is 400 invalid-value', {
    todo: 'deviation: every entry of a list or leaf-list is returned, wrapped in RESTCONF data (an extension)',
  }, async () => {
    const response = await server.request('GET', `${LIBRARY}/artist`, { accept: XML });
    assert.deepEqual(statusAndTag(response), [400, 'invalid-value']);
  });

  test('RFC 8040 §4.3: a GET of an instance that does not exist is 404 invalid-value', async () => {
    for (const path of [`${FOO}/album=Nothing`, `${SETTINGS}/tags=nothing`, `${WASTING_LIGHT}/admin/nothing-here`]) {
      const response = await server.request('GET', path);
      if (path.endsWith('nothing-here')) assert.equal(response.status, 400, 'an unknown node is no instance');
      else assert.deepEqual(statusAndTag(response), [404, 'invalid-value'], path);
    }
  });

  test('RFC 8040 §4.3: a GET of an operation resource is 405 operation-not-supported', async () => {
    for (const path of ['/operations/example-ops:reboot', `${ETH0}/reset`]) {
      const response = await server.request('GET', path);
      assert.deepEqual(statusAndTag(response), [405, 'operation-not-supported'], path);
      assert.equal(response.headers.allow, 'OPTIONS, POST');
    }
  });

  // §4.4 POST

  test('RFC 8040 §4.4.1: POST creates the child resource: 201 Created, Location, no body', async () => {
    const response = await server.request('POST', FOO, {
      body: { 'example-jukebox:album': [{ name: 'One by One', year: 2002 }] },
    });
    assert.equal(response.status, 201, response.body);
    assert.equal(response.body, '');
    assert.equal(response.headers.location, `${server.api}${FOO}/album=One%20by%20One`);
    assert.equal((await server.request('GET', String(response.headers.location))).status, 200);
    const top = await server.request('POST', '/data', { body: { 't-restconf:types': { small: 1 } } });
    assert.equal(top.status, 201, top.body);
    assert.equal(top.headers.location, `${server.api}/data/t-restconf:types`);
    await server.reset();
  });

  test('RFC 8040 §4.4.1: the message-body must hold exactly one instance of the child', async () => {
    for (const body of [
      { 'example-jukebox:album': [{ name: 'A' }, { name: 'B' }] },
      { 'example-jukebox:album': [] },
      { 'example-jukebox:album': [{ name: 'A' }], 'example-jukebox:name': 'x' },
    ]) {
      const response = await server.request('POST', FOO, { body });
      assert.equal(response.status, 400, JSON.stringify(body));
    }
    assert.deepEqual(statusAndTag(await server.request('POST', FOO, { type: 'application/yang-data+json' })), [
      400,
      'invalid-value',
    ]);
    assert.equal((await server.request('GET', `${FOO}/album=A`)).status, 404);
  });

  test('RFC 8040 §4.4.1: POST of a resource that exists is 409 resource-denied', async () => {
    const response = await server.request('POST', FOO, {
      body: { 'example-jukebox:album': [{ name: 'Wasting Light' }] },
    });
    assert.deepEqual(statusAndTag(response), [409, 'resource-denied']);
    const top = await server.request('POST', '/data', { body: { 'example-jukebox:jukebox': {} } });
    assert.deepEqual(statusAndTag(top), [409, 'resource-denied']);
  });

  test('RFC 8040 §4.4.1: POST supports insert and point on datastore and data resources', async () => {
    assert.equal((await server.request('POST', `${PLAYLIST}?insert=first`, { body: song(9) })).status, 201);
    const after = await server.request(
      'POST',
      `${PLAYLIST}?insert=after&point=${encodeURIComponent('/example-jukebox:jukebox/playlist=Foo-One/song=1')}`,
      { body: song(5) },
    );
    assert.equal(after.status, 201, after.body);
    assert.deepEqual(await playlistIndexes(), [9, 1, 5, 2]);
    const top = await server.request('POST', `/data/t-restconf:settings?insert=first`, {
      body: { 't-restconf:tags': ['first'] },
    });
    assert.equal(top.status, 201, top.body);
    assert.deepEqual(await tags(), ['first', 'a', 'b']);
    await server.reset();
  });

  test('RFC 8040 §4.4.1: insert and point are allowed only for "ordered-by user" lists and leaf-lists', async () => {
    const response = await server.request('POST', `${FOO}?insert=first`, {
      body: { 'example-jukebox:album': [{ name: 'First' }] },
    });
    assert.deepEqual(statusAndTag(response), [400, 'invalid-value']);
    assert.equal((await server.request('GET', `${FOO}/album=First`)).status, 404);
  });

  test('RFC 8040 §4.4.1: a create the user may not make is refused with access-denied (403)', async () => {
    assert.deepEqual(statusAndTag(await server.request('POST', SECRET, { body: song(1) })), [403, 'access-denied']);
    assert.equal((await server.request('GET', `${SECRET}/song=1`)).status, 403);
  });

  test('RFC 8040 §4.4.2: invoking an operation answers 200 with output, or 204 without', async () => {
    const output = await server.request('POST', '/operations/example-ops:get-reboot-info');
    assert.equal(output.status, 200);
    assert.equal(output.headers['content-type'], 'application/yang-data+json');
    const none = await server.request('POST', '/operations/example-ops:reboot');
    assert.equal(none.status, 204);
    assert.equal(none.body, '');
  });

  test('RFC 8040 §4.4.2: an operation the user may not invoke is refused with access-denied (403)', async () => {
    const response = await server.request('POST', '/operations/example-jukebox:play', {
      body: { 'example-jukebox:input': { playlist: 'Foo-One', 'song-number': 1 } },
    });
    assert.deepEqual(statusAndTag(response), [403, 'access-denied']);
  });

  // §4.5 PUT

  test('RFC 8040 §4.5: a PUT without a message-body is 400 invalid-value', async () => {
    for (const path of [WASTING_LIGHT, '/data']) {
      const response = await server.request('PUT', path, { type: 'application/yang-data+json' });
      assert.deepEqual(statusAndTag(response), [400, 'invalid-value'], path);
    }
  });

  test('RFC 8040 §4.5: PUT is supported for the datastore (replacing it all) and data resources', async () => {
    const replace = await server.request('PUT', '/data', {
      body: { 'ietf-restconf:data': { ...CONFORMANCE_CONFIG(), 't-restconf:settings': { name: 'replaced' } } },
    });
    assert.equal(replace.status, 204, replace.body);
    // What the user reads lacks what NACM hides from them: putting it back would delete that.
    const data = await server.request('GET', '/data?content=config');
    assert.equal((await server.request('PUT', '/data', { body: data.body })).status, 403);
    const year = await server.request('PUT', `${WASTING_LIGHT}/year`, { body: { 'example-jukebox:year': 2015 } });
    assert.equal(year.status, 204);
    await server.reset();
  });

  test('RFC 8040 §4.5: PUT answers 201 Created when it creates, 204 No Content when it replaces', async () => {
    const create = await server.request('PUT', `${FOO}/album=Medicine`, {
      body: { 'example-jukebox:album': [{ name: 'Medicine', year: 2017 }] },
    });
    assert.equal(create.status, 201, create.body);
    assert.equal(create.headers.location, `${server.api}${FOO}/album=Medicine`);
    const replace = await server.request('PUT', `${FOO}/album=Medicine`, {
      body: { 'example-jukebox:album': [{ name: 'Medicine', year: 2018 }] },
    });
    assert.equal(replace.status, 204);
    assert.equal(replace.body, '');
    await server.reset();
  });

  test('RFC 8040 §4.5: PUT supports insert and point on data resources of "ordered-by user" lists', async () => {
    const first = await server.request('PUT', `${PLAYLIST}/song=7?insert=first`, { body: song(7) });
    assert.equal(first.status, 201, first.body);
    const moved = await server.request(
      'PUT',
      `${PLAYLIST}/song=1?insert=after&point=${encodeURIComponent('/example-jukebox:jukebox/playlist=Foo-One/song=2')}`,
      { body: song(1) },
    );
    assert.equal(moved.status, 204, moved.body);
    assert.deepEqual(await playlistIndexes(), [7, 2, 1]);
    const unordered = await server.request('PUT', `${FOO}/album=Wasting%20Light?insert=first`, {
      body: { 'example-jukebox:album': [{ name: 'Wasting Light' }] },
    });
    assert.deepEqual(statusAndTag(unordered), [400, 'invalid-value']);
    await server.reset();
  });

  test('RFC 8040 §4.5: a create or replace the user may not make is refused with access-denied (403)', async () => {
    const response = await server.request('PUT', `${SECRET}/description`, {
      body: { 'example-jukebox:description': 'mine' },
    });
    assert.deepEqual(statusAndTag(response), [403, 'access-denied']);
  });

  test('RFC 8040 §4.5: PUT on a leaf-list entry must not change its value', async () => {
    const response = await server.request('PUT', `${SETTINGS}/tags=a`, { body: { 't-restconf:tags': ['z'] } });
    assert.deepEqual(statusAndTag(response), [400, 'invalid-value']);
    assert.deepEqual(await tags(), ['a', 'b']);
  });

  test('RFC 8040 §4.5: PUT on a list entry must not change its keys (body keys equal the URI keys)', async () => {
    const response = await server.request('PUT', WASTING_LIGHT, {
      body: { 'example-jukebox:album': [{ name: 'Renamed', year: 2011 }] },
    });
    assert.deepEqual(statusAndTag(response), [400, 'invalid-value']);
    assert.ok(await exists(WASTING_LIGHT));
    assert.ok(!(await exists(`${FOO}/album=Renamed`)));
  });

  // §4.6 PATCH

  test('RFC 8040 §4.6: PATCH of a target that does not exist does not create it', async () => {
    const response = await server.request('PATCH', `${FOO}/album=Nothing`, {
      body: { 'example-jukebox:album': [{ name: 'Nothing', year: 2000 }] },
    });
    assert.ok(response.status >= 400 && response.status < 500, String(response.status));
    assert.ok(!(await exists(`${FOO}/album=Nothing`)));
  });

  test('RFC 8040 §4.6: PATCH (merge) of a target that does not exist is answered data-missing', async () => {
    const response = await server.request('PATCH', `${FOO}/album=Nothing`, {
      body: { 'example-jukebox:album': [{ name: 'Nothing', year: 2000 }] },
    });
    assert.equal(errorOf(response)['error-tag'], 'data-missing');
  });

  test('RFC 8040 §4.6: PATCH answers 204 without a message-body, 200 with one', async () => {
    const plain = await server.request('PATCH', WASTING_LIGHT, {
      body: { 'example-jukebox:album': [{ name: 'Wasting Light', year: 2012 }] },
    });
    assert.equal(plain.status, 204);
    assert.equal(plain.body, '');
    const withBody = await server.request('PATCH', `${WASTING_LIGHT}?rollback-id=true`, {
      body: { 'example-jukebox:album': [{ name: 'Wasting Light', year: 2013 }] },
    });
    assert.equal(withBody.status, 200);
    assert.ok(withBody.body.length > 0);
    await server.reset();
  });

  test('RFC 8040 §4.6: a PATCH the user may not make is refused with access-denied (403)', async () => {
    const response = await server.request('PATCH', SECRET, {
      body: { 'example-jukebox:playlist': [{ name: SECRET_PLAYLIST, description: 'mine' }] },
    });
    assert.deepEqual(statusAndTag(response), [403, 'access-denied']);
  });

  test('RFC 8040 §4.6.1: a plain patch merges the body into the target, creating and updating children', async () => {
    const response = await server.request('PATCH', WASTING_LIGHT, {
      body: { 'example-jukebox:album': [{ name: 'Wasting Light', year: 2011, admin: { label: 'RCA' } }] },
    });
    assert.equal(response.status, 204, response.body);
    const album = jsonOf<Record<string, { admin: Record<string, string>; song: unknown[] }[]>>(
      await server.request('GET', WASTING_LIGHT),
    )['example-jukebox:album']?.[0];
    assert.deepEqual(album?.admin, { label: 'RCA', 'catalogue-number': 'RR-2011-01' });
    assert.equal(album?.song.length, 2);
    await server.reset();
  });

  test('RFC 8040 §4.6.1: the plain patch body must be present, as application/yang-data+xml or +json', async () => {
    assert.deepEqual(
      statusAndTag(await server.request('PATCH', WASTING_LIGHT, { type: 'application/yang-data+json' })),
      [400, 'invalid-value'],
    );
    const text = await server.request('PATCH', WASTING_LIGHT, { body: 'year=2000', type: 'text/plain' });
    assert.equal(text.status, 415);
    const xml = await server.request('PATCH', WASTING_LIGHT, {
      body: '<album xmlns="http://example.com/ns/example-jukebox"><name>Wasting Light</name><year>2011</year></album>',
      type: XML,
    });
    assert.equal(xml.status, 204, xml.body);
  });

  test('RFC 8040 §4.6.1: a plain patch of a leaf-list entry must not change its value', async () => {
    const response = await server.request('PATCH', `${SETTINGS}/tags=a`, { body: { 't-restconf:tags': ['z'] } });
    assert.deepEqual(statusAndTag(response), [400, 'invalid-value']);
    assert.deepEqual(await tags(), ['a', 'b']);
  });

  test('RFC 8040 §4.6.1: a plain patch of a list entry must not change its keys', async () => {
    const response = await server.request('PATCH', WASTING_LIGHT, {
      body: { 'example-jukebox:album': [{ name: 'Renamed' }] },
    });
    assert.deepEqual(statusAndTag(response), [400, 'invalid-value']);
    assert.ok(!(await exists(`${FOO}/album=Renamed`)));
  });

  // §4.7 DELETE

  test('RFC 8040 §4.7: DELETE removes the target and its descendants: 204 No Content', async () => {
    const response = await server.request('DELETE', NICK_CAVE);
    assert.equal(response.status, 204);
    assert.equal(response.body, '');
    assert.ok(!(await exists(NICK_CAVE)));
    assert.ok(!(await exists(`${NICK_CAVE}/album=Tender%20Prey`)));
    await server.reset();
  });

  test('RFC 8040 §4.7: a DELETE the user may not make is refused with access-denied (403)', async () => {
    assert.deepEqual(statusAndTag(await server.request('DELETE', SECRET)), [403, 'access-denied']);
  });

  test('RFC 8040 §4.7: DELETE of a list or leaf-list deletes one instance, never several', async () => {
    for (const path of [`${LIBRARY}/artist`, `${SETTINGS}/tags`]) {
      const response = await server.request('DELETE', path);
      assert.deepEqual(statusAndTag(response), [405, 'operation-not-supported'], path);
    }
    assert.ok(await exists(FOO));
    assert.deepEqual(await tags(), ['a', 'b']);
  });

  test('RFC 8040 §4: DELETE of a resource that does not exist fails', async () => {
    const response = await server.request('DELETE', `${FOO}/album=Nothing`);
    assert.ok(response.status >= 400 && response.status < 500, String(response.status));
  });

  test('RFC 8040 §4: DELETE of a resource that does not exist is answered data-missing', async () => {
    const response = await server.request('DELETE', `${FOO}/album=Nothing`);
    assert.equal(errorOf(response)['error-tag'], 'data-missing');
  });

  // §4.8 Query Parameters

  test('RFC 8040 §4.8: a query parameter given more than once is 400 invalid-value', async () => {
    for (const query of ['depth=1&depth=1', 'content=config&content=all'])
      assert.deepEqual(statusAndTag(await server.request('GET', `${JUKEBOX}?${query}`)), [400, 'invalid-value'], query);
  });

  test('RFC 8040 §4.8: an unexpected query parameter is 400 invalid-value', async () => {
    for (const [method, path, query] of [
      ['GET', JUKEBOX, 'unknown=1'],
      ['GET', JUKEBOX, 'insert=first'],
      ['DELETE', WASTING_LIGHT, 'depth=1'],
      ['PATCH', WASTING_LIGHT, 'insert=last'],
    ] as const) {
      const response = await server.request(method, `${path}?${query}`, {
        ...(method === 'PATCH' ? { body: { 'example-jukebox:album': [{ name: 'Wasting Light' }] } } : {}),
      });
      assert.deepEqual(statusAndTag(response), [400, 'invalid-value'], `${method} ?${query}`);
    }
    assert.ok(await exists(WASTING_LIGHT));
  });

  test('RFC 8040 §4.8: query parameter names and values are case-sensitive', async () => {
    for (const query of ['CONTENT=config', 'content=CONFIG', 'Depth=1', 'with-defaults=Trim'])
      assert.deepEqual(statusAndTag(await server.request('GET', `${JUKEBOX}?${query}`)), [400, 'invalid-value'], query);
  });

  // §4.8.1 content

  test('RFC 8040 §4.8.1: content is supported: config, nonconfig and all (the default)', async () => {
    type Library = { 'example-jukebox:library': Record<string, unknown> };
    const config = jsonOf<Library>(await server.request('GET', `${LIBRARY}?content=config`))['example-jukebox:library'];
    assert.ok('artist' in config && !('artist-count' in config));
    const state = jsonOf<Library>(await server.request('GET', `${LIBRARY}?content=nonconfig`))[
      'example-jukebox:library'
    ];
    assert.deepEqual(Object.keys(state), ['artist-count']);
    for (const query of ['', '?content=all']) {
      const all = jsonOf<Library>(await server.request('GET', `${LIBRARY}${query}`))['example-jukebox:library'];
      assert.ok('artist' in all && 'artist-count' in all, query);
    }
  });

  test('RFC 8040 §4.8.1: content is 400 with other methods and other resource types', async () => {
    assert.deepEqual(statusAndTag(await server.request('DELETE', `${WASTING_LIGHT}/year?content=config`)), [
      400,
      'invalid-value',
    ]);
    for (const path of ['', '/operations', '/yang-library-version'])
      assert.deepEqual(
        statusAndTag(await server.request('GET', `${path}?content=config`)),
        [400, 'invalid-value'],
        path,
      );
  });

  // §4.8.2 depth

  test('RFC 8040 §4.8.2: depth limits the subtree: the target is level 1', async () => {
    assert.deepEqual(jsonOf(await server.request('GET', `${JUKEBOX}?depth=1`)), { 'example-jukebox:jukebox': {} });
    const two = jsonOf<{ 'example-jukebox:jukebox': Record<string, unknown> }>(
      await server.request('GET', `${JUKEBOX}?depth=2&content=config`),
    )['example-jukebox:jukebox'];
    assert.deepEqual(two.library, {});
    assert.deepEqual(two.player, {});
    const unbounded = await server.request('GET', `${JUKEBOX}?depth=unbounded&content=config`);
    assert.equal(unbounded.body, (await server.request('GET', `${JUKEBOX}?content=config`)).body);
  });

  test('RFC 8040 §4.8.2: depth is an integer from 1 to 65535 or "unbounded"', async () => {
    assert.equal((await server.request('GET', `${JUKEBOX}?depth=65535`)).status, 200);
    for (const value of ['0', '65536', '-1', 'x', ''])
      assert.deepEqual(
        statusAndTag(await server.request('GET', `${JUKEBOX}?depth=${value}`)),
        [400, 'invalid-value'],
        value,
      );
  });

  test('RFC 8040 §4.8.2: depth is allowed on the API, datastore and data resources, 400 with other methods', async () => {
    assert.deepEqual(jsonOf(await server.request('GET', '?depth=1')), { 'ietf-restconf:restconf': {} });
    assert.equal((await server.request('GET', '/data?depth=1')).status, 200);
    const put = await server.request('PUT', `${WASTING_LIGHT}/year?depth=1`, {
      body: { 'example-jukebox:year': 2011 },
    });
    assert.deepEqual(statusAndTag(put), [400, 'invalid-value']);
  });

  test('RFC 8040 §4.8.2: the nodes selected by fields, and their ancestors, are at depth 1', async () => {
    const response = await server.request('GET', `${FOO}?depth=1&fields=album/admin/label`);
    assert.deepEqual(jsonOf(response), {
      'example-jukebox:artist': [
        { name: 'Foo Fighters', album: [{ name: 'Wasting Light', admin: { label: 'Roswell Records' } }] },
      ],
    });
  });

  // §4.8.3 fields

  test('RFC 8040 §4.8.3: fields selects nodes: ";" for several, "(…)" for sub-selectors, "/" for paths', async () => {
    assert.deepEqual(jsonOf(await server.request('GET', `${WASTING_LIGHT}?fields=genre;year`)), {
      'example-jukebox:album': [{ name: 'Wasting Light', genre: 'example-jukebox:alternative', year: 2011 }],
    });
    assert.deepEqual(jsonOf(await server.request('GET', `${WASTING_LIGHT}?fields=admin(label;catalogue-number)`)), {
      'example-jukebox:album': [
        { name: 'Wasting Light', admin: { label: 'Roswell Records', 'catalogue-number': 'RR-2011-01' } },
      ],
    });
    assert.deepEqual(jsonOf(await server.request('GET', `${WASTING_LIGHT}?fields=admin/label`)), {
      'example-jukebox:album': [{ name: 'Wasting Light', admin: { label: 'Roswell Records' } }],
    });
  });

  test('RFC 8040 §4.8.3: fields is allowed on datastore and data resources, 400 with other methods', async () => {
    const data = await server.request('GET', '/data?fields=example-jukebox:jukebox/player');
    assert.deepEqual(jsonOf(data), { 'ietf-restconf:data': { 'example-jukebox:jukebox': { player: { gap: '0.5' } } } });
    const del = await server.request('DELETE', `${WASTING_LIGHT}/year?fields=x`);
    assert.deepEqual(statusAndTag(del), [400, 'invalid-value']);
  });

  test('RFC 8040 §4.8.3: fields is allowed on the API resource', {
    todo: 'deviation: fields on the API root is 400 (its data and operations children are always empty)',
  }, async () => {
    const response = await server.request('GET', '?fields=yang-library-version');
    assert.equal(response.status, 200);
  });

  // §4.8.4 filter, §4.8.7 start-time, §4.8.8 stop-time

  test('RFC 8040 §4.8.4: filter is 400 on anything but an event stream resource', async () => {
    assert.deepEqual(statusAndTag(await server.request('GET', `/data?filter=${encodeURIComponent('/event')}`)), [
      400,
      'invalid-value',
    ]);
  });

  test('RFC 8040 §4.8.7: start-time is 400 on anything but an event stream that supports replay', async () => {
    assert.deepEqual(statusAndTag(await server.request('GET', '/data?start-time=2016-01-01T00:00:00Z')), [
      400,
      'invalid-value',
    ]);
  });

  test('RFC 8040 §4.8.8: stop-time is 400 on anything but an event stream that supports replay', async () => {
    assert.deepEqual(statusAndTag(await server.request('GET', '/data?stop-time=2016-01-01T00:00:00Z')), [
      400,
      'invalid-value',
    ]);
  });

  // §4.8.5 insert, §4.8.6 point

  test('RFC 8040 §4.8.5: insert is supported: first, last (the default), before and after', async () => {
    for (const [index, query] of [
      [10, '?insert=last'],
      [11, ''],
      [12, '?insert=first'],
      [13, `?insert=before&point=${encodeURIComponent('/example-jukebox:jukebox/playlist=Foo-One/song=2')}`],
    ] as const)
      assert.equal((await server.request('POST', `${PLAYLIST}${query}`, { body: song(index) })).status, 201, query);
    assert.deepEqual(await playlistIndexes(), [12, 1, 13, 2, 10, 11]);
    await server.reset();
  });

  test('RFC 8040 §4.8.5: insert=before or after without point is 400', async () => {
    for (const where of ['before', 'after'])
      assert.deepEqual(statusAndTag(await server.request('POST', `${PLAYLIST}?insert=${where}`, { body: song(20) })), [
        400,
        'invalid-value',
      ]);
    assert.deepEqual(await playlistIndexes(), [1, 2]);
  });

  test('RFC 8040 §4.8.5: insert is 400 with methods other than POST and PUT', async () => {
    const response = await server.request('PATCH', `${PLAYLIST}?insert=first`, {
      body: { 'example-jukebox:playlist': [{ name: 'Foo-One' }] },
    });
    assert.deepEqual(statusAndTag(response), [400, 'invalid-value']);
  });

  test('RFC 8040 §4.8.6: point is the path of the insertion point, like a target resource URI', async () => {
    const point = encodeURIComponent('/example-jukebox:jukebox/playlist=Foo-One/song=1');
    assert.equal(
      (await server.request('POST', `${PLAYLIST}?insert=before&point=${point}`, { body: song(30) })).status,
      201,
    );
    const full = encodeURIComponent('/admin/api/restconf/data/example-jukebox:jukebox/playlist=Foo-One/song=2');
    assert.equal(
      (await server.request('POST', `${PLAYLIST}?insert=after&point=${full}`, { body: song(31) })).status,
      201,
    );
    assert.deepEqual(await playlistIndexes(), [30, 1, 2, 31]);
    await server.reset();
  });

  test('RFC 8040 §4.8.6: point without insert=before or insert=after is 400', async () => {
    const point = encodeURIComponent('/example-jukebox:jukebox/playlist=Foo-One/song=1');
    for (const query of [`point=${point}`, `insert=first&point=${point}`, `insert=last&point=${point}`])
      assert.deepEqual(
        statusAndTag(await server.request('POST', `${PLAYLIST}?${query}`, { body: song(40) })),
        [400, 'invalid-value'],
        query,
      );
  });

  // §4.8.9 with-defaults

  test('RFC 8040 §4.8.9: with-defaults=report-all reports every data node, defaults included (RFC 6243 §3.1)', async () => {
    const settings = jsonOf<Settings>(await server.request('GET', `${SETTINGS}?with-defaults=report-all`))[
      't-restconf:settings'
    ];
    assert.equal(settings.mtu, 1500);
    assert.equal(settings.name, 'lab');
  });

  test('RFC 8040 §4.8.9: with-defaults=trim leaves out values equal to the default (RFC 6243 §3.2)', async () => {
    assert.equal((await server.request('PUT', `${SETTINGS}/mtu`, { body: { 't-restconf:mtu': 1500 } })).status, 201);
    const trimmed = jsonOf<Settings>(await server.request('GET', `${SETTINGS}?with-defaults=trim`))[
      't-restconf:settings'
    ];
    assert.ok(!('mtu' in trimmed));
    await server.reset();
  });

  test('RFC 8040 §4.8.9: with-defaults=explicit reports what the client set, defaults too (RFC 6243 §3.3)', async () => {
    const unset = jsonOf<Settings>(await server.request('GET', `${SETTINGS}?with-defaults=explicit`))[
      't-restconf:settings'
    ];
    assert.ok(!('mtu' in unset));
    assert.equal((await server.request('PUT', `${SETTINGS}/mtu`, { body: { 't-restconf:mtu': 1500 } })).status, 201);
    const set = jsonOf<Settings>(await server.request('GET', `${SETTINGS}?with-defaults=explicit`))[
      't-restconf:settings'
    ];
    assert.equal(set.mtu, 1500);
    await server.reset();
  });

  test('RFC 8040 §4.8.9: report-all-tagged tags defaults, in JSON with the ietf-netconf-with-defaults module name', async () => {
    const json = jsonOf<Settings>(await server.request('GET', `${SETTINGS}?with-defaults=report-all-tagged`));
    assert.equal(json['t-restconf:settings'].mtu, 1500);
    assert.deepEqual(json['t-restconf:settings']['@mtu'], { 'ietf-netconf-with-defaults:default': true });
    assert.ok(!('@name' in json['t-restconf:settings']));
    const xml = await server.request('GET', `${SETTINGS}?with-defaults=report-all-tagged`, { accept: XML });
    assert.match(xml.body, /xmlns:(\w+)="urn:ietf:params:xml:ns:netconf:default:1\.0"/);
    assert.match(xml.body, /<mtu \w+:default="true">1500<\/mtu>/);
  });

  test('RFC 8040 §4.8.9: without with-defaults the basic mode (explicit) applies', async () => {
    const basic = jsonOf<Settings>(await server.request('GET', SETTINGS))['t-restconf:settings'];
    assert.ok(!('mtu' in basic));
    const state = await server.request('GET', '/data/ietf-restconf-monitoring:restconf-state/capabilities');
    assert.match(state.body, /urn:ietf:params:restconf:capability:defaults:1\.0\?basic-mode=explicit/);
  });

  test('RFC 8040 §4.8.9: an unsupported with-defaults value is 400 invalid-value', async () => {
    for (const value of ['all', 'report-all-untagged', ''])
      assert.deepEqual(
        statusAndTag(await server.request('GET', `${SETTINGS}?with-defaults=${value}`)),
        [400, 'invalid-value'],
        value,
      );
  });
});
