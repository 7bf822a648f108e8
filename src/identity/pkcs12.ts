/**
 * @module identity/pkcs12
 * Reads a PKCS#12 (PFX, .p12) keystore in process: checks the integrity MAC with the password,
 * decrypts the safe contents and the shrouded key bags, and returns the private key (PKCS#8 DER)
 * and the certificates (DER). Supported protection: PBES2 (PBKDF2 with HMAC-SHA-1/-2, AES-CBC or
 * 3DES-CBC) — what OpenSSL 3 and Java 12+ write — and the legacy PKCS#12 PBE with SHA-1 and
 * 3DES. RC2 and RC4 (OpenSSL's `-legacy` certificate protection) are refused with a clear
 * message, since the Node.js crypto runtime no longer offers those ciphers.
 * @see RFC 7292 (PKCS #12 v1.1), RFC 8018 (PBES2, PBKDF2)
 */
import { createDecipheriv, createHash, createHmac, pbkdf2Sync, timingSafeEqual } from 'node:crypto';
import type { BerElement } from './ber-reader.ts';
import { BER_TAG, BerFormatError, childAt, explicitOf, integerOf, octetsOf, oidOf, readBer } from './ber-reader.ts';

/** What a keystore held. */
export interface Pkcs12Content {
  /** The private keys (PKCS#8 PrivateKeyInfo DER), in file order. */
  readonly privateKeys: readonly Buffer[];
  /** The certificates (DER), in file order. */
  readonly certificates: readonly Buffer[];
}

/** Why a keystore could not be read. */
export type Pkcs12Problem = 'format' | 'password' | 'unsupported';

/** A keystore that cannot be read; `problem` tells which input is at fault. */
export class Pkcs12Error extends Error {
  readonly problem: Pkcs12Problem;
  constructor(problem: Pkcs12Problem, message: string) {
    super(message);
    this.name = 'Pkcs12Error';
    this.problem = problem;
  }
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  keyBag: '1.2.840.113549.1.12.10.1.1',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  safeContentsBag: '1.2.840.113549.1.12.10.1.6',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  pbeSha1TripleDes: '1.2.840.113549.1.12.1.3',
  pbeSha1TwoKeyTripleDes: '1.2.840.113549.1.12.1.4',
} as const;

/** Digests by OID, with their block size (the PKCS#12 KDF's v) in bytes. */
const DIGESTS: Readonly<Record<string, { readonly name: string; readonly block: number }>> = {
  '1.3.14.3.2.26': { name: 'sha1', block: 64 },
  '2.16.840.1.101.3.4.2.4': { name: 'sha224', block: 64 },
  '2.16.840.1.101.3.4.2.1': { name: 'sha256', block: 64 },
  '2.16.840.1.101.3.4.2.2': { name: 'sha384', block: 128 },
  '2.16.840.1.101.3.4.2.3': { name: 'sha512', block: 128 },
};

const HMACS: Readonly<Record<string, string>> = {
  '1.2.840.113549.2.7': 'sha1',
  '1.2.840.113549.2.8': 'sha224',
  '1.2.840.113549.2.9': 'sha256',
  '1.2.840.113549.2.10': 'sha384',
  '1.2.840.113549.2.11': 'sha512',
};

const CBC_CIPHERS: Readonly<Record<string, { readonly name: string; readonly keyLength: number }>> = {
  '2.16.840.1.101.3.4.1.2': { name: 'aes-128-cbc', keyLength: 16 },
  '2.16.840.1.101.3.4.1.22': { name: 'aes-192-cbc', keyLength: 24 },
  '2.16.840.1.101.3.4.1.42': { name: 'aes-256-cbc', keyLength: 32 },
  '1.2.840.113549.3.7': { name: 'des-ede3-cbc', keyLength: 24 },
};

const LEGACY_UNSUPPORTED: Readonly<Record<string, string>> = {
  '1.2.840.113549.1.12.1.1': 'RC4-128',
  '1.2.840.113549.1.12.1.2': 'RC4-40',
  '1.2.840.113549.1.12.1.5': 'RC2-128',
  '1.2.840.113549.1.12.1.6': 'RC2-40',
};

/** The password as the PKCS#12 KDF takes it: big-endian UTF-16 with a terminating zero. @see RFC 7292 App. B.1 */
const bmpPassword = (password: string): Buffer => {
  const bytes = Buffer.alloc((password.length + 1) * 2);
  for (let index = 0; index < password.length; index++) bytes.writeUInt16BE(password.charCodeAt(index), index * 2);
  return bytes;
};

