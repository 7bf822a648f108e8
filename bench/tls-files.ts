/**
 * @module bench/tls-files
 * One self-signed ECDSA P-256 certificate for the HTTPS measurements, written as PEM files and
 * given to both idconf (`--tls-cert`, `--tls-key`) and the bare baseline server, so that both
 * pay for the same TLS handshake and cipher.
 */
import { KeyObject, webcrypto } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

/** Paths of a certificate and its private key. */
export interface TlsFiles {
  readonly cert: string;
  readonly key: string;
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

/** Writes `bench-cert.pem` and `bench-key.pem` for `localhost` and 127.0.0.1 into `dir`. */
export const writeSelfSignedTlsFiles = async (dir: string): Promise<TlsFiles> => {
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const notBefore = new Date(Date.now() - 60_000);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=localhost, O=idconf benchmark',
    notBefore,
    notAfter: new Date(notBefore.getTime() + 24 * 3600 * 1000),
    keys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.SubjectAlternativeNameExtension([
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
      ]),
    ],
  });
  const files = { cert: join(dir, 'bench-cert.pem'), key: join(dir, 'bench-key.pem') };
  writeFileSync(files.cert, certificate.toString('pem'));
  writeFileSync(files.key, KeyObject.from(keys.privateKey).export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  return files;
};
