/**
 * @module auth/create-credential-manager.test
 * Configurations refused before they are committed, and dummy hashes of every format.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SILENT_LOGGER } from '../util/index.ts';
import { createCredentialManager, dataSourceProblems } from './create-credential-manager.ts';
import type { LdapDataSourceConfig, PasswordHashFormat, SqlDataSourceConfig } from './credential-manager-config.ts';
import { dummyPasswordHash } from './dummy-password-hash.ts';
import { passwordHashProblem, passwordHashScheme, verifyPassword } from './password-hash.ts';

const SQL: SqlDataSourceConfig = {
  kind: 'sql',
  id: 'db',
  url: 'postgresql://db/accounts',
  username: 'u',
  password: 'p',
  maxConnections: 2,
  credentialQuery: 'SELECT password FROM accounts WHERE username = :username',
  groupsQuery: 'SELECT group_name FROM account_groups WHERE username = :username',
  connectTimeoutMs: 1000,
  queryTimeoutMs: 1000,
  tls: 'none',
  trustedCertificates: [],
};

const LDAP: LdapDataSourceConfig = {
  kind: 'ldap',
  id: 'dir',
  hosts: ['ldap.example.com'],
  port: undefined,
  tls: 'ldaps',
  trustedCertificates: [],
  bindDn: 'cn=idconf,o=acme',
  bindPassword: 'p',
  searchBase: 'o=acme',
  userFilter: '(uid={username})',
  groupAttribute: 'memberOf',
  connectTimeoutMs: 1000,
  operationTimeoutMs: 1000,
};

describe('dataSourceProblems', () => {
  it('a complete configuration has none', () => {
    assert.deepEqual(dataSourceProblems(SQL), []);
    assert.deepEqual(dataSourceProblems(LDAP), []);
  });
  it('an sql url that names no database, queries that do not bind :username', () => {
    assert.deepEqual(
      dataSourceProblems({
        ...SQL,
        url: 'postgresql://u:secret@db/x',
        groupsQuery: "SELECT g FROM x WHERE u = ':username'",
      }).map((problem) => problem.leaf),
      ['url', 'queries/groups-query'],
    );
  });
  it('a user filter without {username}, a password without bind-dn', () => {
    assert.deepEqual(
      dataSourceProblems({ ...LDAP, userFilter: '(uid=alice)', bindDn: undefined }).map((problem) => problem.leaf),
      ['user-filter', 'bind-dn'],
    );
  });
  it('createCredentialManager refuses what dataSourceProblems finds', () => {
    assert.throws(
      () =>
        createCredentialManager(
          { id: 'cm', passwordHashFormat: 'bcrypt', dataSource: { ...SQL, url: 'sqlite:x.db' } },
          SILENT_LOGGER,
        ),
      /url: give the SQLite database file as an absolute path/,
    );
  });
});

describe('dummyPasswordHash', () => {
  const formats: [PasswordHashFormat, string][] = [
    ['sha512-crypt', 'sha512-crypt'],
    ['sha256-crypt', 'sha256-crypt'],
    ['bcrypt', 'bcrypt'],
    ['argon2id', 'argon2id'],
  ];
  for (const [format, scheme] of formats) {
    it(`${format}: a usable hash of that scheme that no password matches`, async () => {
      const hash = dummyPasswordHash(format);
      assert.equal(passwordHashProblem(hash), undefined);
      assert.equal(passwordHashScheme(hash), scheme);
      assert.equal(await verifyPassword('', hash), false);
      assert.notEqual(dummyPasswordHash(format), hash);
    });
  }
});
