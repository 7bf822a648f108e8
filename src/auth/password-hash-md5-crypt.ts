/**
 * @module auth/password-hash-md5-crypt
 * MD5-crypt (`$1$<salt>$<hash>`, Poul-Henning Kamp's FreeBSD algorithm, also glibc's and
 * `openssl passwd -1`), for verifying imported hashes only: it is far too fast to be a good
 * password hash today. Written from the algorithm's description: an initial digest of password,
 * magic and salt mixed with a digest of password·salt·password, then 1000 rounds that
 * alternate password, salt and the previous digest, then a fixed byte shuffle into crypt base-64.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { encodeCryptBits } from './crypt-base64.ts';
import type { HashProblem } from './password-hash-phc.ts';

/** A parsed MD5-crypt hash. */
export interface Md5CryptHash {
  /** Up to 8 characters of the crypt alphabet. */
  readonly salt: string;
  /** The 22-character encoded digest. */
  readonly digest: string;
}

const MAGIC = '$1$';
const PATTERN = /^\$1\$([./0-9A-Za-z]{0,8})\$([./0-9A-Za-z]{22})$/;
const ROUNDS = 1000;
/** Digest byte triples in output order; the last byte (11) is encoded alone. */
const TRIPLES: readonly (readonly [number, number, number])[] = [
  [0, 6, 12],
  [1, 7, 13],
  [2, 8, 14],
  [3, 9, 15],
  [4, 10, 5],
];

/** Parses a `$1$` hash; a {@link HashProblem} when it is malformed. */
export const parseMd5CryptHash = (text: string): Md5CryptHash | HashProblem => {
  const match = PATTERN.exec(text);
  if (match === null) return { problem: 'md5-crypt: expected $1$<salt of up to 8 characters>$<22 characters>' };
  return { salt: match[1] as string, digest: match[2] as string };
};

const md5 = (...parts: readonly (Buffer | string)[]): Buffer => {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** The encoded 22-character digest of `password` with `salt` (at most 8 characters are used). */
export const md5CryptDigest = (password: string, salt: string): string => {
  const key = Buffer.from(password, 'utf8');
  const saltBytes = Buffer.from(salt.slice(0, 8), 'utf8');
  const alternate = md5(key, saltBytes, key);
  const initial = createHash('md5').update(key).update(MAGIC).update(saltBytes);
  for (let remaining = key.length; remaining > 0; remaining -= 16) {
    initial.update(alternate.subarray(0, Math.min(remaining, 16)));
  }
  // One byte per bit of the password length: a zero byte for a set bit, the first password byte otherwise.
  for (let bits = key.length; bits > 0; bits >>>= 1) {
    initial.update((bits & 1) === 1 ? Buffer.of(0) : key.subarray(0, 1));
  }
  let digest: Buffer = initial.digest();
  for (let round = 0; round < ROUNDS; round++) {
    const odd = round % 2 === 1;
    digest = md5(
      odd ? key : digest,
      round % 3 === 0 ? Buffer.alloc(0) : saltBytes,
      round % 7 === 0 ? Buffer.alloc(0) : key,
      odd ? digest : key,
    );
  }
  let encoded = '';
  for (const [high, middle, low] of TRIPLES) {
    encoded += encodeCryptBits(
      ((digest[high] as number) << 16) | ((digest[middle] as number) << 8) | (digest[low] as number),
      4,
    );
  }
  return encoded + encodeCryptBits(digest[11] as number, 2);
};

/** True when `password` hashes to the parsed hash (constant-time comparison). */
export const verifyMd5Crypt = (password: string, stored: Md5CryptHash): boolean =>
  timingSafeEqual(Buffer.from(md5CryptDigest(password, stored.salt)), Buffer.from(stored.digest));
