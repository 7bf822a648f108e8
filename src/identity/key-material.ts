/**
 * @module identity/key-material
 * Key material as operators hand it over — PEM, base64 DER, base64 PKCS#12, a JWK — read into
 * Node.js key and certificate objects, checked (kind of key, certificate matching the key), and
 * written back in the one form the configuration stores: PEM (a PKCS#8 private key, then the
 * certificates, leaf first; or the certificates; or an SPKI public key).
 * @see RFC 7468 (PEM), RFC 5280 (X.509), RFC 5208 (PKCS#8), RFC 7292 (PKCS#12), RFC 7517 (JWK)
 */
import type { JsonWebKey, KeyObject } from 'node:crypto';
import { createHash, createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { Pkcs12Error, readPkcs12 } from './pkcs12.ts';

/** Kinds of asymmetric key the model knows (`base:key-type`). */
export type KeyType = 'rsa' | 'ec' | 'ed25519';

/** Named curves the model knows (`base:curve-name`). */
export type CurveName = 'P-256' | 'P-384' | 'P-521';

const CURVES: Readonly<Record<string, CurveName>> = {
  prime256v1: 'P-256',
  secp384r1: 'P-384',
  secp521r1: 'P-521',
};

/** Keys and certificates read from one input. */
export interface KeyMaterial {
  readonly privateKey?: KeyObject;
  readonly publicKey: KeyObject;
  /** Leaf first when there is a private key. */
  readonly certificates: readonly X509Certificate[];
}

/** Which input a problem is in. */
export type KeyMaterialField = 'keystore' | 'password';

/** Input that is not acceptable key material; `field` names the culprit. */
export class KeyMaterialError extends Error {
  readonly field: KeyMaterialField;
  constructor(field: KeyMaterialField, message: string) {
    super(message);
    this.name = 'KeyMaterialError';
    this.field = field;
  }
}

interface PemBlock {
  readonly label: string;
  readonly text: string;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

const pemBlocks = (text: string): PemBlock[] =>
  [...text.matchAll(PEM_BLOCK)].map((match) => ({ label: match[1] as string, text: `${match[0]}\n` }));

/** The input decoded: PEM blocks, DER bytes, or a JWK. */
type Decoded =
  | { readonly kind: 'pem'; readonly blocks: readonly PemBlock[] }
  | { readonly kind: 'der'; readonly bytes: Buffer }
  | { readonly kind: 'jwk'; readonly jwk: JsonWebKey };

const decode = (text: string): Decoded => {
  const trimmed = text.trim();
  if (trimmed.includes('-----BEGIN ')) {
    const blocks = pemBlocks(trimmed);
    if (blocks.length === 0) throw new KeyMaterialError('keystore', 'the PEM text has no complete BEGIN/END block');
    return { kind: 'pem', blocks };
  }
  if (trimmed.startsWith('{')) {
    let jwk: unknown;
    try {
      jwk = JSON.parse(trimmed);
    } catch {
      throw new KeyMaterialError('keystore', 'the JWK is not valid JSON');
    }
    if (typeof jwk !== 'object' || jwk === null || typeof (jwk as { kty?: unknown }).kty !== 'string')
      throw new KeyMaterialError('keystore', 'the JWK has no "kty" member');
    return { kind: 'jwk', jwk: jwk as JsonWebKey };
  }
  const compact = trimmed.replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact))
    throw new KeyMaterialError('keystore', 'expected PEM, base64 DER or PKCS#12, or a JWK');
  const bytes = Buffer.from(compact, 'base64');
  // Some tools hand over a base64-encoded PEM file.
  const asText = bytes.subarray(0, 64).toString('latin1');
  if (asText.includes('-----BEGIN ')) return decode(bytes.toString('utf8'));
  return { kind: 'der', bytes };
};

const describeFailure = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^error:[0-9A-F]+:/i, '');
};

