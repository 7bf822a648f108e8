/**
 * @module identity/config-cipher
 * Encryption of secrets at rest in the configuration (private keys, data-source passwords): an
 * AES-256-GCM envelope written as one string, so that the datastore, the journal, exports and
 * reads only ever hold the encrypted form.
 *
 * Stored form: `data:<media-type>;aes256gcm;kid=<key id>,<base64 of iv ‖ ciphertext ‖ tag>`.
 * The key id is the first 8 hex digits of HMAC-SHA-256(key, "idconf key id"): it tells which
 * key a value needs without revealing anything about the key.
 * @see NIST SP 800-38D (GCM), RFC 2397 (the data: URL shape borrowed for the envelope)
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** Length of the configuration key in bytes (AES-256). */
export const CONFIG_KEY_LENGTH = 32;

const IV_LENGTH = 12;
const TAG_LENGTH = 16;
const ENVELOPE = /^data:([^;,]+);aes256gcm;kid=([0-9a-f]{8}),([A-Za-z0-9+/]+=*)$/;

/** An encrypted value taken apart. */
export interface EncryptedValue {
  readonly mediaType: string;
  readonly keyId: string;
  readonly payload: Buffer;
}

/** The parts of `value` when it is an encrypted envelope, else undefined. */
export const parseEncryptedValue = (value: string): EncryptedValue | undefined => {
  const match = ENVELOPE.exec(value);
  if (match === null) return undefined;
  return {
    mediaType: match[1] as string,
    keyId: match[2] as string,
    payload: Buffer.from(match[3] as string, 'base64'),
  };
};

/** True when `value` is an encrypted envelope (of any key). */
export const isEncryptedValue = (value: string): boolean => ENVELOPE.test(value);

/** Thrown when a value cannot be decrypted: another key, or altered ciphertext. */
export class ConfigDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigDecryptionError';
  }
}

/** The key id of `key` (see the module comment). */
export const configKeyId = (key: Buffer): string =>
  createHmac('sha256', key).update('idconf key id').digest('hex').slice(0, 8);

/** Encrypts and decrypts configuration secrets with one AES-256-GCM key. */
export class ConfigCipher {
  readonly #key: Buffer;
  /** The key id written into every envelope. */
  readonly keyId: string;

  constructor(key: Buffer) {
    if (key.length !== CONFIG_KEY_LENGTH)
      throw new RangeError(`the configuration key must be ${CONFIG_KEY_LENGTH} bytes`);
    this.#key = Buffer.from(key);
    this.keyId = configKeyId(key);
  }

  /** The envelope of `clear`, labelled with `mediaType` (e.g. `text/plain`, `application/x-pem-file`). */
  encrypt(clear: string | Buffer, mediaType: string): string {
    const iv = randomBytes(IV_LENGTH);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(clear), cipher.final()]);
    const payload = Buffer.concat([iv, body, cipher.getAuthTag()]);
    return `data:${mediaType};aes256gcm;kid=${this.keyId},${payload.toString('base64')}`;
  }

  /** The clear bytes of an envelope. @throws ConfigDecryptionError */
  decrypt(value: string): Buffer {
    const parsed = parseEncryptedValue(value);
    if (parsed === undefined) throw new ConfigDecryptionError('the value is not an encrypted envelope');
    if (parsed.keyId !== this.keyId)
      throw new ConfigDecryptionError(
        `the value was encrypted with configuration key ${parsed.keyId}, but the server's key is ${this.keyId}`,
      );
    if (parsed.payload.length < IV_LENGTH + TAG_LENGTH) throw new ConfigDecryptionError('the envelope is truncated');
    const iv = parsed.payload.subarray(0, IV_LENGTH);
    const tag = parsed.payload.subarray(parsed.payload.length - TAG_LENGTH);
    const body = parsed.payload.subarray(IV_LENGTH, parsed.payload.length - TAG_LENGTH);
    const decipher = createDecipheriv('aes-256-gcm', this.#key, iv);
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(body), decipher.final()]);
    } catch {
      throw new ConfigDecryptionError('the encrypted value was altered or belongs to another key');
    }
  }

  /** The clear text of an envelope (UTF-8). @throws ConfigDecryptionError */
  decryptText(value: string): string {
    return this.decrypt(value).toString('utf8');
  }
}
