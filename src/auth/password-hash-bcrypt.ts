/**
 * @module auth/password-hash-bcrypt
 * bcrypt hashes (`$2a$`, `$2b$`, `$2y$` + two-digit cost + 22 characters of salt + 31 of hash),
 * as OpenBSD, PHP and passlib write them, for verifying hashes held by a credential manager's
 * database or an imported admin account. The hash is computed by `bcryptjs` in a worker thread;
 * the comparison is constant-time over the hash part. Only the first 72 bytes of a password
 * count (a property of bcrypt itself).
 * @see https://www.usenix.org/legacy/events/usenix99/provos/provos.pdf
 */
import { timingSafeEqual } from 'node:crypto';
import { HashWorker } from './hash-worker.ts';
import type { HashProblem } from './password-hash-phc.ts';

/** A parsed bcrypt hash. */
export interface BcryptHash {
  /** The minor version letter; `a`, `b` and `y` compute the same for UTF-8 passwords under 256 bytes. */
  readonly minor: 'a' | 'b' | 'y';
  /** log2 of the number of rounds. */
  readonly cost: number;
  /** 22 characters of bcrypt's base64 (16 bytes). */
  readonly salt: string;
  /** 31 characters of bcrypt's base64 (23 bytes). */
  readonly hash: string;
}

/** Cost bounds: bcrypt defines 4–31; above our maximum (about 6 s per check here) a hash is refused. */
export const BCRYPT_LIMITS = { minCost: 4, maxCost: 16 } as const;

const PATTERN = /^\$2([aby])\$([0-9]{2})\$([./A-Za-z0-9]{22})([./A-Za-z0-9]{31})$/;

/** Parses a bcrypt hash; a {@link HashProblem} when it is malformed or out of bounds. */
export const parseBcryptHash = (text: string): BcryptHash | HashProblem => {
  const match = PATTERN.exec(text);
  if (match === null) return { problem: 'bcrypt: expected $2a$, $2b$ or $2y$, a two-digit cost, salt and hash' };
  const cost = Number(match[2]);
  if (cost < BCRYPT_LIMITS.minCost || cost > BCRYPT_LIMITS.maxCost)
    return { problem: `bcrypt: cost ${cost} is outside ${BCRYPT_LIMITS.minCost}–${BCRYPT_LIMITS.maxCost}` };
  return { minor: match[1] as 'a' | 'b' | 'y', cost, salt: match[3] as string, hash: match[4] as string };
};

const worker = new HashWorker(new URL('./bcrypt-worker.ts', import.meta.url), 'bcrypt');

/** True when `password` hashes to the parsed hash (constant-time comparison of the hash parts). */
export const verifyBcrypt = async (password: string, stored: BcryptHash): Promise<boolean> => {
  const cost = String(stored.cost).padStart(2, '0');
  const computed = await worker.compute(password, `$2${stored.minor}$${cost}$${stored.salt}`);
  // Only the hash part: an implementation may re-encode the salt's unused last bits.
  const hash = computed.slice(-31);
  return computed.length === 60 && timingSafeEqual(Buffer.from(hash), Buffer.from(stored.hash));
};
