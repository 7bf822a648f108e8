/**
 * @module test/auth/ldap.test
 * HTTP Basic with an LDAP credential manager, end to end: a real slapd (memberof overlay) on
 * loopback, `idconf serve` configured through RESTCONF, and every case on both APIs. A login's
 * principal is seen as the creator of the rollback file its write makes and the groups of its
 * audit line. Covers users in two groups, wrong and empty passwords, unknown users, names that
 * try to change the filter, the local admin (never sent to LDAP, working while slapd is down),
 * slapd stopped (503 with an RFC 8040 body, nothing of the driver or a secret in it), several
 * hosts, and configuration changes taking effect at once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { IdentityServer } from '../identity/identity-server.ts';
import { ADMIN_PASSWORD, startIdentityServer } from '../identity/identity-server.ts';
import type { SlapdServer } from '../support/slapd.ts';
import { slapdMissing, startSlapd } from '../support/slapd.ts';
import {
  APIS,
  assertLogin,
  assertRefused,
  auditLines,
  errorOf,
  putDataSource,
  useCredentialManager,
  waitForAudit,
} from './auth-test-server.ts';

const USERS = [
  { uid: 'alice', password: 'alice-Secret-1', groups: ['ops', 'auditors'] },
  { uid: 'bob', password: 'bob-Secret-2', groups: ['ops'] },
  { uid: 'carol', password: 'carol-Secret-3', groups: [] },
  { uid: 'dave', password: 'dave-Secret-4', groups: ['auditors'] },
  // A name with every character RFC 4515 escapes but NUL: found only when escaped right.
  { uid: 'o*(brien)\\', password: 'obrien-Secret-5', groups: ['ops'] },
  // The local admin's name also exists in the directory, with another password.
  { uid: 'admin', password: 'directory-admin-password', groups: ['ops'] },
];

describe('LDAP credential manager', { skip: slapdMissing }, () => {
  let slapd: SlapdServer;
  let server: IdentityServer;
  const ldapConfig = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    hosts: ['127.0.0.1'],
    port: slapd.port,
    tls: 'none',
    'bind-dn': slapd.serviceDn,
    password: slapd.servicePassword,
    'search-base': slapd.peopleDn,
    'connect-timeout': 1000,
    'operation-timeout': 2000,
    ...overrides,
  });

  before(async () => {
    slapd = await startSlapd({ users: USERS });
    server = await startIdentityServer();
    const created = await putDataSource(server, 'corp-ldap', 'ldap', ldapConfig());
    assert.equal(created.status, 201, created.body);
    await useCredentialManager(server, 'corp-ldap-admins', 'corp-ldap');
  });
  after(async () => {
    await server?.stop();
    await slapd?.close();
  });

  for (const api of APIS) {
    describe(`over ${api === 'rest' ? 'the legacy REST API' : 'RESTCONF'}`, () => {
      it('a user in two groups logs in with both groups (the CN of each memberOf DN)', async () => {
        await assertLogin(server, api, 'alice', 'alice-Secret-1', ['ops', 'auditors']);
      });
      it('a user in one group, and a user in none', async () => {
        await assertLogin(server, api, 'bob', 'bob-Secret-2', ['ops']);
        await assertLogin(server, api, 'carol', 'carol-Secret-3', []);
      });
      it('a wrong password is 401', async () => {
        const response = await assertRefused(server, api, 'dave', 'not-daves-password', 401);
        assert.equal(response.headers['www-authenticate'], 'Basic realm="idconf", charset="UTF-8"');
      });
      it('an unknown user is 401', async () => {
        await assertRefused(server, api, 'mallory', 'whatever', 401);
      });
      it('an empty password is 401 (an LDAP bind with it would be an anonymous bind)', async () => {
        const since = Date.now();
        await assertRefused(server, api, 'dave', '', 401);
        const line = await waitForAudit(server, since, 'dave', (audit) => audit.outcome === 'failure');
        assert.equal(line.reason, 'empty-password');
      });
      it('names that try to change the filter find nobody', async () => {
        for (const name of ['*', 'al*', 'alice)(uid=*', '*)(|(uid=*', 'alice)(|(objectClass=*', '\\2a']) {
          await assertRefused(server, api, name, 'alice-Secret-1', 401);
        }
      });
      it('a name made of filter characters is matched literally', async () => {
        await assertLogin(server, api, 'o*(brien)\\', 'obrien-Secret-5', ['ops']);
      });
      it('a local name is verified locally only, never against the directory', async () => {
        await assertLogin(server, api, 'admin', ADMIN_PASSWORD, ['admin']);
        await assertRefused(server, api, 'admin', 'directory-admin-password', 401);
      });
    });
  }

  it('every login is an audit line with user, method, data source, address and outcome, and no password', () => {
    const lines = auditLines(server.process.output);
    const alice = lines.find((line) => line.user === 'alice' && line.outcome === 'success');
    assert.deepEqual(
      {
        via: alice?.via,
        credentialManager: alice?.credentialManager,
        dataSource: alice?.dataSource,
        remote: alice?.remote,
      },
      {
        via: 'credential-manager',
        credentialManager: 'corp-ldap-admins',
        dataSource: 'corp-ldap',
        remote: '127.0.0.1',
      },
    );
    assert.ok(
      lines.some((line) => line.user === 'dave' && line.outcome === 'failure' && line.reason === 'wrong-password'),
    );
    assert.ok(lines.some((line) => line.user === 'mallory' && line.reason === 'unknown-user'));
    assert.ok(lines.some((line) => line.user === 'admin' && line.via === 'local' && line.outcome === 'failure'));
    const output = server.process.output.join('\n');
    for (const secret of ['alice-Secret-1', 'not-daves-password', 'directory-admin-password', slapd.servicePassword])
      assert.ok(!output.includes(secret), `the log contains ${secret}`);
  });

  describe('slapd stopped', () => {
    before(async () => {
      await slapd.stop();
    });
    after(async () => {
      await slapd.start();
    });
    for (const api of APIS) {
      it(`a login that needs the directory is 503 with an RFC 8040 error body (${api})`, async () => {
        const response = await assertRefused(server, api, 'dave', 'dave-Secret-4', 503);
        assert.equal(response.headers['retry-after'], '5');
        assert.equal(response.headers['www-authenticate'], undefined);
        const error = errorOf(response);
        assert.equal(error.tag, 'operation-failed');
        assert.match(error.message, /data source is unavailable/);
        for (const leak of ['ECONNREFUSED', '127.0.0.1', 'corp-ldap', slapd.serviceDn, slapd.servicePassword])
          assert.ok(!response.body.includes(leak), `the body contains ${leak}`);
      });
      it(`the local admin still logs in (${api})`, async () => {
        await assertLogin(server, api, 'admin', ADMIN_PASSWORD, ['admin']);
      });
      it(`a login verified in the last minute is still accepted (${api})`, async () => {
        await assertLogin(server, api, 'alice', 'alice-Secret-1', ['ops', 'auditors']);
      });
    }
    it('the log names the data source and the reason, without the driver’s message', () => {
      const line = auditLines(server.process.output).find((audit) => audit.outcome === 'unavailable');
      assert.equal(line?.dataSource, 'corp-ldap');
      assert.match(line?.reason ?? '', /^127\.0\.0\.1: (connect|service bind): connection failed \(ECONNREFUSED\)$/);
    });
  });

  it('after slapd is back, the directory answers again', async () => {
    await assertLogin(server, 'restconf', 'dave', 'dave-Secret-4', ['auditors']);
  });

  it('hosts are tried in order: an unreachable first host hands over to the next', async () => {
    // Nothing listens on 127.0.0.2 (slapd is bound to 127.0.0.1 only).
    const changed = await putDataSource(server, 'corp-ldap', 'ldap', ldapConfig({ hosts: ['127.0.0.2', '127.0.0.1'] }));
    assert.equal(changed.status, 204, changed.body);
    await assertLogin(server, 'rest', 'bob', 'bob-Secret-2', ['ops']);
  });

  it('a wrong service password is 503, not 401, and names the cause in the log', async () => {
    const changed = await putDataSource(
      server,
      'corp-ldap',
      'ldap',
      ldapConfig({ password: 'wrong-service-password' }),
    );
    assert.equal(changed.status, 204, changed.body);
    const since = Date.now();
    // Remembered logins were dropped with the configuration change.
    await assertRefused(server, 'restconf', 'alice', 'alice-Secret-1', 503);
    const line = await waitForAudit(server, since, 'alice', (audit) => audit.outcome === 'unavailable');
    assert.equal(line.reason, '127.0.0.1: the directory refused the service account');
    assert.ok(!server.process.output.join('\n').includes('wrong-service-password'));
  });

  it('a changed configuration takes effect with its commit: group-attribute, then no credential manager', async () => {
    const changed = await putDataSource(server, 'corp-ldap', 'ldap', ldapConfig({ 'group-attribute': 'uid' }));
    assert.equal(changed.status, 204, changed.body);
    // uid=bob is no DN with a CN: no groups.
    await assertLogin(server, 'restconf', 'bob', 'bob-Secret-2', []);
    const removed = await server.request(
      'DELETE',
      '/data/base:environments/environment/admin-service/authentication/credential-manager',
    );
    assert.equal(removed.status, 204, removed.body);
    await assertRefused(server, 'rest', 'bob', 'bob-Secret-2', 401);
    await assertLogin(server, 'rest', 'admin', ADMIN_PASSWORD, ['admin']);
  });

  it('a user filter without {username} is refused at commit (400, nothing changed)', async () => {
    await useCredentialManager(server, 'corp-ldap-admins', 'corp-ldap');
    const refused = await putDataSource(server, 'corp-ldap', 'ldap', ldapConfig({ 'user-filter': '(uid=alice)' }));
    assert.equal(refused.status, 400, refused.body);
    const error = JSON.parse(refused.body)['ietf-restconf:errors'].error[0];
    assert.equal(error['error-tag'], 'invalid-value');
    assert.equal(error['error-path'], "/base:facilities/data-sources/data-source[id='corp-ldap']/ldap/user-filter");
    await assertLogin(server, 'restconf', 'carol', 'carol-Secret-3', []);
  });
});
