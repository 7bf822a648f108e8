/**
 * @module test/conformance/rfc8527-2-yang-library.test
 * RFC 8527 §2 over a real HTTPS socket: the server implements the 2019-01-04 YANG library
 * (RFC 8525), readable in the operational state datastore, and its `datastore` entries name
 * exactly the datastores served below `/ds`, each with a schema of the library. Checked on the
 * in-process test server and on `idconf serve` with the shipped models.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { IdentityServer } from '../identity/identity-server.ts';
import { startIdentityServer } from '../identity/identity-server.ts';
import type { RestconfTestServer } from '../restconf/restconf-test-server.ts';
import { jsonOf, startRestconfServer } from '../restconf/restconf-test-server.ts';

type Library = {
  'ietf-yang-library:yang-library': {
    'module-set': { name: string; module?: { name: string }[]; 'import-only-module'?: { name: string }[] }[];
    schema: { name: string; 'module-set': string[] }[];
    datastore: { name: string; schema: string }[];
    'content-id': string;
  };
};

describe('RFC 8527 §2 datastores in the YANG library', () => {
  let server: RestconfTestServer;
  before(async () => {
    server = await startRestconfServer();
  });
  after(async () => {
    await server.close();
  });

  it('the yang-library in operational lists running, intended and operational', async () => {
    const response = await server.request('GET', '/ds/ietf-datastores:operational/ietf-yang-library:yang-library');
    assert.equal(response.status, 200);
    const library = jsonOf<Library>(response)['ietf-yang-library:yang-library'];
    assert.deepEqual(
      library.datastore.map((datastore) => datastore.name),
      ['ietf-datastores:running', 'ietf-datastores:intended', 'ietf-datastores:operational'],
    );
    const schemas = new Set(library.schema.map((schema) => schema.name));
    for (const datastore of library.datastore) assert.ok(schemas.has(datastore.schema), datastore.name);
  });

  it('the module set holds ietf-datastores, whose identities name the datastores', async () => {
    const library = jsonOf<Library>(
      await server.request('GET', '/ds/ietf-datastores:operational/ietf-yang-library:yang-library/module-set'),
    );
    const set = (
      library as unknown as { 'ietf-yang-library:module-set': Library['ietf-yang-library:yang-library']['module-set'] }
    )['ietf-yang-library:module-set'][0];
    const names = [...(set?.module ?? []), ...(set?.['import-only-module'] ?? [])].map((module) => module.name);
    assert.ok(names.includes('ietf-datastores'));
  });

  it('every datastore the library names answers HEAD below /ds', async () => {
    const library = jsonOf<Library>(
      await server.request('GET', '/ds/ietf-datastores:operational/ietf-yang-library:yang-library'),
    )['ietf-yang-library:yang-library'];
    for (const { name } of library.datastore) {
      const response = await server.request('HEAD', `/ds/${name}`);
      assert.equal(response.status, 200, name);
    }
  });

  it('the datastore entries are the same in XML, with the identities qualified by a prefix', async () => {
    const response = await server.request(
      'GET',
      '/ds/ietf-datastores:operational/ietf-yang-library:yang-library/datastore=ietf-datastores%3Aoperational',
      { accept: 'application/yang-data+xml' },
    );
    assert.equal(response.status, 200);
    assert.match(
      response.body,
      /<name xmlns:(\w+)="urn:ietf:params:xml:ns:yang:ietf-datastores">\1:operational<\/name>/,
    );
  });

  it('the yang-library is state data: it is not in running', async () => {
    const response = await server.request('GET', '/ds/ietf-datastores:running/ietf-yang-library:yang-library');
    assert.equal(response.status, 404);
  });
});

describe('RFC 8527 on idconf serve with the shipped models', () => {
  let server: IdentityServer;
  before(async () => {
    server = await startIdentityServer();
  });
  after(async () => {
    await server.stop();
  });

  it('the YANG library names the three datastores', async () => {
    const response = await server.request(
      'GET',
      '/ds/ietf-datastores:operational/ietf-yang-library:yang-library/datastore',
    );
    assert.equal(response.status, 200);
    assert.deepEqual(jsonOf(response), {
      'ietf-yang-library:datastore': [
        { name: 'ietf-datastores:running', schema: 'complete' },
        { name: 'ietf-datastores:intended', schema: 'complete' },
        { name: 'ietf-datastores:operational', schema: 'complete' },
      ],
    });
  });

  it('every datastore reads whole, in JSON and XML; running and intended are the same', async () => {
    const bodies = new Map<string, string>();
    for (const name of ['running', 'intended', 'operational']) {
      for (const accept of ['application/yang-data+json', 'application/yang-data+xml']) {
        const response = await server.request('GET', `/ds/ietf-datastores:${name}`, { accept });
        assert.equal(response.status, 200, `${name} ${accept}`);
        assert.equal(response.headers['content-type'], accept);
        bodies.set(`${name} ${accept}`, response.body);
      }
    }
    assert.equal(bodies.get('running application/yang-data+json'), bodies.get('intended application/yang-data+json'));
    assert.doesNotMatch(bodies.get('running application/yang-data+json') ?? '', /ietf-yang-library:yang-library/);
    assert.match(bodies.get('operational application/yang-data+json') ?? '', /ietf-yang-library:yang-library/);
  });
});
