/**
 * @module restconf/datastore-resources.test
 * The NMDA datastore resources below `{+restconf}/ds`: the datastore segment (served, not
 * served, malformed), what a path may address in each datastore, and how a read of each one
 * treats `content` and `with-defaults`.
 * @see RFC 8527 §3.1–§3.3
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatInstancePath } from '../data/index.ts';
import {
  DATA_RESOURCE,
  managementContentIn,
  NMDA_RESOURCES,
  parseDatastorePath,
  readOnlyNote,
  readOptionsIn,
} from './datastore-resources.ts';
import { assertManagementError } from './test-assertions.test-support.ts';
import { pathsTestSchema } from './test-modules.test-support.ts';

const schema = pathsTestSchema();
const resource = (name: string) => {
  const found = NMDA_RESOURCES.find((candidate) => candidate.name === name);
  assert.ok(found !== undefined, name);
  return found;
};

describe('parseDatastorePath', () => {
  it('the three datastores the server implements, whole', () => {
    for (const name of ['running', 'intended', 'operational']) {
      for (const rest of [`/ietf-datastores:${name}`, `/ietf-datastores:${name}/`, `/ietf-datastores%3A${name}`]) {
        const { datastore, target } = parseDatastorePath(rest, schema);
        assert.equal(datastore.name, name, rest);
        assert.equal(datastore.path, `/ds/ietf-datastores:${name}`);
        assert.deepEqual(target, { kind: 'datastore', path: [] });
      }
    }
  });

  it('a data resource below a datastore resolves as below /data', () => {
    const { target } = parseDatastorePath(
      '/ietf-datastores:running/example-jukebox:jukebox/library/artist=Foo%20Fighters',
      schema,
    );
    assert.equal(
      target.kind === 'data' && formatInstancePath(target.path),
      "/example-jukebox:jukebox/library/artist[name='Foo Fighters']",
    );
  });

  it('candidate, startup and other identities are not served: RESOURCE_NOT_FOUND naming the datastores', () => {
    assertManagementError(() => parseDatastorePath('/ietf-datastores:candidate', schema), {
      code: 'RESOURCE_NOT_FOUND',
      type: 'protocol',
      message:
        /no candidate datastore.*\/ds\/ietf-datastores:running, \/ds\/ietf-datastores:intended, \/ds\/ietf-datastores:operational/,
    });
    assertManagementError(() => parseDatastorePath('/ietf-datastores:startup/example-jukebox:jukebox', schema), {
      code: 'RESOURCE_NOT_FOUND',
      message: /no separate startup datastore/,
    });
    for (const rest of ['/ietf-datastores:conventional', '/example:ephemeral', '', '/'])
      assertManagementError(() => parseDatastorePath(rest, schema), { code: 'RESOURCE_NOT_FOUND' });
  });

  it('a segment that is not a module-qualified identity is INVALID_VALUE', () => {
    for (const rest of ['/running', '/ietf-datastores:', '/:running', '/a:b:c', '/ietf-datastores:run%20ning'])
      assertManagementError(() => parseDatastorePath(rest, schema), {
        code: 'INVALID_VALUE',
        type: 'protocol',
        message: /module-qualified/,
      });
  });

  it('state data is not in running or intended, but is in operational', () => {
    for (const name of ['running', 'intended'])
      assertManagementError(
        () => parseDatastorePath(`/ietf-datastores:${name}/ietf-yang-library:yang-library/content-id`, schema),
        {
          code: 'RESOURCE_NOT_FOUND',
          path: '/ietf-yang-library:yang-library/content-id',
          message: /state data.*ietf-datastores:operational/,
        },
      );
    const { target } = parseDatastorePath('/ietf-datastores:operational/ietf-yang-library:yang-library', schema);
    assert.equal(target.kind, 'data');
  });

  it('actions are invoked through operational only', () => {
    const path = '/example-actions:interfaces/interface=eth0/reset';
    assert.equal(parseDatastorePath(`/ietf-datastores:operational${path}`, schema).target.kind, 'action');
    for (const name of ['running', 'intended'])
      assertManagementError(() => parseDatastorePath(`/ietf-datastores:${name}${path}`, schema), {
        code: 'INVALID_VALUE',
        path: "/example-actions:interfaces/interface[name='eth0']/reset",
        message: /operational or \/data/,
      });
  });
});

describe('reads and writes in each datastore', () => {
  it('configuration datastores read configuration only; operational and /data as asked', () => {
    assert.equal(managementContentIn(resource('running'), undefined), 'config');
    assert.equal(managementContentIn(resource('intended'), 'nonconfig'), 'config');
    assert.equal(managementContentIn(resource('operational'), undefined), 'all');
    assert.equal(managementContentIn(resource('operational'), 'nonconfig'), 'nonconfig');
    assert.equal(managementContentIn(DATA_RESOURCE, 'config'), 'config');
  });

  it('operational reports values in use unless trim or report-all-tagged (RFC 8527 §3.2.1)', () => {
    const operational = resource('operational');
    assert.equal(readOptionsIn(operational, {}).withDefaults, 'report-all');
    assert.equal(readOptionsIn(operational, { withDefaults: 'explicit' }).withDefaults, 'report-all');
    assert.equal(readOptionsIn(operational, { withDefaults: 'trim' }).withDefaults, 'trim');
    assert.equal(readOptionsIn(operational, { withDefaults: 'report-all-tagged' }).withDefaults, 'report-all-tagged');
    assert.deepEqual(readOptionsIn(operational, { depth: 2 }), { depth: 2, withDefaults: 'report-all' });
    const options = { withDefaults: 'explicit' } as const;
    assert.equal(readOptionsIn(resource('running'), options), options);
    assert.equal(readOptionsIn(DATA_RESOURCE, options), options);
  });

  it('the 405 note names running for data in a read-only datastore, nothing otherwise', () => {
    const datastore = { kind: 'datastore', path: [] } as const;
    assert.match(readOnlyNote(resource('operational'), datastore), /read-only.*ietf-datastores:running/);
    assert.match(readOnlyNote(resource('intended'), datastore), /read-only/);
    assert.equal(readOnlyNote(resource('running'), datastore), '');
    assert.equal(readOnlyNote(DATA_RESOURCE, datastore), '');
  });
});
