/**
 * @module auth/password-hash
 * Hashing new passwords (argon2id) and verifying stored hashes of every supported kind:
 * argon2id/argon2i/argon2d and scrypt in PHC form, the crypt(3) hashes `$6$`, `$5$`
 * (with `rounds=`) and `$1$`, and bcrypt (`$2a$`, `$2b$`, `$2y$`) imported from elsewhere. A hash of an unknown or garbled form never
 * verifies; {@link passwordHashProblem} says why, without repeating the hash.
 */
import {
  type Argon2Parameters,
  DEFAULT_ARGON2_PARAMETERS,
  hashArgon2id,
  parseArgon2Hash,
  verifyArgon2,
} from './password-hash-argon2.ts';
import { parseBcryptHash, verifyBcrypt } from './password-hash-bcrypt.ts';
import { parseMd5CryptHash, verifyMd5Crypt } from './password-hash-md5-crypt.ts';
import { type HashProblem, isHashProblem } from './password-hash-phc.ts';
import { parseScryptHash, verifyScrypt } from './password-hash-scrypt.ts';
import { parseShaCryptHash, verifyShaCrypt } from './password-hash-sha-crypt.ts';

/** The kinds of stored hash that verify. */
export type PasswordHashScheme =
  | 'argon2id'
  | 'argon2i'
  | 'argon2d'
  | 'scrypt'
  | 'sha512-crypt'
  | 'sha256-crypt'
  | 'md5-crypt'
  | 'bcrypt';

/** Verifies a password against a parsed hash of one scheme. */
type Verify = (password: string) => Promise<boolean>;

/** A stored hash, recognised and parsed: its scheme and how to check a password against it. */
interface RecognisedHash {
  readonly scheme: PasswordHashScheme;
  readonly verify: Verify;
}

/** Recognises a stored hash by its prefix and parses it. */
const recognise = (hash: string): RecognisedHash | HashProblem => {
  if (hash.startsWith('$argon2')) {
    const parsed = parseArgon2Hash(hash);
    if (isHashProblem(parsed)) return parsed;
    return { scheme: parsed.variant, verify: (password) => verifyArgon2(password, parsed) };
  }
  if (hash.startsWith('$scrypt$')) {
    const parsed = parseScryptHash(hash);
    if (isHashProblem(parsed)) return parsed;
    return { scheme: 'scrypt', verify: (password) => verifyScrypt(password, parsed) };
  }
  if (hash.startsWith('$5$') || hash.startsWith('$6$')) {
    const parsed = parseShaCryptHash(hash);
    if (isHashProblem(parsed)) return parsed;
    return {
      scheme: parsed.variant === '6' ? 'sha512-crypt' : 'sha256-crypt',
      verify: (password) => verifyShaCrypt(password, parsed),
    };
  }
  if (hash.startsWith('$1$')) {
    const parsed = parseMd5CryptHash(hash);
    if (isHashProblem(parsed)) return parsed;
    return { scheme: 'md5-crypt', verify: async (password) => verifyMd5Crypt(password, parsed) };
  }
  if (/^\$2[aby]\$/.test(hash)) {
    const parsed = parseBcryptHash(hash);
    if (isHashProblem(parsed)) return parsed;
    return { scheme: 'bcrypt', verify: (password) => verifyBcrypt(password, parsed) };
  }
  const scheme = /^\$([0-9a-z-]{1,32})\$/.exec(hash)?.[1];
  return { problem: scheme === undefined ? 'not a crypt or PHC hash' : `unsupported hash scheme $${scheme}$` };
};

/**
 * Hashes a new password: argon2id with a random 16-byte salt, in PHC form. The password is
 * normalised to Unicode NFC first, as RFC 7617 §2.1 expects clients to send it.
 */
export const hashPassword = (
  password: string,
  parameters: Argon2Parameters = DEFAULT_ARGON2_PARAMETERS,
): Promise<string> => hashArgon2id(password.normalize('NFC'), parameters);

/**
 * True when `password` matches the stored `hash`; false for a wrong password and for a hash
 * of unknown or garbled form. Rejects only when the computation itself fails.
 */
export const verifyPassword = async (password: string, hash: string): Promise<boolean> => {
  const recognised = recognise(hash);
  return isHashProblem(recognised) ? false : recognised.verify(password);
};

/** The scheme of a usable stored hash, or undefined when it would never verify. */
export const passwordHashScheme = (hash: string): PasswordHashScheme | undefined => {
  const recognised = recognise(hash);
  return isHashProblem(recognised) ? undefined : recognised.scheme;
};

/** Why a stored hash would never verify (for the log; it never quotes the hash), or undefined when it is usable. */
export const passwordHashProblem = (hash: string): string | undefined => {
  const recognised = recognise(hash);
  return isHashProblem(recognised) ? recognised.problem : undefined;
};
