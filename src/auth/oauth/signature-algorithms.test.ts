/**
 * @module auth/oauth/signature-algorithms.test
 * The algorithms each kind of key admits, and which JWKS members qualify as verification keys.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { algorithmsForKey, verificationKeysOf } from './signature-algorithms.ts';

describe('algorithmsForKey', () => {
  it('admits the RSA family for RSA, one ES algorithm per curve, EdDSA for Ed25519', () => {
    assert.deepEqual(algorithmsForKey(generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey), [
      'RS256',
      'RS384',
      'RS512',
      'PS256',
      'PS384',
      'PS512',
    ]);
    for (const [curve, algorithm] of [
      ['prime256v1', 'ES256'],
      ['secp384r1', 'ES384'],
      ['secp521r1', 'ES512'],
    ] as const)
      assert.deepEqual(algorithmsForKey(generateKeyPairSync('ec', { namedCurve: curve }).publicKey), [algorithm]);
    assert.deepEqual(algorithmsForKey(generateKeyPairSync('ed25519').publicKey), ['EdDSA', 'Ed25519']);
  });

  it('admits nothing for other curves and key types', () => {
    assert.deepEqual(algorithmsForKey(generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).publicKey), []);
    assert.deepEqual(algorithmsForKey(generateKeyPairSync('x25519').publicKey), []);
  });
});

describe('verificationKeysOf', () => {
  it('keeps signature keys with their public members only', () => {
    const keys = verificationKeysOf([
      { kty: 'RSA', kid: 'r', n: 'n', e: 'AQAB', d: 'private', p: 'p', use: 'sig' },
      { kty: 'EC', kid: 'e', crv: 'P-256', x: 'x', y: 'y', alg: 'ES256' },
      { kty: 'OKP', kid: 'o', crv: 'Ed25519', x: 'x' },
    ]);
    assert.deepEqual(keys, [
      { kty: 'RSA', kid: 'r', use: 'sig', n: 'n', e: 'AQAB' },
      { kty: 'EC', kid: 'e', alg: 'ES256', crv: 'P-256', x: 'x', y: 'y' },
      { kty: 'OKP', kid: 'o', crv: 'Ed25519', x: 'x' },
    ]);
  });

  it('drops symmetric, encryption, mismatched and malformed entries', () => {
    assert.deepEqual(
      verificationKeysOf([
        { kty: 'oct', k: 'secret' },
        { kty: 'RSA', n: 'n', e: 'AQAB', use: 'enc' },
        { kty: 'RSA', n: 'n', e: 'AQAB', alg: 'HS256' },
        { kty: 'EC', crv: 'P-256', x: 'x', y: 'y', alg: 'ES384' },
        { kty: 'OKP', crv: 'X25519', x: 'x' },
        'text',
        null,
        [1],
      ]),
      [],
    );
  });
});
