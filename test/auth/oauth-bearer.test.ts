/**
 * @module test/auth/oauth-bearer.test
 * OAuth bearer tokens on the management APIs, end to end over real HTTPS sockets: `idconf serve`
 * as a child process, configured through RESTCONF to trust a real OAuth server (oidc-provider on
 * loopback over HTTPS, reached through a configured http-client whose truststore holds its
 * certificate). Its client-credentials tokens act for their client on RESTCONF and the legacy
 * REST API; a write is attributed to the token's user in the rollback file. (What NACM makes of
 * the groups a token carries is tested in test/nacm/external-groups.test.ts.) Hand-made tokens signed with the issuer's own key (and others) cover every
 * refusal: each case checks the status, the `WWW-Authenticate` challenges (RFC 6750 §3), the
 * RFC 8040 error body and, in the access log, who the request ran as (no one, for a refusal).
 * An event stream opened with a token ends when the token expires. Then: commit-time checks of
 * the configuration, `basic-authentication false`, and a locally configured
 * signature-verification-key.
 */
import assert from 'node:assert/strict';
import { createHmac, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { type JWTPayload, SignJWT } from 'jose';
import {
  ADMIN_PASSWORD,
  firstError,
  type IdentityServer,
  JSON_TYPE,
  startIdentityServer,
} from '../identity/identity-server.ts';
import { send, type TestResponse } from '../support/https-request.ts';
import { SseConnection } from '../support/sse-client.ts';
import { IDCONF_AUDIENCE, OTHER_AUDIENCE, startOAuthProvider, type TestOAuthProvider } from './oauth-provider.ts';

const RESTCONF = '/admin/api/restconf';
const CONFIG = '/data/base:environments/environment/admin-service/http/restconf';
const BASIC = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
const BASIC_CHALLENGE = 'Basic realm="idconf", charset="UTF-8"';
const BEARER_CHALLENGE = 'Bearer realm="idconf"';

/** The access log line of one request: its status and the user it ran as. */
interface AccessLogLine {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly user?: string;
}

const accessLines = (server: IdentityServer): AccessLogLine[] =>
  server.process.output
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as AccessLogLine);

