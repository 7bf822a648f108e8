/**
 * @module auth/password-hash-argon2
 * Argon2 password hashes in PHC form, `$argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<hash>`,
 * computed by Node's built-in `crypto.argon2` (off the event loop). New hashes are argon2id;
 * argon2i and argon2d hashes verify too. @see RFC 9106
 */
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatPhcString, type HashProblem, isHashProblem, parseDecimal, parsePhcString } from './password-hash-phc.ts';

/** The argon2 variants. @see RFC 9106 §3.1 */
export type Argon2Variant = 'argon2d' | 'argon2i' | 'argon2id';

/** Cost parameters of a new argon2id hash. */
export interface Argon2Parameters {
  /** Memory in KiB (`m`). */
  readonly memoryKiB: number;
  /** Passes over the memory (`t`). */
  readonly iterations: number;
  /** Lanes (`p`). */
  readonly parallelism: number;
}

/**
 * The parameters of new hashes: OWASP's Password Storage Cheat Sheet recommendation for
 * argon2id (19 MiB, 2 passes, 1 lane), with a 16-byte salt and a 32-byte hash.
 */
export const DEFAULT_ARGON2_PARAMETERS: Argon2Parameters = { memoryKiB: 19_456, iterations: 2, parallelism: 1 };

/** The only argon2 version Node implements (1.3, `v=19`). @see RFC 9106 §3.1 */
const ARGON2_VERSION = 0x13;
const SALT_BYTES = 16;
const HASH_BYTES = 32;

/** Bounds for stored hashes: beyond them a hash is refused rather than computed. */
export const ARGON2_LIMITS = { maxMemoryKiB: 1_048_576, maxIterations: 100, maxParallelism: 64 } as const;

/** A parsed argon2 hash. */
export interface Argon2Hash {
  readonly variant: Argon2Variant;
  readonly parameters: Argon2Parameters;
  readonly salt: Buffer;
  readonly hash: Buffer;
}

const VARIANTS: ReadonlySet<string> = new Set<Argon2Variant>(['argon2d', 'argon2i', 'argon2id']);

const derive = (variant: Argon2Variant, password: string, salt: Buffer, parameters: Argon2Parameters, length: number) =>
  new Promise<Buffer>((resolve, reject) =>
    argon2(
      variant,
      {
        message: Buffer.from(password, 'utf8'),
        nonce: salt,
        memory: parameters.memoryKiB,
        passes: parameters.iterations,
        parallelism: parameters.parallelism,
        tagLength: length,
      },
      (error, key) => (error === null ? resolve(key) : reject(error)),
    ),
  );

/** Parses an argon2 PHC string; a {@link HashProblem} when it is malformed or out of bounds. */
export const parseArgon2Hash = (text: string): Argon2Hash | HashProblem => {
  const phc = parsePhcString(text);
  if (isHashProblem(phc)) return phc;
  if (!VARIANTS.has(phc.id)) return { problem: `${phc.id} is not an argon2 variant` };
  if (phc.version !== ARGON2_VERSION) return { problem: `${phc.id}: only version 19 (v=19) is supported` };
  const names = [...phc.parameters.keys()].sort().join(',');
  if (names !== 'm,p,t') return { problem: `${phc.id}: expected exactly the parameters m, t and p` };
  const memoryKiB = parseDecimal(phc.parameters.get('m'));
  const iterations = parseDecimal(phc.parameters.get('t'));
  const parallelism = parseDecimal(phc.parameters.get('p'));
  if (
    memoryKiB === undefined ||
    iterations === undefined ||
    parallelism === undefined ||
    parallelism < 1 ||
    parallelism > ARGON2_LIMITS.maxParallelism ||
    iterations < 1 ||
    iterations > ARGON2_LIMITS.maxIterations ||
    memoryKiB < 8 * parallelism ||
    memoryKiB > ARGON2_LIMITS.maxMemoryKiB
  ) {
    return { problem: `${phc.id}: parameters m, t or p out of range` };
  }
  if (phc.salt.length < 8 || phc.hash.length < 4 || phc.hash.length > 1024) {
    return { problem: `${phc.id}: salt shorter than 8 bytes or hash length out of range` };
  }
  return {
    variant: phc.id as Argon2Variant,
    parameters: { memoryKiB, iterations, parallelism },
    salt: phc.salt,
    hash: phc.hash,
  };
};

/** Hashes a password with argon2id and a fresh random salt. */
export const hashArgon2id = async (
  password: string,
  parameters: Argon2Parameters = DEFAULT_ARGON2_PARAMETERS,
): Promise<string> => {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive('argon2id', password, salt, parameters, HASH_BYTES);
  return formatPhcString({
    id: 'argon2id',
    version: ARGON2_VERSION,
    parameters: [
      ['m', parameters.memoryKiB],
      ['t', parameters.iterations],
      ['p', parameters.parallelism],
    ],
    salt,
    hash,
  });
};

/** True when `password` hashes to the parsed hash (constant-time comparison). */
export const verifyArgon2 = async (password: string, stored: Argon2Hash): Promise<boolean> => {
  const computed = await derive(stored.variant, password, stored.salt, stored.parameters, stored.hash.length);
  return timingSafeEqual(computed, stored.hash);
};
