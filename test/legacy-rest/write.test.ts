/**
 * @module test/legacy-rest/write.test
 * Writes of the legacy REST API end to end, in both encodings: POST creates (201 with an
 * absolute Location that reads back; 409 when present), PUT creates (201) or replaces (204),
 * PATCH merges (204; 404 when absent), DELETE (204; 404 when absent), insert/resource in an
 * ordered-by user list, a POST on the datastore, each write one rollback file (via `rest`, with
 * its rollback-comment and rollback-label), conditional writes, and PUT on `/running`.
 * @see shared/spec/legacy-rest.md Decisions 5, 8
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Format, LegacyTestServer } from './legacy-rest-server.ts';
import { FORMATS, legacyErrors, REST, startLegacyServer, TYPE } from './legacy-rest-server.ts';

const BASE = 'urn:idconf:yang:base';
const OAUTH = 'urn:idconf:yang:profile-oauth';

/** A profile entry in either encoding. */
const profile = (format: Format, id: string, description?: string): string =>
  format === 'json'
    ? JSON.stringify({
        'base:profile': {
          id,
          type: 'profile-oauth:oauth-service',
          ...(description === undefined ? {} : { description }),
        },
      })
    : `<profile xmlns="${BASE}"><id>${id}</id><type xmlns:as="${OAUTH}">as:oauth-service</type>${
        description === undefined ? '' : `<description>${description}</description>`
      }</profile>`;

interface FileJson {
  readonly name: string;
  readonly creator: string;
  readonly via: string;
  readonly label: string;
  readonly comment: string;
}

