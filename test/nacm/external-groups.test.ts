/**
 * @module test/nacm/external-groups.test
 * NACM with groups that only an external source knows, end to end over HTTPS on both APIs: a
 * group of a real directory (slapd, its `memberOf` CN) and a group of a real OAuth server's
 * token (oidc-provider, its `groups` claim). Neither is declared under `nacm/groups`; each is
 * named by a rule-list. With `enable-external-groups` true their rule-lists apply; after the
 * commit that sets it false they do not, and the users fall back to the defaults. Each case
 * states exactly what is returned or refused, that a refused write changed nothing, and which
 * counter moved.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { IDCONF_AUDIENCE, startOAuthProvider, type TestOAuthProvider } from '../auth/oauth-provider.ts';
import type { SlapdServer } from '../support/slapd.ts';
import { slapdMissing, startSlapd } from '../support/slapd.ts';
import { assertAccessDenied, assertRefusedOperation, assertRefusedWrite } from './nacm-checks.ts';
import type { NacmClient, NacmServer } from './nacm-server.ts';
import { basicAuthorization, startNacmServer } from './nacm-server.ts';

const NACM = '/data/ietf-netconf-acm:nacm';
const PROFILE = '/data/base:profiles/profile=token-service,profile-oauth%3Aoauth-service';
const LEGACY_PROFILE = '/running/profiles/profile/token-service,as:oauth-service';
const CRYPTO = '/data/base:facilities/crypto';

/** Directory users: Lena is in the directory group `directory-ops`, Lars in none. */
const LENA = { uid: 'lena', password: 'lena-Secret-1', groups: ['directory-ops'] };
const LARS = { uid: 'lars', password: 'lars-Secret-2', groups: [] };

/** Rule-lists for the two external groups; neither group is declared under nacm/groups. */
const EXTERNAL_RULE_LISTS = [
  {
    name: 'directory-ops',
    group: ['directory-ops'],
    rule: [
      { name: 'no-crypto', path: '/base:facilities/crypto', 'access-operations': '*', action: 'deny' },
      { name: 'profiles', path: '/base:profiles', 'access-operations': 'create update delete', action: 'permit' },
    ],
  },
  {
    // oidc-provider puts `readers` in the group claim of reader-cli's tokens (test/auth/oauth-provider.ts).
    name: 'token-readers',
    group: ['readers'],
    rule: [
      { name: 'read-nacm', path: '/ietf-netconf-acm:nacm', 'access-operations': 'read', action: 'permit' },
      { name: 'no-accounts', path: '/idconf-aaa:aaa', 'access-operations': 'read', action: 'deny' },
    ],
  },
];

