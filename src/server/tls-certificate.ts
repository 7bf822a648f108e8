/**
 * @module server/tls-certificate
 * The management port's TLS certificate: given files, or a self-signed one generated on
 * first start into the data dir (key file mode 0600) and reused afterwards.
 */
import { webcrypto } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import type { TlsCredentials } from '../http/index.ts';

/** File names of the generated certificate and key inside the data dir. */
export const GENERATED_CERT_FILE = 'tls-cert.pem';
export const GENERATED_KEY_FILE = 'tls-key.pem';

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

/** Reads the certificate and key from the given files. */
export const readTlsCredentials = async (certFile: string, keyFile: string): Promise<TlsCredentials> => ({
  cert: await readFile(certFile, 'utf8'),
  key: await readFile(keyFile, 'utf8'),
});

/** Loads the generated certificate from `dataDir`, generating it first when absent. */
export const loadOrCreateSelfSignedCredentials = async (
  dataDir: string,
): Promise<{ credentials: TlsCredentials; generated: boolean }> => {
  const certFile = join(dataDir, GENERATED_CERT_FILE);
  const keyFile = join(dataDir, GENERATED_KEY_FILE);
  try {
    return { credentials: await readTlsCredentials(certFile, keyFile), generated: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const credentials = await createSelfSignedCredentials([hostname(), 'localhost']);
  await writeFile(keyFile, credentials.key, { mode: 0o600, flag: 'wx' });
  await chmod(keyFile, 0o600);
  await writeFile(certFile, credentials.cert, { mode: 0o644 });
  return { credentials, generated: true };
};

/** Generates a self-signed ECDSA P-256 certificate valid for ten years for the given DNS names and loopback. */
export const createSelfSignedCredentials = async (dnsNames: readonly string[]): Promise<TlsCredentials> => {
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(notBefore.getTime() + 10 * 365 * 24 * 3600 * 1000);
  const names = [...new Set(dnsNames)].map((name) => ({ type: 'dns' as const, value: name }));
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)))
      .toString('hex')
      .replace(/^[89a-f]/, '1'),
    name: `CN=${dnsNames[0] ?? 'idconf'}, O=idconf self-signed`,
    notBefore,
    notAfter,
    keys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyAgreement, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        ...names,
        { type: 'ip', value: '127.0.0.1' },
        { type: 'ip', value: '::1' },
      ]),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  const key = `-----BEGIN PRIVATE KEY-----\n${pkcs8
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n?$/, '\n')}-----END PRIVATE KEY-----\n`;
  return { cert: certificate.toString('pem') + '\n', key };
};
