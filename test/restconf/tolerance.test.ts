/**
 * @module test/restconf/tolerance.test
 * The tolerance the identity service's clients rely on (issue 6 item 7), end to end: top-level
 * names without their module, identityref keys as `module:name`, `prefix:name` or a bare name,
 * action input without the `input` wrapper, datastore bodies wrapped in `data` or `config`, and
 * plain `application/json` bodies.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RestconfTestServer } from './restconf-test-server.ts';
import { JUKEBOX_CONFIG, jsonOf, startRestconfServer } from './restconf-test-server.ts';

describe('tolerance for the identity service clients', () => {
  let server: RestconfTestServer;
  before(async () => {
    const initial = JUKEBOX_CONFIG();
    server = await startRestconfServer({
      ...initial,
      't-restconf:settings': {
        ...(initial['t-restconf:settings'] as object),
        profile: [{ id: 'token-service', kind: 't-restconf:oauth', enabled: true }],
      },
    });
  });
  after(async () => {
    await server.close();
  });

  it('a top-level name without its module, when only one module has it', async () => {
    const response = await server.request('GET', '/data/jukebox/player');
    assert.equal(response.status, 200);
    assert.deepEqual(jsonOf(response), { 'example-jukebox:player': { gap: '0.5' } });
  });

  for (const key of ['t-restconf:oauth', 'trc:oauth', 'oauth', 'trc%3Aoauth']) {
    it(`an identityref key written ${key}`, async () => {
      const response = await server.request('GET', `/data/settings/profile=token-service,${key}/enabled`);
      assert.equal(response.status, 200, response.body);
      assert.deepEqual(jsonOf(response), { 't-restconf:enabled': true });
    });
  }

  it('Location writes identityref keys module-qualified', async () => {
    const response = await server.request('POST', '/data/settings', {
      body: { 't-restconf:profile': [{ id: 'sso', kind: 'saml' }] },
    });
    assert.equal(response.status, 201, response.body);
    assert.equal(response.headers.location, `${server.api}/data/t-restconf:settings/profile=sso,t-restconf:saml`);
  });

  it('action input without a wrapper', async () => {
    const response = await server.request('POST', '/operations/idconf-rollback:rollback-files/get-rollback-file', {
      body: { id: 0 },
    });
    assert.equal(response.status, 200);
  });

  it('datastore PATCH bodies wrapped in data or config, sent as application/json', async () => {
    for (const wrapper of ['data', 'config']) {
      const response = await server.request('PATCH', '/data', {
        body: JSON.stringify({
          [wrapper]: { 'example-jukebox:jukebox': { player: { gap: wrapper === 'data' ? '0.7' : '0.8' } } },
        }),
        type: 'application/json',
      });
      assert.equal(response.status, 204, response.body);
    }
    assert.deepEqual(jsonOf(await server.request('GET', '/data/jukebox/player/gap')), { 'example-jukebox:gap': '0.8' });
  });
});