const certificateOf = (source: string | Buffer): X509Certificate => {
  try {
    return new X509Certificate(source);
  } catch (error) {
    throw new KeyMaterialError('keystore', `malformed certificate: ${describeFailure(error)}`);
  }
};

const isPasswordFailure = (error: unknown): boolean =>
  /bad decrypt|passphrase|password|interrupted or cancelled/i.test(error instanceof Error ? error.message : '');

const privateKeyOf = (key: string | Buffer, der: boolean, password: string | undefined): KeyObject => {
  try {
    return createPrivateKey(
      der
        ? {
            key: key as Buffer,
            format: 'der',
            type: 'pkcs8',
            ...(password === undefined ? {} : { passphrase: password }),
          }
        : { key: key as string, format: 'pem', ...(password === undefined ? {} : { passphrase: password }) },
    );
  } catch (error) {
    if (isPasswordFailure(error))
      throw new KeyMaterialError(
        'password',
        password === undefined
          ? 'the private key is encrypted: a password is needed'
          : 'the password does not decrypt the private key',
      );
    throw new KeyMaterialError('keystore', `malformed private key: ${describeFailure(error)}`);
  }
};

/** Checks that the key is of a kind the model knows. */
const checkKind = (key: KeyObject): void => {
  if (keyTypeOf(key) === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_RSA_BITS)
    throw new KeyMaterialError(
      'keystore',
      `the RSA key has ${key.asymmetricKeyDetails?.modulusLength} bits; at least ${MIN_RSA_BITS} are required`,
    );
};

/** RSA keys shorter than this are refused. */
export const MIN_RSA_BITS = 2048;

/** The model's key type of `key`. @throws KeyMaterialError for other kinds */
export const keyTypeOf = (key: KeyObject): KeyType => {
  const type = key.asymmetricKeyType;
  if (type === 'rsa' || type === 'ed25519') return type;
  if (type === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    if (curve !== undefined && CURVES[curve] !== undefined) return 'ec';
    throw new KeyMaterialError(
      'keystore',
      `unsupported elliptic curve ${curve ?? '(unnamed)'}: use P-256, P-384 or P-521`,
    );
  }
  throw new KeyMaterialError('keystore', `unsupported key type ${type ?? 'unknown'}: use RSA, EC or Ed25519`);
};

/** Orders certificates leaf first: the one that matches `key`, then the others as given. */
const leafFirst = (key: KeyObject, certificates: readonly X509Certificate[]): X509Certificate[] => {
  if (certificates.length === 0) return [];
  const index = certificates.findIndex((certificate) => certificate.checkPrivateKey(key));
  if (index < 0) throw new KeyMaterialError('keystore', 'no certificate matches the private key');
  return [certificates[index] as X509Certificate, ...certificates.filter((_, position) => position !== index)];
};

const withPrivateKey = (key: KeyObject, certificates: readonly X509Certificate[]): KeyMaterial => {
  checkKind(key);
  return { privateKey: key, publicKey: createPublicKey(key), certificates: leafFirst(key, certificates) };
};

const fromPkcs12 = (bytes: Buffer, password: string | undefined): KeyMaterial => {
  let content: ReturnType<typeof readPkcs12>;
  try {
    content = readPkcs12(bytes, password ?? '');
  } catch (error) {
    if (!(error instanceof Pkcs12Error)) throw error;
    if (error.problem === 'password')
      throw new KeyMaterialError(
        'password',
        password === undefined
          ? 'the PKCS#12 keystore needs a password'
          : 'the password does not open the PKCS#12 keystore',
      );
    throw new KeyMaterialError('keystore', error.message);
  }
  if (content.privateKeys.length !== 1)
    throw new KeyMaterialError(
      'keystore',
      `the PKCS#12 keystore holds ${content.privateKeys.length} private keys, not one`,
    );
  const key = privateKeyOf(content.privateKeys[0] as Buffer, true, undefined);
  return withPrivateKey(
    key,
    content.certificates.map((der) => certificateOf(der)),
  );
};

