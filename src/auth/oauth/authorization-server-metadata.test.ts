/**
 * @module auth/oauth/authorization-server-metadata.test
 * The discovery document of an issuer: its two URLs, what makes it unusable, fetching it from a
 * real HTTP server on loopback (OpenID Connect's document first, RFC 8414's when there is none),
 * and the cache that keeps it.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { AuthorizationServerMetadata } from './authorization-server-metadata.ts';
import { discoveryUrls, fetchMetadata, MetadataFetchError, readMetadata } from './authorization-server-metadata.ts';
import type { HttpClientSettings } from './bearer-token-settings.ts';
import { MetadataCache } from './metadata-cache.ts';

const CLIENT: HttpClientSettings = { verifyHostname: true, timeoutMs: 2000 };
const ISSUER = 'https://login.example.com/realms/ops';
const document = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/authorize`,
  token_endpoint: `${ISSUER}/token`,
  end_session_endpoint: `${ISSUER}/logout`,
  code_challenge_methods_supported: ['plain', 'S256'],
  ...overrides,
});

describe('authorization server metadata', () => {
  it('is looked for at the OpenID Connect URL, then at the RFC 8414 one', () => {
    assert.deepEqual(
      discoveryUrls(ISSUER).map((url) => url.href),
      [
        'https://login.example.com/realms/ops/.well-known/openid-configuration',
        'https://login.example.com/.well-known/oauth-authorization-server/realms/ops',
      ],
    );
    assert.deepEqual(
      discoveryUrls('https://login.example.com').map((url) => url.href),
      [
        'https://login.example.com/.well-known/openid-configuration',
        'https://login.example.com/.well-known/oauth-authorization-server',
      ],
    );
  });

  it('reads the endpoints of a usable document', () => {
    assert.deepEqual(readMetadata(ISSUER, document(), true), {
      issuer: ISSUER,
      authorizationEndpoint: `${ISSUER}/authorize`,
      tokenEndpoint: `${ISSUER}/token`,
      endSessionEndpoint: `${ISSUER}/logout`,
      openid: true,
    });
    const plain = readMetadata(ISSUER, document({ end_session_endpoint: undefined }), false);
    assert.equal(plain.endSessionEndpoint, undefined);
    assert.equal(plain.openid, false);
  });

  it('refuses a document of another issuer, endpoints that are not https, and PKCE without S256', () => {
    const cases: readonly [Record<string, unknown>, RegExp][] = [
      [document({ issuer: 'https://evil.example.com' }), /names the issuer "https:\/\/evil\.example\.com"/],
      [document({ token_endpoint: 'http://login.example.com/token' }), /token_endpoint is unusable: it is not https/],
      [document({ authorization_endpoint: undefined }), /authorization_endpoint is unusable: it is missing/],
      [document({ code_challenge_methods_supported: ['plain'] }), /S256/],
    ];
    for (const [fields, message] of cases)
      assert.throws(
        () => readMetadata(ISSUER, fields, true),
        (error: Error) => {
          assert.ok(error instanceof MetadataFetchError);
          assert.match(error.message, message);
          return true;
        },
      );
  });

  describe('fetched from a server on loopback', () => {
    let server: Server;
    let origin: string;
    const requests: string[] = [];
    let withOpenId = true;
    before(async () => {
      server = createServer((request, response) => {
        requests.push(request.url ?? '');
        const issuer = `${origin}/tenant`;
        const fields = {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
        };
        if (
          (withOpenId && request.url === '/tenant/.well-known/openid-configuration') ||
          request.url === '/.well-known/oauth-authorization-server/tenant'
        ) {
          response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(fields));
          return;
        }
        response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("takes the OpenID Provider's document when there is one", async () => {
      const metadata = await fetchMetadata(`${origin}/tenant`, CLIENT);
      assert.equal(metadata.tokenEndpoint, `${origin}/tenant/token`);
      assert.equal(metadata.openid, true);
    });

    it("falls back to RFC 8414's, and says why when neither is there", async () => {
      withOpenId = false;
      requests.length = 0;
      const metadata = await fetchMetadata(`${origin}/tenant`, CLIENT);
      assert.equal(metadata.openid, false);
      assert.deepEqual(requests, [
        '/tenant/.well-known/openid-configuration',
        '/.well-known/oauth-authorization-server/tenant',
      ]);
      await assert.rejects(fetchMetadata(`${origin}/elsewhere`, CLIENT), /answered HTTP 404.*answered HTTP 404/);
    });
  });

  it('is kept for a while, a failure for a shorter while, and fetched once for concurrent callers', async () => {
    let now = 0;
    let fetches = 0;
    let fail = false;
    const cache = new MetadataCache({
      now: () => now,
      maxAgeMs: 1000,
      retryDelayMs: 100,
      fetch: async (issuer) => {
        fetches++;
        if (fail) throw new MetadataFetchError('down');
        return { issuer } as AuthorizationServerMetadata;
      },
    });
    await Promise.all([cache.get(ISSUER, CLIENT), cache.get(ISSUER, CLIENT)]);
    assert.equal(fetches, 1);
    now = 999;
    await cache.get(ISSUER, CLIENT);
    assert.equal(fetches, 1);
    now = 1000;
    fail = true;
    await assert.rejects(cache.get(ISSUER, CLIENT), /down/);
    await assert.rejects(cache.get(ISSUER, CLIENT), /down/);
    assert.equal(fetches, 2);
    now = 1100;
    fail = false;
    await cache.get(ISSUER, CLIENT);
    assert.equal(fetches, 3);
    await cache.get('https://other.example.com', CLIENT);
    assert.equal(fetches, 4, 'another issuer starts afresh');
  });
});
