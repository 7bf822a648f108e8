/**
 * @module test/restconf/write.test
 * Writing over a real HTTPS socket, in JSON and XML: POST (201 + Location), PUT (201/204, keys
 * in the body), plain PATCH (204; an absent target is 409), DELETE (204/409) with the RFC 8040
 * jukebox examples (§4.4–4.7, Appendix B.2), insert and point, the body wrappers the identity
 * service's clients send, rollback-comment / rollback-label / rollback-id, conditional
 * requests (RFC 9110 §13), and failed requests that change nothing.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { RestconfTestServer } from './restconf-test-server.ts';
import { firstError, JUKEBOX_CONFIG, jsonOf, startRestconfServer } from './restconf-test-server.ts';

const JUKEBOX = '/data/example-jukebox:jukebox';
const LIBRARY = `${JUKEBOX}/library`;
const FOO = `${LIBRARY}/artist=Foo%20Fighters`;
const WASTING_LIGHT = `${FOO}/album=Wasting%20Light`;
const PLAYLIST = `${JUKEBOX}/playlist=Foo-One`;
const XML = 'application/yang-data+xml';
const JB = 'http://example.com/ns/example-jukebox';
const songId = (name: string): string =>
  `/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']/song[name='${name}']`;

describe('RESTCONF writes', () => {
  let server: RestconfTestServer;
  before(async () => {
    server = await startRestconfServer();
  });
  after(async () => {
    await server.close();
  });
  // Every test starts from the factory jukebox: the whole datastore is put back.
  beforeEach(async () => {
    const response = await server.request('PUT', '/data', { body: { 'ietf-restconf:data': JUKEBOX_CONFIG() } });
    assert.equal(response.status, 204, response.body);
  });

  const get = async (path: string): Promise<unknown> => {
    const response = await server.request('GET', path);
    return response.status === 200 ? jsonOf(response) : response.status;
  };
  const newestFile = async (): Promise<Record<string, unknown>> =>
    jsonOf<{ 'idconf-rollback:file': Record<string, unknown>[] }>(
      await server.request('GET', '/data/idconf-rollback:rollback-files/file=0'),
    )['idconf-rollback:file'][0] as Record<string, unknown>;

  describe('POST', () => {
    it('creates an artist: 201 with an absolute Location (RFC 8040 B.2.1)', async () => {
      const response = await server.request('POST', LIBRARY, {
        body: { 'example-jukebox:artist': [{ name: 'The Foo Bar Band' }] },
      });
      assert.equal(response.status, 201);
      assert.equal(response.headers.location, `${server.api}${LIBRARY}/artist=The%20Foo%20Bar%20Band`);
      assert.equal(response.body, '');
      assert.deepEqual(await get(`${LIBRARY}/artist=The%20Foo%20Bar%20Band`), {
        'example-jukebox:artist': [{ name: 'The Foo Bar Band' }],
      });
    });
    it('an album that exists is 409 resource-denied (RFC 8040 §4.4.1, B.2.1)', async () => {
      const response = await server.request('POST', FOO, {
        body: { 'example-jukebox:album': [{ name: 'Wasting Light', year: 2011 }] },
      });
      assert.equal(response.status, 409);
      const error = firstError(response);
      assert.equal(error['error-tag'], 'resource-denied');
      assert.equal(
        error['error-path'],
        "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']",
      );
    });
    it('creates an album in XML', async () => {
      const body = `<album xmlns="${JB}"><name>Medium Rare</name><year>2011</year></album>`;
      const response = await server.request('POST', FOO, { body, type: XML });
      assert.equal(response.status, 201);
      assert.equal(response.headers.location, `${server.api}${FOO}/album=Medium%20Rare`);
    });
    it('POST on a whole list creates one entry of it', async () => {
      const response = await server.request('POST', `${LIBRARY}/artist`, {
        body: { 'example-jukebox:artist': [{ name: 'Listed' }] },
      });
      assert.equal(response.status, 201);
      assert.equal(response.headers.location, `${server.api}${LIBRARY}/artist=Listed`);
    });
    it('a body with two children, none, or two entries is 400', async () => {
      for (const body of [
        { 'example-jukebox:artist': [{ name: 'A' }, { name: 'B' }] },
        {},
        { 'example-jukebox:library': {}, 'example-jukebox:player': {} },
      ]) {
        const response = await server.request('POST', body === null ? JUKEBOX : LIBRARY, { body });
        assert.equal(response.status, 400, JSON.stringify(body));
      }
    });
    it('below a list entry that does not exist is 409 data-missing (RFC 8040 §7)', async () => {
      const response = await server.request('POST', `${LIBRARY}/artist=Nobody`, {
        body: { 'example-jukebox:album': [{ name: 'X' }] },
      });
      assert.equal(response.status, 409);
      assert.equal(firstError(response)['error-tag'], 'data-missing');
      assert.equal(firstError(response)['error-path'], "/example-jukebox:jukebox/library/artist[name='Nobody']");
    });
    it('a key with reserved characters is percent-encoded in Location', async () => {
      const response = await server.request('POST', LIBRARY, {
        body: { 'example-jukebox:artist': [{ name: 'AC/DC, 50% live=yes' }] },
      });
      assert.equal(response.status, 201);
      const location = response.headers.location ?? '';
      assert.equal(location, `${server.api}${LIBRARY}/artist=AC%2FDC%2C%2050%25%20live%3Dyes`);
      assert.equal((await server.request('GET', location)).status, 200);
    });
  });

  describe('insert and point (RFC 8040 §4.8.5, §4.8.6)', () => {
    const song = (index: number) => ({ 'example-jukebox:song': [{ index, id: songId('Rope') }] });
    const order = async (): Promise<number[]> =>
      (
        jsonOf<{ 'example-jukebox:playlist': { song: { index: number }[] }[] }>(await server.request('GET', PLAYLIST))[
          'example-jukebox:playlist'
        ][0]?.song ?? []
      ).map((entry) => entry.index);
    it('insert=first', async () => {
      assert.equal((await server.request('POST', `${PLAYLIST}?insert=first`, { body: song(5) })).status, 201);
      assert.deepEqual(await order(), [5, 1, 2]);
    });
    it('insert=after with a point (the RFC example encoding)', async () => {
      const point = '%2Fexample-jukebox%3Ajukebox%2Fplaylist%3DFoo-One%2Fsong%3D1';
      const response = await server.request('POST', `${PLAYLIST}?insert=after&point=${point}`, { body: song(7) });
      assert.equal(response.status, 201);
      assert.deepEqual(await order(), [1, 7, 2]);
    });
    it('PUT with insert=before moves an existing entry', async () => {
      const response = await server.request(
        'PUT',
        `${PLAYLIST}/song=2?insert=before&point=/example-jukebox:jukebox/playlist=Foo-One/song=1`,
        { body: { 'example-jukebox:song': [{ index: 2, id: songId('Bridge Burning') }] } },
      );
      assert.equal(response.status, 204);
      assert.deepEqual(await order(), [2, 1]);
    });
    it('a point that does not exist is 400 missing-instance', async () => {
      const response = await server.request(
        'POST',
        `${PLAYLIST}?insert=before&point=/example-jukebox:jukebox/playlist=Foo-One/song=9`,
        { body: song(5) },
      );
      assert.equal(response.status, 400);
      assert.equal(firstError(response)['error-app-tag'], 'missing-instance');
    });
    it('insert on a list that is not ordered-by user is 400', async () => {
      const response = await server.request('POST', `${LIBRARY}?insert=first`, {
        body: { 'example-jukebox:artist': [{ name: 'Z' }] },
      });
      assert.equal(response.status, 400);
    });
    it('a leaf-list value placed with insert', async () => {
      const response = await server.request('POST', '/data/t-restconf:settings?insert=first', {
        body: { 't-restconf:tags': ['z'] },
      });
      assert.equal(response.status, 201);
      assert.equal(response.headers.location, `${server.api}/data/t-restconf:settings/tags=z`);
      assert.deepEqual(await get('/data/t-restconf:settings/tags'), { 't-restconf:tags': ['z', 'a', 'b'] });
    });
  });

  describe('PUT', () => {
    it('replaces an album, keeping its songs (RFC 8040 §4.5): 204', async () => {
      const album = jsonOf<{ 'example-jukebox:album': Record<string, unknown>[] }>(
        await server.request('GET', WASTING_LIGHT),
      );
      const body = {
        'example-jukebox:album': [{ ...album['example-jukebox:album'][0], year: 2012, admin: undefined }],
      };
      const response = await server.request('PUT', WASTING_LIGHT, { body });
      assert.equal(response.status, 204);
      const after = jsonOf<{ 'example-jukebox:album': { year: number; admin?: unknown }[] }>(
        await server.request('GET', WASTING_LIGHT),
      );
      assert.equal(after['example-jukebox:album'][0]?.year, 2012);
      assert.equal(after['example-jukebox:album'][0]?.admin, undefined);
    });
    it('a replace that drops songs a playlist needs is refused and changes nothing', async () => {
      const before = await server.request('GET', '/data?content=config');
      const files = await server.request('GET', '/data/idconf-rollback:rollback-files');
      const response = await server.request('PUT', WASTING_LIGHT, {
        body: {
          'example-jukebox:album': [{ name: 'Wasting Light', genre: 'example-jukebox:alternative', year: 2011 }],
        },
      });
      assert.equal(response.status, 409);
      assert.equal(firstError(response)['error-tag'], 'data-missing');
      assert.equal((await server.request('GET', '/data?content=config')).body, before.body);
      assert.equal((await server.request('GET', '/data/idconf-rollback:rollback-files')).body, files.body);
    });
    it('creates a new album: 201 with Location', async () => {
      const response = await server.request('PUT', `${FOO}/album=One%20by%20One`, {
        body: { 'example-jukebox:album': [{ name: 'One by One', year: 2002 }] },
      });
      assert.equal(response.status, 201);
      assert.equal(response.headers.location, `${server.api}${FOO}/album=One%20by%20One`);
    });
    it('a key in the body that differs from the URI is 400 (RFC 8040 §4.5)', async () => {
      const response = await server.request('PUT', `${FOO}/album=One%20by%20One`, {
        body: { 'example-jukebox:album': [{ name: 'Other', year: 2002 }] },
      });
      assert.equal(response.status, 400);
      assert.equal(firstError(response)['error-tag'], 'invalid-value');
    });
    it('a body holding another node than the target is 400', async () => {
      const response = await server.request('PUT', `${JUKEBOX}/player`, { body: { 'example-jukebox:library': {} } });
      assert.equal(response.status, 400);
    });
    it('replaces a leaf, in JSON and in XML', async () => {
      assert.equal(
        (await server.request('PUT', `${JUKEBOX}/player/gap`, { body: { 'example-jukebox:gap': '1.5' } })).status,
        204,
      );
      assert.deepEqual(await get(`${JUKEBOX}/player/gap`), { 'example-jukebox:gap': '1.5' });
      const xml = await server.request('PUT', `${JUKEBOX}/player/gap`, {
        body: `<gap xmlns="${JB}">0.9</gap>`,
        type: XML,
      });
      assert.equal(xml.status, 204);
      assert.deepEqual(await get(`${JUKEBOX}/player/gap`), { 'example-jukebox:gap': '0.9' });
    });
    it('replaces the whole datastore in XML (ietf-restconf data wrapper)', async () => {
      const body = `<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf"><jukebox xmlns="${JB}"><player><gap>0.3</gap></player></jukebox></data>`;
      const response = await server.request('PUT', '/data', { body, type: XML });
      assert.equal(response.status, 204);
      assert.deepEqual(await get(JUKEBOX), { 'example-jukebox:jukebox': { player: { gap: '0.3' } } });
      assert.equal(await get('/data/t-restconf:settings'), 404);
    });
    it('a datastore body wrapped in data or config, or not wrapped, is accepted', async () => {
      for (const wrap of [
        (inner: object) => ({ data: inner }),
        (inner: object) => ({ config: inner }),
        (inner: object) => inner,
      ]) {
        const response = await server.request('PUT', '/data', { body: wrap(JUKEBOX_CONFIG()) });
        assert.equal(response.status, 204, response.body);
      }
    });
    it('state data in a body is refused', async () => {
      const response = await server.request('PUT', `${LIBRARY}`, {
        body: { 'example-jukebox:library': { 'artist-count': 3 } },
      });
      assert.equal(response.status, 400);
    });
  });

  describe('plain PATCH', () => {
    it('merges into the datastore (RFC 8040 B.2.3)', async () => {
      const response = await server.request('PATCH', '/data', {
        body: {
          'ietf-restconf:data': {
            'example-jukebox:jukebox': {
              library: {
                artist: [
                  { name: 'Foo Fighters', album: [{ name: 'One by One', year: 2012 }] },
                  { name: 'Nick Cave and the Bad Seeds', album: [{ name: 'Tender Prey', year: 1988 }] },
                ],
              },
            },
          },
        },
      });
      assert.equal(response.status, 204);
      assert.deepEqual(await get(`${FOO}/album=One%20by%20One/year`), { 'example-jukebox:year': 2012 });
      assert.deepEqual(await get(`${WASTING_LIGHT}/year`), { 'example-jukebox:year': 2011 });
    });
    it('merges into a data resource, in XML (RFC 8040 B.2.4-style)', async () => {
      const body = `<album xmlns="${JB}"><name>Wasting Light</name><year>2012</year></album>`;
      const response = await server.request('PATCH', WASTING_LIGHT, { body, type: XML });
      assert.equal(response.status, 204);
      assert.deepEqual(await get(`${WASTING_LIGHT}/year`), { 'example-jukebox:year': 2012 });
      assert.deepEqual(await get(`${WASTING_LIGHT}/genre`), { 'example-jukebox:genre': 'example-jukebox:alternative' });
    });
    it('a target that does not exist is 409 data-missing and nothing is created (RFC 8040 §4.6)', async () => {
      const response = await server.request('PATCH', `${FOO}/album=Nothing`, {
        body: { 'example-jukebox:album': [{ name: 'Nothing', year: 2000 }] },
      });
      assert.equal(response.status, 409);
      assert.equal(firstError(response)['error-tag'], 'data-missing');
      assert.equal(await get(`${FOO}/album=Nothing`), 404);
    });
    it('a must violation is 412 operation-failed with its error-app-tag, and nothing changes', async () => {
      const response = await server.request('PATCH', '/data/t-restconf:settings', {
        body: { 't-restconf:settings': { low: 9, high: 3 } },
      });
      assert.equal(response.status, 412);
      assert.equal(firstError(response)['error-tag'], 'operation-failed');
      const error = firstError(response);
      assert.equal(error['error-app-tag'], 'low-above-high');
      assert.equal(error['error-message'], 'low must be below high');
      assert.equal(await get('/data/t-restconf:settings/low'), 404);
    });
  });

  describe('DELETE', () => {
    it('deletes an album: 204 (RFC 8040 §4.7)', async () => {
      const path = `${LIBRARY}/artist=Nick%20Cave%20and%20the%20Bad%20Seeds/album=Tender%20Prey`;
      assert.equal((await server.request('DELETE', path)).status, 204);
      assert.equal(await get(path), 404);
    });
    it('a target that does not exist is 409 data-missing (RFC 8040 §7, RFC 6241 §7.2)', async () => {
      const response = await server.request('DELETE', `${FOO}/album=Nothing`);
      assert.equal(response.status, 409);
      assert.equal(firstError(response)['error-tag'], 'data-missing');
      assert.equal(
        firstError(response)['error-path'],
        "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Nothing']",
      );
    });
    it('a song a playlist refers to cannot be deleted (409)', async () => {
      const response = await server.request('DELETE', `${WASTING_LIGHT}/song=Rope`);
      assert.equal(response.status, 409);
      assert.equal(firstError(response)['error-app-tag'], 'instance-required');
    });
    it('a leaf-list value', async () => {
      assert.equal((await server.request('DELETE', '/data/t-restconf:settings/tags=a')).status, 204);
      assert.deepEqual(await get('/data/t-restconf:settings/tags'), { 't-restconf:tags': ['b'] });
    });
  });

  describe('rollback-comment, rollback-label, rollback-id', () => {
    it('comment and label are stored with the commit and listed with its rollback file', async () => {
      const response = await server.request(
        'PUT',
        `${JUKEBOX}/player/gap?rollback-comment=${encodeURIComponent('slower, for the party')}&rollback-label=party`,
        { body: { 'example-jukebox:gap': '2.0' } },
      );
      assert.equal(response.status, 204);
      const file = await newestFile();
      assert.equal(file.comment, 'slower, for the party');
      assert.equal(file.label, 'party');
      assert.equal(file.creator, 'admin');
      assert.equal(file.via, 'restconf');
    });
    it('rollback-id=true: POST still answers 201 with Location, and names the commit', async () => {
      const response = await server.request('POST', `${LIBRARY}?rollback-id=true`, {
        body: { 'example-jukebox:artist': [{ name: 'Id Band' }] },
      });
      assert.equal(response.status, 201);
      assert.equal(response.headers.location, `${server.api}${LIBRARY}/artist=Id%20Band`);
      const id = jsonOf<{ 'idconf-restconf:result': { rollback: { id: number } } }>(response)['idconf-restconf:result']
        .rollback.id;
      assert.equal(id, (await newestFile())['fixed-number']);
    });
    it('rollback-id=true on PUT, PATCH and DELETE answers 200 with the result, also in XML', async () => {
      const put = await server.request('PUT', `${JUKEBOX}/player/gap?rollback-id=true`, {
        body: { 'example-jukebox:gap': '0.1' },
      });
      assert.equal(put.status, 200);
      assert.ok(
        Number.isInteger(
          jsonOf<{ 'idconf-restconf:result': { rollback: { id: number } } }>(put)['idconf-restconf:result'].rollback.id,
        ),
      );
      const patch = await server.request('PATCH', `${JUKEBOX}/player?rollback-id=true`, {
        body: `<player xmlns="${JB}"><gap>0.2</gap></player>`,
        type: XML,
        accept: XML,
      });
      assert.equal(patch.status, 200);
      assert.match(
        patch.body,
        /^<result xmlns="urn:idconf:yang:restconf"><rollback><id>\d+<\/id><\/rollback><\/result>/,
      );
      const del = await server.request('DELETE', `${JUKEBOX}/player/gap?rollback-id=true`);
      assert.equal(del.status, 200);
    });
    it('rollback-id=false answers as without it; other values are 400', async () => {
      assert.equal(
        (
          await server.request('PUT', `${JUKEBOX}/player/gap?rollback-id=false`, {
            body: { 'example-jukebox:gap': '0.4' },
          })
        ).status,
        204,
      );
      assert.equal(
        (
          await server.request('PUT', `${JUKEBOX}/player/gap?rollback-id=yes`, {
            body: { 'example-jukebox:gap': '0.4' },
          })
        ).status,
        400,
      );
    });
    it('a write that changes nothing makes no commit and has no rollback id', async () => {
      const response = await server.request('PUT', `${JUKEBOX}/player/gap?rollback-id=true`, {
        body: { 'example-jukebox:gap': '0.5' },
      });
      assert.equal(response.status, 200);
      assert.deepEqual(jsonOf(response), { 'idconf-restconf:result': {} });
    });
  });

  describe('conditional requests (RFC 9110 §13)', () => {
    it('If-None-Match with the current ETag is 304 without a body', async () => {
      const first = await server.request('GET', WASTING_LIGHT);
      const etag = String(first.headers.etag);
      const again = await server.request('GET', WASTING_LIGHT, { headers: { 'If-None-Match': etag } });
      assert.equal(again.status, 304);
      assert.equal(again.body, '');
      assert.equal(again.headers.etag, etag);
      const other = await server.request('GET', WASTING_LIGHT, { headers: { 'If-None-Match': '"0", W/"999"' } });
      assert.equal(other.status, 200);
    });
    it('If-Modified-Since: 304 when not modified since, 200 when modified after', async () => {
      const future = new Date(Date.now() + 3_600_000).toUTCString();
      assert.equal(
        (await server.request('GET', WASTING_LIGHT, { headers: { 'If-Modified-Since': future } })).status,
        304,
      );
      const past = new Date(Date.now() - 3_600_000 * 24 * 365 * 10).toUTCString();
      assert.equal(
        (await server.request('GET', WASTING_LIGHT, { headers: { 'If-Modified-Since': past } })).status,
        200,
      );
    });
    it('an edit changes the ETag of the resource and its ancestors, not of its siblings', async () => {
      const sibling = `${LIBRARY}/artist=Sibling`;
      await server.request('POST', LIBRARY, { body: { 'example-jukebox:artist': [{ name: 'Sibling' }] } });
      const album = (await server.request('GET', WASTING_LIGHT)).headers.etag;
      const other = (await server.request('GET', sibling)).headers.etag;
      const jukebox = (await server.request('GET', JUKEBOX)).headers.etag;
      await server.request('PUT', `${WASTING_LIGHT}/year`, { body: { 'example-jukebox:year': 2015 } });
      assert.notEqual((await server.request('GET', WASTING_LIGHT)).headers.etag, album);
      assert.notEqual((await server.request('GET', JUKEBOX)).headers.etag, jukebox);
      assert.equal((await server.request('GET', sibling)).headers.etag, other);
    });
    it('If-Match that does not match is 412 and changes nothing (RFC 8040 B.2.2)', async () => {
      const response = await server.request('PUT', `${WASTING_LIGHT}/year`, {
        body: { 'example-jukebox:year': 2020 },
        headers: { 'If-Match': '"0"' },
      });
      assert.equal(response.status, 412);
      assert.deepEqual(await get(`${WASTING_LIGHT}/year`), { 'example-jukebox:year': 2011 });
    });
    it('If-Match with the current ETag proceeds', async () => {
      const etag = String((await server.request('GET', `${WASTING_LIGHT}/year`)).headers.etag);
      const response = await server.request('PUT', `${WASTING_LIGHT}/year`, {
        body: { 'example-jukebox:year': 2020 },
        headers: { 'If-Match': etag },
      });
      assert.equal(response.status, 204);
    });
    it('If-Match: * on a missing resource is 412; If-None-Match: * creates only', async () => {
      const path = `${FOO}/album=Echoes`;
      const body = { 'example-jukebox:album': [{ name: 'Echoes', year: 2007 }] };
      assert.equal((await server.request('PUT', path, { body, headers: { 'If-Match': '*' } })).status, 412);
      assert.equal((await server.request('PUT', path, { body, headers: { 'If-None-Match': '*' } })).status, 201);
      assert.equal((await server.request('PUT', path, { body, headers: { 'If-None-Match': '*' } })).status, 412);
    });
    it('If-Unmodified-Since before the last change is 412 for DELETE; after it, 204', async () => {
      const path = `${LIBRARY}/artist=Nick%20Cave%20and%20the%20Bad%20Seeds`;
      const past = new Date(Date.now() - 3_600_000 * 24 * 365 * 10).toUTCString();
      assert.equal((await server.request('DELETE', path, { headers: { 'If-Unmodified-Since': past } })).status, 412);
      const future = new Date(Date.now() + 3_600_000).toUTCString();
      assert.equal((await server.request('DELETE', path, { headers: { 'If-Unmodified-Since': future } })).status, 204);
    });
    it('If-Match on POST applies to the target (the parent)', async () => {
      const response = await server.request('POST', LIBRARY, {
        body: { 'example-jukebox:artist': [{ name: 'Q' }] },
        headers: { 'If-Match': '"0"' },
      });
      assert.equal(response.status, 412);
    });
  });
});
