/**
 * @module http/connection-login.test
 * Over real kept-alive connections: a connection that repeats the Authorization header of its
 * last successful login is not checked again, while the account is unchanged. A changed
 * password or group list, another header, or another connection goes through the authenticator.
 */
import assert from 'node:assert/strict';
import { Agent, request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import {
  type ClientSource,
  type Credentials,
  hashPassword,
  LocalUserAuthenticator,
  type Principal,
  type UserRecord,
} from '../auth/index.ts';
import { SILENT_LOGGER } from '../util/index.ts';
import { withAuthentication } from './authenticate-request.ts';
import { ManagementServer } from './management-server.ts';
import { Router } from './router.ts';

const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

const FAST_HASH = { memoryKiB: 64, iterations: 1, parallelism: 1 } as const;

/** Counts the full checks of the local-user authenticator it wraps. */
class CountingAuthenticator extends LocalUserAuthenticator {
  checks = 0;
  override authenticate(credentials: Credentials, source: ClientSource): Promise<Principal> {
    this.checks++;
    return super.authenticate(credentials, source);
  }
}

describe('a connection reuses its last login', () => {
  const users = new Map<string, UserRecord>();
  let authenticator: CountingAuthenticator;
  let server: ManagementServer;
  let base: string;
  before(async () => {
    users.set('admin', { passwordHash: await hashPassword('first', FAST_HASH), groups: ['admin'] });
    authenticator = new CountingAuthenticator({ directory: { lookup: (user) => users.get(user) }, log: SILENT_LOGGER });
    const router = new Router().mount({
      prefix: '/who',
      handler: withAuthentication(authenticator, async (_request, response, _context, principal) => {
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(principal));
      }),
    });
    server = new ManagementServer({ router, log: SILENT_LOGGER, tls: undefined });
    base = `http://127.0.0.1:${(await server.listen(0, '127.0.0.1')).port}`;
  });
  after(() => server.close());

  /** GET /who on `agent`'s one connection; the status, the principal, and the local port (which connection). */
  const get = (agent: Agent, authorization: string) =>
    new Promise<{ status: number; principal: Principal | undefined; port: number | undefined }>((resolve, reject) => {
      const request = httpRequest(`${base}/who`, { agent, headers: { Authorization: authorization } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            principal: response.statusCode === 200 ? (JSON.parse(body) as Principal) : undefined,
            port: request.socket?.localPort,
          }),
        );
      });
      request.on('error', reject);
      request.end();
    });

  it('checks the credentials once per connection while they and the account stay the same', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = authenticator.checks;
      const first = await get(agent, basic('admin', 'first'));
      const second = await get(agent, basic('admin', 'first'));
      const third = await get(agent, basic('admin', 'first'));
      assert.deepEqual([first.status, second.status, third.status], [200, 200, 200]);
      assert.equal(second.port, first.port, 'one connection');
      assert.equal(third.port, first.port, 'one connection');
      assert.equal(authenticator.checks - before, 1);
      assert.deepEqual(third.principal, { user: 'admin', groups: ['admin'], method: 'basic' });

      // Another connection with the same header is checked on its own.
      const other = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        assert.equal((await get(other, basic('admin', 'first'))).status, 200);
        assert.equal(authenticator.checks - before, 2);
      } finally {
        other.destroy();
      }
    } finally {
      agent.destroy();
    }
  });

  it('a different header on the same connection is checked, and a failure forgets the login', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      assert.equal((await get(agent, basic('admin', 'first'))).status, 200);
      const before = authenticator.checks;
      assert.equal((await get(agent, basic('admin', 'wrong'))).status, 401);
      assert.equal(authenticator.checks - before, 1);
      // The failure made the connection forget its login: the right header is checked again.
      assert.equal((await get(agent, basic('admin', 'first'))).status, 200);
      assert.equal(authenticator.checks - before, 2);
    } finally {
      agent.destroy();
    }
  });

  it('a changed group list is seen by the next request of the connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      assert.deepEqual((await get(agent, basic('admin', 'first'))).principal?.groups, ['admin']);
      const record = users.get('admin') as UserRecord;
      users.set('admin', { ...record, groups: ['admin', 'auditors'] });
      const after = await get(agent, basic('admin', 'first'));
      assert.deepEqual(after.principal?.groups, ['admin', 'auditors']);
    } finally {
      agent.destroy();
    }
  });

  it('a changed password ends the reuse: the old header fails on the same connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      assert.equal((await get(agent, basic('admin', 'first'))).status, 200);
      const record = users.get('admin') as UserRecord;
      users.set('admin', { ...record, passwordHash: await hashPassword('second', FAST_HASH) });
      const old = await get(agent, basic('admin', 'first'));
      assert.equal(old.status, 401);
      assert.equal((await get(agent, basic('admin', 'second'))).status, 200);
    } finally {
      agent.destroy();
    }
  });

  it('a removed account ends the reuse', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      assert.equal((await get(agent, basic('admin', 'second'))).status, 200);
      const record = users.get('admin') as UserRecord;
      users.delete('admin');
      assert.equal((await get(agent, basic('admin', 'second'))).status, 401);
      users.set('admin', record);
    } finally {
      agent.destroy();
    }
  });
});
