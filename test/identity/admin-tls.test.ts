/**
 * @module test/identity/admin-tls.test
 * The management port presents the keystore the configuration names
 * (`admin-service/http/ssl-server-keystore`): the factory default's generated key first, and
 * whatever an operator switches to through RESTCONF afterwards, at once and without a restart,
 * as a fresh `openssl s_client` sees it. A keystore the port cannot use is refused, a rollback
 * switches back, and a restart keeps the configured key.
 * @see issue 7 item 1
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import type { IdentityServer } from './identity-server.ts';
import {
  CRYPTO,
  firstError,
  makeCertificate,
  makeKey,
  makePkcs12,
  opensslMissing,
  startIdentityServer,
  XML_TYPE,
} from './identity-server.ts';

const HTTP = '/data/base:environments/environment/admin-service/http';

/** The SHA-256 fingerprint of the certificate a fresh `openssl s_client` connection is shown. */
const presentedFingerprint = (url: string): string => {
  const { hostname, port } = new URL(url);
  const chain = execFileSync('openssl', ['s_client', '-connect', `${hostname}:${port}`], {
    input: '',
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const fingerprint = execFileSync('openssl', ['x509', '-noout', '-fingerprint', '-sha256'], {
    input: chain,
    encoding: 'utf8',
  });
  return fingerprint.replace(/^.*=/, '').trim();
};

const detailsFingerprint = async (server: IdentityServer, id: string): Promise<string> => {
  const response = await server.request('GET', `${CRYPTO}/ssl/server-keystore=${id}/details/fingerprint-sha256`);
  assert.equal(response.status, 200, response.body);
  return (JSON.parse(response.body) as { 'base:fingerprint-sha256': string })['base:fingerprint-sha256'];
};

const useKeystore = (server: IdentityServer, id: string) =>
  server.request('PATCH', HTTP, { body: { 'base:http': { 'ssl-server-keystore': id } } });

describe('the management port’s TLS key is the configured keystore', { skip: opensslMissing }, () => {
  let server: IdentityServer;
  before(async () => {
    server = await startIdentityServer();
  });
  after(async () => {
    await server?.stop();
  });

  it('presents the factory default’s generated default-admin-keystore', async () => {
    const configured = await server.request('GET', `${HTTP}/ssl-server-keystore`);
    assert.deepEqual(JSON.parse(configured.body), { 'base:ssl-server-keystore': 'default-admin-keystore' });
    assert.equal(presentedFingerprint(server.process.url), await detailsFingerprint(server, 'default-admin-keystore'));
  });

  it('switches to a generated keystore at once, without a restart', async () => {
    const generated = await server.request('POST', `${CRYPTO}/generate-ssl-server-keystore`, {
      body: { input: { id: 'rotated', subject: 'CN=localhost, O=Rotation', 'dns-names': ['localhost'] } },
    });
    assert.equal(generated.status, 200, generated.body);
    const { fingerprint } = (JSON.parse(generated.body) as { 'base:output': { fingerprint: string } })['base:output'];
    const switched = await useKeystore(server, 'rotated');
    assert.equal(switched.status, 204, switched.body);
    assert.equal(presentedFingerprint(server.process.url), fingerprint);
  });

  it('switches to an imported PKCS#12 keystore, set in XML', async () => {
    const key = makeKey('rsa');
    const certificate = makeCertificate(key, '/CN=imported.example.com');
    const imported = await server.request('POST', `${CRYPTO}/add-ssl-server-keystore`, {
      body: { input: { id: 'imported', keystore: makePkcs12(key, certificate, 'pw'), password: 'pw' } },
    });
    assert.equal(imported.status, 200, imported.body);
    const switched = await server.request('PATCH', HTTP, {
      body: '<http xmlns="urn:idconf:yang:base"><ssl-server-keystore>imported</ssl-server-keystore></http>',
      type: XML_TYPE,
    });
    assert.equal(switched.status, 204, switched.body);
    assert.equal(presentedFingerprint(server.process.url), await detailsFingerprint(server, 'imported'));
  });

  it('refuses to remove the reference, and keeps presenting the key', async () => {
    const before = presentedFingerprint(server.process.url);
    const removed = await server.request('DELETE', `${HTTP}/ssl-server-keystore`);
    assert.equal(removed.status, 400, removed.body);
    assert.equal(
      firstError(removed)['error-path'],
      '/base:environments/environment/admin-service/http/ssl-server-keystore',
    );
    assert.equal(presentedFingerprint(server.process.url), before);
  });

  it('switches back when the change is rolled back', async () => {
    const files = await server.request('GET', '/data/idconf-rollback:rollback-files');
    const newest = (
      JSON.parse(files.body) as { 'idconf-rollback:rollback-files': { file: { 'fixed-number': number }[] } }
    )['idconf-rollback:rollback-files'].file[0];
    const rolledBack = await server.request('POST', '/data/idconf-rollback:rollback-files/apply-rollback-file', {
      body: { input: { 'fixed-number': String(newest?.['fixed-number']), selective: [null] } },
    });
    assert.equal(rolledBack.status, 204, rolledBack.body);
    const configured = await server.request('GET', `${HTTP}/ssl-server-keystore`);
    assert.deepEqual(JSON.parse(configured.body), { 'base:ssl-server-keystore': 'rotated' });
    assert.equal(presentedFingerprint(server.process.url), await detailsFingerprint(server, 'rotated'));
  });

  it('keeps presenting the configured keystore after a restart', async () => {
    const expected = await detailsFingerprint(server, 'rotated');
    const { dataDir } = server.process;
    assert.equal(await server.stop(), 0);
    server = await startIdentityServer({ dataDir });
    assert.equal(presentedFingerprint(server.process.url), expected);
  });
});
