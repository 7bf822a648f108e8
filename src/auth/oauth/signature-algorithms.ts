/**
 * @module auth/oauth/signature-algorithms
 * Which JWS algorithms a verification key admits. The algorithm is decided by the key, never by
 * the token: only asymmetric algorithms are ever accepted (so neither `none` nor an HMAC keyed
 * with a public key can pass), and each key only those of its own type and curve.
 * @see RFC 7518 §3.1, RFC 8037 §3.1, RFC 8725 §3.1 (algorithm verification)
 */
import type { KeyObject } from 'node:crypto';

/** The JWS algorithms this server verifies. */
export const ASYMMETRIC_ALGORITHMS: readonly string[] = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

const RSA_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'];
const EDDSA_ALGORITHMS = ['EdDSA', 'Ed25519'];
/** The one ECDSA algorithm of each curve (node's name and the JWK `crv`). @see RFC 7518 §3.4 */
const ES_BY_CURVE: Readonly<Record<string, string>> = {
  prime256v1: 'ES256',
  'P-256': 'ES256',
  secp384r1: 'ES384',
  'P-384': 'ES384',
  secp521r1: 'ES512',
  'P-521': 'ES512',
};

/** The algorithms `key` (a public key) verifies; empty for a key of another kind. */
export const algorithmsForKey = (key: KeyObject): readonly string[] => {
  switch (key.asymmetricKeyType) {
    case 'rsa':
    case 'rsa-pss':
      return RSA_ALGORITHMS;
    case 'ec': {
      const algorithm = ES_BY_CURVE[key.asymmetricKeyDetails?.namedCurve ?? ''];
      return algorithm === undefined ? [] : [algorithm];
    }
    case 'ed25519':
      return EDDSA_ALGORITHMS;
    default:
      return [];
  }
};

/** The public members of a JWK that verification uses; private and symmetric members are dropped. */
const PUBLIC_MEMBERS = ['kty', 'kid', 'alg', 'use', 'key_ops', 'crv', 'n', 'e', 'x', 'y', 'x5c', 'x5t', 'x5t#S256'];

/**
 * The keys of a JWK Set that may verify access-token signatures: RSA, EC and Ed25519 keys meant
 * for signatures (no `use`, or `use: sig`) whose `alg`, when they name one, is an asymmetric
 * signature algorithm of their type; reduced to their public members. Symmetric (`oct`) keys
 * never qualify. @see RFC 7517 §4.2, §4.4
 */
export const verificationKeysOf = (keys: readonly unknown[]): Record<string, unknown>[] => {
  const usable: Record<string, unknown>[] = [];
  for (const candidate of keys) {
    if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) continue;
    const jwk = candidate as Record<string, unknown>;
    if (jwk.use !== undefined && jwk.use !== 'sig') continue;
    const family = familyOf(jwk);
    if (family.length === 0) continue;
    if (jwk.alg !== undefined && !family.includes(jwk.alg as string)) continue;
    const key: Record<string, unknown> = {};
    for (const member of PUBLIC_MEMBERS) if (jwk[member] !== undefined) key[member] = jwk[member];
    usable.push(key);
  }
  return usable;
};

const familyOf = (jwk: Record<string, unknown>): readonly string[] => {
  if (jwk.kty === 'RSA') return RSA_ALGORITHMS;
  if (jwk.kty === 'EC' && typeof jwk.crv === 'string') {
    const algorithm = ES_BY_CURVE[jwk.crv];
    return algorithm === undefined ? [] : [algorithm];
  }
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return EDDSA_ALGORITHMS;
  return [];
};
