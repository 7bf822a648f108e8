/**
 * @module test/auth/silent-server.test
 * A data source that accepts connections and then says nothing (a hung server) makes the
 * credential manager answer `unavailable` once its time-out passes, for LDAP, PostgreSQL and
 * MariaDB alike; the reason names a time-out, not a driver message.
 */
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { DataSourceConfig } from '../../src/auth/index.ts';
import { createCredentialManager } from '../../src/auth/index.ts';
import { SILENT_LOGGER } from '../../src/util/index.ts';

describe('a data source that never answers', () => {
  let server: Server;
  let port = 0;
  const sockets = new Set<Socket>();
  before(async () => {
    server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });
  after(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  const sql = (url: string): DataSourceConfig => ({
    kind: 'sql',
    id: 'hung-db',
    url,
    username: 'u',
    password: 'secret-db-password',
    maxConnections: 2,
    credentialQuery: 'SELECT password FROM accounts WHERE username = :username',
    groupsQuery: 'SELECT group_name FROM account_groups WHERE username = :username',
    connectTimeoutMs: 300,
    queryTimeoutMs: 300,
    tls: 'none',
    trustedCertificates: [],
  });
  const cases: { name: string; source: () => DataSourceConfig; reason: RegExp }[] = [
    {
      name: 'LDAP',
      source: () => ({
        kind: 'ldap',
        id: 'hung-ldap',
        hosts: ['127.0.0.1'],
        port,
        tls: 'none',
        trustedCertificates: [],
        bindDn: 'cn=idconf,o=acme',
        bindPassword: 'secret-bind-password',
        searchBase: 'o=acme',
        userFilter: '(uid={username})',
        groupAttribute: 'memberOf',
        connectTimeoutMs: 300,
        operationTimeoutMs: 300,
      }),
      reason: /^127\.0\.0\.1: service bind: no answer in time$/,
    },
    {
      name: 'PostgreSQL',
      source: () => sql(`postgresql://127.0.0.1:${port}/accounts`),
      reason: /^credential-query: .*(timed out|timeout)/,
    },
    {
      name: 'MariaDB',
      source: () => sql(`mariadb://127.0.0.1:${port}/accounts`),
      reason: /^credential-query: .*(timed out|timeout|in time)/,
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, async () => {
      const manager = createCredentialManager(
        { id: 'cm', passwordHashFormat: 'sha512-crypt', dataSource: testCase.source() },
        SILENT_LOGGER,
      );
      try {
        const check = await manager.verify('alice', 'password');
        assert.equal(check.outcome, 'unavailable');
        assert.match(check.outcome === 'unavailable' ? check.reason : '', testCase.reason);
        assert.ok(!JSON.stringify(check).includes('secret'));
      } finally {
        await manager.close();
      }
    });
  }
});
