/**
 * @module test/nacm/nacm-e2e.test
 * NACM end to end over HTTPS, on both APIs, with the example rule set of docs/nacm.md:
 * administrators may do everything; operators change profiles but may not touch crypto;
 * auditors read everything but secrets; a user in no group reads what is not secret and writes
 * nothing. Each test states exactly what is returned or refused, that a refused write changed
 * nothing, and that the counters moved.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestResponse } from '../support/https-request.ts';
import { assertRefusedOperation, assertRefusedWrite, errorTag } from './nacm-checks.ts';
import type { NacmServer, Role } from './nacm-server.ts';
import { DATA_SOURCE, startNacmServer, USERS, XML_TYPE } from './nacm-server.ts';

const USER = '/data/idconf-aaa:aaa/authentication/users/user';
const DATA_SOURCES = '/data/base:facilities/data-sources/data-source';
const PROFILE = '/data/base:profiles/profile=token-service,profile-oauth%3Aoauth-service';
const CRYPTO = '/data/base:facilities/crypto';
const NACM = '/data/ietf-netconf-acm:nacm';

/** What a hash of this test's accounts looks like, and the stored (encrypted) data source password. */
const HASH = /\$argon2id\$/;
const SECRET = /data:text\/plain;aes|Db-Passw0rd/;
const ENCRYPTED = /aes256gcm/;

