/**
 * @module test/conformance/rfc8527-3.3-actions.test
 * RFC 8527 §3.3 over a real HTTPS socket: actions are invoked through the operational state
 * datastore resource (and, as before, below `/data`), not through the configuration datastores;
 * RPCs stay below `/operations`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { leafValueOf } from '../../src/management/index.ts';
import type { RestconfTestServer } from '../restconf/restconf-test-server.ts';
import { firstError, JUKEBOX_CONFIG, jsonOf, startRestconfServer } from '../restconf/restconf-test-server.ts';

const ETH0 = '/example-actions:interfaces/interface=eth0';

describe('RFC 8527 §3.3 invoking actions and RPCs', () => {
  let server: RestconfTestServer;
  const resets: unknown[] = [];
  before(async () => {
    server = await startRestconfServer({
      ...JUKEBOX_CONFIG(),
      'example-actions:interfaces': { interface: [{ name: 'eth0' }] },
    });
    server.management.registerOperation('/example-actions:interfaces/interface/reset', ({ input, parentPath }) => {
      resets.push([parentPath.at(-1)?.keys?.[0], leafValueOf(input, 'delay')]);
      return undefined;
    });
    server.management.registerOperation('/example-actions:interfaces/interface/get-last-reset-time', () => ({
      'last-reset': '2016-08-15T12:34:56Z',
    }));
  });
  after(async () => {
    await server.close();
  });

  it('an action below the operational datastore is invoked (204)', async () => {
    const response = await server.request('POST', `/ds/ietf-datastores:operational${ETH0}/reset`, {
      body: { 'example-actions:input': { delay: 5 } },
    });
    assert.equal(response.status, 204, response.body);
    assert.deepEqual(resets.at(-1), ['eth0', 5]);
  });

  it('an action with output answers 200 with module:output', async () => {
    const response = await server.request('POST', `/ds/ietf-datastores:operational${ETH0}/get-last-reset-time`);
    assert.equal(response.status, 200);
    assert.deepEqual(jsonOf(response), {
      'example-actions:output': { 'last-reset': '2016-08-15T12:34:56Z' },
    });
  });

  it('OPTIONS of the action allows POST', async () => {
    const response = await server.request('OPTIONS', `/ds/ietf-datastores:operational${ETH0}/reset`);
    assert.equal(response.status, 204);
    assert.equal(response.headers.allow, 'OPTIONS, POST');
  });

  it('the action of an absent instance is 409 data-missing', async () => {
    const response = await server.request(
      'POST',
      '/ds/ietf-datastores:operational/example-actions:interfaces/interface=eth9/reset',
    );
    assert.equal(response.status, 409);
  });

  for (const datastore of ['running', 'intended']) {
    it(`an action below ${datastore} is 400 and points to operational`, async () => {
      const before = resets.length;
      const response = await server.request('POST', `/ds/ietf-datastores:${datastore}${ETH0}/reset`);
      assert.equal(response.status, 400);
      const error = firstError(response);
      assert.equal(error['error-tag'], 'invalid-value');
      assert.equal(error['error-path'], `/example-actions:interfaces/interface[name='eth0']/reset`);
      assert.match(error['error-message'] ?? '', /\/ds\/ietf-datastores:operational/);
      assert.equal(resets.length, before);
    });
  }

  it('an RPC below a datastore is 400 and points to /operations', async () => {
    const response = await server.request('POST', '/ds/ietf-datastores:operational/example-ops:reboot');
    assert.equal(response.status, 400);
    assert.match(firstError(response)['error-message'] ?? '', /\/operations\/example-ops:reboot/);
  });
});
