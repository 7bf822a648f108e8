/**
 * @module auth/password-hash-scrypt
 * scrypt password hashes (verification only) in the PHC-style form that Python's passlib and
 * other libraries write: `$scrypt$ln=<log2 N>,r=<block size>,p=<parallelism>$<salt>$<hash>`,
 * salt and hash in unpadded base64, the salt used as its decoded bytes. @see RFC 7914
 */
import { scrypt, timingSafeEqual } from 'node:crypto';
import { type HashProblem, isHashProblem, parseDecimal, parsePhcString } from './password-hash-phc.ts';

/** A parsed scrypt hash. */
export interface ScryptHash {
  readonly log2N: number;
  readonly blockSize: number;
  readonly parallelism: number;
  readonly salt: Buffer;
  readonly hash: Buffer;
}

/** Bounds for stored hashes: the memory scrypt needs (128·N·r bytes) stays within 1 GiB. */
export const SCRYPT_LIMITS = { maxMemoryBytes: 1024 ** 3, maxParallelism: 16 } as const;

const memoryOf = (hash: Pick<ScryptHash, 'log2N' | 'blockSize'>): number => 128 * 2 ** hash.log2N * hash.blockSize;

/** Parses a `$scrypt$` hash; a {@link HashProblem} when it is malformed or out of bounds. */
export const parseScryptHash = (text: string): ScryptHash | HashProblem => {
  const phc = parsePhcString(text);
  if (isHashProblem(phc)) return phc;
  if (phc.id !== 'scrypt') return { problem: `${phc.id} is not scrypt` };
  if (phc.version !== undefined) return { problem: 'scrypt: unexpected version field' };
  const names = [...phc.parameters.keys()].sort().join(',');
  if (names !== 'ln,p,r') return { problem: 'scrypt: expected exactly the parameters ln, r and p' };
  const log2N = parseDecimal(phc.parameters.get('ln'));
  const blockSize = parseDecimal(phc.parameters.get('r'));
  const parallelism = parseDecimal(phc.parameters.get('p'));
  if (
    log2N === undefined ||
    blockSize === undefined ||
    parallelism === undefined ||
    log2N < 1 ||
    log2N > 30 ||
    blockSize < 1 ||
    parallelism < 1 ||
    parallelism > SCRYPT_LIMITS.maxParallelism ||
    memoryOf({ log2N, blockSize }) > SCRYPT_LIMITS.maxMemoryBytes
  ) {
    return { problem: 'scrypt: parameters ln, r or p out of range' };
  }
  if (phc.salt.length === 0 || phc.hash.length < 16 || phc.hash.length > 1024) {
    return { problem: 'scrypt: empty salt or hash length out of range' };
  }
  return { log2N, blockSize, parallelism, salt: phc.salt, hash: phc.hash };
};

/** True when `password` hashes to the parsed hash (constant-time comparison). */
export const verifyScrypt = (password: string, stored: ScryptHash): Promise<boolean> =>
  new Promise((resolve, reject) =>
    scrypt(
      Buffer.from(password, 'utf8'),
      stored.salt,
      stored.hash.length,
      {
        N: 2 ** stored.log2N,
        r: stored.blockSize,
        p: stored.parallelism,
        maxmem: 2 * memoryOf(stored) + 1024 * 1024,
      },
      (error, key) => (error === null ? resolve(timingSafeEqual(key, stored.hash)) : reject(error)),
    ),
  );
