/**
 * @module identity/key-generation
 * New key pairs with self-signed certificates: signing keys (RSA, EC or Ed25519) and TLS server
 * keys, generated with WebCrypto and certified with @peculiar/x509.
 * @see RFC 5280 (certificate profile), RFC 8410 (Ed25519 in X.509)
 */
import type { KeyObject } from 'node:crypto';
import { createPrivateKey, webcrypto, X509Certificate } from 'node:crypto';
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import type { CurveName, KeyMaterial, KeyType } from './key-material.ts';
import { KeyMaterialError } from './key-material.ts';

/** What to generate. */
export interface SelfSignedOptions {
  readonly type: KeyType;
  /** RSA modulus bits (default 2048). */
  readonly size?: number;
  /** EC curve (default P-256). */
  readonly curve?: CurveName;
  /** Subject (and issuer) DN, e.g. `CN=login.example.com, O=Example`. */
  readonly subject: string;
  readonly dnsNames?: readonly string[];
  readonly ipAddresses?: readonly string[];
  readonly validityDays: number;
  /** Mark the certificate for TLS server authentication (else for signatures only). */
  readonly serverAuth: boolean;
}

const HASH_OF_CURVE: Readonly<Record<CurveName, string>> = {
  'P-256': 'SHA-256',
  'P-384': 'SHA-384',
  'P-521': 'SHA-512',
};

type GenerationAlgorithm = webcrypto.RsaHashedKeyGenParams | webcrypto.EcKeyGenParams | webcrypto.Algorithm;

const algorithmOf = (options: SelfSignedOptions): GenerationAlgorithm => {
  switch (options.type) {
    case 'rsa':
      return {
        name: 'RSASSA-PKCS1-v1_5',
        modulusLength: options.size ?? 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-256',
      };
    case 'ec': {
      const curve = options.curve ?? 'P-256';
      return { name: 'ECDSA', namedCurve: curve, hash: HASH_OF_CURVE[curve] } as webcrypto.EcKeyGenParams;
    }
    case 'ed25519':
      return { name: 'Ed25519' };
  }
};

const subjectName = (subject: string): x509.Name => {
  try {
    const name = new x509.Name(subject);
    if (name.toJSON().length === 0) throw new Error('empty');
    return name;
  } catch {
    throw new KeyMaterialError(
      'keystore',
      `the subject ${JSON.stringify(subject)} is not a distinguished name such as CN=login.example.com`,
    );
  }
};

const DAY_MS = 24 * 3600 * 1000;

/** A fresh key pair with a self-signed certificate. @throws KeyMaterialError for an unreadable subject */
export const generateSelfSigned = async (options: SelfSignedOptions): Promise<KeyMaterial> => {
  const name = subjectName(options.subject);
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const algorithm = algorithmOf(options);
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const notBefore = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
  const notAfter = new Date(notBefore.getTime() + options.validityDays * DAY_MS);
  const usage =
    options.serverAuth && options.type === 'rsa'
      ? x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment
      : x509.KeyUsageFlags.digitalSignature;
  const alternativeNames = [
    ...[...new Set(options.dnsNames ?? [])].map((value) => ({ type: 'dns' as const, value })),
    ...(options.ipAddresses ?? []).map((value) => ({ type: 'ip' as const, value })),
  ];
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)))
      .toString('hex')
      .replace(/^[89a-f]/, '1'),
    name,
    notBefore,
    notAfter,
    keys,
    signingAlgorithm: algorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(usage, true),
      ...(options.serverAuth ? [new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth])] : []),
      ...(alternativeNames.length > 0 ? [new x509.SubjectAlternativeNameExtension(alternativeNames)] : []),
    ],
  });
  const privateKey: KeyObject = createPrivateKey({
    key: Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)),
    format: 'der',
    type: 'pkcs8',
  });
  const leaf = new X509Certificate(Buffer.from(certificate.rawData));
  return { privateKey, publicKey: leaf.publicKey, certificates: [leaf] };
};
