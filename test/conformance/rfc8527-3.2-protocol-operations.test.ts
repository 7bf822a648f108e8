/**
 * @module test/conformance/rfc8527-3.2-protocol-operations.test
 * RFC 8527 §3.2 over a real HTTPS socket: every method of `/data` on
 * `{+restconf}/ds/ietf-datastores:running` (POST, PUT, plain PATCH, YANG Patch, DELETE, with
 * their query parameters, conditional requests and the rollback parameters); 405 with `Allow`
 * and an RFC 8040 errors body for every write to the read-only intended and operational
 * datastores; OPTIONS; and §3.2.1, `with-defaults` on the operational state datastore, with its
 * capability.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { RestconfTestServer } from '../restconf/restconf-test-server.ts';
import { firstError, JUKEBOX_CONFIG, jsonOf, startRestconfServer } from '../restconf/restconf-test-server.ts';

const RUNNING = '/ds/ietf-datastores:running';
const INTENDED = '/ds/ietf-datastores:intended';
const OPERATIONAL = '/ds/ietf-datastores:operational';
const SETTINGS = '/t-restconf:settings';
const LIBRARY = '/example-jukebox:jukebox/library';
const XML = 'application/yang-data+xml';
const JSON_TYPE = 'application/yang-data+json';

type Files = { 'idconf-rollback:rollback-files': { file: { 'fixed-number': number; comment?: string }[] } };

describe('RFC 8527 §3.2 protocol operations', () => {
  let server: RestconfTestServer;
  before(async () => {
    server = await startRestconfServer();
  });
  after(async () => {
    await server.close();
  });
  beforeEach(async () => {
    const response = await server.request('PUT', '/data', { body: { 'ietf-restconf:data': JUKEBOX_CONFIG() } });
    assert.equal(response.status, 204, response.body);
  });

  const tags = async (): Promise<string[]> =>
    jsonOf<{ 't-restconf:tags': string[] }>(await server.request('GET', `${RUNNING}${SETTINGS}/tags`))[
      't-restconf:tags'
    ];

  describe('running accepts every write of /data', () => {
    it('POST creates a child: 201 with a Location below /ds/ietf-datastores:running', async () => {
      const response = await server.request('POST', `${RUNNING}${LIBRARY}`, {
        body: { 'example-jukebox:artist': [{ name: 'New Band' }] },
      });
      assert.equal(response.status, 201, response.body);
      assert.equal(response.headers.location, `${server.api}${RUNNING}${LIBRARY}/artist=New%20Band`);
      assert.equal((await server.request('GET', response.headers.location ?? '')).status, 200);
      assert.equal((await server.request('GET', `/data${LIBRARY}/artist=New%20Band`)).status, 200);
    });

    it('POST on the datastore creates a top-level node', async () => {
      await server.request('DELETE', `/data${SETTINGS}`);
      const response = await server.request('POST', RUNNING, { body: { 't-restconf:settings': { name: 'new' } } });
      assert.equal(response.status, 201, response.body);
      assert.equal(response.headers.location, `${server.api}${RUNNING}${SETTINGS}`);
    });

    it('PUT creates (201) and replaces (204) a data resource', async () => {
      const created = await server.request('PUT', `${RUNNING}${SETTINGS}/mtu`, { body: { 't-restconf:mtu': 9000 } });
      assert.equal(created.status, 201);
      assert.equal(created.headers.location, `${server.api}${RUNNING}${SETTINGS}/mtu`);
      const replaced = await server.request('PUT', `${RUNNING}${SETTINGS}/mtu`, { body: { 't-restconf:mtu': 1400 } });
      assert.equal(replaced.status, 204);
      assert.deepEqual(jsonOf(await server.request('GET', `/data${SETTINGS}/mtu`)), { 't-restconf:mtu': 1400 });
    });

    it('PUT of the whole datastore replaces the configuration, in XML too', async () => {
      const body = `<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf"><settings xmlns="urn:idconf:test:restconf"><name>only</name></settings></data>`;
      const response = await server.request('PUT', RUNNING, { body, type: XML });
      assert.equal(response.status, 204, response.body);
      const top = jsonOf<{ 'ietf-restconf:data': Record<string, unknown> }>(await server.request('GET', RUNNING))[
        'ietf-restconf:data'
      ];
      assert.deepEqual(top, { 't-restconf:settings': { name: 'only' } });
    });

    it('a plain PATCH merges', async () => {
      const response = await server.request('PATCH', `${RUNNING}${SETTINGS}`, {
        body: { 't-restconf:settings': { name: 'merged' } },
      });
      assert.equal(response.status, 204);
      const settings = jsonOf<{ 't-restconf:settings': { name: string; tags: string[] } }>(
        await server.request('GET', `${RUNNING}${SETTINGS}`),
      )['t-restconf:settings'];
      assert.equal(settings.name, 'merged');
      assert.deepEqual(settings.tags, ['a', 'b']);
    });

    it('a YANG Patch applies its edits in one commit and reports yang-patch-status', async () => {
      const response = await server.request('PATCH', RUNNING, {
        type: 'application/yang-patch+json',
        accept: JSON_TYPE,
        body: {
          'ietf-yang-patch:yang-patch': {
            'patch-id': 'nmda',
            edit: [
              {
                'edit-id': '1',
                operation: 'replace',
                target: `${SETTINGS}/name`,
                value: { 't-restconf:name': 'patched' },
              },
              { 'edit-id': '2', operation: 'delete', target: `${SETTINGS}/tags=a` },
            ],
          },
        },
      });
      assert.equal(response.status, 200, response.body);
      assert.deepEqual(jsonOf(response), { 'ietf-yang-patch:yang-patch-status': { 'patch-id': 'nmda', ok: [null] } });
      assert.deepEqual(await tags(), ['b']);
    });

    it('DELETE removes a data resource (204); a missing one is 409 data-missing', async () => {
      assert.equal((await server.request('DELETE', `${RUNNING}${SETTINGS}/name`)).status, 204);
      assert.equal((await server.request('GET', `${RUNNING}${SETTINGS}/name`)).status, 404);
      assert.equal((await server.request('DELETE', `${RUNNING}${SETTINGS}/name`)).status, 409);
    });

    it('insert and point, the point written as a full path below the datastore resource', async () => {
      const point = encodeURIComponent(`/admin/api/restconf${RUNNING}${SETTINGS}/tags=b`);
      const response = await server.request('POST', `${RUNNING}${SETTINGS}?insert=before&point=${point}`, {
        body: { 't-restconf:tags': ['c'] },
      });
      assert.equal(response.status, 201, response.body);
      assert.deepEqual(await tags(), ['a', 'c', 'b']);
    });

    it('conditional requests: If-Match with an old ETag is 412 and changes nothing', async () => {
      const before = await server.request('GET', `${RUNNING}${SETTINGS}/name`);
      const etag = String(before.headers.etag);
      assert.equal(
        (
          await server.request('PUT', `${RUNNING}${SETTINGS}/name`, {
            body: { 't-restconf:name': 'x' },
            headers: { 'If-Match': etag },
          })
        ).status,
        204,
      );
      const stale = await server.request('PUT', `${RUNNING}${SETTINGS}/name`, {
        body: { 't-restconf:name': 'y' },
        headers: { 'If-Match': etag },
      });
      assert.equal(stale.status, 412);
      assert.deepEqual(jsonOf(await server.request('GET', `${RUNNING}${SETTINGS}/name`)), { 't-restconf:name': 'x' });
      const fresh = await server.request('GET', RUNNING, {
        headers: { 'If-None-Match': String((await server.request('HEAD', RUNNING)).headers.etag) },
      });
      assert.equal(fresh.status, 304);
    });

    it('rollback-comment and rollback-id: the commit is recorded and named', async () => {
      const response = await server.request(
        'PUT',
        `${RUNNING}${SETTINGS}/name?rollback-comment=via%20running&rollback-id=true`,
        {
          body: { 't-restconf:name': 'commented' },
        },
      );
      assert.equal(response.status, 200, response.body);
      const id = jsonOf<{ 'idconf-restconf:result': { rollback: { id: number } } }>(response)['idconf-restconf:result']
        .rollback.id;
      const files = jsonOf<Files>(await server.request('GET', `${OPERATIONAL}/idconf-rollback:rollback-files`));
      const file = files['idconf-rollback:rollback-files'].file.find((entry) => entry['fixed-number'] === id);
      assert.equal(file?.comment, 'via running');
    });

    it('a write of state data below running is refused; nothing changes', async () => {
      const response = await server.request('PUT', `${RUNNING}/example-jukebox:jukebox/library/artist-count`, {
        body: { 'example-jukebox:artist-count': 3 },
      });
      assert.equal(response.status, 404);
    });

    it('OPTIONS lists the methods of /data, with Accept-Patch', async () => {
      const response = await server.request('OPTIONS', RUNNING);
      assert.equal(response.status, 204);
      assert.equal(response.headers.allow, 'GET, HEAD, OPTIONS, POST, PUT, PATCH');
      assert.match(String(response.headers['accept-patch']), /application\/yang-patch\+json/);
      const node = await server.request('OPTIONS', `${RUNNING}${SETTINGS}`);
      assert.equal(node.headers.allow, 'GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE');
    });
  });

  describe('intended and operational are read-only: 405 with Allow', () => {
    const writes: readonly { readonly method: string; readonly path: string; readonly body?: object }[] = [
      { method: 'POST', path: LIBRARY, body: { 'example-jukebox:artist': [{ name: 'Nope' }] } },
      { method: 'PUT', path: `${SETTINGS}/name`, body: { 't-restconf:name': 'nope' } },
      { method: 'PATCH', path: SETTINGS, body: { 't-restconf:settings': { name: 'nope' } } },
      { method: 'DELETE', path: `${SETTINGS}/name` },
      { method: 'PUT', path: '', body: { 'ietf-restconf:data': {} } },
      { method: 'POST', path: '', body: { 't-restconf:settings': { name: 'nope' } } },
    ];
    for (const datastore of [OPERATIONAL, INTENDED]) {
      for (const write of writes) {
        it(`${write.method} ${datastore}${write.path}`, async () => {
          const response = await server.request(write.method, `${datastore}${write.path}`, {
            ...(write.body === undefined ? {} : { body: write.body }),
          });
          assert.equal(response.status, 405);
          assert.equal(response.headers.allow, 'GET, HEAD, OPTIONS');
          assert.equal(response.headers['content-type'], JSON_TYPE);
          const error = firstError(response);
          assert.equal(error['error-type'], 'protocol');
          assert.equal(error['error-tag'], 'operation-not-supported');
          assert.match(error['error-message'] ?? '', /read-only/);
          assert.match(error['error-message'] ?? '', /ietf-datastores:running/);
        });
      }
    }

    it('a YANG Patch to operational is 405 too, and nothing changes', async () => {
      const response = await server.request('PATCH', OPERATIONAL, {
        type: 'application/yang-patch+json',
        body: {
          'ietf-yang-patch:yang-patch': {
            'patch-id': 'no',
            edit: [{ 'edit-id': '1', operation: 'delete', target: SETTINGS }],
          },
        },
      });
      assert.equal(response.status, 405);
      assert.equal((await server.request('GET', `${RUNNING}${SETTINGS}`)).status, 200);
    });

    it('the 405 error body is XML when the client accepts XML', async () => {
      const response = await server.request('DELETE', `${OPERATIONAL}${SETTINGS}`, { accept: XML });
      assert.equal(response.status, 405);
      assert.match(response.body, /<error-tag>operation-not-supported<\/error-tag>/);
    });

    it('OPTIONS answers 204 with Allow and no Accept-Patch', async () => {
      for (const path of [OPERATIONAL, `${OPERATIONAL}${SETTINGS}`, INTENDED]) {
        const response = await server.request('OPTIONS', path);
        assert.equal(response.status, 204, path);
        assert.equal(response.headers.allow, 'GET, HEAD, OPTIONS', path);
        assert.equal(response.headers['accept-patch'], undefined, path);
      }
    });

    it('write query parameters are refused on reads', async () => {
      const response = await server.request('GET', `${OPERATIONAL}?rollback-comment=x`);
      assert.equal(response.status, 400);
      assert.equal(firstError(response)['error-tag'], 'invalid-value');
    });
  });

  describe('§3.2.1 with-defaults on the operational state datastore', () => {
    // t-restconf:settings/mtu has `default 1500`; the fixture does not set it.
    const mtu = async (path: string): Promise<unknown> =>
      jsonOf<{ 't-restconf:settings': Record<string, unknown> }>(await server.request('GET', path))[
        't-restconf:settings'
      ].mtu;

    it('without with-defaults, operational reports the value in use, running only what was set', async () => {
      assert.equal(await mtu(`${OPERATIONAL}${SETTINGS}`), 1500);
      assert.equal(await mtu(`${RUNNING}${SETTINGS}`), undefined);
      assert.equal(await mtu(`/data${SETTINGS}`), undefined);
    });

    it('explicit and report-all also report the value in use', async () => {
      assert.equal(await mtu(`${OPERATIONAL}${SETTINGS}?with-defaults=explicit`), 1500);
      assert.equal(await mtu(`${OPERATIONAL}${SETTINGS}?with-defaults=report-all`), 1500);
    });

    it('a leaf in use at its default is a resource of operational, not of running', async () => {
      const operational = await server.request('GET', `${OPERATIONAL}${SETTINGS}/mtu`);
      assert.equal(operational.status, 200);
      assert.deepEqual(jsonOf(operational), { 't-restconf:mtu': 1500 });
      assert.equal((await server.request('GET', `${RUNNING}${SETTINGS}/mtu`)).status, 404);
    });

    it('report-all-tagged tags values equal to their default, in JSON and XML', async () => {
      const response = await server.request('GET', `${OPERATIONAL}${SETTINGS}?with-defaults=report-all-tagged`);
      const settings = jsonOf<{ 't-restconf:settings': Record<string, unknown> }>(response)['t-restconf:settings'];
      assert.equal(settings.mtu, 1500);
      assert.deepEqual(settings['@mtu'], { 'ietf-netconf-with-defaults:default': true });
      const xml = await server.request('GET', `${OPERATIONAL}${SETTINGS}/mtu?with-defaults=report-all-tagged`, {
        accept: XML,
      });
      assert.match(xml.body, /wd:default="true"/);
    });

    it('trim leaves out values equal to their default, even when set', async () => {
      assert.equal(
        (await server.request('PUT', `${RUNNING}${SETTINGS}/mtu`, { body: { 't-restconf:mtu': 1500 } })).status,
        201,
      );
      assert.equal(await mtu(`${OPERATIONAL}${SETTINGS}?with-defaults=trim`), undefined);
      assert.equal(await mtu(`${OPERATIONAL}${SETTINGS}`), 1500);
      assert.equal(
        (await server.request('PUT', `${RUNNING}${SETTINGS}/mtu`, { body: { 't-restconf:mtu': 9000 } })).status,
        204,
      );
      assert.equal(await mtu(`${OPERATIONAL}${SETTINGS}?with-defaults=trim`), 9000);
    });

    it('an unknown mode is 400 invalid-value', async () => {
      const response = await server.request('GET', `${OPERATIONAL}?with-defaults=everything`);
      assert.equal(response.status, 400);
      assert.equal(firstError(response)['error-tag'], 'invalid-value');
    });

    it('the server announces the with-operational-defaults capability', async () => {
      const response = await server.request(
        'GET',
        `${OPERATIONAL}/ietf-restconf-monitoring:restconf-state/capabilities`,
      );
      const capabilities = jsonOf<{ 'ietf-restconf-monitoring:capabilities': { capability: string[] } }>(response)[
        'ietf-restconf-monitoring:capabilities'
      ].capability;
      assert.ok(capabilities.includes('urn:ietf:params:restconf:capability:with-operational-defaults:1.0'));
    });
  });

  describe('§3.2.2 with-origin is not offered', () => {
    it('is 400 invalid-value on every datastore, with a message that says so', async () => {
      for (const path of [OPERATIONAL, `${OPERATIONAL}${SETTINGS}`, RUNNING, '/data']) {
        for (const query of ['with-origin', 'with-origin=true']) {
          const response = await server.request('GET', `${path}?${query}`);
          assert.equal(response.status, 400, `${path}?${query}`);
          const error = firstError(response);
          assert.equal(error['error-tag'], 'invalid-value');
          assert.match(error['error-message'] ?? '', /with-origin .*does not offer it/);
        }
      }
    });

    it('its capability is not announced', async () => {
      const response = await server.request(
        'GET',
        `${OPERATIONAL}/ietf-restconf-monitoring:restconf-state/capabilities`,
      );
      assert.doesNotMatch(response.body, /with-origin/);
    });
  });
});
