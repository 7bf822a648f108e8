/**
 * @module test/auth/ldap-tls.test
 * The LDAP credential manager over TLS, against a real slapd with a certificate from a test CA:
 * LDAPS and StartTLS succeed when the CA is a trusted certificate of the data source, and fail
 * with 503 (the directory cannot be trusted, so it cannot answer) when it is not.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { IdentityServer } from '../identity/identity-server.ts';
import { opensslMissing, startIdentityServer } from '../identity/identity-server.ts';
import type { SlapdServer } from '../support/slapd.ts';
import { slapdMissing, startSlapd } from '../support/slapd.ts';
import { makeTestCertificates } from '../support/test-ca.ts';
import {
  APIS,
  assertLogin,
  assertRefused,
  putDataSource,
  useCredentialManager,
  waitForAudit,
} from './auth-test-server.ts';

const ALICE = { uid: 'alice', password: 'alice-Tls-Secret', groups: ['ops', 'auditors'] };

describe('LDAP credential manager over TLS', { skip: slapdMissing || opensslMissing }, () => {
  let slapd: SlapdServer;
  let server: IdentityServer;
  let certificates: string;
  const configure = async (overrides: Record<string, unknown>): Promise<void> => {
    const response = await putDataSource(server, 'tls-ldap', 'ldap', {
      hosts: ['localhost'],
      'bind-dn': slapd.serviceDn,
      password: slapd.servicePassword,
      'search-base': slapd.peopleDn,
      'connect-timeout': 2000,
      'operation-timeout': 2000,
      ...overrides,
    });
    assert.ok([201, 204].includes(response.status), response.body);
  };

  before(async () => {
    certificates = mkdtempSync(join(tmpdir(), 'idconf-ldap-tls-'));
    const tls = makeTestCertificates(certificates);
    slapd = await startSlapd({ users: [ALICE], tls });
    server = await startIdentityServer();
    const trusted = await server.request('POST', '/data/base:facilities/crypto/add-ssl-server-truststore', {
      body: { input: { id: 'test-ca', keystore: tls.caPem } },
    });
    assert.equal(trusted.status, 200, trusted.body);
    await configure({ tls: 'ldaps', port: slapd.ldapsPort, 'trusted-certificate': ['test-ca'] });
    await useCredentialManager(server, 'tls-ldap-admins', 'tls-ldap');
  });
  after(async () => {
    await server?.stop();
    await slapd?.close();
    rmSync(certificates, { recursive: true, force: true });
  });

  for (const api of APIS) {
    it(`LDAPS with the test CA trusted (${api})`, async () => {
      await assertLogin(server, api, 'alice', ALICE.password, ALICE.groups);
      await assertRefused(server, api, 'alice', 'wrong', 401);
    });
  }

  for (const api of APIS) {
    it(`StartTLS with the test CA trusted (${api})`, async () => {
      await configure({ tls: 'starttls', port: slapd.port, 'trusted-certificate': ['test-ca'] });
      await assertLogin(server, api, 'alice', ALICE.password, ALICE.groups);
    });
  }

  it('LDAPS without the CA trusted (the system bundle does not know it) is 503', async () => {
    await configure({ tls: 'ldaps', port: slapd.ldapsPort, 'trusted-certificate': [] });
    const since = Date.now();
    await assertRefused(server, 'restconf', 'alice', ALICE.password, 503);
    const line = await waitForAudit(server, since, 'alice', (audit) => audit.outcome === 'unavailable');
    assert.match(line.reason ?? '', /^localhost: (connect|service bind): connection failed \([A-Z_]+\)$/);
  });

  it('StartTLS without the CA trusted is 503 too (no fallback to plain LDAP)', async () => {
    await configure({ tls: 'starttls', port: slapd.port, 'trusted-certificate': [] });
    await assertRefused(server, 'rest', 'alice', ALICE.password, 503);
  });
});
