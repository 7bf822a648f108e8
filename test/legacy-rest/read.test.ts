/**
 * @module test/legacy-rest/read.test
 * Reads of the legacy REST API end to end, against `idconf serve` over HTTPS with the factory
 * default configuration, in both encodings: the api root, the datastore (`data` root), a
 * collection, a list entry (an object), leaves and leaf-lists, the depth modes, verbose,
 * operations links, with-defaults, select, offset/limit, content negotiation, HEAD, OPTIONS,
 * 405, ETag/Last-Modified with conditional requests, `/operational`, and a large list streamed.
 * @see shared/spec/legacy-rest.md Decisions 1–4, 8
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LegacyTestServer } from './legacy-rest-server.ts';
import { FORMATS, legacyErrors, REST, startLegacyServer, TYPE } from './legacy-rest-server.ts';

const TOKEN = '/running/profiles/profile/token-service,as:oauth-service';
const ROLE = '/running/environments/environment/services/service-role/default';
const Y = 'xmlns:y="http://tail-f.com/ns/rest"';
const BASE = 'urn:idconf:yang:base';

describe('legacy REST reads', () => {
  let server: LegacyTestServer;
  before(async () => {
    server = await startLegacyServer();
  });
  after(async () => {
    await server.stop();
  });
  const get = (path: string, accept?: string, headers?: Record<string, string>) =>
    server.rest('GET', path, {
      ...(accept === undefined ? {} : { accept }),
      ...(headers === undefined ? {} : { headers }),
    });

  it('the api root in XML by default and in JSON (version, datastores, rollbacks; no NETCONF RPCs)', async () => {
    const xml = await get('');
    assert.equal(xml.status, 200);
    assert.equal(xml.headers['content-type'], TYPE.api.xml);
    assert.equal(
      xml.body,
      `<api xmlns="http://tail-f.com/ns/rest" ${Y}><version>0.5</version><running/><operational/><operations/><rollbacks/></api>`,
    );
    const json = await get('/', TYPE.api.json);
    assert.equal(json.headers['content-type'], TYPE.api.json);
    assert.deepEqual(JSON.parse(json.body), {
      api: { version: '0.5', running: {}, operational: {}, operations: {}, rollbacks: {} },
    });
  });

  it('a datastore read has the data root in both encodings, the rollback link, and configuration only', async () => {
    const json = await get('/running', TYPE.datastore.json);
    assert.equal(json.status, 200);
    assert.equal(json.headers['content-type'], TYPE.datastore.json);
    const data = (JSON.parse(json.body) as { data: Record<string, unknown> }).data;
    assert.deepEqual(Object.keys(data).sort(), [
      'base:environments',
      'base:facilities',
      'base:profiles',
      'idconf-aaa:aaa',
      'ietf-netconf-acm:nacm',
      'operations',
    ]);
    assert.deepEqual(data.operations, { rollback: `${REST}/running/_rollback` });
    // Variable depth: list entries show their keys only.
    assert.deepEqual(data['base:profiles'], {
      profile: [
        { id: 'token-service', type: 'profile-oauth:oauth-service' },
        { id: 'authentication-service', type: 'profile-authentication:authentication-service' },
        { id: 'user-management', type: 'profile-user-management:user-management-service' },
      ],
    });
    const xml = await get('/running');
    assert.equal(xml.headers['content-type'], TYPE.datastore.xml);
    assert.match(xml.body, new RegExp(`^<data xmlns="http://tail-f.com/ns/rest" ${Y}><nacm xmlns=`));
    assert.match(
      xml.body,
      /<y:operations><rollback>\/admin\/api\/rest\/running\/_rollback<\/rollback><\/y:operations><\/data>$/,
    );
    assert.doesNotMatch(xml.body, /rollback-files|yang-library/);
  });

  it('/operational adds state data; under /running state data is 404', async () => {
    const state = await get('/operational/rollback-files/file', TYPE.collection.json);
    assert.equal(state.status, 200);
    const files = (JSON.parse(state.body) as { collection: { 'idconf-rollback:file': { id: number }[] } }).collection;
    assert.equal(files['idconf-rollback:file'][0]?.id, 0);
    const whole = await get('/operational', TYPE.datastore.json);
    assert.ok('idconf-rollback:rollback-files' in (JSON.parse(whole.body) as { data: object }).data);
    assert.equal(whole.headers.etag, undefined, 'no entity tag on /operational');
    const missing = await get('/running/rollback-files', TYPE.data.json);
    assert.equal(missing.status, 404);
    assert.match(legacyErrors(missing)[0]?.['error-message'] ?? '', /operational/);
  });

  for (const format of FORMATS) {
    it(`a list is a collection, an entry an object, a leaf its member (${format})`, async () => {
      const list = await get('/running/profiles/profile?shallow', TYPE.data[format]);
      assert.equal(list.headers['content-type'], TYPE.collection[format], 'the resource type, whatever was asked');
      const entry = await get(`${TOKEN}?deep`, TYPE.data[format]);
      assert.equal(entry.headers['content-type'], TYPE.data[format]);
      const leaf = await get(`${TOKEN}/endpoints/endpoint/token-service-token/uri`, TYPE.data[format]);
      if (format === 'json') {
        const collection = JSON.parse(list.body) as { collection: { 'base:profile': { id: string }[] } };
        assert.deepEqual(
          collection.collection['base:profile'].map((profile) => profile.id),
          ['token-service', 'authentication-service', 'user-management'],
        );
        const object = JSON.parse(entry.body) as { 'base:profile': Record<string, unknown> };
        assert.equal(Array.isArray(object['base:profile']), false);
        assert.equal(object['base:profile'].id, 'token-service');
        assert.ok('settings' in object['base:profile'], 'deep renders everything');
        assert.deepEqual(JSON.parse(leaf.body), { 'base:uri': '/oauth/v2/oauth-token' });
      } else {
        assert.match(list.body, new RegExp(`^<collection ${Y}><profile xmlns="${BASE}"><id>token-service</id>`));
        assert.match(entry.body, new RegExp(`^<profile xmlns="${BASE}"><id>token-service</id>`));
        assert.equal(leaf.body, `<uri xmlns="${BASE}">/oauth/v2/oauth-token</uri>`);
      }
    });
  }

  it('a leaf-list and one of its entries', async () => {
    const all = await get(`${ROLE}/endpoints`, TYPE.data.json);
    assert.equal((JSON.parse(all.body) as { 'base:endpoints': string[] })['base:endpoints'].length, 9);
    const one = await get(`${ROLE}/endpoints/token-service-jwks`, TYPE.data.json);
    assert.deepEqual(JSON.parse(one.body), { 'base:endpoints': ['token-service-jwks'] });
    const xml = await get(`${ROLE}/endpoints/token-service-jwks`);
    assert.equal(xml.body, `<endpoints xmlns="${BASE}">token-service-jwks</endpoints>`);
  });

  it('depth: variable (keys only below), shallow (placeholders), deep (everything)', async () => {
    const read = async (query: string) =>
      JSON.parse((await get(`${TOKEN}${query}`, TYPE.data.json)).body) as { 'base:profile': Record<string, unknown> };
    const variable = (await read(''))['base:profile'];
    assert.deepEqual((variable.endpoints as { endpoint: unknown[] }).endpoint[0], { id: 'token-service-authorize' });
    const shallow = (await read('?shallow'))['base:profile'];
    assert.deepEqual(shallow.settings, {});
    const deep = (await read('?deep'))['base:profile'];
    assert.deepEqual((deep.endpoints as { endpoint: unknown[] }).endpoint[0], {
      id: 'token-service-authorize',
      uri: '/oauth/v2/oauth-authorize',
      'endpoint-kind': 'profile-oauth:oauth-authorize',
    });
    // A shallow datastore lists the top-level nodes as empty placeholders.
    const datastore = await get('/running?shallow', TYPE.datastore.json);
    assert.deepEqual((JSON.parse(datastore.body) as { data: Record<string, unknown> }).data['base:profiles'], {});
  });

  it('with-defaults: omitted by default; report-all and report-all-tagged in both encodings', async () => {
    const json = async (query: string) =>
      (
        JSON.parse((await get(`${ROLE}${query}`, TYPE.data.json)).body) as {
          'base:service-role': Record<string, unknown>;
        }
      )['base:service-role'];
    assert.equal((await json('')).enabled, undefined);
    assert.equal((await json('?with-defaults=report-all'))['listening-port'], 8443);
    const tagged = await json('?with-defaults=report-all-tagged');
    assert.deepEqual(tagged['@listening-port'], { 'ietf-netconf-with-defaults:default': true });
    const xml = await get(`${ROLE}?with-defaults=report-all-tagged`);
    assert.match(xml.body, /<listening-port wd:default="true">8443<\/listening-port>/);
    assert.match(xml.body, /xmlns:wd="urn:ietf:params:xml:ns:netconf:default:1.0"/);
  });

  it('verbose adds _self/_path and y:self/y:path; operations=false leaves the links out', async () => {
    const json = JSON.parse((await get('/running/facilities/crypto?verbose', TYPE.data.json)).body) as {
      'base:crypto': Record<string, unknown>;
    };
    const crypto = json['base:crypto'];
    assert.equal(crypto._self, `${REST}/running/facilities/crypto`);
    assert.equal(crypto._path, '/base:facilities/base:crypto');
    assert.equal(
      (crypto.operations as Record<string, string>)['generate-signing-key'],
      `${REST}/running/facilities/crypto/_operations/generate-signing-key`,
    );
    const xml = await get('/running/facilities/crypto?verbose');
    assert.match(
      xml.body,
      /y:self="\/admin\/api\/rest\/running\/facilities\/crypto" y:path="\/base:facilities\/base:crypto"/,
    );
    assert.match(xml.body, /<y:operations><add-signature-verification-key>/);
    const plain = await get('/running/facilities?operations=false', TYPE.data.json);
    assert.deepEqual(JSON.parse(plain.body), {
      'base:facilities': { crypto: { ssl: { 'server-keystore': [{ id: 'default-admin-keystore' }] } } },
    });
    const plainXml = await get('/running?operations=false&deep');
    assert.doesNotMatch(plainXml.body, /y:operations/);
  });

  it('select and offset/limit', async () => {
    const selected = await get(
      '/running/profiles/profile?select=id;endpoints/endpoint(uri)&offset=1&limit=1',
      TYPE.data.json,
    );
    assert.deepEqual(JSON.parse(selected.body), {
      collection: {
        'base:profile': [
          {
            id: 'authentication-service',
            type: 'profile-authentication:authentication-service',
            endpoints: { endpoint: [{ id: 'authentication-service-authenticate', uri: '/authn/authentication' }] },
          },
        ],
      },
    });
    const beyond = await get('/running/profiles/profile?offset=10', TYPE.data.xml);
    assert.equal(beyond.body, `<collection ${Y}></collection>`);
  });

  it('negotiation: */* and no Accept give XML, application/json gives JSON, text/html is 406', async () => {
    assert.equal((await get(TOKEN, '*/*')).headers['content-type'], TYPE.data.xml);
    assert.equal((await get(TOKEN, 'application/json')).headers['content-type'], TYPE.data.json);
    assert.equal(
      (await get(TOKEN, 'application/vnd.yang.collection+json, application/vnd.yang.data+json')).headers[
        'content-type'
      ],
      TYPE.data.json,
    );
    const refused = await get(TOKEN, 'text/html');
    assert.equal(refused.status, 406);
    assert.equal(refused.headers['content-type'], TYPE.errors.xml);
  });

  it('HEAD has the headers of GET and no body; OPTIONS lists the methods; others are 405 with Allow', async () => {
    const head = await server.rest('HEAD', TOKEN, { accept: TYPE.data.json });
    assert.equal(head.status, 200);
    assert.equal(head.body, '');
    assert.equal(head.headers['content-type'], TYPE.data.json);
    assert.match(String(head.headers.etag), /^"\d+"$/);
    const cases: [string, string][] = [
      ['', 'GET, HEAD, OPTIONS'],
      ['/running', 'GET, HEAD, POST, PUT, PATCH, OPTIONS'],
      [TOKEN, 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'],
      [`${TOKEN}/description`, 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS'],
      ['/operational/profiles', 'GET, HEAD, OPTIONS'],
      ['/running/_rollback', 'POST, OPTIONS'],
      ['/rollbacks', 'GET, HEAD, OPTIONS'],
      ['/rollbacks/0', 'GET, HEAD, OPTIONS'],
    ];
    for (const [path, allow] of cases) {
      const options = await server.rest('OPTIONS', path);
      assert.equal(options.status, 200, path);
      assert.equal(options.headers.allow, allow, path);
    }
    const refused = await server.rest('DELETE', '/operational/profiles', { accept: TYPE.data.json });
    assert.equal(refused.status, 405);
    assert.equal(refused.headers.allow, 'GET, HEAD, OPTIONS');
    assert.equal(legacyErrors(refused)[0]?.['error-tag'], 'operation-not-supported');
  });

  it('ETag and Last-Modified on /running with If-None-Match, If-Modified-Since and If-Match', async () => {
    const first = await get(TOKEN, TYPE.data.json);
    const etag = first.headers.etag as string;
    const modified = first.headers['last-modified'] as string;
    assert.match(etag, /^"\d+"$/);
    assert.ok(!Number.isNaN(Date.parse(modified)));
    const notModified = await get(TOKEN, TYPE.data.json, { 'If-None-Match': etag });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body, '');
    assert.equal((await get(TOKEN, TYPE.data.json, { 'If-Modified-Since': modified })).status, 304);
    assert.equal((await get(TOKEN, TYPE.data.json, { 'If-None-Match': '"1234567"' })).status, 200);
    const failed = await get(TOKEN, TYPE.data.json, { 'If-Match': '"1234567"' });
    assert.equal(failed.status, 412);
    assert.equal(legacyErrors(failed)[0]?.['error-tag'], 'operation-failed');
    const datastore = await get('/running', TYPE.datastore.json);
    assert.match(String(datastore.headers.etag), /^"\d+"$/);
  });

  it('a trailing slash is ignored; an absent entry is 404 in the envelope', async () => {
    assert.equal((await get(`${TOKEN}/`, TYPE.data.json)).status, 200);
    const missing = await get('/running/profiles/profile/nope,as:oauth-service', TYPE.data.json);
    assert.equal(missing.status, 404);
    const [error] = legacyErrors(missing);
    assert.equal(error?.['error-urlpath'], `${REST}/running/profiles/profile/nope,as:oauth-service`);
    assert.equal(error?.['error-path'], "/base:profiles/profile[id='nope'][type='profile-oauth:oauth-service']");
  });

  it('a large list is streamed (chunked) and complete in both encodings', async () => {
    const endpoints = Array.from({ length: 2000 }, (_, index) => ({
      id: `bulk-${index}`,
      uri: `/bulk/${index}`,
      'endpoint-kind': 'profile-oauth:oauth-token',
    }));
    const created = await server.rest('POST', '/running/profiles', {
      type: TYPE.data.json,
      body: JSON.stringify({
        'base:profile': { id: 'bulk', type: 'profile-oauth:oauth-service', endpoints: { endpoint: endpoints } },
      }),
    });
    assert.equal(created.status, 201);
    const path = '/running/profiles/profile/bulk,as:oauth-service/endpoints/endpoint?deep';
    const json = await get(path, TYPE.collection.json);
    assert.equal(json.headers['transfer-encoding'], 'chunked');
    const entries = (JSON.parse(json.body) as { collection: { 'base:endpoint': Record<string, string>[] } }).collection[
      'base:endpoint'
    ];
    assert.equal(entries.length, 2000);
    assert.deepEqual(entries[1999], {
      id: 'bulk-1999',
      uri: '/bulk/1999',
      'endpoint-kind': 'profile-oauth:oauth-token',
    });
    const xml = await get(path);
    assert.equal(xml.headers['transfer-encoding'], 'chunked');
    assert.equal(xml.body.match(/<endpoint xmlns=/g)?.length, 2000);
  });
});
