/**
 * @module test/conformance/rfc8527-3.1-datastore-resources.test
 * RFC 8527 §3.1 over a real HTTPS socket: the NMDA datastore resources `{+restconf}/ds/<datastore>`
 * named by `ietf-datastores` identities. The whole of running, intended and operational in JSON
 * and XML, HEAD, data resources below them, what each holds (configuration only, or with state),
 * and the answers for a datastore the server does not implement (404) or a name that is not an
 * identity (400).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RestconfTestServer } from '../restconf/restconf-test-server.ts';
import { firstError, jsonOf, startRestconfServer } from '../restconf/restconf-test-server.ts';

const RUNNING = '/ds/ietf-datastores:running';
const INTENDED = '/ds/ietf-datastores:intended';
const OPERATIONAL = '/ds/ietf-datastores:operational';
const XML = 'application/yang-data+xml';
const RESTCONF_NS = 'urn:ietf:params:xml:ns:yang:ietf-restconf';

type Datastore = Record<string, unknown>;

/** The top-level members of a JSON datastore body (inside `ietf-restconf:data`). */
const topOf = (response: Parameters<typeof jsonOf>[0]): Datastore =>
  jsonOf<Record<string, Datastore>>(response)['ietf-restconf:data'] ?? {};

describe('RFC 8527 §3.1 datastore resources', () => {
  let server: RestconfTestServer;
  before(async () => {
    server = await startRestconfServer();
  });
  after(async () => {
    await server.close();
  });

  describe('running: the configuration, no state', () => {
    it('GET of the whole datastore is the configuration, wrapped like /data', async () => {
      const response = await server.request('GET', RUNNING);
      assert.equal(response.status, 200);
      assert.equal(response.headers['content-type'], 'application/yang-data+json');
      const top = topOf(response);
      assert.ok('example-jukebox:jukebox' in top);
      assert.ok('t-restconf:settings' in top);
      assert.ok(!('ietf-yang-library:yang-library' in top), 'no state data in running');
      assert.ok(!('ietf-restconf-monitoring:restconf-state' in top), 'no state data in running');
    });

    it('holds exactly the configuration that /data?content=config shows', async () => {
      const running = await server.request('GET', RUNNING);
      const config = await server.request('GET', '/data?content=config');
      assert.deepEqual(topOf(running), topOf(config));
      assert.equal(running.headers.etag, config.headers.etag);
    });

    it('GET in XML has one `data` root element', async () => {
      const response = await server.request('GET', RUNNING, { accept: XML });
      assert.equal(response.status, 200);
      assert.equal(response.headers['content-type'], XML);
      assert.match(response.body, new RegExp(`^<data xmlns="${RESTCONF_NS}">`));
      assert.match(response.body, /<jukebox xmlns="http:\/\/example.com\/ns\/example-jukebox">/);
      assert.doesNotMatch(response.body, /<yang-library /);
    });

    it('a data resource below it reads as below /data', async () => {
      const path = '/example-jukebox:jukebox/library/artist=Foo%20Fighters/album=Wasting%20Light/year';
      const below = await server.request('GET', `${RUNNING}${path}`);
      const data = await server.request('GET', `/data${path}`);
      assert.equal(below.status, 200);
      assert.deepEqual(jsonOf(below), jsonOf(data));
      assert.equal(below.headers.etag, data.headers.etag);
    });

    it('HEAD has the headers of GET and no body', async () => {
      const response = await server.request('HEAD', RUNNING);
      assert.equal(response.status, 200);
      assert.equal(response.body, '');
      assert.ok(response.headers.etag !== undefined);
    });

    it('state data has no place in running: 404 that points to operational', async () => {
      const response = await server.request('GET', `${RUNNING}/ietf-restconf-monitoring:restconf-state`);
      assert.equal(response.status, 404);
      const error = firstError(response);
      assert.equal(error['error-tag'], 'invalid-value');
      assert.equal(error['error-path'], '/ietf-restconf-monitoring:restconf-state');
      assert.match(error['error-message'] ?? '', /ietf-datastores:operational/);
    });

    it('a state leaf inside a configuration container is not in running either', async () => {
      const response = await server.request('GET', `${RUNNING}/example-jukebox:jukebox/library/artist-count`);
      assert.equal(response.status, 404);
    });

    it('the datastore may be written with a trailing slash or with the colon percent-encoded', async () => {
      const slash = await server.request('GET', `${RUNNING}/`);
      const encoded = await server.request('GET', '/ds/ietf-datastores%3Arunning');
      assert.equal(slash.status, 200);
      assert.equal(encoded.status, 200);
      assert.deepEqual(topOf(slash), topOf(encoded));
    });
  });

  describe('intended: equal to running', () => {
    it('GET of the whole datastore is the same document as running', async () => {
      const intended = await server.request('GET', INTENDED);
      const running = await server.request('GET', RUNNING);
      assert.equal(intended.status, 200);
      assert.equal(intended.body, running.body);
      assert.equal(intended.headers.etag, running.headers.etag);
    });
    it('a data resource below it, in XML', async () => {
      const response = await server.request('GET', `${INTENDED}/t-restconf:settings/name`, { accept: XML });
      assert.equal(response.status, 200);
      assert.equal(response.body.trim(), '<name xmlns="urn:idconf:test:restconf">lab</name>');
    });
  });

  describe('operational: configuration and state together', () => {
    it('GET of the whole datastore has the configuration and the state of every provider', async () => {
      const response = await server.request('GET', OPERATIONAL);
      assert.equal(response.status, 200);
      const top = topOf(response);
      assert.ok('example-jukebox:jukebox' in top);
      assert.ok('ietf-yang-library:yang-library' in top);
      assert.ok('ietf-restconf-monitoring:restconf-state' in top);
    });

    it('GET in XML', async () => {
      const response = await server.request('GET', OPERATIONAL, { accept: XML });
      assert.equal(response.status, 200);
      assert.match(response.body, new RegExp(`^<data xmlns="${RESTCONF_NS}">`));
      assert.match(response.body, /<yang-library xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-library">/);
      assert.match(response.body, /<jukebox xmlns="http:\/\/example.com\/ns\/example-jukebox">/);
    });

    it('HEAD answers 200: how a client finds out the server implements the NMDA (RFC 8527 §2)', async () => {
      const response = await server.request('HEAD', OPERATIONAL);
      assert.equal(response.status, 200);
      assert.equal(response.body, '');
    });

    it('a state resource below it', async () => {
      const response = await server.request('GET', `${OPERATIONAL}/ietf-restconf-monitoring:restconf-state`);
      assert.equal(response.status, 200);
      assert.ok('ietf-restconf-monitoring:restconf-state' in jsonOf(response));
    });

    it('content=config and content=nonconfig select as below /data', async () => {
      const config = topOf(await server.request('GET', `${OPERATIONAL}?content=config`));
      assert.ok('example-jukebox:jukebox' in config);
      assert.ok(!('ietf-yang-library:yang-library' in config));
      const state = topOf(await server.request('GET', `${OPERATIONAL}?content=nonconfig`));
      assert.ok('ietf-yang-library:yang-library' in state);
      assert.ok(!('t-restconf:settings' in state));
    });

    it('depth and fields apply', async () => {
      const response = await server.request('GET', `${OPERATIONAL}/t-restconf:settings?fields=name`);
      assert.deepEqual(jsonOf(response), { 't-restconf:settings': { name: 'lab' } });
      const shallow = await server.request('GET', `${OPERATIONAL}/example-jukebox:jukebox?depth=1`);
      assert.deepEqual(jsonOf(shallow), { 'example-jukebox:jukebox': {} });
    });
  });

  describe('datastores the server does not implement, and names that are no datastore', () => {
    for (const name of ['candidate', 'startup']) {
      it(`ietf-datastores:${name} is 404 and says why`, async () => {
        const response = await server.request('GET', `/ds/ietf-datastores:${name}`);
        assert.equal(response.status, 404);
        const error = firstError(response);
        assert.equal(error['error-type'], 'protocol');
        assert.equal(error['error-tag'], 'invalid-value');
        assert.match(
          error['error-message'] ?? '',
          new RegExp(`no ${name === 'candidate' ? 'candidate' : 'separate startup'}`),
        );
        assert.match(error['error-message'] ?? '', /\/ds\/ietf-datastores:operational/);
      });
    }

    it('an abstract identity or another module`s identity is 404', async () => {
      for (const name of ['ietf-datastores:conventional', 'ietf-datastores:datastore', 'example-ds:ephemeral']) {
        const response = await server.request('GET', `/ds/${name}`);
        assert.equal(response.status, 404, name);
      }
    });

    it('a datastore not written as a module-qualified identity is 400', async () => {
      for (const name of ['running', 'ietf-datastores:', ':running', 'ietf-datastores:run%20ning']) {
        const response = await server.request('GET', `/ds/${name}`);
        assert.equal(response.status, 400, name);
        assert.equal(firstError(response)['error-tag'], 'invalid-value', name);
      }
    });

    it('/ds alone names no resource: 404 listing the datastores', async () => {
      for (const path of ['/ds', '/ds/']) {
        const response = await server.request('GET', path);
        assert.equal(response.status, 404, path);
        assert.match(firstError(response)['error-message'] ?? '', /ietf-datastores:running/);
      }
    });

    it('a path below a datastore is checked as below /data', async () => {
      const unknown = await server.request('GET', `${RUNNING}/example-jukebox:nothing`);
      assert.equal(unknown.status, 400);
      assert.equal(firstError(unknown)['error-tag'], 'unknown-element');
      const missing = await server.request('GET', `${OPERATIONAL}/example-jukebox:jukebox/library/artist=Nobody`);
      assert.equal(missing.status, 404);
    });

    it('the error body is XML when the client asks for XML', async () => {
      const response = await server.request('GET', '/ds/ietf-datastores:candidate', { accept: XML });
      assert.equal(response.status, 404);
      assert.match(response.body, new RegExp(`^<errors xmlns="${RESTCONF_NS}"><error>`));
    });
  });
});