describe('NACM (RFC 8341) end to end, RESTCONF and legacy REST', () => {
  let server: NacmServer;
  const counters = () => server.counters();
  const refusedWrite = (write: () => Promise<TestResponse>) => assertRefusedWrite(server, write);

  before(async () => {
    server = await startNacmServer();
  });
  after(async () => {
    await server?.stop();
  });

  describe('a user in no group (read-default permit, write-default deny)', () => {
    it('reads the configuration without any password hash, secret or NACM rule', async () => {
      for (const accept of ['application/yang-data+json', XML_TYPE]) {
        const response = await server.restconf('nobody', 'GET', '/data', undefined, accept);
        assert.equal(response.status, 200);
        assert.doesNotMatch(response.body, HASH);
        assert.doesNotMatch(response.body, SECRET);
        assert.doesNotMatch(response.body, /rule-list|enable-nacm/);
        assert.match(response.body, /token-service/);
        assert.match(response.body, /the account of olga/);
        assert.match(response.body, /accounts-db/);
      }
    });

    it('is refused a leaf marked nacm:default-deny-all, and a hash, with 403 whether or not the entry exists', async () => {
      for (const path of [
        `${DATA_SOURCES}=${DATA_SOURCE.id}/sql/password`,
        `${USER}=admin/password`,
        `${USER}=ghost/password`,
        NACM,
      ]) {
        const response = await server.restconf('nobody', 'GET', path);
        assert.equal(response.status, 403, `${path}: ${response.body}`);
        assert.equal(errorTag(response), 'access-denied');
      }
      const entry = await server.restconf('nobody', 'GET', `${USER}=admin`);
      assert.equal(entry.status, 200);
      assert.deepEqual(JSON.parse(entry.body), {
        'idconf-aaa:user': [{ name: 'admin', description: 'the account of admin' }],
      });
    });

    it('may not write configuration, change the admin account or create one: 403, nothing changed, counted', async () => {
      await refusedWrite(() =>
        server.restconf('nobody', 'PATCH', `${PROFILE}`, {
          'base:profile': [{ id: 'token-service', type: 'profile-oauth:oauth-service', description: 'mine' }],
        }),
      );
      await refusedWrite(() => server.restconf('nobody', 'DELETE', `${USER}=admin`));
      await refusedWrite(() =>
        server.restconf('nobody', 'PUT', `${USER}=admin/description`, { 'idconf-aaa:description': 'owned' }),
      );
      await refusedWrite(() =>
        server.restconf('nobody', 'POST', '/data/idconf-aaa:aaa/authentication/users', {
          'idconf-aaa:user': [{ name: 'mallory', password: '$6$aaaaaaaa$' + 'a'.repeat(86) }],
        }),
      );
    });

    it('creating an entry that exists but may not be seen is refused like one that does not exist', async () => {
      const existing = await server.restconf('nobody', 'POST', `${NACM}/groups`, {
        'ietf-netconf-acm:group': [{ name: 'admin' }],
      });
      const missing = await server.restconf('nobody', 'POST', `${NACM}/groups`, {
        'ietf-netconf-acm:group': [{ name: 'nope' }],
      });
      assert.deepEqual([existing.status, missing.status], [403, 403]);
      assert.equal(errorTag(existing), errorTag(missing));
      assert.doesNotMatch(existing.body, /admin/);
    });

    it('legacy REST: the deep backup leaves secrets and rules out; writes are refused', async () => {
      const backup = await server.rest(
        'nobody',
        'GET',
        '/running?deep',
        undefined,
        undefined,
        'application/vnd.yang.datastore+json',
      );
      assert.equal(backup.status, 200);
      assert.doesNotMatch(backup.body, HASH);
      assert.doesNotMatch(backup.body, SECRET);
      assert.doesNotMatch(backup.body, /rule-list/);
      assert.match(backup.body, /accounts-db/);
      const hash = await server.rest('nobody', 'GET', '/running/aaa/authentication/users/user/admin/password');
      assert.equal(hash.status, 403);
      await refusedWrite(() => server.rest('nobody', 'DELETE', '/running/aaa/authentication/users/user/olga'));
      // A restore of what the user can read would delete what they cannot: refused as those deletes.
      await refusedWrite(() =>
        server.rest('nobody', 'PUT', '/running?force-put', backup.body, 'application/vnd.yang.datastore+json'),
      );
    });
  });

  describe('operators: profiles yes, crypto no', () => {
    it('change a profile (RESTCONF and legacy REST)', async () => {
      const patched = await server.restconf('operator', 'PATCH', PROFILE, {
        'base:profile': [{ id: 'token-service', type: 'profile-oauth:oauth-service', description: 'by olga' }],
      });
      assert.equal(patched.status, 204, patched.body);
      const legacy = await server.rest(
        'operator',
        'PATCH',
        '/running/profiles/profile/token-service,as:oauth-service',
        JSON.stringify({
          'base:profile': { id: 'token-service', type: 'profile-oauth:oauth-service', description: 'by olga, legacy' },
        }),
      );
      assert.equal(legacy.status, 204, legacy.body);
      const read = await server.restconf('admin', 'GET', `${PROFILE}/description`);
      assert.deepEqual(JSON.parse(read.body), { 'base:description': 'by olga, legacy' });
    });

    it('may not read crypto, nor generate a key (the action is refused: denied-operations)', async () => {
      assert.equal((await server.restconf('operator', 'GET', CRYPTO)).status, 403);
      assert.equal((await server.rest('operator', 'GET', '/running/facilities/crypto')).status, 403);
      const all = await server.restconf('operator', 'GET', '/data/base:facilities');
      assert.equal(all.status, 200);
      assert.doesNotMatch(all.body, /crypto|default-admin-keystore/);
      await assertRefusedOperation(server, () =>
        server.restconf('operator', 'POST', `${CRYPTO}/generate-signing-key`, {
          'base:input': { id: 'mine', type: 'ec' },
        }),
      );
    });

    it('a YANG Patch is checked as the writes it makes: one edit to crypto refuses the whole patch', async () => {
      await refusedWrite(() =>
        server.restconf(
          'operator',
          'PATCH',
          '/data',
          {
            'ietf-yang-patch:yang-patch': {
              'patch-id': 'p1',
              edit: [
                {
                  'edit-id': 'ok',
                  operation: 'merge',
                  target: '/base:profiles/profile=token-service,profile-oauth%3Aoauth-service/description',
                  value: { 'base:description': 'patched' },
                },
                {
                  'edit-id': 'crypto',
                  operation: 'delete',
                  target: '/base:facilities/crypto/ssl/server-keystore=default-admin-keystore/description',
                },
              ],
            },
          },
          undefined,
          undefined,
          'application/yang-patch+json',
        ),
      );
    });

    it('may not write outside the profiles: the environment, the accounts, NACM itself', async () => {
      await refusedWrite(() =>
        server.restconf('operator', 'PATCH', '/data/base:environments/environment/admin-service/http', {
          'base:http': { 'listening-port': 6750 },
        }),
      );
      await refusedWrite(() =>
        server.restconf('operator', 'PATCH', `${NACM}/groups/group=operators`, {
          'ietf-netconf-acm:group': [{ name: 'operators', 'user-name': ['olga', 'admin'] }],
        }),
      );
    });
  });

  describe('auditors: read everything but secrets, write nothing', () => {
    it('read the NACM rules and counters, every account but no hash', async () => {
      const nacm = await server.restconf('auditor', 'GET', NACM);
      assert.equal(nacm.status, 200);
      const body = JSON.parse(nacm.body) as {
        'ietf-netconf-acm:nacm': { 'rule-list': { name: string }[]; 'denied-data-writes': number };
      };
      assert.deepEqual(
        body['ietf-netconf-acm:nacm']['rule-list'].map((list) => list.name),
        ['admin', 'operators', 'auditors'],
      );
      assert.equal(typeof body['ietf-netconf-acm:nacm']['denied-data-writes'], 'number');
      const users = await server.restconf('auditor', 'GET', '/data/idconf-aaa:aaa');
      assert.deepEqual(
        (JSON.parse(users.body) as { 'idconf-aaa:aaa': { authentication: { users: { user: object[] } } } })[
          'idconf-aaa:aaa'
        ].authentication.users.user,
        Object.values(USERS).map((name) => ({ name, description: `the account of ${name}` })),
      );
      const crypto = await server.restconf('auditor', 'GET', CRYPTO);
      assert.equal(crypto.status, 200);
      assert.match(crypto.body, /default-admin-keystore/);
      assert.doesNotMatch(crypto.body, /"keystore"|BEGIN/);
      assert.doesNotMatch(crypto.body, ENCRYPTED);
    });

    it('see rollback files without the secrets they hold, on both APIs', async () => {
      // The commit that set the example up holds every hash and the data source password.
      const files = JSON.parse(
        (await server.restconf('auditor', 'GET', '/data/idconf-rollback:rollback-files')).body,
      ) as {
        'idconf-rollback:rollback-files': { file: { id: number; comment?: string }[] };
      };
      const setup = files['idconf-rollback:rollback-files'].file.length - 2;
      const got = await server.restconf('auditor', 'POST', '/data/idconf-rollback:rollback-files/get-rollback-file', {
        'idconf-rollback:input': { id: setup },
      });
      assert.equal(got.status, 200, got.body);
      assert.match(got.body, /olga/);
      assert.doesNotMatch(got.body, HASH);
      assert.doesNotMatch(got.body, SECRET);
      const text = await server.rest('auditor', 'GET', `/rollbacks/${setup}`);
      assert.equal(text.status, 200, text.body);
      assert.match(text.body, /olga/);
      assert.doesNotMatch(text.body, HASH);
      assert.doesNotMatch(text.body, SECRET);
      const admin = await server.rest('admin', 'GET', `/rollbacks/${setup}`);
      assert.match(admin.body, HASH);
    });

    it('may not write, and may not apply a rollback file (its changes are writes)', async () => {
      await refusedWrite(() => server.restconf('auditor', 'DELETE', `${PROFILE}/description`));
      await refusedWrite(() =>
        server.restconf('auditor', 'POST', '/data/idconf-rollback:rollback-files/apply-rollback-file', {
          'idconf-rollback:input': { id: 0 },
        }),
      );
      await refusedWrite(() =>
        server.rest('auditor', 'POST', '/running/_rollback', '{"file": "0"}', 'application/vnd.yang.data+json'),
      );
    });

    it('a filtered view has its own ETag: it changes with what the auditor sees, not with hidden data', async () => {
      const user = (password: string, description: string) => ({
        'idconf-aaa:user': [{ name: 'etag', password, description }],
      });
      const hash = (c: string) => `$6$saltsalt$${c.repeat(86)}`;
      assert.equal((await server.restconf('admin', 'PUT', `${USER}=etag`, user(hash('a'), 'one'))).status, 201);
      const etag = async (): Promise<string> =>
        String((await server.restconf('auditor', 'GET', '/data/idconf-aaa:aaa')).headers.etag);
      const first = await etag();
      assert.match(first, /^"v/);
      assert.equal(await etag(), first, 'the same view, the same tag');
      assert.equal((await server.restconf('admin', 'PUT', `${USER}=etag`, user(hash('b'), 'one'))).status, 204);
      assert.equal(await etag(), first, 'a hidden change leaves the ETag');
      assert.equal((await server.restconf('admin', 'PUT', `${USER}=etag`, user(hash('b'), 'two'))).status, 204);
      const second = await etag();
      assert.notEqual(second, first, 'a visible change moves it');
      const cached = await server.restconf('auditor', 'GET', '/data/idconf-aaa:aaa', undefined, undefined, {
        'If-None-Match': second,
      });
      assert.equal(cached.status, 304);
      const admins = String((await server.restconf('admin', 'GET', '/data/idconf-aaa:aaa')).headers.etag);
      assert.match(admins, /^"\d+"$/, 'the unfiltered view keeps the commit number');
      assert.equal((await server.restconf('admin', 'DELETE', `${USER}=etag`)).status, 204);
    });
  });

  describe('administrators', () => {
    it('read everything, hashes and secrets included, and the counters', async () => {
      const all = await server.restconf('admin', 'GET', '/data');
      assert.match(all.body, HASH);
      assert.match(all.body, ENCRYPTED);
      const { 'denied-data-writes': writes = 0, 'denied-operations': operations = 0 } = await counters();
      assert.ok(writes >= 10, `denied-data-writes ${writes}`);
      assert.ok(operations >= 1, `denied-operations ${operations}`);
    });

    it('changes to NACM take effect with the commit that makes them', async () => {
      const added = await server.restconf('admin', 'PATCH', `${NACM}/groups/group=auditors`, {
        'ietf-netconf-acm:group': [{ name: 'auditors', 'user-name': ['audrey', 'nick'] }],
      });
      assert.equal(added.status, 204, added.body);
      assert.equal((await server.restconf('nobody', 'GET', NACM)).status, 200);
      const removed = await server.restconf('admin', 'DELETE', `${NACM}/groups/group=auditors/user-name=nick`);
      assert.equal(removed.status, 204, removed.body);
      assert.equal((await server.restconf('nobody', 'GET', NACM)).status, 403);
    });

    it('a rule path that names nothing is refused at commit, naming the rule', async () => {
      const response = await server.restconf('admin', 'PATCH', `${NACM}/rule-list=auditors`, {
        'ietf-netconf-acm:rule-list': [
          { name: 'auditors', rule: [{ name: 'typo', path: '/base:profilez', action: 'deny' }] },
        ],
      });
      assert.equal(response.status, 400, response.body);
      assert.match(response.body, /rule\[name='typo'\]\/path/);
      assert.match(response.body, /profilez/);
    });
  });

  it('users are who they say: one Basic account per role', () => {
    assert.deepEqual(Object.keys(USERS) as Role[], ['admin', 'operator', 'auditor', 'nobody']);
  });
});
