/**
 * @module auth/oauth/jwks-fetch.test
 * Fetching a JWK Set over real loopback sockets: the answers that are refused (status, not JSON,
 * no keys, too large, too slow), the Basic credentials of the HTTP client, TLS trust from the
 * configured certificates and hostname verification; and which URLs may be a jwks-uri.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { HttpClientSettings } from './bearer-token-settings.ts';
import { fetchJwks, JwksFetchError, jwksUriProblem, MAX_JWKS_BYTES } from './jwks-fetch.ts';

const CLIENT: HttpClientSettings = { verifyHostname: true, timeoutMs: 2_000 };
const KEYS = [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k' }];

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return String((server.address() as AddressInfo).port);
};

describe('fetchJwks over HTTP on loopback', () => {
  let base: string;
  let lastAuthorization: string | undefined;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    lastAuthorization = request.headers.authorization;
    const routes: Record<string, () => void> = {
      '/jwks': () => response.end(JSON.stringify({ keys: KEYS })),
      '/missing': () => response.writeHead(404).end('no'),
      '/text': () => response.end('<html>'),
      '/no-keys': () => response.end('{"key": []}'),
      '/huge': () => response.end(JSON.stringify({ keys: [], pad: 'x'.repeat(MAX_JWKS_BYTES) })),
      '/slow': () => setTimeout(() => response.end('{"keys": []}'), 1_000),
      '/redirect': () => response.writeHead(302, { Location: '/jwks' }).end(),
    };
    (routes[request.url ?? ''] ?? routes['/missing'] ?? (() => {}))();
  });
  before(async () => {
    base = `http://127.0.0.1:${await listen(server)}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('resolves with the keys array', async () => {
    assert.deepEqual(await fetchJwks(`${base}/jwks`, CLIENT), KEYS);
    assert.equal(lastAuthorization, undefined);
  });

  it('sends the HTTP client’s Basic credentials', async () => {
    await fetchJwks(`${base}/jwks`, { ...CLIENT, basicCredentials: { username: 'idconf', password: 'pw:1' } });
    assert.equal(lastAuthorization, `Basic ${Buffer.from('idconf:pw:1').toString('base64')}`);
  });

  const failures: [string, string, RegExp, HttpClientSettings?][] = [
    ['a status other than 200', '/missing', /answered HTTP 404/],
    ['a redirect (not followed)', '/redirect', /answered HTTP 302/],
    ['a body that is not JSON', '/text', /is not JSON/],
    ['JSON without keys', '/no-keys', /no "keys" array/],
    ['a body over the limit', '/huge', /larger than/],
    ['an answer slower than the timeout', '/slow', /longer than 200 ms/, { ...CLIENT, timeoutMs: 200 }],
  ];
  for (const [name, path, message, client] of failures) {
    it(`refuses ${name}`, async () => {
      await assert.rejects(fetchJwks(`${base}${path}`, client ?? CLIENT), (error: unknown) => {
        assert.ok(error instanceof JwksFetchError);
        assert.match(error.message, message);
        return true;
      });
    });
  }

  it('says which host refused the connection', async () => {
    const closed = createServer();
    const port = await listen(closed);
    closed.close();
    await assert.rejects(fetchJwks(`http://127.0.0.1:${port}/jwks`, CLIENT), /ECONNREFUSED/);
  });
});

const opensslMissing =
  spawnSync('openssl', ['version']).status === 0 ? false : 'openssl is not installed (apt-get install openssl)';

describe('fetchJwks over HTTPS', { skip: process.env.CI === 'true' ? false : opensslMissing }, () => {
  let base: string;
  let certificate: string;
  let server: Server;
  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'idconf-jwks-'));
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2'].concat(
        ['-subj', '/CN=jwks.test', '-addext', 'subjectAltName=DNS:jwks.test'],
        ['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
      ),
      { stdio: 'ignore' },
    );
    certificate = readFileSync(join(dir, 'cert.pem'), 'utf8');
    server = createTlsServer({ key: readFileSync(join(dir, 'key.pem')), cert: certificate }, (_request, response) =>
      response.end(JSON.stringify({ keys: KEYS })),
    );
    base = `https://127.0.0.1:${await listen(server)}`;
  });
  after(() => {
    server?.closeAllConnections();
    server?.close();
  });

  it('does not trust a self-signed certificate by default', async () => {
    await assert.rejects(fetchJwks(`${base}/jwks`, CLIENT), /SELF_SIGNED|self-signed|UNABLE_TO_VERIFY/i);
  });

  it('trusts the configured certificates, but still checks the host name', async () => {
    await assert.rejects(
      fetchJwks(`${base}/jwks`, { ...CLIENT, trustedCertificates: [certificate] }),
      /ERR_TLS_CERT_ALTNAME_INVALID/,
    );
  });

  it('accepts the host when hostname verification is off', async () => {
    assert.deepEqual(
      await fetchJwks(`${base}/jwks`, { ...CLIENT, trustedCertificates: [certificate], verifyHostname: false }),
      KEYS,
    );
  });
});

describe('jwksUriProblem', () => {
  const cases: [string, RegExp | undefined][] = [
    ['https://login.example.com/oauth/v2/jwks', undefined],
    ['http://127.0.0.1:8080/jwks', undefined],
    ['http://localhost/jwks', undefined],
    ['http://[::1]:9/jwks', undefined],
    ['http://login.example.com/jwks', /plain http is allowed only on a loopback host/],
    ['ftp://login.example.com/jwks', /must be an https URL/],
    ['/jwks', /not an absolute URL/],
    ['https://user:pw@login.example.com/jwks', /must not carry credentials/],
    ['https://login.example.com/jwks#keys', /fragment/],
  ];
  for (const [uri, problem] of cases) {
    it(`${uri}: ${problem === undefined ? 'usable' : problem.source}`, () => {
      const found = jwksUriProblem(uri);
      if (problem === undefined) assert.equal(found, undefined);
      else assert.match(found ?? '', problem);
    });
  }
});
