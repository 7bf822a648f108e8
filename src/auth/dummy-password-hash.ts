/**
 * @module auth/dummy-password-hash
 * A well-formed hash of a credential manager's `password-hash-format` that no password matches:
 * checking a password against it costs what checking a real account's hash of that format
 * costs, so an unknown user is not told apart from a wrong password by the answer's time.
 * Random digests are enough: the check computes the hash before it compares.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { PasswordHashFormat } from './credential-manager-config.ts';
import { DEFAULT_ARGON2_PARAMETERS } from './password-hash-argon2.ts';
import { encodeB64 } from './password-hash-phc.ts';

const CRYPT_ALPHABET = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const cryptCharacters = (count: number): string =>
  Array.from({ length: count }, () => CRYPT_ALPHABET[randomInt(CRYPT_ALPHABET.length)]).join('');

/** A dummy hash in `format` with the usual cost of that format (glibc's 5000 rounds, bcrypt cost 10, OWASP argon2id). */
export const dummyPasswordHash = (format: PasswordHashFormat): string => {
  switch (format) {
    case 'sha512-crypt':
      return `$6$${cryptCharacters(16)}$${cryptCharacters(86)}`;
    case 'sha256-crypt':
      return `$5$${cryptCharacters(16)}$${cryptCharacters(43)}`;
    case 'bcrypt':
      // The last salt character carries 2 bits: '.', 'O', 'e' and 'u' are the canonical ones.
      return `$2b$10$${cryptCharacters(21)}e${cryptCharacters(31)}`;
    case 'argon2id': {
      const { memoryKiB, iterations, parallelism } = DEFAULT_ARGON2_PARAMETERS;
      return `$argon2id$v=19$m=${memoryKiB},t=${iterations},p=${parallelism}$${encodeB64(randomBytes(16))}$${encodeB64(randomBytes(32))}`;
    }
  }
};
