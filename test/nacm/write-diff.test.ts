/**
 * @module test/nacm/write-diff.test
 * NACM judges a write on the diff of its transaction, end to end over HTTPS on both APIs, with
 * the example rule set (operators run the profiles but may not touch crypto nor client
 * secrets): a replace that would remove a node the user may not write (a client's secret they
 * cannot even see), a choice whose other case it would remove, defaults set explicitly or
 * removed, rollback files applied (permitted when they undo the user's own change, refused when
 * they would undo an administrator's), and an action that may run but whose write may not be
 * made. Each refusal is 403, changes nothing and moves `denied-data-writes` by one.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertRefusedWrite, errorPath } from './nacm-checks.ts';
import type { NacmServer } from './nacm-server.ts';
import { startNacmServer } from './nacm-server.ts';

const PROFILE = '/data/base:profiles/profile=token-service,profile-oauth%3Aoauth-service';
const CLIENTS = `${PROFILE}/settings/profile-oauth:authorization-server/client-store/config-backed`;
const CLIENT = `${CLIENTS}/client=portal`;
const CLIENT_PATH =
  "/base:profiles/profile[id='token-service'][type='profile-oauth:oauth-service']/settings/profile-oauth:authorization-server/client-store/config-backed/client[id='portal']";
const LEGACY_CLIENT =
  '/running/profiles/profile/token-service,as:oauth-service/settings/authorization-server/client-store/config-backed/client/portal';
const SECRET = `$6$saltsalt$${'s'.repeat(86)}`;
const ROLLBACK = '/data/idconf-rollback:rollback-files';
const SERVICE_ROLE = '/data/base:environments/environment/services/service-role=default';
const KEYSTORE = '/data/base:facilities/crypto/ssl/server-keystore=default-admin-keystore';

describe('NACM: writes are judged on their diff, both APIs', () => {
  let server: NacmServer;
  const admin = (method: string, path: string, body?: unknown) => server.restconf('admin', method, path, body);
  const read = async (path: string): Promise<unknown> => JSON.parse((await admin('GET', path)).body);
  const description = async (): Promise<unknown> => read(`${PROFILE}/description`);

  before(async () => {
    server = await startNacmServer();
    const created = await admin('POST', CLIENTS, {
      'profile-oauth:client': [{ id: 'portal', 'client-name': 'Portal', secret: SECRET }],
    });
    assert.equal(created.status, 201, created.body);
    const described = await admin('PUT', `${PROFILE}/description`, { 'base:description': 'OAuth' });
    assert.equal(described.status, 201, described.body);
  });
  after(async () => {
    await server?.stop();
  });

  describe('a replace removes what it does not hold', () => {
    it('an operator sees the client without its secret and may change its other leaves', async () => {
      const seen = await server.restconf('operator', 'GET', CLIENT);
      assert.deepEqual(JSON.parse(seen.body), { 'profile-oauth:client': [{ id: 'portal', 'client-name': 'Portal' }] });
      const renamed = await server.restconf('operator', 'PATCH', CLIENT, {
        'profile-oauth:client': [{ id: 'portal', 'client-name': 'The portal' }],
      });
      assert.equal(renamed.status, 204, renamed.body);
      assert.deepEqual(await read(`${CLIENT}/secret`), { 'profile-oauth:secret': SECRET });
    });

    it('putting back what was read would delete the secret: refused on RESTCONF, YANG Patch and legacy REST', async () => {
      const asRead = { 'profile-oauth:client': [{ id: 'portal', 'client-name': 'The portal' }] };
      const put = await assertRefusedWrite(server, () => server.restconf('operator', 'PUT', CLIENT, asRead));
      // The refusal names the client (which the operator sees), not the secret (which they do not).
      assert.equal(errorPath(put), CLIENT_PATH);
      assert.match(put.body, /the request touches data this user may not read/);
      await assertRefusedWrite(server, () =>
        server.restconf(
          'operator',
          'PATCH',
          PROFILE,
          {
            'ietf-yang-patch:yang-patch': {
              'patch-id': 'replace-client',
              edit: [
                {
                  'edit-id': 'e1',
                  operation: 'replace',
                  target: '/settings/profile-oauth:authorization-server/client-store/config-backed/client=portal',
                  value: asRead,
                },
              ],
            },
          },
          undefined,
          undefined,
          'application/yang-patch+json',
        ),
      );
      await assertRefusedWrite(server, () =>
        server.rest(
          'operator',
          'PUT',
          LEGACY_CLIENT,
          JSON.stringify({ 'profile-oauth:client': { id: 'portal', 'client-name': 'The portal' } }),
        ),
      );
    });

    it('choosing the other case of a choice would delete the secret too: refused', async () => {
      await assertRefusedWrite(server, () =>
        server.restconf('operator', 'PATCH', CLIENT, {
          'profile-oauth:client': [{ id: 'portal', 'no-authentication': [null] }],
        }),
      );
    });

    it('an administrator, whom a rule permits everything, replaces it', async () => {
      const replaced = await admin('PUT', CLIENT, {
        'profile-oauth:client': [{ id: 'portal', 'client-name': 'Portal', secret: SECRET }],
      });
      assert.equal(replaced.status, 204, replaced.body);
    });
  });

  describe('defaults are nodes like any other', () => {
    it('setting a default explicitly, or removing an explicit one, is a write where writes are refused', async () => {
      // `enabled` (default true) is not set; `listening-port` is set to 6749, its default.
      await assertRefusedWrite(server, () =>
        server.restconf('operator', 'PATCH', SERVICE_ROLE, {
          'base:service-role': [{ id: 'default', enabled: true }],
        }),
      );
      await assertRefusedWrite(server, () =>
        server.restconf('operator', 'DELETE', '/data/base:environments/environment/admin-service/http/listening-port'),
      );
      await assertRefusedWrite(server, () =>
        server.rest('operator', 'DELETE', '/running/environments/environment/admin-service/http/listening-port'),
      );
    });

    it('where writes are permitted, a default set explicitly is stored as such', async () => {
      const set = await server.restconf('operator', 'PATCH', CLIENT, {
        'profile-oauth:client': [{ id: 'portal', enabled: true }],
      });
      assert.equal(set.status, 204, set.body);
      assert.deepEqual(await read(`${CLIENT}/enabled?with-defaults=explicit`), { 'profile-oauth:enabled': true });
    });
  });

  describe('applying a rollback file is checked as the writes it makes', () => {
    const apply = (role: 'operator' | 'admin', input: Record<string, unknown>) =>
      server.restconf(role, 'POST', `${ROLLBACK}/apply-rollback-file`, { 'idconf-rollback:input': input });

    it('an operator undoes their own change (selective), on both APIs', async () => {
      for (const [text, undo] of [
        ['first', () => apply('operator', { id: 0, selective: [null] })],
        [
          'second',
          () =>
            server.rest(
              'operator',
              'POST',
              '/running/_rollback',
              JSON.stringify({ input: { file: '0', selective: [null] } }),
            ),
        ],
      ] as const) {
        const before = await description();
        const changed = await server.restconf('operator', 'PUT', `${PROFILE}/description`, {
          'base:description': `${text} change`,
        });
        assert.equal(changed.status, 204, changed.body);
        const undone = await undo();
        assert.equal(undone.status, 204, undone.body);
        assert.deepEqual(await description(), before);
      }
    });

    it("undoing an administrator's crypto change with it is refused, on both APIs", async () => {
      const mine = await server.restconf('operator', 'PUT', `${PROFILE}/description`, {
        'base:description': 'before the admin',
      });
      assert.equal(mine.status, 204, mine.body);
      const theirs = await admin('PATCH', KEYSTORE, {
        'base:server-keystore': [{ id: 'default-admin-keystore', description: 'rotated by the admin' }],
      });
      assert.equal(theirs.status, 204, theirs.body);
      // File 1 is the operator's own change: rolling back to before it undoes file 0 too.
      const refused = await assertRefusedWrite(server, () => apply('operator', { id: 1 }));
      assert.equal(
        errorPath(refused),
        '/base:facilities',
        'crypto is hidden from operators: its nearest visible ancestor',
      );
      await assertRefusedWrite(server, () =>
        server.rest('operator', 'POST', '/running/_rollback', JSON.stringify({ file: '1' })),
      );
      // Only their own file, selectively: permitted.
      const own = await apply('operator', { id: 1, selective: [null] });
      assert.equal(own.status, 204, own.body);
    });
  });

  describe('an action that may run stores what it makes only where the user may write', () => {
    const generate = (id: string) => ({ 'base:input': { id, type: 'ec' } });
    const KEYS = '/data/base:facilities/crypto/generate-signing-key';

    it('a user in no group may invoke generate-signing-key (exec-default permit), but not store the key', async () => {
      const operations = (await server.counters())['denied-operations'];
      await assertRefusedWrite(server, () => server.restconf('nobody', 'POST', KEYS, generate('nick-key')));
      await assertRefusedWrite(server, () =>
        server.rest(
          'nobody',
          'POST',
          '/running/facilities/crypto/_operations/generate-signing-key',
          JSON.stringify({ input: { id: 'nick-key', type: 'ec' } }),
        ),
      );
      assert.equal((await server.counters())['denied-operations'], operations);
    });

    it('an administrator generates the key; others see that it exists, not the key', async () => {
      const generated = await admin('POST', KEYS, generate('admin-key'));
      assert.equal(generated.status, 200, generated.body);
      const seen = await server.restconf('auditor', 'GET', '/data/base:facilities/crypto/signing-keys?content=config');
      assert.deepEqual(JSON.parse(seen.body), {
        'base:signing-keys': { 'signing-key': [{ id: 'admin-key' }] },
      });
    });
  });
});
