/**
 * @module test/legacy-rest/backup-restore.test
 * Full backup and restore over the legacy REST API, end to end: `GET /running?deep` returns the
 * whole configuration, and feeding that body to `PUT /running?force-put` restores it, on the
 * server it came from (after changes) and on a fresh server, in XML and JSON, on the factory
 * default plus a few hundred generated entries. "Exactly" means (docs/legacy-rest.md): a
 * `GET /running?deep` after the restore returns the backup byte for byte, and the effective
 * configuration (every value a client reads with with-defaults=report-all) is the same; with
 * `?deep&with-defaults=explicit` the stored configuration is the same even in which leaves were
 * set explicitly to their default, and restoring an unchanged configuration makes no commit.
 * @see shared/spec/legacy-rest.md Decisions 3, 4, 5; §14; issue 8 item 7
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Format, LegacyTestServer } from './legacy-rest-server.ts';
import { FORMATS, startLegacyServer, TYPE } from './legacy-rest-server.ts';

const GENERATED = '/running/profiles/profile/generated,as:oauth-service';

/** A profile with 300 endpoints, 20 data sources and 20 scopes: a few hundred generated entries. */
const generated = (): string =>
  JSON.stringify({
    data: {
      'base:profiles': {
        profile: [
          {
            id: 'generated',
            type: 'profile-oauth:oauth-service',
            description: 'generated <&> "entries"',
            endpoints: {
              endpoint: Array.from({ length: 300 }, (_, index) => ({
                id: `gen-${index}`,
                uri: `/gen/${index}/a,b&c<"q">`,
                'endpoint-kind': 'profile-oauth:oauth-token',
              })),
            },
          },
        ],
      },
      'base:facilities': {
        'data-sources': {
          'data-source': Array.from({ length: 20 }, (_, index) => ({
            id: `db-${index}`,
            description: `database ${index}`,
            sql: { url: `sqlite:db-${index}.sqlite` },
          })),
        },
      },
    },
  });

/** Both servers share the configuration encryption key: encrypted values (keystores) move only between such servers. */
const SHARED_KEY = { IDCONF_CONFIG_ENCRYPTION_KEY: '5f'.repeat(32) };

const effective = async (server: LegacyTestServer): Promise<string> =>
  (await server.restconf('GET', '/data?content=config&with-defaults=report-all')).body;

describe('backup (GET /running?deep) and restore (PUT /running?force-put)', () => {
  let source: LegacyTestServer;
  let fresh: LegacyTestServer;
  before(async () => {
    [source, fresh] = await Promise.all([
      startLegacyServer({ env: SHARED_KEY }),
      startLegacyServer({ env: SHARED_KEY }),
    ]);
    const patched = await source.rest('PATCH', '/running', { type: TYPE.datastore.json, body: generated() });
    assert.equal(patched.status, 204, patched.body);
  });
  after(async () => {
    await Promise.all([source.stop(), fresh.stop()]);
  });
  const backup = async (server: LegacyTestServer, format: Format, query = 'deep') => {
    const response = await server.rest('GET', `/running?${query}`, { accept: TYPE.datastore[format] });
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], TYPE.datastore[format]);
    return response.body;
  };
  const restore = async (server: LegacyTestServer, format: Format, body: string) => {
    const response = await server.rest('PUT', '/running?force-put', { type: TYPE.datastore[format], body });
    assert.equal(response.status, 204, response.body);
  };
  /** Changes the configuration in several places, so that a restore has something to undo. */
  const disturb = async (server: LegacyTestServer) => {
    assert.equal((await server.rest('DELETE', GENERATED)).status, 204);
    assert.equal((await server.rest('DELETE', '/running/facilities/data-sources/data-source/db-3')).status, 204);
    const patched = await server.rest('PATCH', '/running/environments/environment/services/service-role/default', {
      type: TYPE.data.json,
      body: '{"base:service-role": {"id": "default", "listening-port": 9443, "description": "changed"}}',
    });
    assert.equal(patched.status, 204);
  };

  for (const format of FORMATS) {
    it(`the round trip on the same server is exact (${format})`, async () => {
      const before = await effective(source);
      const body = await backup(source, format);
      assert.ok(body.length > 30_000, 'the backup holds the generated entries');
      assert.ok(body.includes('gen-299') && body.includes('db-19'));
      await disturb(source);
      assert.notEqual(await backup(source, format), body);
      await restore(source, format, body);
      assert.equal(await backup(source, format), body, 'GET ?deep after the restore returns the backup byte for byte');
      assert.equal(await effective(source), before, 'the effective configuration is the same');
    });

    it(`a backup restores onto a fresh server (${format})`, async () => {
      const body = await backup(source, format);
      await restore(fresh, format, body);
      assert.equal(await backup(fresh, format), body);
      assert.equal(await effective(fresh), await effective(source));
    });

    it(`with with-defaults=explicit even explicit default values survive, and an unchanged restore commits nothing (${format})`, async () => {
      const before = await source.configuration();
      const body = await backup(source, format, 'deep&with-defaults=explicit');
      const files = await source.rollbackCount();
      await restore(source, format, body);
      assert.equal(await source.rollbackCount(), files, 'restoring what is there makes no rollback file');
      await disturb(source);
      await restore(source, format, body);
      assert.equal(await source.configuration(), before, 'the stored configuration, explicit defaults included');
      assert.equal(await backup(source, format, 'deep&with-defaults=explicit'), body);
    });
  }

  it('the restore accepts the config, ietf-restconf:data and bare wrappers, and a verbose backup', async () => {
    const json = await backup(source, 'json', 'deep&operations=false');
    const inner = (JSON.parse(json) as { data: unknown }).data;
    for (const body of [{ config: inner }, { 'ietf-restconf:data': inner }, inner]) {
      await disturb(source);
      await restore(source, 'json', JSON.stringify(body));
      assert.equal(await backup(source, 'json', 'deep&operations=false'), json);
    }
    const xml = await backup(source, 'xml', 'deep&operations=false');
    const content = xml.replace(/^<data [^>]*>/, '').replace(/<\/data>$/, '');
    for (const root of [
      'config xmlns="http://tail-f.com/ns/config/1.0"',
      'data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf"',
    ]) {
      await disturb(source);
      await restore(source, 'xml', `<${root}>${content}</${root.slice(0, root.indexOf(' '))}>`);
      assert.equal(await backup(source, 'xml', 'deep&operations=false'), xml);
    }
    const verbose = await backup(source, 'xml', 'deep&verbose');
    await disturb(source);
    await restore(source, 'xml', verbose);
    assert.equal(await backup(source, 'xml', 'deep&operations=false'), xml);
  });
});
