/**
 * @module identity/pkcs12.test
 * The PKCS#12 reader against keystores made by `openssl pkcs12 -export`: PBES2/AES with
 * SHA-256 MAC (OpenSSL 3's default), legacy SHA-1/3DES, an empty password; a wrong password is a
 * `password` problem, RC2 protection `unsupported`, other bytes `format`.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { Pkcs12Error, readPkcs12 } from './pkcs12.ts';

const skip =
  spawnSync('openssl', ['version']).status !== 0 && process.env.CI !== 'true'
    ? 'openssl is not installed (apt-get install openssl)'
    : false;

describe('readPkcs12', { skip }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'idconf-p12-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  const store = (name: string, password: string, extra: readonly string[] = []): Buffer => {
    const out = join(dir, `${name}.p12`);
    execFileSync(
      'openssl',
      ['pkcs12', '-export', '-inkey', keyFile, '-in', certFile, '-passout', `pass:${password}`, '-out', out, ...extra],
      {
        stdio: 'ignore',
      },
    );
    return readFileSync(out);
  };
  let certificate: X509Certificate;
  before(() => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    execFileSync(
      'openssl',
      ['req', '-x509', '-key', keyFile, '-subj', '/CN=p12.example', '-days', '1', '-out', certFile],
      {
        stdio: 'ignore',
      },
    );
    certificate = new X509Certificate(readFileSync(certFile));
  });

  const check = (bytes: Buffer, password: string): void => {
    const content = readPkcs12(bytes, password);
    assert.equal(content.privateKeys.length, 1);
    assert.equal(content.certificates.length, 1);
    const key = createPrivateKey({ key: content.privateKeys[0] as Buffer, format: 'der', type: 'pkcs8' });
    assert.ok(certificate.checkPrivateKey(key));
    assert.equal(new X509Certificate(content.certificates[0] as Buffer).fingerprint256, certificate.fingerprint256);
  };

  it('opens PBES2 (AES-256-CBC, PBKDF2-HMAC-SHA-256) with a SHA-256 MAC', () =>
    check(store('aes', 'pässwörd'), 'pässwörd'));
  it('opens the legacy SHA-1/3DES protection', () =>
    check(store('des', 'pw', ['-certpbe', 'PBE-SHA1-3DES', '-keypbe', 'PBE-SHA1-3DES', '-macalg', 'sha1']), 'pw'));
  it('opens a keystore with an empty password', () => check(store('empty', ''), ''));

  it('tells a wrong password, RC2 protection and other bytes apart', () => {
    const problem = (bytes: Buffer, password: string): string | undefined => {
      try {
        readPkcs12(bytes, password);
        return undefined;
      } catch (error) {
        assert.ok(error instanceof Pkcs12Error);
        return error.problem;
      }
    };
    assert.equal(problem(store('wrong', 'right'), 'wrong'), 'password');
    assert.equal(problem(store('rc2', 'pw', ['-legacy']), 'pw'), 'unsupported');
    assert.equal(problem(certificate.raw, 'pw'), 'format');
    assert.equal(problem(Buffer.from([0x30, 0x80, 0x02]), 'pw'), 'format');
  });
});
