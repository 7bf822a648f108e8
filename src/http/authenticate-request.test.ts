/**
 * @module http/authenticate-request.test
 * Over a real socket: a ManagementServer route behind the local-user authenticator answers
 * 401 with `WWW-Authenticate` without or with wrong credentials, 200 with good ones, and 429
 * with `Retry-After` after repeated failures.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { send } from '../../test/support/https-request.ts';
import {
  type Authenticator,
  hashPassword,
  LocalUserAuthenticator,
  LoginThrottle,
  type UserRecord,
} from '../auth/index.ts';
import { AuthenticationRequiredError, InvalidTokenError } from '../errors/index.ts';
import { SILENT_LOGGER } from '../util/index.ts';
import { withAuthentication } from './authenticate-request.ts';
import { ManagementServer } from './management-server.ts';
import { readRequestBody } from './request-body.ts';
import { Router } from './router.ts';

const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

describe('authenticated routes over HTTP', () => {
  let server: ManagementServer;
  let base: string;
  const seen: string[] = [];
  before(async () => {
    const users = new Map<string, UserRecord>([
      [
        'admin',
        {
          passwordHash: await hashPassword('pässword:1', { memoryKiB: 64, iterations: 1, parallelism: 1 }),
          groups: ['admin'],
        },
      ],
    ]);
    const authenticator = new LocalUserAuthenticator({
      directory: { lookup: (user) => users.get(user) },
      log: SILENT_LOGGER,
      throttle: new LoginThrottle({ maxFailures: 3, lockoutSeconds: 120 }),
    });
    const router = new Router().mount({
      prefix: '/protected',
      handler: withAuthentication(authenticator, async (request, response, context, principal) => {
        seen.push(context.user ?? '');
        const body = await readRequestBody(request, context.bodyLimit);
        response
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ ...principal, body: body.toString() }));
      }),
    });
    server = new ManagementServer({ router, log: SILENT_LOGGER, tls: undefined });
    const address = await server.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${address.port}`;
  });
  after(() => server.close());

  const assertChallenge = (response: Awaited<ReturnType<typeof send>>) => {
    assert.equal(response.status, 401);
    assert.equal(response.headers['www-authenticate'], 'Basic realm="idconf", charset="UTF-8"');
    assert.match(response.body, /"error-tag":"access-denied"/);
  };

  it('401 with WWW-Authenticate without credentials', async () => {
    const response = await send(`${base}/protected`);
    assertChallenge(response);
    assert.match(response.body, /authentication required/);
  });

  it('401 for a malformed Authorization header, with a body still unread', async () => {
    assertChallenge(
      await send(`${base}/protected`, {
        method: 'POST',
        headers: { Authorization: 'Basic %%%' },
        body: 'x'.repeat(1000),
      }),
    );
  });

  it('200 and the principal with good credentials (UTF-8, colon in the password)', async () => {
    const response = await send(`${base}/protected/x`, {
      method: 'POST',
      headers: { Authorization: basic('admin', 'pässword:1') },
      body: 'hello',
    });
    assert.equal(response.status, 200);
    assert.deepEqual(JSON.parse(response.body), { user: 'admin', groups: ['admin'], method: 'basic', body: 'hello' });
    assert.deepEqual(seen, ['admin']);
  });

  it('the same 401 for a wrong password and an unknown user', async () => {
    const wrong = await send(`${base}/protected`, { headers: { Authorization: basic('admin', 'nope') } });
    const unknown = await send(`${base}/protected`, { headers: { Authorization: basic('root', 'pässword:1') } });
    assertChallenge(wrong);
    assertChallenge(unknown);
    assert.equal(wrong.body, unknown.body);
  });

  it('429 with Retry-After after repeated failures, even with the right password', async () => {
    // One failure for admin happened above; two more reach the limit of three.
    for (let attempt = 0; attempt < 2; attempt++) {
      assertChallenge(await send(`${base}/protected`, { headers: { Authorization: basic('admin', 'guess') } }));
    }
    const response = await send(`${base}/protected`, { headers: { Authorization: basic('admin', 'pässword:1') } });
    assert.equal(response.status, 429);
    const retryAfter = Number(response.headers['retry-after']);
    assert.ok(retryAfter > 0 && retryAfter <= 120, `Retry-After ${response.headers['retry-after']}`);
    assert.equal(response.headers['www-authenticate'], undefined);
    assert.match(response.body, /"error-tag":"resource-denied"/);
  });
});

describe('challenges from the authenticator', () => {
  let server: ManagementServer;
  let base: string;
  before(async () => {
    const authenticator: Authenticator = {
      authenticate: async (credentials) => {
        if (credentials.scheme === 'bearer')
          throw new InvalidTokenError('expired', {
            challenges: [{ scheme: 'Bearer', parameters: { error: 'invalid_token', error_description: 'expired' } }],
          });
        throw new AuthenticationRequiredError('wrong password');
      },
      challenges: () => [{ scheme: 'Basic', parameters: { charset: 'UTF-8' } }, { scheme: 'Bearer' }],
    };
    const router = new Router().mount({
      prefix: '/protected',
      handler: withAuthentication(authenticator, async (_request, response) => {
        response.end();
      }),
    });
    server = new ManagementServer({ router, log: SILENT_LOGGER, tls: undefined });
    base = `http://127.0.0.1:${(await server.listen(0, '127.0.0.1')).port}`;
  });
  after(() => server.close());

  it('a request without credentials gets one WWW-Authenticate per scheme, and is told both', async () => {
    const response = await send(`${base}/protected`);
    assert.equal(response.status, 401);
    assert.deepEqual(response.headersDistinct['www-authenticate'], [
      'Basic realm="idconf", charset="UTF-8"',
      'Bearer realm="idconf"',
    ]);
    assert.match(response.body, /send HTTP Basic credentials \(RFC 7617\) or an OAuth bearer token \(RFC 6750\)/);
  });

  it('an unknown scheme and a wrong password get the authenticator’s challenges too', async () => {
    for (const authorization of ['Digest abc', 'Basic YTpi']) {
      const response = await send(`${base}/protected`, { headers: { Authorization: authorization } });
      assert.equal(response.status, 401);
      assert.equal(response.headersDistinct['www-authenticate']?.length, 2, authorization);
    }
  });

  it('an error’s own challenges win', async () => {
    const response = await send(`${base}/protected`, { headers: { Authorization: 'Bearer abc.def.ghi' } });
    assert.equal(response.status, 401);
    assert.deepEqual(response.headersDistinct['www-authenticate'], [
      'Bearer realm="idconf", error="invalid_token", error_description="expired"',
    ]);
    assert.match(response.body, /"error-tag":"access-denied"/);
  });
});
