/**
 * @module test/identity/secrets-at-rest.test
 * Secrets at rest, end to end: private keys and data-source passwords are stored encrypted with
 * the configuration key, client secrets and admin passwords only as hashes; no clear private key
 * or password appears in the journal file, an export (`idconf backup`, JSON and XML), a log line
 * or a response. A wrong or missing configuration key stops the start with a clear message.
 * @see issue 7 item 3, docs/model.md (secrets at rest)
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { makeDataDir } from '../support/server-process.ts';
import type { IdentityServer, TestKey } from './identity-server.ts';
import {
  ADMIN_PASSWORD,
  CRYPTO,
  firstError,
  makeCertificate,
  makeKey,
  makePkcs12,
  opensslMissing,
  pemBody,
  startIdentityServer,
} from './identity-server.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const CLEAR = {
  sql: 'Sql-Pa55word-4f8a',
  ldap: 'Ldap-Pa55word-91c2',
  smtp: 'Smtp-Pa55word-77d0',
  zone: 'Zone-Symmetric-Key-3b6e',
  p12: 'P12-Pa55word-a0e1',
  pem: 'Pem-Pa55word-5cd3',
  client: 'Client-Secret-e2b9',
  admin: 'Admin-New-Pa55word-0f4d',
};

const ENVELOPE = /^data:text\/plain;aes256gcm;kid=[0-9a-f]{8},/;

const idconf = (args: readonly string[]): string =>
  execFileSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(ROOT, 'src', 'cli', 'main.ts'), ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );

describe('secrets at rest', { skip: opensslMissing }, () => {
  let server: IdentityServer;
  let dataDir: string;
  let keys: TestKey[];
  const leaks = (): string[] => [
    ...Object.values(CLEAR),
    ADMIN_PASSWORD,
    'PRIVATE KEY',
    ...keys.map((key) => pemBody(key.privatePem)),
  ];
  before(async () => {
    keys = [makeKey('rsa'), makeKey('ec')];
    dataDir = makeDataDir();
    server = await startIdentityServer({ dataDir });
  });
  after(async () => {
    await server?.stop();
  });

  it('encrypts the passwords of data sources and e-mail providers and the zone key', async () => {
    const put = await server.request('PATCH', '/data/base:facilities', {
      body: {
        'base:facilities': {
          'data-sources': {
            'data-source': [
              {
                id: 'accounts',
                sql: { url: 'postgresql://db.example.com/accounts', username: 'idsvr', password: CLEAR.sql },
              },
              {
                id: 'directory',
                ldap: {
                  hosts: ['ldap.example.com'],
                  'bind-dn': 'cn=idsvr,o=acme',
                  password: CLEAR.ldap,
                  'search-base': 'o=acme',
                },
              },
            ],
          },
          'email-providers': {
            'email-provider': [
              {
                id: 'mail',
                smtp: {
                  'smtp-host': 'smtp.example.com',
                  'default-sender': 'no-reply@example.com',
                  password: CLEAR.smtp,
                },
              },
            ],
          },
        },
      },
    });
    assert.equal(put.status, 204, put.body);
    const zone = await server.request('PATCH', '/data/base:environments/environment/services/zones/default-zone', {
      body: { 'base:default-zone': { 'symmetric-key': CLEAR.zone } },
    });
    assert.equal(zone.status, 204, zone.body);
    const read = await server.request('GET', '/data/base:facilities/data-sources');
    const sources = (
      JSON.parse(read.body) as { 'base:data-sources': { 'data-source': Record<string, Record<string, string>>[] } }
    )['base:data-sources']['data-source'];
    assert.match(String(sources[0]?.sql?.password), ENVELOPE);
    assert.match(String(sources[1]?.ldap?.password), ENVELOPE);
  });

  it('keeps an encrypted value written back as read, and refuses one it cannot open', async () => {
    const read = await server.request('GET', '/data/base:facilities/data-sources/data-source=accounts/sql/password');
    const stored = (JSON.parse(read.body) as { 'base:password': string })['base:password'];
    const again = await server.request('PUT', '/data/base:facilities/data-sources/data-source=accounts/sql/password', {
      body: { 'base:password': stored },
    });
    assert.equal(again.status, 204, again.body);
    assert.equal(
      (await server.request('GET', '/data/base:facilities/data-sources/data-source=accounts/sql/password')).body,
      read.body,
    );
    const foreign = await server.request(
      'PUT',
      '/data/base:facilities/data-sources/data-source=accounts/sql/password',
      {
        body: {
          'base:password': 'data:text/plain;aes256gcm;kid=00000000,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        },
      },
    );
    assert.equal(foreign.status, 400);
    assert.equal(firstError(foreign)['error-tag'], 'invalid-value');
  });

  it('stores imported and generated private keys encrypted', async () => {
    const [rsa, ec] = keys as [TestKey, TestKey];
    const certificate = makeCertificate(rsa, '/CN=secrets.example.com');
    const p12 = await server.request('POST', `${CRYPTO}/add-ssl-server-keystore`, {
      body: { input: { id: 'tls', keystore: makePkcs12(rsa, certificate, CLEAR.p12), password: CLEAR.p12 } },
    });
    assert.equal(p12.status, 200, p12.body);
    const encryptedPem = ec.privateKey
      .export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: CLEAR.pem })
      .toString();
    const pem = await server.request('POST', `${CRYPTO}/add-signing-key`, {
      body: { input: { id: 'signing', keystore: encryptedPem, password: CLEAR.pem } },
    });
    assert.equal(pem.status, 200, pem.body);
    const generated = await server.request('POST', `${CRYPTO}/generate-signing-key`, {
      body: { input: { id: 'generated', type: 'ec' } },
    });
    assert.equal(generated.status, 200, generated.body);
    const wrong = await server.request('POST', `${CRYPTO}/add-signing-key`, {
      body: { input: { id: 'wrong', keystore: encryptedPem, password: `${CLEAR.pem}-not` } },
    });
    assert.equal(wrong.status, 400);
  });

  it('accepts client secrets and admin passwords only as hashes, without echoing a clear one', async () => {
    const client = (secret: string) => ({
      'profile-oauth:client': [{ id: 'ops-cli', secret, capabilities: { 'client-credentials': {} } }],
    });
    const clients =
      '/data/base:profiles/profile=token-service,profile-oauth:oauth-service/settings/profile-oauth:authorization-server/client-store/config-backed/client=ops-cli';
    const clear = await server.request('PUT', clients, { body: client(CLEAR.client) });
    assert.equal(clear.status, 400, clear.body);
    assert.match(String(firstError(clear)['error-message']), /not a password hash/);
    const hash = execFileSync('openssl', ['passwd', '-6', CLEAR.client], { encoding: 'utf8' }).trim();
    const hashed = await server.request('PUT', clients, { body: client(hash) });
    assert.equal(hashed.status, 201, hashed.body);
    const admin = await server.request('PATCH', '/data/idconf-aaa:aaa/authentication/users/user=admin', {
      body: { 'idconf-aaa:user': [{ name: 'admin', password: CLEAR.admin }] },
    });
    assert.equal(admin.status, 400, admin.body);
    const stored = await server.request('GET', '/data/idconf-aaa:aaa/authentication/users/user=admin/password');
    assert.match(stored.body, /\$argon2id\$/);
  });

  it('no clear secret in any response or log line', () => {
    const leaked = leaks().filter((secret) => server.bodies.some((body) => body.includes(secret)));
    assert.deepEqual(leaked, []);
    const logged = leaks().filter((secret) => server.process.output.some((line) => line.includes(secret)));
    assert.deepEqual(logged, []);
  });

  it('no clear secret in the journal files, while their encrypted forms are there', async () => {
    const files = readdirSync(dataDir).filter((name) => name.startsWith('journal'));
    assert.ok(files.length > 0);
    const content = files.map((name) => readFileSync(join(dataDir, name)).toString('latin1')).join('\n');
    assert.match(content, /data:text\/plain;aes256gcm;kid=/);
    assert.match(content, /data:application\/x-pem-file;aes256gcm;kid=/);
    assert.deepEqual(
      leaks().filter((secret) => content.includes(secret)),
      [],
    );
  });

  it('no clear secret in an export (idconf backup, JSON and XML) of the stopped server', async () => {
    assert.equal(await server.stop(), 0);
    for (const file of ['backup.json', 'backup.xml']) {
      const target = join(makeDataDir(), file);
      idconf(['backup', target, '--data-dir', dataDir]);
      const text = readFileSync(target, 'utf8');
      assert.match(text, /aes256gcm;kid=/, file);
      assert.deepEqual(
        leaks().filter((secret) => text.includes(secret)),
        [],
        file,
      );
    }
  });

  it('refuses to start with a wrong or a missing configuration key, and starts again with the right one', async () => {
    await assert.rejects(
      startIdentityServer({ dataDir, env: { IDCONF_CONFIG_ENCRYPTION_KEY: 'ab'.repeat(32) } }),
      /secrets encrypted with key [0-9a-f]{8}, but the key from IDCONF_CONFIG_ENCRYPTION_KEY is [0-9a-f]{8}/,
    );
    await assert.rejects(
      startIdentityServer({ dataDir, env: { IDCONF_CONFIG_ENCRYPTION_KEY: 'too-short' } }),
      /IDCONF_CONFIG_ENCRYPTION_KEY must hold a 32-byte key/,
    );
    const keyFile = join(dataDir, 'config-encryption.key');
    renameSync(keyFile, `${keyFile}.away`);
    await assert.rejects(
      startIdentityServer({ dataDir }),
      /no configuration key was found: set IDCONF_CONFIG_ENCRYPTION_KEY/,
    );
    assert.ok(!existsSync(keyFile), 'no new key is generated over encrypted data');
    renameSync(`${keyFile}.away`, keyFile);
    server = await startIdentityServer({ dataDir });
    const details = await server.request('GET', `${CRYPTO}/signing-keys/signing-key=signing/details`);
    assert.equal(details.status, 200, details.body);
    assert.match(details.body, /"key-type":"ec"/);
  });

  it('takes the key from IDCONF_CONFIG_ENCRYPTION_KEY when given, writing no key file', async () => {
    const fresh = makeDataDir();
    const key = Buffer.alloc(32, 7).toString('base64');
    const first = await startIdentityServer({ dataDir: fresh, env: { IDCONF_CONFIG_ENCRYPTION_KEY: key } });
    assert.equal(await first.stop(), 0);
    assert.ok(!existsSync(join(fresh, 'config-encryption.key')));
    const second = await startIdentityServer({ dataDir: fresh, env: { IDCONF_CONFIG_ENCRYPTION_KEY: key } });
    const read = await second.request('GET', `${CRYPTO}/ssl/server-keystore=default-admin-keystore/details`);
    assert.equal(read.status, 200);
    assert.equal(await second.stop(), 0);
    await assert.rejects(startIdentityServer({ dataDir: fresh }), /no configuration key was found/);
  });
});
