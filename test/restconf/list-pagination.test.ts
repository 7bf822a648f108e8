/**
 * @module test/restconf/list-pagination.test
 * List pagination over a real HTTPS socket: `limit`, `offset`, `direction`, `sort-by` and
 * `where` on a whole list and a leaf-list (draft-ietf-netconf-list-pagination-rc), the
 * `remaining` annotation in JSON and XML, an empty page, 416 past the end, and the errors of
 * misplaced or malformed parameters.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RestconfTestServer } from './restconf-test-server.ts';
import { firstError, JUKEBOX_CONFIG, jsonOf, startRestconfServer } from './restconf-test-server.ts';

const PROFILES = '/data/t-restconf:settings/profile';
const TAGS = '/data/t-restconf:settings/tags';
const COUNT = 250;

const id = (index: number): string => `p${String(index).padStart(3, '0')}`;

type Profile = { id: string; kind: string; enabled?: boolean; '@'?: Record<string, unknown> };
const profilesOf = (body: string): Profile[] =>
  (JSON.parse(body) as Record<string, Profile[] | undefined>)['t-restconf:profile'] ?? [];

describe('RESTCONF list pagination', () => {
  let server: RestconfTestServer;
  before(async () => {
    const config = JUKEBOX_CONFIG();
    const settings = config['t-restconf:settings'] as Record<string, unknown>;
    settings.profile = Array.from({ length: COUNT }, (_, index) => ({
      id: id(index),
      kind: index % 3 === 0 ? 't-restconf:saml' : 't-restconf:oauth',
      ...(index % 5 === 0 ? {} : { enabled: index % 2 === 0 }),
    }));
    settings.tags = ['d', 'a', 'c', 'b'];
    server = await startRestconfServer(config);
  });
  after(async () => {
    await server.close();
  });

  it('limit and offset cut a page in list order; remaining is on the first entry', async () => {
    const response = await server.request('GET', `${PROFILES}?offset=10&limit=5`);
    assert.equal(response.status, 200);
    assert.ok(response.headers.etag, 'the page carries the entity tag of the list');
    const page = profilesOf(response.body);
    assert.deepEqual(
      page.map((profile) => profile.id),
      [10, 11, 12, 13, 14].map(id),
    );
    assert.deepEqual(page[0]?.['@'], { 'ietf-list-pagination:remaining': COUNT - 15 });
    assert.equal(page[1]?.['@'], undefined);
  });
  it('no remaining annotation when the limit leaves nothing out', async () => {
    const page = profilesOf((await server.request('GET', `${PROFILES}?offset=${COUNT - 2}&limit=5`)).body);
    assert.deepEqual(
      page.map((profile) => profile.id),
      [COUNT - 2, COUNT - 1].map(id),
    );
    assert.equal(page[0]?.['@'], undefined);
  });
  it('direction=backwards traverses from the last entry', async () => {
    const page = profilesOf((await server.request('GET', `${PROFILES}?direction=backwards&limit=3`)).body);
    assert.deepEqual(
      page.map((profile) => profile.id),
      [COUNT - 1, COUNT - 2, COUNT - 3].map(id),
    );
  });
  it('where filters with XPath on each entry, then offset and limit count the matches', async () => {
    const where = encodeURIComponent("contains(id, '7') and kind = 't-restconf:saml'");
    const response = await server.request('GET', `${PROFILES}?where=${where}&limit=3&offset=1`);
    assert.equal(response.status, 200);
    const all = Array.from({ length: COUNT }, (_, index) => index).filter(
      (index) => id(index).includes('7') && index % 3 === 0,
    );
    const page = profilesOf(response.body);
    assert.deepEqual(
      page.map((profile) => profile.id),
      all.slice(1, 4).map(id),
    );
    assert.deepEqual(page[0]?.['@'], { 'ietf-list-pagination:remaining': all.length - 4 });
  });
  it('where with a module-name prefix and derived-from-or-self', async () => {
    const where = encodeURIComponent("derived-from-or-self(t-restconf:kind, 't-restconf:oauth')");
    const page = profilesOf((await server.request('GET', `${PROFILES}?where=${where}&limit=2`)).body);
    assert.deepEqual(
      page.map((profile) => profile.id),
      [id(1), id(2)],
    );
  });
  it('sort-by orders by a leaf, entries without it last; direction reverses', async () => {
    const forwards = profilesOf((await server.request('GET', `${PROFILES}?sort-by=enabled&limit=${COUNT}`)).body);
    const values = forwards.map((profile) => profile.enabled);
    const firstTrue = values.indexOf(true);
    assert.ok(values.slice(0, firstTrue).every((value) => value === false));
    assert.ok(values.slice(firstTrue, values.indexOf(undefined)).every((value) => value === true));
    assert.ok(values.slice(values.indexOf(undefined)).every((value) => value === undefined));
    const backwards = profilesOf(
      (await server.request('GET', `${PROFILES}?sort-by=enabled&direction=backwards&limit=1`)).body,
    );
    assert.equal(backwards[0]?.enabled, undefined);
  });
  it('a filter that matches nothing is an empty document, not 404', async () => {
    const response = await server.request('GET', `${PROFILES}?where=${encodeURIComponent("id = 'none'")}`);
    assert.equal(response.status, 200);
    assert.deepEqual(jsonOf(response), {});
  });
  it('an offset past the end is 416 with offset-out-of-range', async () => {
    const response = await server.request('GET', `${PROFILES}?offset=${COUNT + 1}`);
    assert.equal(response.status, 416);
    const error = firstError(response);
    assert.equal(error['error-tag'], 'invalid-value');
    assert.equal(error['error-app-tag'], 'ietf-list-pagination:offset-out-of-range');
  });
  it('XML: the entries in RESTCONF data, remaining as an attribute of the first', async () => {
    const response = await server.request('GET', `${PROFILES}?limit=2`, { accept: 'application/yang-data+xml' });
    assert.equal(response.status, 200);
    assert.match(
      response.body,
      /^<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf"><profile xmlns:lpg="urn:ietf:params:xml:ns:yang:ietf-list-pagination" lpg:remaining="248" xmlns="urn:idconf:test:restconf"><id>p000<\/id>/,
    );
  });
  it('a leaf-list: sorted by its own values, remaining on the first value', async () => {
    const response = await server.request('GET', `${TAGS}?sort-by=tags&limit=3`);
    assert.deepEqual(jsonOf(response), {
      't-restconf:tags': ['a', 'b', 'c'],
      '@t-restconf:tags': [{ 'ietf-list-pagination:remaining': 1 }],
    });
  });
  describe('errors', () => {
    const cases: readonly [string, string, number, string][] = [
      ['limit=0', `${PROFILES}?limit=0`, 400, 'limit'],
      ['offset=-1', `${PROFILES}?offset=-1`, 400, 'offset'],
      ['direction=up', `${PROFILES}?direction=up`, 400, 'direction'],
      ['where that is no XPath', `${PROFILES}?where=${encodeURIComponent('id = ')}`, 400, 'XPath'],
      ['where with an unknown prefix', `${PROFILES}?where=${encodeURIComponent('x:id')}`, 400, 'module name'],
      ['sort-by of no leaf', `${PROFILES}?sort-by=nothing`, 400, 'sort-by'],
      ['limit on a container', '/data/t-restconf:settings?limit=1', 400, 'whole list'],
      ['limit on one entry', `${PROFILES}=p001,t-restconf:saml?limit=1`, 400, 'whole list'],
      ['cursor', `${PROFILES}?cursor=abc`, 501, 'cursor'],
      ['sublist-limit', `${PROFILES}?sublist-limit=1`, 501, 'sublist-limit'],
    ];
    for (const [name, path, status, words] of cases)
      it(name, async () => {
        const response = await server.request('GET', path);
        assert.equal(response.status, status, response.body);
        assert.match(firstError(response)['error-message'] ?? '', new RegExp(words));
      });
    it('limit with a method other than GET or HEAD', async () => {
      const response = await server.request('DELETE', `${PROFILES}=p001,t-restconf:saml?limit=1`);
      assert.equal(response.status, 400);
    });
  });
});
