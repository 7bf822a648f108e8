/**
 * @module test/web-ui/web-ui-logic.test
 * The admin web UI's logic that needs no browser, run against the compact schema the server
 * builds for the RFC 8040 jukebox and the identity model: leaf values read from inputs and
 * checked as the server would (ranges, lengths, patterns, identities), api-paths and the
 * instance-identifiers of error-paths, staging, and `when` conditions.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadServerSchema } from '../../src/server/index.ts';
import { compactSchema, moduleSetContentId } from '../../src/yang/index.ts';
import { apiPath, parseApiPath, parseInstanceIdentifier, pathKey } from '../../web/src/schema/data-path.ts';
import { parseText } from '../../web/src/schema/leaf-values.ts';
import { SchemaModel, typeOf } from '../../web/src/schema/schema-model.ts';
import { applies, containerInstance, pageInstance } from '../../web/src/schema/when-condition.ts';
import { orderWithMoves, Staging } from '../../web/src/state/staging.ts';

const { schema, modules } = loadServerSchema([]);
const model = new SchemaModel(compactSchema(schema, { contentId: moduleSetContentId(modules) }));

const PROFILE = '/base:profiles/profile=token-service,profile-oauth%3Aoauth-service';
const CLIENT = `${PROFILE}/settings/profile-oauth:authorization-server/client-store/config-backed/client=web`;

const pathOf = (text: string) => {
  const path = parseApiPath(model, text);
  assert.ok(path, `no path ${text}`);
  return path;
};
const leafOf = (text: string) => pathOf(text).at(-1)?.node as NonNullable<ReturnType<typeof pathOf>[number]>['node'];

describe('web UI: leaf values', () => {
  it('integers: whole numbers within the type and its range; small ones are JSON numbers', () => {
    const port = leafOf('/base:environments/environment/admin-service/http/listening-port');
    assert.deepEqual(parseText(model, typeOf(port), '6749', port.module), { ok: true, value: 6749 });
    assert.equal(parseText(model, typeOf(port), '70000', port.module).ok, false);
    assert.equal(parseText(model, typeOf(port), 'x', port.module).ok, false);
  });
  it('strings: length and pattern as the module writes them', () => {
    const id = leafOf(`${CLIENT}/id`);
    assert.equal(parseText(model, typeOf(id), 'web-app', id.module).ok, true);
    assert.equal(parseText(model, typeOf(id), 'with space', id.module).ok, false);
    assert.equal(parseText(model, typeOf(id), '', id.module).ok, false);
  });
  it('identityrefs: the identities derived from the base, with their module', () => {
    const type = leafOf(`${PROFILE}/type`);
    assert.deepEqual(parseText(model, typeOf(type), 'profile-oauth:oauth-service', type.module), {
      ok: true,
      value: 'profile-oauth:oauth-service',
    });
    assert.equal(parseText(model, typeOf(type), 'base:profile-type', type.module).ok, false);
    assert.ok(
      model.derivedIdentities(typeOf(type).bases ?? []).includes('profile-authentication:authentication-service'),
    );
  });
  it('enumerations and booleans', () => {
    const protocol = leafOf('/base:environments/environment/services/service-role=default/protocol');
    assert.equal(parseText(model, typeOf(protocol), 'https', protocol.module).ok, true);
    assert.equal(parseText(model, typeOf(protocol), 'gopher', protocol.module).ok, false);
    const enabled = leafOf(`${CLIENT}/enabled`);
    assert.deepEqual(parseText(model, typeOf(enabled), 'false', enabled.module), { ok: true, value: false });
  });
});

describe('web UI: paths', () => {
  it('api-paths round-trip, keys percent-encoded, modules where they change', () => {
    const path = pathOf(CLIENT);
    assert.equal(
      apiPath(path),
      '/base:profiles/profile=token-service,profile-oauth%3Aoauth-service/settings/profile-oauth:authorization-server/client-store/config-backed/client=web',
    );
    assert.deepEqual(path[1]?.keys, ['token-service', 'profile-oauth:oauth-service']);
  });
  it('an error-path (RFC 7951 instance-identifier) names the same node as the api-path', () => {
    const fromError = parseInstanceIdentifier(
      model,
      "/base:profiles/profile[id='token-service'][type='profile-oauth:oauth-service']/settings/profile-oauth:authorization-server/client-store/config-backed/client[id='web']/scope",
    );
    assert.ok(fromError);
    assert.equal(pathKey(fromError), pathKey(pathOf(`${CLIENT}/scope`)));
  });
});

describe('web UI: staging', () => {
  const base = { path: pathOf(CLIENT), tag: '"7"' };
  it('a leaf set back to its stored value is no change', () => {
    const staging = new Staging();
    const path = pathOf(`${CLIENT}/description`);
    staging.setLeaf(path, 'new', 'old', base);
    assert.equal(staging.edits[0]?.operation, 'merge');
    assert.deepEqual(staging.edits[0]?.value, { 'profile-oauth:description': 'new' });
    staging.setLeaf(path, 'old', 'old', base);
    assert.equal(staging.edits.length, 0);
    staging.setLeaf(path, undefined, 'old', base);
    assert.equal(staging.edits[0]?.operation, 'remove');
  });
  it('moves in an ordered-by user leaf-list are edits of their own, applied in the order made', () => {
    const staging = new Staging();
    const uris = pathOf(`${CLIENT}/redirect-uris`);
    assert.equal(uris.at(-1)?.node.raw['ordered-by'], 'user');
    const value = (text: string) => [...uris.slice(0, -1), { node: uris.at(-1)?.node as never, value: text }];
    const keyOf = (text: string) => pathKey(value(text));
    staging.addValue(uris, 'https://d/cb', base);
    staging.move(value('https://c/cb'), 'before', value('https://a/cb'), 'position 3', 'position 1', base);
    staging.move(value('https://d/cb'), 'after', value('https://c/cb'), 'position 4', 'position 2', base);
    assert.deepEqual(
      orderWithMoves(['https://a/cb', 'https://b/cb', 'https://c/cb', 'https://d/cb'], keyOf, staging.edits),
      ['https://c/cb', 'https://d/cb', 'https://a/cb', 'https://b/cb'],
    );
    assert.deepEqual(
      staging.edits.map((edit) => [
        edit.operation,
        edit.where,
        edit.point === undefined ? undefined : apiPath(edit.point).split('/').at(-1),
      ]),
      [
        ['create', undefined, undefined],
        ['move', 'before', 'redirect-uris=https%3A%2F%2Fa%2Fcb'],
        ['move', 'after', 'redirect-uris=https%3A%2F%2Fc%2Fcb'],
      ],
    );
    // A value that will not be created any more is no move's point; the move of it goes too.
    staging.move(value('https://b/cb'), 'after', value('https://d/cb'), 'position 4', 'position 2', base);
    staging.removeValue(uris, 'https://d/cb', false, base);
    assert.deepEqual(
      staging.edits.map((edit) => [edit.operation, edit.where]),
      [['move', 'before']],
    );
    assert.deepEqual(orderWithMoves(['https://a/cb', 'https://b/cb', 'https://c/cb'], keyOf, staging.edits), [
      'https://c/cb',
      'https://a/cb',
      'https://b/cb',
    ]);
  });

  it('leaf-list values are created and deleted one by one; re-adding a removed value cancels', () => {
    const staging = new Staging();
    const uris = pathOf(`${CLIENT}/redirect-uris`);
    staging.removeValue(uris, 'https://a/cb', true, base);
    staging.addValue(uris, 'https://b/cb', base);
    assert.deepEqual(
      staging.edits.map((edit) => [edit.operation, apiPath(edit.target).split('/').at(-1)]),
      [
        ['delete', 'redirect-uris=https%3A%2F%2Fa%2Fcb'],
        ['create', 'redirect-uris=https%3A%2F%2Fb%2Fcb'],
      ],
    );
    assert.equal(staging.below(uris).length, 2);
    staging.addValue(uris, 'https://a/cb', base);
    assert.equal(staging.edits.length, 1);
  });
  it('deleting an entry drops the edits below it', () => {
    const staging = new Staging();
    staging.setLeaf(pathOf(`${CLIENT}/description`), 'x', undefined, base);
    staging.delete(pathOf(CLIENT), true, base);
    assert.deepEqual(
      staging.edits.map((edit) => edit.operation),
      ['delete'],
    );
  });
});

describe('web UI: when conditions', () => {
  const settingsOf = (type: string) => {
    const path = pathOf(`/base:profiles/profile=p,${encodeURIComponent(type)}`);
    const entry = pageInstance(path, { id: 'p', type }, () => undefined);
    const settings = model.child(path.at(-1)?.node, 'settings');
    assert.ok(settings);
    return { settings, instance: containerInstance(entry, settings, {}) };
  };
  it('an augment applies only to the profile type its when names (derived-from-or-self)', () => {
    const oauth = settingsOf('profile-oauth:oauth-service');
    const server = model.child(oauth.settings, 'authorization-server');
    const authentication = model.child(oauth.settings, 'authentication-service');
    assert.ok(server && authentication);
    assert.equal(applies(model, server, oauth.instance), true);
    assert.equal(applies(model, authentication, oauth.instance), false);
    const login = settingsOf('profile-authentication:authentication-service');
    assert.equal(applies(model, server, login.instance), false);
    assert.equal(applies(model, authentication, login.instance), true);
  });
  it('what cannot be known on the page counts as applying', () => {
    const settings = model.child(pathOf('/base:profiles/profile=p,x').at(-1)?.node, 'settings');
    assert.ok(settings);
    const server = model.child(settings, 'authorization-server');
    assert.ok(server);
    // The settings page alone: the profile's type is above it, and unknown.
    const page = pageInstance(
      [...pathOf('/base:profiles/profile=p,x').slice(0, 1), { node: settings }],
      {},
      () => undefined,
    );
    assert.equal(applies(model, server, page), true);
  });
});
