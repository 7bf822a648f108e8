/**
 * @module auth/password-hash-sha-crypt
 * SHA-256-crypt and SHA-512-crypt (`$5$` / `$6$`, optionally `rounds=N$`), Ulrich Drepper's
 * scheme used by glibc and `/etc/shadow`, for verifying imported hashes. The digest is computed
 * by `unixcrypt` in a worker thread; the comparison here is constant-time over the digest part.
 * @see https://www.akkadia.org/drepper/SHA-crypt.txt
 */
import { timingSafeEqual } from 'node:crypto';
import { HashWorker } from './hash-worker.ts';
import type { HashProblem } from './password-hash-phc.ts';

/** A parsed SHA-crypt hash. */
export interface ShaCryptHash {
  readonly variant: '5' | '6';
  /** The `rounds=` value when the hash states one. */
  readonly rounds: number | undefined;
  /** Up to 16 characters of the crypt alphabet. */
  readonly salt: string;
  /** The encoded digest: 43 characters for `$5$`, 86 for `$6$`. */
  readonly digest: string;
}

/** Rounds bounds: below the minimum the algorithm uses the minimum; above our maximum a hash is refused. */
export const SHA_CRYPT_LIMITS = { minRounds: 1000, maxRounds: 10_000_000 } as const;

const PATTERN = /^\$([56])\$(?:rounds=([0-9]{1,10})\$)?([./0-9A-Za-z]{0,16})\$([./0-9A-Za-z]+)$/;
const DIGEST_LENGTH = { '5': 43, '6': 86 } as const;

/** Parses a `$5$`/`$6$` hash; a {@link HashProblem} when it is malformed or out of bounds. */
export const parseShaCryptHash = (text: string): ShaCryptHash | HashProblem => {
  const match = PATTERN.exec(text);
  if (match === null) return { problem: 'sha-crypt: expected $5$ or $6$, optional rounds=N$, salt, digest' };
  const variant = match[1] as '5' | '6';
  const digest = match[4] as string;
  if (digest.length !== DIGEST_LENGTH[variant]) return { problem: `sha-crypt: wrong digest length for $${variant}$` };
  const rounds = match[2] === undefined ? undefined : Number(match[2]);
  if (rounds !== undefined && rounds > SHA_CRYPT_LIMITS.maxRounds) {
    return { problem: `sha-crypt: more than ${SHA_CRYPT_LIMITS.maxRounds} rounds` };
  }
  return { variant, rounds, salt: match[3] as string, digest };
};

const worker = new HashWorker(new URL('./sha-crypt-worker.ts', import.meta.url), 'sha-crypt');

/** True when `password` hashes to the parsed hash (constant-time comparison of the digests). */
export const verifyShaCrypt = async (password: string, stored: ShaCryptHash): Promise<boolean> => {
  const rounds = stored.rounds === undefined ? '' : `rounds=${stored.rounds}$`;
  const computed = await worker.compute(password, `$${stored.variant}$${rounds}${stored.salt}`);
  const digest = computed.slice(computed.lastIndexOf('$') + 1);
  return digest.length === stored.digest.length && timingSafeEqual(Buffer.from(digest), Buffer.from(stored.digest));
};
