/**
 * @module test/auth/postgres.test
 * The SQL credential-manager contract against a real PostgreSQL (tables `accounts` and
 * `account_groups`, the model's default queries), plus TLS: with the test CA trusted the login
 * works, without it the database counts as unavailable.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { IdentityServer } from '../identity/identity-server.ts';
import { opensslMissing, startIdentityServer } from '../identity/identity-server.ts';
import type { PostgresServer } from '../support/postgres.ts';
import { postgresMissing, startPostgres } from '../support/postgres.ts';
import { makeTestCertificates } from '../support/test-ca.ts';
import { assertLogin, assertRefused, putDataSource, useCredentialManager } from './auth-test-server.ts';
import type { SqlAccount } from './sql-credential-manager.contract.ts';
import { runSqlCredentialManagerContract } from './sql-credential-manager.contract.ts';

const load = async (postgres: PostgresServer, accounts: readonly SqlAccount[]): Promise<void> => {
  await postgres.execute('CREATE TABLE accounts (username VARCHAR(255) PRIMARY KEY, password VARCHAR(255) NOT NULL)');
  await postgres.execute(
    'CREATE TABLE account_groups (username VARCHAR(255) NOT NULL, group_name VARCHAR(255) NOT NULL)',
  );
  await postgres.execute(`GRANT SELECT ON accounts, account_groups TO ${postgres.user}`);
  for (const account of accounts) {
    await postgres.execute('INSERT INTO accounts VALUES ($1, $2)', [account.username, account.passwordHash]);
    for (const group of account.groups)
      await postgres.execute('INSERT INTO account_groups VALUES ($1, $2)', [account.username, group]);
  }
};

runSqlCredentialManagerContract({
  name: 'PostgreSQL',
  skip: postgresMissing,
  hasAccounts: true,
  start: async (accounts) => {
    const postgres = await startPostgres();
    await load(postgres, accounts);
    return {
      config: {
        url: `postgresql://${postgres.host}:${postgres.port}/${postgres.database}`,
        username: postgres.user,
        password: postgres.password,
        tls: 'none',
        'max-connections': 4,
      },
      secrets: [postgres.password],
      stop: () => postgres.stop(),
      start: () => postgres.start(),
      close: () => postgres.close(),
    };
  },
});

describe('SQL credential manager: PostgreSQL over TLS', { skip: postgresMissing || opensslMissing }, () => {
  let certificates: string;
  let postgres: PostgresServer;
  let server: IdentityServer;
  const configure = async (trusted: readonly string[]): Promise<void> => {
    const response = await putDataSource(server, 'tls-db', 'sql', {
      url: `postgresql://localhost:${postgres.port}/${postgres.database}`,
      username: postgres.user,
      password: postgres.password,
      tls: 'required',
      'trusted-certificate': trusted,
      'connect-timeout': 2000,
    });
    assert.ok([201, 204].includes(response.status), response.body);
  };
  before(async () => {
    certificates = mkdtempSync(join(tmpdir(), 'idconf-pg-tls-'));
    const tls = makeTestCertificates(certificates);
    postgres = await startPostgres({ tls });
    const { hashSync } = await import('bcryptjs');
    await load(postgres, [{ username: 'erin', passwordHash: hashSync('erin-Tls-Secret', 4), groups: ['ops'] }]);
    server = await startIdentityServer();
    const trusted = await server.request('POST', '/data/base:facilities/crypto/add-ssl-server-truststore', {
      body: { input: { id: 'test-ca', keystore: tls.caPem } },
    });
    assert.equal(trusted.status, 200, trusted.body);
    await configure(['test-ca']);
    await useCredentialManager(server, 'tls-db-admins', 'tls-db', { 'password-hash-format': 'bcrypt' });
  });
  after(async () => {
    await server?.stop();
    await postgres?.close();
    rmSync(certificates, { recursive: true, force: true });
  });

  it('with the test CA trusted, the login works over TLS', async () => {
    await assertLogin(server, 'restconf', 'erin', 'erin-Tls-Secret', ['ops']);
  });
  it('without it, the database cannot be trusted: 503', async () => {
    await configure([]);
    await assertRefused(server, 'rest', 'erin', 'erin-Tls-Secret', 503);
  });
});
