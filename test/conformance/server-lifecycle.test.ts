/**
 * @module test/conformance/server-lifecycle.test
 * `idconf serve` as a user runs it: HTTPS with a generated certificate that is reused, the
 * host-meta document, RFC 8040 error bodies for unknown paths, the access log, refusal of plain
 * HTTP on a public address, and a graceful stop on SIGTERM and SIGINT.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connect } from 'node:tls';
import { createSelfSignedCredentials } from '../../src/server/index.ts';
import { send } from '../support/https-request.ts';
import { makeDataDir, type ServerProcess, startServerProcess } from '../support/server-process.ts';

describe('idconf serve over HTTPS', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServerProcess();
  });
  after(async () => {
    await server.stop();
  });

  it('logs its Node.js version (24 or newer) when it starts', () => {
    const line = server.output.find((text) => text.includes('listening'));
    const version = line?.match(/"node":"v(\d+)\./)?.[1];
    assert.ok(Number(version) >= 24, `start-up line: ${line}`);
  });

  it('serves host-meta with the RESTCONF root', async () => {
    const response = await send(`${server.url}/.well-known/host-meta`);
    assert.equal(response.status, 200);
    assert.equal(response.headers['content-type'], 'application/xrd+xml');
    assert.match(response.body, /<Link rel="restconf" href="\/admin\/api\/restconf"\/>/);
  });

  it('answers HEAD with headers only', async () => {
    const response = await send(`${server.url}/.well-known/host-meta`, { method: 'HEAD' });
    assert.equal(response.status, 200);
    assert.equal(response.body, '');
    assert.ok(Number(response.headers['content-length']) > 0);
  });

  it('answers an unknown path with 404 and an RFC 8040 errors body', async () => {
    const response = await send(`${server.url}/no/such/thing`);
    assert.equal(response.status, 404);
    assert.equal(response.headers['content-type'], 'application/yang-data+json');
    const body = JSON.parse(response.body) as { 'ietf-restconf:errors': { error: { 'error-tag': string }[] } };
    assert.equal(body['ietf-restconf:errors'].error[0]?.['error-tag'], 'invalid-value');
  });

  it('renders errors in XML when the client asks for XML', async () => {
    const response = await send(`${server.url}/no/such/thing`, { headers: { Accept: 'application/yang-data+xml' } });
    assert.equal(response.status, 404);
    assert.match(response.body, /^<errors xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf"><error>/);
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const response = await send(`${server.url}/.well-known/host-meta`, { method: 'PUT', body: 'x' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.allow, 'GET, HEAD, OPTIONS');
  });

  it('is reachable with curl', (t) => {
    if (spawnSync('curl', ['--version']).status !== 0) {
      // Outside CI a missing curl only skips; under CI (which installs it) it is a failure.
      if (process.env.CI === 'true') assert.fail('curl is not installed (apt-get install curl)');
      t.skip('curl is not installed (apt-get install curl)');
      return;
    }
    const result = spawnSync('curl', ['-sk', `${server.url}/.well-known/host-meta`], { encoding: 'utf8' });
    assert.equal(result.status, 0);
    assert.match(result.stdout, /restconf/);
  });

  it('writes one access-log line per request without the Authorization header', async () => {
    await send(`${server.url}/.well-known/host-meta`, { headers: { Authorization: 'Basic YWRtaW46c2VjcmV0LXB3' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = server.output.filter((line) => line.includes('"msg":"request"'));
    assert.ok(lines.length >= 1);
    const last = JSON.parse(lines.at(-1) as string) as Record<string, unknown>;
    for (const field of ['requestId', 'method', 'path', 'status', 'durationMs']) assert.ok(field in last, field);
    const all = server.output.join('\n');
    assert.ok(!all.includes('YWRtaW46c2VjcmV0LXB3'));
    assert.ok(!all.includes('secret-pw'));
  });

  it('generated its configuration encryption key with mode 0600', () => {
    assert.equal(statSync(join(server.dataDir, 'config-encryption.key')).mode & 0o777, 0o600);
  });
});

/** The SHA-256 fingerprint of the certificate a server at `url` presents. */
const presentedFingerprint = (url: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port), rejectUnauthorized: false }, () => {
      resolve(socket.getPeerCertificate().fingerprint256);
      socket.end();
    });
    socket.on('error', reject);
  });

describe('idconf serve lifecycle', () => {
  it('presents the same generated certificate on the next start', async () => {
    const dataDir = makeDataDir();
    const first = await startServerProcess({ dataDir });
    const certificate = await presentedFingerprint(first.url);
    assert.equal(await first.stop('SIGTERM'), 0);
    const second = await startServerProcess({ dataDir });
    assert.equal(await presentedFingerprint(second.url), certificate);
    assert.equal(await second.stop('SIGINT'), 0);
  });

  it('finishes an in-flight request before it exits', async () => {
    const server = await startServerProcess();
    const pending = send(`${server.url}/.well-known/host-meta`);
    const exit = server.stop('SIGTERM');
    const response = await pending.catch((error: unknown) => error);
    assert.equal(await exit, 0);
    if (!(response instanceof Error)) assert.equal((response as { status: number }).status, 200);
  });

  it('serves plain HTTP on loopback with --insecure-http', async () => {
    const server = await startServerProcess({ args: ['--insecure-http'] });
    assert.match(server.url, /^http:\/\//);
    const response = await send(`${server.url}/.well-known/host-meta`);
    assert.equal(response.status, 200);
    assert.equal(await server.stop(), 0);
  });

  it('refuses --insecure-http on a non-loopback address', async () => {
    await assert.rejects(startServerProcess({ args: ['--insecure-http', '--host', '0.0.0.0'] }), /loopback/);
  });

  it('uses the certificate given with --tls-cert and --tls-key', async () => {
    const files = makeDataDir();
    const credentials = await createSelfSignedCredentials(['given.example']);
    writeFileSync(join(files, 'cert.pem'), credentials.cert);
    writeFileSync(join(files, 'key.pem'), credentials.key, { mode: 0o600 });
    const server = await startServerProcess({
      args: ['--tls-cert', join(files, 'cert.pem'), '--tls-key', join(files, 'key.pem')],
    });
    try {
      const response = await send(`${server.url}/.well-known/host-meta`);
      assert.equal(response.status, 200);
      assert.equal(await presentedFingerprint(server.url), new X509Certificate(credentials.cert).fingerprint256);
    } finally {
      assert.equal(await server.stop(), 0);
    }
  });
});