/** Is `bytes` a PFX (SEQUENCE starting with INTEGER 3)? A cheap sniff; the reader checks properly. */
const looksLikePkcs12 = (bytes: Buffer): boolean => {
  if (bytes[0] !== 0x30) return false;
  const lengthBytes = (bytes[1] as number) > 0x80 ? (bytes[1] as number) - 0x80 : 0;
  const at = 2 + lengthBytes;
  return bytes[at] === 0x02 && bytes[at + 1] === 0x01 && bytes[at + 2] === 0x03;
};

/**
 * Reads a private key with its certificates: PEM (PKCS#8, PKCS#1, SEC1, encrypted PKCS#8 or
 * traditional encrypted PEM), base64 PKCS#12 or PKCS#8 DER, or a private JWK.
 * @throws KeyMaterialError
 */
export const readPrivateMaterial = (text: string, password: string | undefined): KeyMaterial => {
  const decoded = decode(text);
  switch (decoded.kind) {
    case 'pem': {
      const keys = decoded.blocks.filter((block) => block.label.endsWith('PRIVATE KEY'));
      if (keys.length === 0) throw new KeyMaterialError('keystore', 'the keystore holds no private key');
      if (keys.length > 1)
        throw new KeyMaterialError('keystore', `the keystore holds ${keys.length} private keys, not one`);
      const certificates = decoded.blocks
        .filter((block) => block.label === 'CERTIFICATE')
        .map((block) => certificateOf(block.text));
      return withPrivateKey(privateKeyOf((keys[0] as PemBlock).text, false, password), certificates);
    }
    case 'der':
      if (looksLikePkcs12(decoded.bytes)) return fromPkcs12(decoded.bytes, password);
      return withPrivateKey(privateKeyOf(decoded.bytes, true, password), []);
    case 'jwk':
      if (decoded.jwk.d === undefined)
        throw new KeyMaterialError('keystore', 'the JWK is a public key, not a private one');
      try {
        return withPrivateKey(createPrivateKey({ key: decoded.jwk, format: 'jwk' }), []);
      } catch (error) {
        if (error instanceof KeyMaterialError) throw error;
        throw new KeyMaterialError('keystore', `malformed JWK: ${describeFailure(error)}`);
      }
  }
};

/** What {@link readPublicMaterial} accepts. */
export interface PublicMaterialOptions {
  /** Accept a bare public key (or JWK) besides certificates. */
  readonly allowBareKey: boolean;
}

/**
 * Reads certificates (PEM, or one base64 DER) or, when allowed, a public key (PEM, base64 SPKI DER,
 * public JWK). A private key is refused: public entries must never hold one.
 * @throws KeyMaterialError
 */