const repeatTo = (source: Buffer, block: number): Buffer => {
  if (source.length === 0) return Buffer.alloc(0);
  const length = block * Math.ceil(source.length / block);
  const out = Buffer.alloc(length);
  for (let index = 0; index < length; index++) out[index] = source[index % source.length] as number;
  return out;
};

/** The PKCS#12 key derivation (id 1 key, 2 IV, 3 MAC key). @see RFC 7292 App. B.2 */
const pkcs12Kdf = (
  digest: { readonly name: string; readonly block: number },
  password: Buffer,
  salt: Buffer,
  id: number,
  iterations: number,
  length: number,
): Buffer => {
  const v = digest.block;
  const d = Buffer.alloc(v, id);
  const input = Buffer.concat([repeatTo(salt, v), repeatTo(password, v)]);
  const out: Buffer[] = [];
  let produced = 0;
  while (produced < length) {
    let a = createHash(digest.name).update(d).update(input).digest();
    for (let round = 1; round < iterations; round++) a = createHash(digest.name).update(a).digest();
    out.push(a);
    produced += a.length;
    const b = repeatTo(a, v).subarray(0, v);
    for (let offset = 0; offset < input.length; offset += v) {
      let carry = 1;
      for (let index = v - 1; index >= 0; index--) {
        const sum = (input[offset + index] as number) + (b[index] as number) + carry;
        input[offset + index] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
  return Buffer.concat(out).subarray(0, length);
};

const decryptCbc = (cipher: string, key: Buffer, iv: Buffer, data: Buffer): Buffer => {
  const decipher = createDecipheriv(cipher, key, iv);
  try {
    return Buffer.concat([decipher.update(data), decipher.final()]);
  } catch {
    throw new Pkcs12Error('password', 'the password does not open the keystore');
  }
};

/** Decrypts `data` protected by the algorithm `algorithm` (an AlgorithmIdentifier). */
const decrypt = (algorithm: BerElement, password: string, data: Buffer): Buffer => {
  const oid = oidOf(childAt(algorithm, 0));
  const params = algorithm.children[1];
  if (oid === OID.pbes2 && params !== undefined) {
    const kdf = childAt(params, 0);
    const scheme = childAt(params, 1);
    if (oidOf(childAt(kdf, 0)) !== OID.pbkdf2)
      throw new Pkcs12Error('unsupported', 'only PBKDF2 is supported in PBES2');
    const kdfParams = childAt(kdf, 1);
    const salt = octetsOf(childAt(kdfParams, 0));
    const iterations = integerOf(childAt(kdfParams, 1));
    let prf = 'sha1';
    for (const extra of kdfParams.children.slice(2)) {
      if (extra.tag === BER_TAG.sequence) {
        const name = HMACS[oidOf(childAt(extra, 0))];
        if (name === undefined) throw new Pkcs12Error('unsupported', 'unsupported PBKDF2 pseudo-random function');
        prf = name;
      }
    }
    const cipher = CBC_CIPHERS[oidOf(childAt(scheme, 0))];
    if (cipher === undefined) throw new Pkcs12Error('unsupported', 'unsupported PBES2 encryption scheme');
    const iv = octetsOf(childAt(scheme, 1));
    const key = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, cipher.keyLength, prf);
    return decryptCbc(cipher.name, key, iv, data);
  }
  if ((oid === OID.pbeSha1TripleDes || oid === OID.pbeSha1TwoKeyTripleDes) && params !== undefined) {
    const salt = octetsOf(childAt(params, 0));
    const iterations = integerOf(childAt(params, 1));
    const sha1 = DIGESTS['1.3.14.3.2.26'] as { name: string; block: number };
    const secret = bmpPassword(password);
    let key = pkcs12Kdf(sha1, secret, salt, 1, iterations, oid === OID.pbeSha1TripleDes ? 24 : 16);
    if (key.length === 16) key = Buffer.concat([key, key.subarray(0, 8)]);
    const iv = pkcs12Kdf(sha1, secret, salt, 2, iterations, 8);
    return decryptCbc('des-ede3-cbc', key, iv, data);
  }
  const legacy = LEGACY_UNSUPPORTED[oid];
  if (legacy !== undefined)
    throw new Pkcs12Error(
      'unsupported',
      `the keystore is protected with ${legacy}, which this server cannot decrypt; re-export it with AES (e.g. openssl pkcs12 -export without -legacy)`,
    );
  throw new Pkcs12Error('unsupported', `unsupported keystore encryption algorithm ${oid}`);
};

const checkMac = (macData: BerElement, authSafe: Buffer, password: string): void => {
  const digestInfo = childAt(macData, 0);
  const digestOid = oidOf(childAt(childAt(digestInfo, 0), 0));
  if (digestOid === '1.2.840.113549.1.5.14')
    throw new Pkcs12Error('unsupported', 'PBMAC1 integrity protection is not supported');
  const digest = DIGESTS[digestOid];
  if (digest === undefined) throw new Pkcs12Error('unsupported', `unsupported MAC digest ${digestOid}`);
  const expected = octetsOf(childAt(digestInfo, 1));
  const salt = octetsOf(childAt(macData, 1));
  const iterations = macData.children[2] === undefined ? 1 : integerOf(childAt(macData, 2));
  const size = createHash(digest.name).digest().length;
  // An empty password is encoded as two zero bytes by most tools and as nothing by some.
  const candidates = password === '' ? [bmpPassword(''), Buffer.alloc(0)] : [bmpPassword(password)];
  for (const candidate of candidates) {
    const key = pkcs12Kdf(digest, candidate, salt, 3, iterations, size);
    const actual = createHmac(digest.name, key).update(authSafe).digest();
    if (actual.length === expected.length && timingSafeEqual(actual, expected)) return;
  }
  throw new Pkcs12Error('password', 'the password does not open the keystore (integrity check failed)');
};

const collectBags = (safeContents: BerElement, password: string, into: { keys: Buffer[]; certs: Buffer[] }): void => {
  for (const bag of safeContents.children) {
    const bagId = oidOf(childAt(bag, 0));
    const value = explicitOf(childAt(bag, 1), 0);
    if (bagId === OID.keyBag) into.keys.push(encodeElement(value));
    else if (bagId === OID.shroudedKeyBag)
      into.keys.push(decrypt(childAt(value, 0), password, octetsOf(childAt(value, 1))));
    else if (bagId === OID.certBag) {
      if (oidOf(childAt(value, 0)) === OID.x509Certificate) into.certs.push(octetsOf(explicitOf(childAt(value, 1), 0)));
    } else if (bagId === OID.safeContentsBag) collectBags(value, password, into);
  }
};

/** Re-encodes an element in DER form (used for unencrypted key bags, which are read in place). */
const encodeElement = (element: BerElement): Buffer => {
  const body = element.constructed ? Buffer.concat(element.children.map(encodeElement)) : element.contents;
  const identifier = (element.tagClass << 6) | (element.constructed ? 0x20 : 0) | element.tag;
  if (element.tag >= 0x1f) throw new BerFormatError('high tag numbers are not expected in a key bag');
  const length =
    body.length < 0x80
      ? Buffer.from([body.length])
      : (() => {
          const bytes: number[] = [];
          for (let rest = body.length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
          return Buffer.from([0x80 | bytes.length, ...bytes]);
        })();
  return Buffer.concat([Buffer.from([identifier]), length, body]);
};

/**
 * The keys and certificates of a PKCS#12 keystore.
 * @throws Pkcs12Error (`format`: not a PKCS#12 file, `password`: wrong password, `unsupported`)
 */
export const readPkcs12 = (bytes: Buffer, password: string): Pkcs12Content => {
  try {
    const pfx = readBer(bytes);
    if (integerOf(childAt(pfx, 0)) !== 3) throw new Pkcs12Error('format', 'not a PKCS#12 version 3 keystore');
    const authSafeInfo = childAt(pfx, 1);
    if (oidOf(childAt(authSafeInfo, 0)) !== OID.data)
      throw new Pkcs12Error('unsupported', 'only password-integrity keystores are supported');
    const authSafe = octetsOf(explicitOf(childAt(authSafeInfo, 1), 0));
    const macData = pfx.children[2];
    if (macData !== undefined) checkMac(macData, authSafe, password);
    const into = { keys: [] as Buffer[], certs: [] as Buffer[] };
    for (const contentInfo of readBer(authSafe).children) {
      const type = oidOf(childAt(contentInfo, 0));
      if (type === OID.data) collectBags(readBer(octetsOf(explicitOf(childAt(contentInfo, 1), 0))), password, into);
      else if (type === OID.encryptedData) {
        const encryptedContentInfo = childAt(explicitOf(childAt(contentInfo, 1), 0), 1);
        const encrypted = encryptedContentInfo.children[2];
        if (encrypted === undefined) continue;
        collectBags(readBer(decrypt(childAt(encryptedContentInfo, 1), password, octetsOf(encrypted))), password, into);
      } else throw new Pkcs12Error('unsupported', 'public-key protected (enveloped) keystore content is not supported');
    }
    return { privateKeys: into.keys, certificates: into.certs };
  } catch (error) {
    if (error instanceof Pkcs12Error) throw error;
    if (error instanceof BerFormatError) throw new Pkcs12Error('format', `not a PKCS#12 keystore (${error.message})`);
    throw error;
  }
};
