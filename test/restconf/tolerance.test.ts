/**
 * @module test/restconf/tolerance.test
 * The tolerance the identity service's clients rely on, end to end: identityref keys as
 * `module:name`, `prefix:name` or a bare name, action input without the `input` wrapper, an
 * action's data path below `/operations` without the module of its first node, datastore bodies
 * wrapped in `data` or `config`, and plain `application/json` bodies. Where the tolerance ends:
 * the first node of a `/data` path needs its module name (RFC 8040 §3.5.3).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RestconfTestServer } from './restconf-test-server.ts';
import { firstError, JUKEBOX_CONFIG, jsonOf, startRestconfServer } from './restconf-test-server.ts';

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

  it('a top-level name without its module is 400 invalid-value, naming the qualified name', async () => {
    const response = await server.request('GET', '/data/jukebox/player');
    assert.equal(response.status, 400);
    const error = firstError(response);
    assert.equal(error['error-tag'], 'invalid-value');
    assert.match(error['error-message'] ?? '', /"jukebox" needs its module name.*example-jukebox:jukebox/);
  });

  it("an action's data path below /operations without the module of its first node", async () => {
    const response = await server.request('POST', '/operations/rollback-files/get-rollback-file', {
      body: { input: { id: 0 } },
    });
    assert.equal(response.status, 200, response.body);
  });

  for (const key of ['t-restconf:oauth', 'trc:oauth', 'oauth', 'trc%3Aoauth']) {
    it(`an identityref key written ${key}`, async () => {
      const response = await server.request('GET', `/data/t-restconf:settings/profile=token-service,${key}/enabled`);
      assert.equal(response.status, 200, response.body);
      assert.deepEqual(jsonOf(response), { 't-restconf:enabled': true });
    });
  }

  it('Location writes identityref keys module-qualified', async () => {
    const response = await server.request('POST', '/data/t-restconf:settings', {
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
    assert.deepEqual(jsonOf(await server.request('GET', '/data/example-jukebox:jukebox/player/gap')), {
      'example-jukebox:gap': '0.8',
    });
  });
});