describe('NACM with groups from LDAP and from a token claim (enable-external-groups)', { skip: slapdMissing }, () => {
  let slapd: SlapdServer;
  let provider: TestOAuthProvider;
  let server: NacmServer;
  let lena: NacmClient;
  let lars: NacmClient;
  /** A client with a fresh token of reader-cli (group `readers`). */
  const reader = async (): Promise<NacmClient> => server.as(`Bearer ${await provider.token('reader-cli')}`);
  const admin = (method: string, path: string, body?: unknown) => server.restconf('admin', method, path, body);
  const description = async (): Promise<string> =>
    (JSON.parse((await admin('GET', `${PROFILE}/description`)).body) as { 'base:description': string })[
      'base:description'
    ];
  const setExternalGroups = async (enabled: boolean): Promise<void> => {
    const response = await admin('PATCH', NACM, { 'ietf-netconf-acm:nacm': { 'enable-external-groups': enabled } });
    assert.equal(response.status, 204, response.body);
  };
  const profileEdit = (text: string) => ({
    'base:profile': [{ id: 'token-service', type: 'profile-oauth:oauth-service', description: text }],
  });
  const legacyProfileEdit = (text: string) =>
    JSON.stringify({ 'base:profile': { id: 'token-service', type: 'profile-oauth:oauth-service', description: text } });

  before(async () => {
    slapd = await startSlapd({ users: [LENA, LARS] });
    provider = await startOAuthProvider();
    server = await startNacmServer();
    const steps: [string, string, unknown][] = [
      [
        'PUT',
        '/data/base:facilities/data-sources/data-source=corp-ldap',
        {
          'base:data-source': [
            {
              id: 'corp-ldap',
              ldap: {
                hosts: ['127.0.0.1'],
                port: slapd.port,
                tls: 'none',
                'bind-dn': slapd.serviceDn,
                password: slapd.servicePassword,
                'search-base': slapd.peopleDn,
              },
            },
          ],
        },
      ],
      [
        'PUT',
        '/data/base:processing/credential-managers/credential-manager=corp-ldap-admins',
        { 'base:credential-manager': [{ id: 'corp-ldap-admins', 'data-source': 'corp-ldap' }] },
      ],
      [
        'PATCH',
        '/data/base:environments/environment/admin-service/authentication',
        { 'base:authentication': { 'credential-manager': 'corp-ldap-admins' } },
      ],
      [
        'POST',
        `${CRYPTO}/add-ssl-server-truststore`,
        { 'base:input': { id: 'test-op', keystore: provider.certificate } },
      ],
      [
        'PATCH',
        '/data/base:facilities/http',
        { 'base:http': { client: [{ id: 'test-op', tls: { 'use-truststore': true } }] } },
      ],
      [
        'PATCH',
        '/data/base:environments/environment/admin-service/http/restconf',
        {
          'base:restconf': {
            oauth: {
              issuer: provider.issuer,
              'jwks-uri': provider.jwksUri,
              'http-client': 'test-op',
              audience: [IDCONF_AUDIENCE],
              client: ['reader-cli'],
            },
          },
        },
      ],
      ['PATCH', NACM, { 'ietf-netconf-acm:nacm': { 'rule-list': EXTERNAL_RULE_LISTS } }],
    ];
    for (const [method, path, body] of steps) {
      const response = await admin(method, path, body);
      assert.ok([200, 201, 204].includes(response.status), `${method} ${path}: ${response.status} ${response.body}`);
    }
    lena = server.as(basicAuthorization(LENA.uid, LENA.password));
    lars = server.as(basicAuthorization(LARS.uid, LARS.password));
  });
  after(async () => {
    await server?.stop();
    await provider?.close();
    await slapd?.close();
  });

  it('neither external group is declared in NACM: only admin, operators and auditors are', async () => {
    const groups = JSON.parse((await admin('GET', `${NACM}/groups`)).body) as {
      'ietf-netconf-acm:groups': { group: { name: string }[] };
    };
    assert.deepEqual(
      groups['ietf-netconf-acm:groups'].group.map((group) => group.name),
      ['admin', 'operators', 'auditors'],
    );
  });

  describe('enable-external-groups true (the default)', () => {
    it('an LDAP group member changes a profile on both APIs', async () => {
      const patched = await lena.restconf('PATCH', PROFILE, profileEdit('by lena'));
      assert.equal(patched.status, 204, patched.body);
      assert.equal(await description(), 'by lena');
      const legacy = await lena.rest('PATCH', LEGACY_PROFILE, legacyProfileEdit('by lena, legacy'));
      assert.equal(legacy.status, 204, legacy.body);
      assert.equal(await description(), 'by lena, legacy');
    });

    it('an LDAP group member may not read crypto nor invoke its actions (denied-operations)', async () => {
      assertAccessDenied(await lena.restconf('GET', CRYPTO));
      assertAccessDenied(await lena.rest('GET', '/running/facilities/crypto'));
      const facilities = await lena.restconf('GET', '/data/base:facilities');
      assert.equal(facilities.status, 200, facilities.body);
      assert.deepEqual(Object.keys((JSON.parse(facilities.body) as { 'base:facilities': object })['base:facilities']), [
        'data-sources',
        'http',
      ]);
      await assertRefusedOperation(server, () =>
        lena.restconf('POST', `${CRYPTO}/generate-signing-key`, { 'base:input': { id: 'lena-key', type: 'ec' } }),
      );
      await assertRefusedOperation(server, () =>
        lena.rest(
          'POST',
          '/running/facilities/crypto/_operations/generate-signing-key',
          JSON.stringify({ input: { id: 'lena-key', type: 'ec' } }),
        ),
      );
    });

    it('a directory user in no group writes nothing (write-default deny), on both APIs', async () => {
      await assertRefusedWrite(server, () => lars.restconf('PATCH', PROFILE, profileEdit('by lars')));
      await assertRefusedWrite(server, () => lars.rest('PATCH', LEGACY_PROFILE, legacyProfileEdit('by lars')));
    });

    it('a token group reads the NACM rules and not the accounts, on both APIs', async () => {
      const client = await reader();
      const nacm = await client.restconf('GET', `${NACM}/rule-list`);
      assert.equal(nacm.status, 200, nacm.body);
      assert.deepEqual(
        (JSON.parse(nacm.body) as { 'ietf-netconf-acm:rule-list': { name: string }[] })[
          'ietf-netconf-acm:rule-list'
        ].map((list) => list.name),
        ['admin', 'operators', 'auditors', 'directory-ops', 'token-readers'],
      );
      assertAccessDenied(await client.restconf('GET', '/data/idconf-aaa:aaa'));
      assertAccessDenied(await client.rest('GET', '/running/aaa'));
      const legacy = await client.rest(
        'GET',
        '/running/nacm/rule-list/token-readers',
        undefined,
        undefined,
        'application/vnd.yang.data+json',
      );
      assert.equal(legacy.status, 200, legacy.body);
      assert.deepEqual(JSON.parse(legacy.body), {
        'ietf-netconf-acm:rule-list': {
          name: 'token-readers',
          group: ['readers'],
          rule: [{ name: 'read-nacm' }, { name: 'no-accounts' }],
        },
      });
      const all = JSON.parse((await client.restconf('GET', '/data?content=config')).body) as {
        'ietf-restconf:data': Record<string, unknown>;
      };
      assert.deepEqual(Object.keys(all['ietf-restconf:data']).sort(), [
        'base:environments',
        'base:facilities',
        'base:processing',
        'base:profiles',
        'ietf-netconf-acm:nacm',
      ]);
    });

    it('a token group without a write rule writes nothing, on both APIs', async () => {
      const client = await reader();
      await assertRefusedWrite(server, () => client.restconf('PATCH', PROFILE, profileEdit('by a token')));
      await assertRefusedWrite(server, () => client.rest('PATCH', LEGACY_PROFILE, legacyProfileEdit('by a token')));
    });
  });

  describe('enable-external-groups false: the external groups match nothing', () => {
    before(async () => {
      await setExternalGroups(false);
    });
    after(async () => {
      await setExternalGroups(true);
    });

    it('the LDAP group member is refused the profile write on both APIs (write-default deny)', async () => {
      await assertRefusedWrite(server, () => lena.restconf('PATCH', PROFILE, profileEdit('by lena again')));
      await assertRefusedWrite(server, () => lena.rest('PATCH', LEGACY_PROFILE, legacyProfileEdit('by lena again')));
      assert.equal(await description(), 'by lena, legacy');
    });

    it('the LDAP group member reads crypto like anyone (keys hidden), and an action runs into its write', async () => {
      const crypto = await lena.restconf('GET', CRYPTO);
      assert.equal(crypto.status, 200, crypto.body);
      assert.match(crypto.body, /"id":"default-admin-keystore"/);
      assert.doesNotMatch(crypto.body, /aes256gcm|"keystore"/);
      // exec-default permit lets the action run; storing key material (default-deny-all) is the refused write.
      await assertRefusedWrite(server, () =>
        lena.restconf('POST', `${CRYPTO}/generate-signing-key`, { 'base:input': { id: 'lena-key', type: 'ec' } }),
      );
    });

    it('the token group loses the NACM rules and gets the accounts back (without hashes)', async () => {
      const client = await reader();
      assertAccessDenied(await client.restconf('GET', NACM));
      assertAccessDenied(await client.rest('GET', '/running/nacm'));
      const accounts = await client.restconf('GET', '/data/idconf-aaa:aaa/authentication/users/user=olga');
      assert.equal(accounts.status, 200, accounts.body);
      assert.deepEqual(JSON.parse(accounts.body), {
        'idconf-aaa:user': [{ name: 'olga', description: 'the account of olga' }],
      });
      const legacy = await client.rest(
        'GET',
        '/running/aaa/authentication/users/user/olga',
        undefined,
        undefined,
        'application/vnd.yang.data+json',
      );
      assert.equal(legacy.status, 200, legacy.body);
      assert.deepEqual(JSON.parse(legacy.body), {
        'idconf-aaa:user': { name: 'olga', description: 'the account of olga' },
      });
    });
  });

  it('turned back on, the rule-lists apply again with that commit', async () => {
    const patched = await lena.restconf('PATCH', PROFILE, profileEdit('by lena, once more'));
    assert.equal(patched.status, 204, patched.body);
    assert.equal((await (await reader()).restconf('GET', NACM)).status, 200);
  });
});
