/**
 * @module identity/secret-transforms
 * What every write does to secrets before they reach the datastore: a clear value of a
 * `base:secret` leaf is encrypted; key material written straight into a `keystore` leaf is
 * checked and stored as the actions would store it (private keys encrypted, public material as
 * PEM). An encrypted value is kept only when the server's key opens it, so a value encrypted
 * elsewhere is refused rather than stored unreadable.
 */
import type { InstancePath } from '../data/index.ts';
import { formatInstancePath } from '../data/index.ts';
import { InvalidValueError } from '../errors/index.ts';
import type { LeafTransform } from '../management/index.ts';
import type { LeafNode, SchemaTree, YangValue } from '../yang/index.ts';
import type { ConfigCipher } from './config-cipher.ts';
import { ConfigDecryptionError, isEncryptedValue } from './config-cipher.ts';
import type { CryptoList } from './crypto-lists.ts';
import { readMaterialFor, readStoredValue, storedValueOf } from './crypto-lists.ts';
import { KeyMaterialError } from './key-material.ts';
import { cryptoListOfLeaf, isSecretLeaf } from './model-paths.ts';

/** Media type label of encrypted text secrets. */
export const SECRET_MEDIA_TYPE = 'text/plain';

const invalid = (path: InstancePath, message: string, cause?: unknown): InvalidValueError =>
  new InvalidValueError(message, { path: formatInstancePath(path), ...(cause === undefined ? {} : { cause }) });

/** Encrypts the clear values of `base:secret` leaves. */
export const secretLeafTransform = (cipher: ConfigCipher): LeafTransform => ({
  appliesTo: isSecretLeaf,
  transform: (value: YangValue, path: InstancePath): YangValue => {
    if (typeof value !== 'string') return value;
    if (!isEncryptedValue(value)) return cipher.encrypt(value, SECRET_MEDIA_TYPE);
    try {
      cipher.decrypt(value);
    } catch (error) {
      throw invalid(path, `the encrypted value cannot be opened with this server's configuration key`, error);
    }
    return value;
  },
});

const storeKeystore = (list: CryptoList, value: string, path: InstancePath, cipher: ConfigCipher): string => {
  try {
    if (list.holdsPrivateKey && isEncryptedValue(value)) {
      readStoredValue(list, value, cipher);
      return value;
    }
    return storedValueOf(list, readMaterialFor(list, value, undefined), cipher);
  } catch (error) {
    if (error instanceof ConfigDecryptionError)
      throw invalid(path, `the encrypted keystore cannot be opened with this server's configuration key`, error);
    if (error instanceof KeyMaterialError)
      throw invalid(
        path,
        error.field === 'password'
          ? 'the key is password-protected: import it with an add- action, which takes the password'
          : `keystore: ${error.message}`,
        error,
      );
    throw error;
  }
};

/** Checks key material written to a `keystore` leaf and stores it in the entry's stored form. */
export const keystoreLeafTransform = (schema: SchemaTree, cipher: ConfigCipher): LeafTransform => ({
  appliesTo: (leaf: LeafNode) => cryptoListOfLeaf(schema, leaf) !== undefined,
  transform: (value: YangValue, path: InstancePath): YangValue => {
    const leaf = path.at(-1)?.schema;
    const list = leaf?.kind === 'leaf' ? cryptoListOfLeaf(schema, leaf) : undefined;
    if (list === undefined || typeof value !== 'string') return value;
    return storeKeystore(list, value, path, cipher);
  },
});
