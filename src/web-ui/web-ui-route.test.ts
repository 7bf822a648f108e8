/**
 * @module web-ui/web-ui-route.test
 * The web UI route over a real socket: index with no-cache, hashed assets cached for a year,
 * gzip on request, the security headers on every answer (errors included), no cookie, `/admin`
 * redirected to `/admin/`, 404 while disabled or unbuilt, 405 for writes; the sign-in options, and
 * the CSP's connect-src with the OAuth token endpoint's origin.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { ManagementServer, Router } from '../http/index.ts';
import { SILENT_LOGGER } from '../util/index.ts';
import type { SignInOptions } from './sign-in-options-format.ts';
import { SIGN_IN_OPTIONS_FORMAT } from './sign-in-options-format.ts';
import { loadWebUiAssets } from './web-ui-assets.ts';
import { webUiRoute } from './web-ui-route.ts';

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

const get = (url: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;

describe('web UI route', () => {
  let dir: string;
  let server: ManagementServer;
  let base: string;
  let enabled = true;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'idconf-web-ui-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><script type="module" src="/admin/assets/app-1a2b.js"></script>',
    );
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), SCRIPT);
    writeFileSync(join(dir, 'assets', 'app-1a2b.js.map'), '{}');
    const router = new Router().mount(webUiRoute({ assets: loadWebUiAssets(dir), enabled: () => enabled }));
    server = new ManagementServer({ router, log: SILENT_LOGGER, tls: undefined });
    const address = await server.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${address.port}`;
  });
  after(async () => {
    await server.close(1000);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at /admin/ with no-cache and a strict CSP, no cookie', async () => {
    const answer = await get(`${base}/admin/`);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(answer.headers['cache-control'], 'no-cache');
    const csp = String(answer.headers['content-security-policy']);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /style-src 'self'(;|$)/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(answer.headers['x-frame-options'], 'DENY');
    assert.equal(answer.headers['x-content-type-options'], 'nosniff');
    assert.equal(answer.headers['set-cookie'], undefined);
  });
  it('hashed assets are cached for a year and sent gzipped when accepted', async () => {
    const plain = await get(`${base}/admin/assets/app-1a2b.js`);
    assert.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(plain.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(plain.body.toString(), SCRIPT);
    assert.equal(plain.headers['content-encoding'], undefined);
    const zipped = await get(`${base}/admin/assets/app-1a2b.js`, 'GET', { 'Accept-Encoding': 'br, gzip' });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.equal(zipped.headers.vary, 'Accept-Encoding');
    assert.equal(gunzipSync(zipped.body).toString(), SCRIPT);
    const refused = await get(`${base}/admin/assets/app-1a2b.js`, 'GET', { 'Accept-Encoding': 'gzip;q=0' });
    assert.equal(refused.headers['content-encoding'], undefined);
  });
  it('HEAD has the headers and no body', async () => {
    const answer = await get(`${base}/admin/index.html`, 'HEAD');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.length, 0);
  });
  it('/admin redirects to /admin/', async () => {
    const answer = await get(`${base}/admin`);
    assert.equal(answer.status, 308);
    assert.equal(answer.headers.location, '/admin/');
  });
  it('unknown files and source maps are 404, with the security headers', async () => {
    for (const path of ['/admin/nothing.js', '/admin/assets/app-1a2b.js.map', '/admin/assets/']) {
      const answer = await get(`${base}${path}`);
      assert.equal(answer.status, 404, path);
      assert.match(String(answer.headers['content-security-policy']), /frame-ancestors 'none'/);
    }
  });
  it('writes are 405 with Allow', async () => {
    const answer = await get(`${base}/admin/`, 'POST');
    assert.equal(answer.status, 405);
    assert.equal(answer.headers.allow, 'GET, HEAD, OPTIONS');
  });
  it('while the configuration does not enable it, everything is 404 saying how to enable it', async () => {
    enabled = false;
    try {
      const answer = await get(`${base}/admin/`);
      assert.equal(answer.status, 404);
      assert.match(answer.body.toString(), /admin-service\/http\/web-ui/);
    } finally {
      enabled = true;
    }
  });
  it('an unbuilt UI is 404 saying how to build it', () => {
    assert.equal(loadWebUiAssets(join(dir, 'missing')), undefined);
  });
});

describe('web UI route: sign-in options', () => {
  let dir: string;
  let server: ManagementServer;
  let base: string;
  let options: SignInOptions = { format: SIGN_IN_OPTIONS_FORMAT, basic: true };
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'idconf-web-ui-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
    const router = new Router().mount(
      webUiRoute({ assets: loadWebUiAssets(dir), enabled: () => true, signInOptions: async () => options }),
    );
    server = new ManagementServer({ router, log: SILENT_LOGGER, tls: undefined });
    const address = await server.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${address.port}`;
  });
  after(async () => {
    await server.close(1000);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves them as JSON, never cached, and without OAuth the UI connects to this server only', async () => {
    const answer = await get(`${base}/admin/sign-in-options`);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.equal(answer.headers['cache-control'], 'no-store');
    assert.deepEqual(JSON.parse(answer.body.toString()), { format: 'idconf-sign-in-options/1', basic: true });
    assert.match(String(answer.headers['content-security-policy']), /connect-src 'self';/);
  });

  it("with OAuth, the CSP lets the UI connect to the token endpoint's origin and nothing else", async () => {
    options = {
      format: SIGN_IN_OPTIONS_FORMAT,
      basic: false,
      oauth: {
        name: 'Corp',
        issuer: 'https://login.example.com/realms/ops',
        authorization_endpoint: 'https://login.example.com/realms/ops/authorize',
        token_endpoint: 'https://tokens.example.com:8443/realms/ops/token',
        client_id: 'idconf-ui',
        scope: 'openid idconf',
        openid: true,
        username_claim: 'sub',
      },
    };
    for (const path of ['/admin/', '/admin/sign-in-options', '/admin/missing.js']) {
      const answer = await get(`${base}${path}`);
      const csp = String(answer.headers['content-security-policy']);
      assert.match(csp, /connect-src 'self' https:\/\/tokens\.example\.com:8443;/, path);
      assert.match(csp, /script-src 'self'; style-src 'self'/, path);
    }
    assert.equal(JSON.parse((await get(`${base}/admin/sign-in-options`)).body.toString()).oauth.client_id, 'idconf-ui');
  });
});