/** A request and the access log line it produced. */
const call = async (
  server: IdentityServer,
  method: string,
  path: string,
  options: { readonly authorization?: string; readonly body?: unknown; readonly api?: string } = {},
): Promise<{ readonly response: TestResponse; readonly log: AccessLogLine }> => {
  const before = accessLines(server).length;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const api = options.api ?? RESTCONF;
  const type = api === RESTCONF ? JSON_TYPE : 'application/vnd.yang.data+json';
  const response = await send(`${server.process.url}${api}${path}`, {
    method,
    headers: {
      Accept: type,
      ...(options.authorization === undefined ? {} : { Authorization: options.authorization }),
      ...(body === undefined ? {} : { 'Content-Type': type }),
    },
    ...(body === undefined ? {} : { body }),
  });
  // Its own line: the first new one of this method and path (an earlier request's line may come late).
  const fullPath = `${api}${path}`;
  for (let waited = 0; ; waited += 10) {
    const log = accessLines(server)
      .slice(before)
      .find((line) => line.method === method && line.path === fullPath);
    if (log !== undefined) return { response, log };
    if (waited > 5_000) throw new Error(`no access log line for ${method} ${fullPath}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** Every token sent, to check that none reaches the log. */
const sentTokens: string[] = [];
const bearer = (token: string): string => {
  sentTokens.push(token);
  return `Bearer ${token}`;
};
const challenges = (response: TestResponse): string[] => response.headersDistinct['www-authenticate'] ?? [];

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('OAuth bearer tokens on the management APIs', () => {
  let provider: TestOAuthProvider;
  let server: IdentityServer;
  const now = (): number => Math.floor(Date.now() / 1000);
  /** The claims of a good token, as the provider would issue them. */
  const claims = (): JWTPayload => ({
    iss: provider.issuer,
    aud: IDCONF_AUDIENCE,
    sub: 'hand-made',
    client_id: 'ops-cli',
    scope: 'idconf',
    groups: ['admin'],
    iat: now() - 5,
    exp: now() + 300,
  });
  /** A token signed by the issuer's key (or `key`), with its kid unless told otherwise. */
  const handMade = (payload: JWTPayload, options: { readonly key?: KeyObject; readonly kid?: string } = {}) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: options.kid ?? provider.kid })
      .sign(options.key ?? provider.signingKey);

  before(async () => {
    provider = await startOAuthProvider();
    server = await startIdentityServer();
    const trusted = await server.request('POST', '/data/base:facilities/crypto/add-ssl-server-truststore', {
      body: { input: { id: 'test-op', keystore: provider.certificate } },
    });
    assert.equal(trusted.status, 200, trusted.body);
    const client = await server.request('PATCH', '/data/base:facilities/http', {
      body: { 'base:http': { client: [{ id: 'test-op', tls: { 'use-truststore': true } }] } },
    });
    assert.equal(client.status, 204, client.body);
    const configured = await server.request('PATCH', CONFIG, {
      body: {
        'base:restconf': {
          oauth: {
            issuer: provider.issuer,
            'jwks-uri': provider.jwksUri,
            'http-client': 'test-op',
            audience: [IDCONF_AUDIENCE],
            'required-scope': ['idconf'],
            client: ['ops-cli', 'reader-cli'],
          },
        },
      },
    });
    assert.equal(configured.status, 204, configured.body);
  });
  after(async () => {
    await server?.stop();
    await provider?.close();
  });

  describe('tokens from the OAuth server', () => {
    it('a token of ops-cli (group admin) reads and writes; the rollback file names ops-cli', async () => {
      const token = await provider.token('ops-cli');
      const read = await call(server, 'GET', `${CONFIG}/oauth/issuer`, { authorization: bearer(token) });
      assert.equal(read.response.status, 200, read.response.body);
      assert.deepEqual(JSON.parse(read.response.body), { 'base:issuer': provider.issuer });
      assert.equal(read.log.user, 'ops-cli');
      assert.equal(provider.jwksRequests, 1, 'the JWKS was fetched once, through the http-client');

      const written = await call(server, 'PATCH', '/data/base:environments/environment', {
        authorization: bearer(token),
        body: { 'base:environment': { 'base-url': 'https://login.example.com' } },
      });
      assert.equal(written.response.status, 204, written.response.body);
      assert.equal(written.log.user, 'ops-cli');
      const files = await server.request('GET', '/data/idconf-rollback:rollback-files');
      const newest = (
        JSON.parse(files.body) as { 'idconf-rollback:rollback-files': { file: { creator: string; via: string }[] } }
      )['idconf-rollback:rollback-files'].file[0];
      assert.equal(newest?.creator, 'ops-cli');
      assert.equal(newest?.via, 'restconf');
    });

    it('a token of reader-cli acts as reader-cli', async () => {
      const token = await provider.token('reader-cli');
      const read = await call(server, 'GET', '/data/base:environments/environment/name', {
        authorization: bearer(token),
      });
      assert.equal(read.response.status, 200, read.response.body);
      assert.equal(read.log.user, 'reader-cli');
    });

    it('works on the legacy REST API too', async () => {
      const { response, log } = await call(server, 'GET', '/running/environments/environment/name', {
        api: '/admin/api/rest',
        authorization: bearer(await provider.token('ops-cli')),
      });
      assert.equal(response.status, 200, response.body);
      assert.equal(log.user, 'ops-cli');
    });

    it('a token without the required scope: 403 insufficient_scope', async () => {
      const { response, log } = await call(server, 'GET', '/data/base:environments', {
        authorization: bearer(await provider.token('ops-cli', { scope: 'other' })),
      });
      assert.equal(response.status, 403);
      assert.deepEqual(challenges(response), [
        'Bearer realm="idconf", error="insufficient_scope", error_description="the bearer token lacks the scope idconf that this server requires", scope="idconf"',
      ]);
      assert.equal(firstError(response)['error-tag'], 'access-denied');
      assert.equal(log.user, undefined);
    });

    const refusedByProvider: [string, () => Promise<string>, RegExp][] = [
      ['a client that is not configured', () => provider.token('stranger'), /issued to a client that may not use/],
      [
        'a token for another API of the issuer',
        () => provider.token('ops-cli', { resource: OTHER_AUDIENCE }),
        /not meant for this server \(aud\)/,
      ],
    ];
    for (const [name, token, reason] of refusedByProvider) {
      it(`${name}: 401 invalid_token`, async () => {
        const { response, log } = await call(server, 'GET', '/data/base:environments', {
          authorization: bearer(await token()),
        });
        assertInvalidToken(response, reason);
        assert.equal(log.user, undefined);
      });
    }
  });

  /** 401 with Basic and a Bearer challenge carrying invalid_token and the reason; an RFC 8040 body. */
  const assertInvalidToken = (response: TestResponse, reason: RegExp): void => {
    assert.equal(response.status, 401, response.body);
    const [basic, bearerChallenge, ...rest] = challenges(response);
    assert.equal(basic, BASIC_CHALLENGE);
    assert.match(
      bearerChallenge ?? '',
      /^Bearer realm="idconf", error="invalid_token", error_description="the bearer token is not accepted: /,
    );
    assert.match(bearerChallenge ?? '', reason);
    assert.deepEqual(rest, []);
    const error = firstError(response);
    assert.equal(error['error-tag'], 'access-denied');
    assert.equal(error['error-type'], 'application');
    assert.match(String(error['error-message']), reason);
  };

  describe('hand-made tokens', () => {
    it('a well-made token signed with the issuer’s key is accepted (the sanity check of the cases below)', async () => {
      const { response, log } = await call(server, 'GET', '/data/base:environments/environment/name', {
        authorization: bearer(await handMade(claims())),
      });
      assert.equal(response.status, 200, response.body);
      assert.equal(log.user, 'hand-made');
    });

    const cases: [string, () => Promise<string> | string, RegExp][] = [
      ['expired (beyond the 60 s clock skew)', () => handMade({ ...claims(), exp: now() - 120 }), /expired \(exp\)/],
      ['not yet valid', () => handMade({ ...claims(), nbf: now() + 120 }), /not valid yet \(nbf\)/],
      ['from another issuer', () => handMade({ ...claims(), iss: 'https://evil.example' }), /another issuer \(iss\)/],
      ['for another audience', () => handMade({ ...claims(), aud: OTHER_AUDIENCE }), /not meant for this server/],
      ['of an unknown client', () => handMade({ ...claims(), client_id: 'stranger' }), /client that may not use/],
      [
        'with alg none',
        () => `${base64url({ alg: 'none', typ: 'at+jwt', kid: provider.kid })}.${base64url(claims())}.`,
        /does not accept for its keys \(none\)/,
      ],
      [
        'HS256 with the issuer’s public key as the secret',
        () => {
          const input = `${base64url({ alg: 'HS256', typ: 'at+jwt', kid: provider.kid })}.${base64url(claims())}`;
          const secret = provider.publicKey.export({ type: 'spki', format: 'pem' });
          return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
        },
        /does not accept for its keys \(HS256\)/,
      ],
      [
        'with a tampered payload',
        async () => {
          const [header, , signature] = (await handMade({ ...claims(), groups: [] })).split('.');
          return `${header}.${base64url(claims())}.${signature}`;
        },
        /signature does not verify/,
      ],
    ];
    for (const [name, token, reason] of cases) {
      it(`${name}: 401 invalid_token, no principal`, async () => {
        const { response, log } = await call(server, 'GET', '/data/base:environments', {
          authorization: bearer(await token()),
        });
        assertInvalidToken(response, reason);
        assert.equal(log.status, 401);
        assert.equal(log.user, undefined);
      });
    }

    it('a missing scope: 403 insufficient_scope', async () => {
      const { response, log } = await call(server, 'GET', '/data/base:environments', {
        authorization: bearer(await handMade({ ...claims(), scope: 'openid' })),
      });
      assert.equal(response.status, 403);
      assert.match(challenges(response)[0] ?? '', /^Bearer realm="idconf", error="insufficient_scope", /);
      assert.equal(challenges(response).length, 1);
      assert.equal(firstError(response)['error-tag'], 'access-denied');
      assert.equal(log.user, undefined);
    });

    it('an unknown kid makes idconf fetch the JWKS again (once per cooldown), then 401', async () => {
      const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
      const fetched = provider.jwksRequests;
      const first = await call(server, 'GET', '/data/base:environments', {
        authorization: bearer(await handMade(claims(), { key: other, kid: 'rotated-in' })),
      });
      assertInvalidToken(first.response, /no signing key of the issuer matches it/);
      assert.equal(first.log.user, undefined);
      assert.equal(provider.jwksRequests, fetched + 1, 'one refresh for the unknown kid');
      const second = await call(server, 'GET', '/data/base:environments', {
        authorization: bearer(await handMade(claims(), { key: other, kid: 'another-one' })),
      });
      assertInvalidToken(second.response, /no signing key of the issuer matches it/);
      assert.equal(provider.jwksRequests, fetched + 1, 'no second refresh within the cooldown');
    });

    it('an event stream opened with a token ends with subscription-terminated (credentials-expired) when the token expires', async () => {
      // exp 57 s ago is within the 60 s clock skew: the token counts for about 3 s more.
      const stream = await SseConnection.open(`${server.process.url}${RESTCONF}/streams/NETCONF/json`, {
        Authorization: bearer(await handMade({ ...claims(), exp: now() - 57 })),
      });
      try {
        assert.equal(stream.status, 200, stream.body);
        const written = await server.request('PATCH', '/data/base:environments/environment', {
          body: { 'base:environment': { 'base-url': 'https://expiring.example.com' } },
        });
        assert.equal(written.status, 204, written.body);
        const [change] = await stream.waitFor(1);
        assert.ok(change?.id !== undefined, 'the commit came while the token was valid');
        const events = await stream.waitForEnd(15_000);
        const last = events.at(-1);
        assert.equal(last?.id, undefined, 'the final event has no id');
        const final = (JSON.parse(last?.data ?? '{}') as Record<string, Record<string, Record<string, string>>>)[
          'ietf-restconf:notification'
        ]?.['idconf-notifications:subscription-terminated'];
        assert.equal(final?.reason, 'credentials-expired');
        assert.match(final?.message ?? '', /expired/);
        // With a new token and the last id, the subscriber resumes where it was cut off.
        const again = await SseConnection.open(`${server.process.url}${RESTCONF}/streams/NETCONF/json`, {
          Authorization: bearer(await handMade(claims())),
          'Last-Event-ID': change?.id ?? '',
        });
        try {
          assert.equal(again.status, 200, again.body);
          const next = await server.request('PATCH', '/data/base:environments/environment', {
            body: { 'base:environment': { 'base-url': 'https://resumed.example.com' } },
          });
          assert.equal(next.status, 204, next.body);
          const [resumed] = await again.waitFor(1);
          assert.equal(resumed?.id, String(Number(change?.id) + 1), 'the next commit, nothing missed or repeated');
        } finally {
          again.close();
        }
      } finally {
        stream.close();
      }
    });

    it('a malformed bearer token and none at all: 401, challenging with both schemes', async () => {
      const malformed = await call(server, 'GET', '/data', { authorization: 'Bearer not a token' });
      assert.equal(malformed.response.status, 401);
      assert.deepEqual(challenges(malformed.response), [BASIC_CHALLENGE, BEARER_CHALLENGE]);
      const none = await call(server, 'GET', '/data');
      assert.equal(none.response.status, 401);
      assert.deepEqual(challenges(none.response), [BASIC_CHALLENGE, BEARER_CHALLENGE]);
      assert.match(
        String(firstError(none.response)['error-message']),
        /send HTTP Basic credentials \(RFC 7617\) or an OAuth bearer token \(RFC 6750\)/,
      );
      assert.equal(none.log.user, undefined);
    });
  });

  describe('commit-time checks', () => {
    const patchOauth = (oauth: Record<string, unknown>) =>
      server.request('PUT', `${CONFIG}/oauth`, { body: { 'base:oauth': oauth } });
    const valid = () => ({
      issuer: provider.issuer,
      'jwks-uri': provider.jwksUri,
      'http-client': 'test-op',
      audience: [IDCONF_AUDIENCE],
      'required-scope': ['idconf'],
      client: ['ops-cli', 'reader-cli'],
    });

    const refusals: [string, () => Record<string, unknown>, string, RegExp][] = [
      ['without a client', () => ({ ...valid(), client: undefined }), 'client-required', /at least one client/],
      [
        'without an audience',
        () => ({ ...valid(), audience: undefined }),
        'audience-required',
        /at least one audience/,
      ],
      [
        'without a jwks-uri or signature-verification-key',
        () => ({ ...valid(), 'jwks-uri': undefined, 'http-client': undefined }),
        'verification-key-required',
        /needs a way to verify token signatures/,
      ],
    ];
    for (const [name, oauth, appTag, message] of refusals) {
      it(`refuses oauth ${name}, and changes nothing`, async () => {
        const response = await patchOauth(JSON.parse(JSON.stringify(oauth())) as Record<string, unknown>);
        // A broken `must` is operation-failed, which RESTCONF answers 412 (docs/restconf.md).
        assert.equal(response.status, 412, response.body);
        const error = firstError(response);
        assert.equal(error['error-app-tag'], appTag);
        assert.match(String(error['error-message']), message);
        assert.equal(error['error-path'], '/base:environments/environment/admin-service/http/restconf/oauth');
        const still = await server.request('GET', `${CONFIG}/oauth/client`);
        assert.deepEqual(JSON.parse(still.body), { 'base:client': ['ops-cli', 'reader-cli'] });
      });
    }

    it('refuses a plain-http jwks-uri on a host that is not loopback', async () => {
      const response = await patchOauth({ ...valid(), 'jwks-uri': 'http://login.example.com/jwks' });
      assert.equal(response.status, 400, response.body);
      const error = firstError(response);
      assert.match(String(error['error-message']), /plain http is allowed only on a loopback host/);
      assert.equal(error['error-path'], '/base:environments/environment/admin-service/http/restconf/oauth/jwks-uri');
    });

    it('refuses turning Basic off without oauth', async () => {
      const response = await server.request('PUT', CONFIG, {
        body: { 'base:restconf': { 'basic-authentication': false } },
      });
      assert.equal(response.status, 412, response.body);
      assert.equal(firstError(response)['error-app-tag'], 'authentication-scheme-required');
    });
  });

  describe('basic-authentication false', () => {
    after(async () => {
      // Turned back on with a token: Basic does not work any more.
      const restored = await call(server, 'PATCH', CONFIG, {
        authorization: bearer(await provider.token('ops-cli')),
        body: { 'base:restconf': { 'basic-authentication': true } },
      });
      assert.equal(restored.response.status, 204, restored.response.body);
    });

    it('takes effect with its commit: Basic gets 401 with the Bearer challenge only; tokens still work', async () => {
      const off = await server.request('PATCH', CONFIG, {
        body: { 'base:restconf': { 'basic-authentication': false } },
      });
      assert.equal(off.status, 204, off.body);
      const basic = await call(server, 'GET', '/data/base:environments', { authorization: BASIC });
      assert.equal(basic.response.status, 401);
      assert.deepEqual(challenges(basic.response), [BEARER_CHALLENGE]);
      assert.match(String(firstError(basic.response)['error-message']), /HTTP Basic authentication is turned off/);
      assert.equal(basic.log.user, undefined);
      const none = await call(server, 'GET', '/data/base:environments');
      assert.deepEqual(challenges(none.response), [BEARER_CHALLENGE]);
      const legacy = await call(server, 'GET', '/running/environments/environment/name', {
        api: '/admin/api/rest',
        authorization: BASIC,
      });
      assert.equal(legacy.response.status, 401, 'the legacy REST API too');
      const token = await call(server, 'GET', '/data/base:environments/environment/name', {
        authorization: bearer(await provider.token('ops-cli')),
      });
      assert.equal(token.response.status, 200, token.response.body);
      assert.equal(token.log.user, 'ops-cli');
    });
  });

  describe('a locally configured signature-verification-key', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const localClaims = (): JWTPayload => ({ ...claims(), iss: 'https://local.issuer.test', sub: 'local-user' });
    before(async () => {
      const added = await server.request('POST', '/data/base:facilities/crypto/add-signature-verification-key', {
        body: { input: { id: 'local-issuer', keystore: rsa.publicKey.export({ type: 'spki', format: 'pem' }) } },
      });
      assert.equal(added.status, 200, added.body);
      const configured = await server.request('PUT', `${CONFIG}/oauth`, {
        body: {
          'base:oauth': {
            issuer: 'https://local.issuer.test',
            'signature-verification-key': 'local-issuer',
            audience: [IDCONF_AUDIENCE],
            client: ['ops-cli'],
            'group-claim': 'roles',
          },
        },
      });
      assert.equal(configured.status, 204, configured.body);
    });

    it('accepts RS256 and PS256 tokens signed by its private key, acting for their sub', async () => {
      for (const alg of ['RS256', 'PS256']) {
        const token = await new SignJWT({ ...localClaims(), groups: [], roles: ['admin'] })
          .setProtectedHeader({ alg })
          .sign(rsa.privateKey);
        const written = await call(server, 'PATCH', '/data/base:environments/environment', {
          authorization: bearer(token),
          body: { 'base:environment': { 'base-url': `https://${alg.toLowerCase()}.example.com` } },
        });
        assert.equal(written.response.status, 204, `${alg}: ${written.response.body}`);
        assert.equal(written.log.user, 'local-user');
      }
    });

    it('refuses HS256 keyed with its PEM, an ES256 token and the JWKS issuer’s tokens', async () => {
      const input = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(localClaims())}`;
      const pem = rsa.publicKey.export({ type: 'spki', format: 'pem' });
      const cases: [string, RegExp][] = [
        [`${input}.${createHmac('sha256', pem).update(input).digest('base64url')}`, /\(HS256\)/],
        [await handMade(localClaims()), /\(ES256\)/],
        [await provider.token('ops-cli'), /another issuer|\(ES256\)/],
      ];
      for (const [token, reason] of cases) {
        const { response, log } = await call(server, 'GET', '/data/base:environments', {
          authorization: bearer(token),
        });
        assertInvalidToken(response, reason);
        assert.equal(log.user, undefined);
      }
    });
  });

  it('writes no token into the log, but says why each was refused', () => {
    const log = server.process.output.join('\n');
    for (const token of sentTokens) {
      const signature = token.split('.')[2] ?? '';
      assert.ok(!log.includes(token), 'a whole token is in the log');
      if (signature.length > 16) assert.ok(!log.includes(signature), 'a token signature is in the log');
    }
    assert.match(log, /"msg":"bearer token refused"/);
    assert.match(log, /"problem":"the bearer token is not accepted: it has expired \(exp\)"/);
  });
});