export const readPublicMaterial = (text: string, options: PublicMaterialOptions): KeyMaterial => {
  const decoded = decode(text);
  const bareKey = (key: () => KeyObject): KeyMaterial => {
    if (!options.allowBareKey) throw new KeyMaterialError('keystore', 'expected a certificate, not a bare public key');
    let publicKey: KeyObject;
    try {
      publicKey = key();
    } catch (error) {
      throw new KeyMaterialError('keystore', `malformed public key: ${describeFailure(error)}`);
    }
    checkKind(publicKey);
    return { publicKey, certificates: [] };
  };
  switch (decoded.kind) {
    case 'pem': {
      if (decoded.blocks.some((block) => block.label.endsWith('PRIVATE KEY')))
        throw new KeyMaterialError('keystore', 'the input holds a private key; only public material is accepted here');
      const certificates = decoded.blocks
        .filter((block) => block.label === 'CERTIFICATE')
        .map((block) => certificateOf(block.text));
      if (certificates.length > 0) {
        const first = certificates[0] as X509Certificate;
        checkKind(first.publicKey);
        return { publicKey: first.publicKey, certificates };
      }
      const keyBlock = decoded.blocks.find((block) => block.label === 'PUBLIC KEY' || block.label === 'RSA PUBLIC KEY');
      if (keyBlock === undefined)
        throw new KeyMaterialError('keystore', 'the PEM text holds no certificate or public key');
      return bareKey(() => createPublicKey(keyBlock.text));
    }
    case 'der': {
      if (looksLikePkcs12(decoded.bytes))
        throw new KeyMaterialError('keystore', 'a PKCS#12 keystore is not accepted here: give the certificate');
      let certificate: X509Certificate | undefined;
      try {
        certificate = new X509Certificate(decoded.bytes);
      } catch {
        certificate = undefined;
      }
      if (certificate !== undefined) {
        checkKind(certificate.publicKey);
        return { publicKey: certificate.publicKey, certificates: [certificate] };
      }
      try {
        createPrivateKey({ key: decoded.bytes, format: 'der', type: 'pkcs8' });
      } catch {
        return bareKey(() => createPublicKey({ key: decoded.bytes, format: 'der', type: 'spki' }));
      }
      throw new KeyMaterialError('keystore', 'the input is a private key; only public material is accepted here');
    }
    case 'jwk':
      if (decoded.jwk.d !== undefined)
        throw new KeyMaterialError('keystore', 'the JWK holds a private key; only public material is accepted here');
      return bareKey(() => createPublicKey({ key: decoded.jwk, format: 'jwk' }));
  }
};

/** The stored PEM form of `material` (private key first, unencrypted: the caller encrypts it). */
export const materialToPem = (material: KeyMaterial): string => {
  const parts: string[] = [];
  if (material.privateKey !== undefined)
    parts.push(material.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
  for (const certificate of material.certificates) parts.push(certificate.toString());
  if (material.privateKey === undefined && material.certificates.length === 0)
    parts.push(material.publicKey.export({ format: 'pem', type: 'spki' }).toString());
  return parts.map((part) => (part.endsWith('\n') ? part : `${part}\n`)).join('');
};

/** The `details` of an entry (RFC 7951 JSON of `base:key-details`). */
export interface KeyDetails {
  readonly 'key-type': KeyType;
  readonly size?: number;
  readonly curve?: CurveName;
  readonly subject?: string;
  readonly issuer?: string;
  readonly 'not-before'?: string;
  readonly 'not-after'?: string;
  readonly 'fingerprint-sha256': string;
}

/** A distinguished name with its RDNs in certificate order (as `openssl x509 -subject` prints them). */
const distinguishedName = (text: string): string => text.split('\n').join(', ');

const colonHex = (digest: Buffer): string =>
  [...digest].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(':');

/** The SHA-256 fingerprint of the leaf certificate, or of the SPKI DER of a bare public key. */
export const fingerprintOf = (material: KeyMaterial): string => {
  const leaf = material.certificates[0];
  if (leaf !== undefined) return leaf.fingerprint256;
  return colonHex(
    createHash('sha256')
      .update(material.publicKey.export({ format: 'der', type: 'spki' }))
      .digest(),
  );
};

/** The details the server reports for `material`. */
export const keyDetailsOf = (material: KeyMaterial): KeyDetails => {
  const keyType = keyTypeOf(material.publicKey);
  const facts = material.publicKey.asymmetricKeyDetails;
  const leaf = material.certificates[0];
  return {
    'key-type': keyType,
    ...(keyType === 'rsa' && facts?.modulusLength !== undefined ? { size: facts.modulusLength } : {}),
    ...(keyType === 'ec' && facts?.namedCurve !== undefined ? { curve: CURVES[facts.namedCurve] as CurveName } : {}),
    ...(leaf === undefined
      ? {}
      : {
          subject: distinguishedName(leaf.subject),
          issuer: distinguishedName(leaf.issuer),
          'not-before': leaf.validFromDate.toISOString().replace(/\.000Z$/, 'Z'),
          'not-after': leaf.validToDate.toISOString().replace(/\.000Z$/, 'Z'),
        }),
    'fingerprint-sha256': fingerprintOf(material),
  };
};
