/**
 * @module identity/crypto-lists
 * The lists of `base:facilities/crypto` and what each may hold, and the stored form of their
 * `keystore` leaf: entries with a private key store PEM encrypted with the configuration key;
 * certificate and public-key entries store PEM in clear.
 * @see docs/model.md (facilities/crypto)
 */
import type { ConfigCipher } from './config-cipher.ts';
import { ConfigDecryptionError, isEncryptedValue } from './config-cipher.ts';
import type { KeyMaterial } from './key-material.ts';
import { KeyMaterialError, materialToPem, readPrivateMaterial, readPublicMaterial } from './key-material.ts';

/** One list of key entries. */
export interface CryptoList {
  /** Schema path of the list. */
  readonly path: string;
  /** Entries hold a private key (stored encrypted). */
  readonly holdsPrivateKey: boolean;
  /** A certificate is required (TLS keystores and truststores). */
  readonly needsCertificate: boolean;
}

const CRYPTO = '/base:facilities/crypto';

export const SIGNING_KEYS: CryptoList = {
  path: `${CRYPTO}/signing-keys/signing-key`,
  holdsPrivateKey: true,
  needsCertificate: false,
};
export const SIGNATURE_VERIFICATION_KEYS: CryptoList = {
  path: `${CRYPTO}/signature-verification-keys/signature-verification-key`,
  holdsPrivateKey: false,
  needsCertificate: false,
};
export const SSL_SERVER_KEYSTORES: CryptoList = {
  path: `${CRYPTO}/ssl/server-keystore`,
  holdsPrivateKey: true,
  needsCertificate: true,
};
export const SSL_SERVER_TRUSTSTORE: CryptoList = {
  path: `${CRYPTO}/ssl/server-truststore/server-certificate`,
  holdsPrivateKey: false,
  needsCertificate: true,
};
export const SSL_CLIENT_TRUSTSTORE: CryptoList = {
  path: `${CRYPTO}/ssl/client-truststore/client-certificate`,
  holdsPrivateKey: false,
  needsCertificate: true,
};
export const SSL_CLIENT_KEYSTORES: CryptoList = {
  path: `${CRYPTO}/ssl/client-keystores/client-keystore`,
  holdsPrivateKey: true,
  needsCertificate: true,
};

/** Every list of key entries. */
export const CRYPTO_LISTS: readonly CryptoList[] = [
  SIGNING_KEYS,
  SIGNATURE_VERIFICATION_KEYS,
  SSL_SERVER_KEYSTORES,
  SSL_SERVER_TRUSTSTORE,
  SSL_CLIENT_TRUSTSTORE,
  SSL_CLIENT_KEYSTORES,
];

/** Media type label of the stored (encrypted) PEM. */
export const PEM_MEDIA_TYPE = 'application/x-pem-file';

/**
 * Reads input material for an entry of `list`: a private key (with its certificates) or public
 * material, checked against what the list needs. @throws KeyMaterialError
 */
export const readMaterialFor = (list: CryptoList, text: string, password: string | undefined): KeyMaterial => {
  const material = list.holdsPrivateKey
    ? readPrivateMaterial(text, password)
    : readPublicMaterial(text, { allowBareKey: !list.needsCertificate });
  if (list.needsCertificate && material.certificates.length === 0)
    throw new KeyMaterialError('keystore', 'the keystore holds no certificate');
  return material;
};

/** The value stored in the `keystore` leaf for `material` in `list`. */
export const storedValueOf = (list: CryptoList, material: KeyMaterial, cipher: ConfigCipher): string => {
  const pem = materialToPem(material);
  return list.holdsPrivateKey ? cipher.encrypt(pem, PEM_MEDIA_TYPE) : pem;
};

/**
 * The material of a stored `keystore` value. @throws KeyMaterialError when it cannot be read,
 * ConfigDecryptionError when it cannot be decrypted
 */
export const readStoredValue = (list: CryptoList, value: string, cipher: ConfigCipher): KeyMaterial => {
  if (list.holdsPrivateKey) {
    if (!isEncryptedValue(value)) throw new KeyMaterialError('keystore', 'the stored private key is not encrypted');
    return readMaterialFor(list, cipher.decryptText(value), undefined);
  }
  if (isEncryptedValue(value)) throw new ConfigDecryptionError('public material is stored in clear, not encrypted');
  return readMaterialFor(list, value, undefined);
};

/** A small cache of what stored values hold (reads of details and the TLS binding ask often). */
export class StoredMaterialCache {
  readonly #cipher: ConfigCipher;
  readonly #entries = new Map<string, KeyMaterial | undefined>();
  readonly #capacity: number;

  constructor(cipher: ConfigCipher, capacity = 512) {
    this.#cipher = cipher;
    this.#capacity = capacity;
  }

  /** The material of `value` in `list`, undefined when it cannot be read. */
  get(list: CryptoList, value: string): KeyMaterial | undefined {
    const key = `${list.path}\u0000${value}`;
    if (this.#entries.has(key)) return this.#entries.get(key);
    let material: KeyMaterial | undefined;
    try {
      material = readStoredValue(list, value, this.#cipher);
    } catch {
      material = undefined;
    }
    if (this.#entries.size >= this.#capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, material);
    return material;
  }
}