describe('legacy REST writes', () => {
  let server: LegacyTestServer;
  before(async () => {
    server = await startLegacyServer();
  });
  after(async () => {
    await server.stop();
  });
  const newestFile = async (): Promise<FileJson> => {
    const response = await server.rest('GET', '/rollbacks', { accept: TYPE.api.json });
    return (JSON.parse(response.body) as { rollbacks: { file: FileJson[] } }).rollbacks.file[0] as FileJson;
  };
  const description = async (id: string): Promise<string | undefined> => {
    const response = await server.rest('GET', `/running/profiles/profile/${id},as:oauth-service/description`, {
      accept: TYPE.data.json,
    });
    return response.status === 404
      ? undefined
      : (JSON.parse(response.body) as { 'base:description': string })['base:description'];
  };

  for (const format of FORMATS) {
    const id = `w-${format}`;
    const entry = `/running/profiles/profile/${id},as:oauth-service`;
    const type = TYPE.data[format];

    it(`POST creates (201, Location) with a rollback comment and label; again is 409 (${format})`, async () => {
      const before = await server.rollbackCount();
      const created = await server.rest('POST', '/running/profiles?rollback-comment=new%20profile&rollback-label=L-1', {
        type,
        body: profile(format, id, 'first'),
      });
      assert.equal(created.status, 201);
      assert.equal(created.body, '');
      const location = created.headers.location as string;
      assert.equal(location, `${server.url}${REST}/running/profiles/profile/${id},profile-oauth:oauth-service`);
      const back = await server.rest('GET', location.slice(server.url.length), { accept: TYPE.data.json });
      assert.equal(back.status, 200);
      assert.equal(await server.rollbackCount(), before + 1);
      const { creator, via, label, comment } = await newestFile();
      assert.deepEqual(
        { creator, via, label, comment },
        { creator: 'admin', via: 'rest', label: 'L-1', comment: 'new profile' },
      );
      const again = await server.rest('POST', '/running/profiles', { type, body: profile(format, id), accept: type });
      assert.equal(again.status, 409);
      const [error] = legacyErrors(again);
      assert.equal(error?.['error-tag'], 'data-exists');
      assert.equal(error?.['error-urlpath'], `${REST}/running/profiles`);
      assert.equal(await server.rollbackCount(), before + 1);
    });

    it(`PUT replaces (204) and creates (201); PATCH merges (204) (${format})`, async () => {
      const replaced = await server.rest('PUT', entry, { type, body: profile(format, id) });
      assert.equal(replaced.status, 204);
      assert.equal(await description(id), undefined, 'PUT replaced the entry: its description is gone');
      const patched = await server.rest('PATCH', entry, { type, body: profile(format, id, 'merged') });
      assert.equal(patched.status, 204);
      assert.equal(await description(id), 'merged');
      const other = `/running/profiles/profile/${id}-put,as:oauth-service`;
      const created = await server.rest('PUT', other, { type, body: profile(format, `${id}-put`) });
      assert.equal(created.status, 201);
      assert.equal(
        created.headers.location,
        `${server.url}${REST}/running/profiles/profile/${id}-put,profile-oauth:oauth-service`,
      );
      const leaf = await server.rest('PUT', `${entry}/description`, {
        type,
        body: format === 'json' ? '{"base:description": "leaf"}' : `<description xmlns="${BASE}">leaf</description>`,
      });
      assert.equal(leaf.status, 204);
      assert.equal(await description(id), 'leaf');
    });

    it(`PATCH of an absent entry is 404 and DELETE is 204, then 404 (${format})`, async () => {
      const absent = await server.rest('PATCH', `/running/profiles/profile/${id}-none,as:oauth-service`, {
        type,
        body: profile(format, `${id}-none`),
        accept: type,
      });
      assert.equal(absent.status, 404);
      assert.equal(legacyErrors(absent)[0]?.['error-tag'], 'invalid-value');
      const deleted = await server.rest('DELETE', `${entry}?rollback-comment=gone`);
      assert.equal(deleted.status, 204);
      assert.equal((await newestFile()).comment, 'gone');
      const again = await server.rest('DELETE', entry, { accept: type });
      assert.equal(again.status, 404);
      assert.equal(legacyErrors(again)[0]?.['error-urlpath'], `${REST}${entry}`);
    });
  }

  it('insert=first and insert=after with resource place entries of an ordered-by user list', async () => {
    const add = (name: string, query: string) =>
      server.rest('POST', `/running/nacm${query}`, {
        type: TYPE.data.json,
        body: JSON.stringify({ 'ietf-netconf-acm:rule-list': { name, group: ['ops'] } }),
      });
    assert.equal((await add('first', '?insert=first')).status, 201);
    assert.equal((await add('second', `?insert=after&resource=${REST}/running/nacm/rule-list/first`)).status, 201);
    assert.equal((await add('third', '?insert=before&resource=/api/running/nacm/rule-list/admin')).status, 201);
    const order = await server.rest('GET', '/running/nacm/rule-list?select=name', { accept: TYPE.data.json });
    assert.deepEqual(
      (JSON.parse(order.body) as { collection: { 'ietf-netconf-acm:rule-list': { name: string }[] } }).collection[
        'ietf-netconf-acm:rule-list'
      ].map((list) => list.name),
      ['first', 'second', 'third', 'admin'],
    );
    const missing = await add('fourth', '?insert=after&resource=/running/nacm/rule-list/nope');
    assert.equal(missing.status, 400);
    assert.equal(legacyErrors(missing)[0]?.['error-app-tag'], 'missing-instance');
  });

  it('PATCH on /running merges into the datastore; POST on /running creates a top-level node', async () => {
    const before = await server.rollbackCount();
    const merged = await server.rest('PATCH', '/running', {
      type: TYPE.datastore.json,
      body: JSON.stringify({
        data: {
          'base:profiles': { profile: [{ id: 'ds', type: 'profile-oauth:oauth-service', description: 'ds' }] },
          'base:facilities': {
            'data-sources': { 'data-source': [{ id: 'accounts', sql: { url: 'sqlite:accounts.db' } }] },
          },
        },
      }),
    });
    assert.equal(merged.status, 204);
    assert.equal(await description('ds'), 'ds');
    const processing =
      `<processing xmlns="${BASE}"><credential-managers><credential-manager><id>cm</id>` +
      '<data-source>accounts</data-source></credential-manager></credential-managers></processing>';
    const created = await server.rest('POST', '/running', { type: TYPE.datastore.xml, body: processing });
    assert.equal(created.status, 201);
    assert.equal(created.headers.location, `${server.url}${REST}/running/processing`);
    const again = await server.rest('POST', '/running', { type: TYPE.datastore.xml, body: processing });
    assert.equal(again.status, 409);
    assert.equal(await server.rollbackCount(), before + 2);
  });

  it('conditional writes: a stale If-Match is 412 and changes nothing; the current entity tag proceeds', async () => {
    const path = '/running/profiles/profile/ds,as:oauth-service';
    const current = (await server.rest('GET', path)).headers.etag as string;
    const stale = await server.rest('PATCH', path, {
      type: TYPE.data.json,
      body: profile('json', 'ds', 'stale'),
      headers: { 'If-Match': '"1"' },
    });
    assert.equal(stale.status, 412);
    assert.equal(await description('ds'), 'ds');
    const fresh = await server.rest('PATCH', path, {
      type: TYPE.data.json,
      body: profile('json', 'ds', 'fresh'),
      headers: { 'If-Match': current },
    });
    assert.equal(fresh.status, 204);
    assert.notEqual((await server.rest('GET', path)).headers.etag, current);
    const create = await server.rest('PUT', '/running/profiles/profile/cond,as:oauth-service', {
      type: TYPE.data.json,
      body: profile('json', 'cond'),
      headers: { 'If-None-Match': '*' },
    });
    assert.equal(create.status, 201);
    const twice = await server.rest('PUT', '/running/profiles/profile/cond,as:oauth-service', {
      type: TYPE.data.json,
      body: profile('json', 'cond'),
      headers: { 'If-None-Match': '*' },
    });
    assert.equal(twice.status, 412);
  });

  it('a write that changes nothing answers 204 and makes no rollback file', async () => {
    const before = await server.rollbackCount();
    const same = await server.rest('PATCH', '/running/profiles/profile/ds,as:oauth-service', {
      type: TYPE.data.json,
      body: profile('json', 'ds', 'fresh'),
    });
    assert.equal(same.status, 204);
    assert.equal(await server.rollbackCount(), before);
  });
});
