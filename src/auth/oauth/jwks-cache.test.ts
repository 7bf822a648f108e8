/**
 * @module auth/oauth/jwks-cache.test
 * When the key cache fetches the JWK Set: once at first use (shared by concurrent requests),
 * again when stale, at once for an unknown kid (a key rotation) but not more than once per
 * cooldown, and not again right after a failure; a failure keeps the keys it had. The clock and
 * the fetch are injected.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { errors, exportJWK, type FlattenedJWSInput } from 'jose';
import { SILENT_LOGGER } from '../../util/index.ts';
import { JwksCache, JwksUnavailableError } from './jwks-cache.ts';

const jwkOf = async (kid: string) => ({
  ...(await exportJWK(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey)),
  kid,
});

const TOKEN: FlattenedJWSInput = { payload: '', signature: '', protected: '' };
const header = (kid: string) => ({ alg: 'ES256', kid });

/** A cache over a mutable key list, counting fetches, with a clock the test moves. */
const setup = async (kids: string[]) => {
  const state = { keys: (await Promise.all(kids.map(jwkOf))) as unknown[], now: 1_000_000, fail: false, fetches: 0 };
  const cache = new JwksCache({
    uri: 'https://issuer.example/jwks',
    log: SILENT_LOGGER,
    now: () => state.now,
    maxAgeMs: 600_000,
    refreshCooldownMs: 30_000,
    retryDelayMs: 5_000,
    fetch: async () => {
      state.fetches++;
      if (state.fail) throw new Error('connection refused');
      return state.keys;
    },
  });
  return { state, cache };
};

const noMatchingKey = (error: unknown): boolean => error instanceof errors.JWKSNoMatchingKey;

describe('JwksCache', () => {
  it('fetches once at first use, shared by concurrent lookups', async () => {
    const { state, cache } = await setup(['a']);
    await Promise.all([cache.resolve(header('a'), TOKEN), cache.resolve(header('a'), TOKEN)]);
    await cache.resolve(header('a'), TOKEN);
    assert.equal(state.fetches, 1);
    assert.equal(cache.fetches, 1);
  });

  it('picks up a rotated key at once, then refreshes for unknown kids at most once per cooldown', async () => {
    const { state, cache } = await setup(['a']);
    await cache.resolve(header('a'), TOKEN);
    state.keys = [...state.keys, await jwkOf('b')];
    await cache.resolve(header('b'), TOKEN);
    assert.equal(state.fetches, 2, 'the unknown kid made it fetch again');
    await assert.rejects(cache.resolve(header('made-up'), TOKEN), noMatchingKey);
    assert.equal(state.fetches, 2, 'within the cooldown: no fetch');
    state.now += 30_000;
    await assert.rejects(cache.resolve(header('made-up-2'), TOKEN), noMatchingKey);
    assert.equal(state.fetches, 3, 'after the cooldown: one fetch');
    await assert.rejects(cache.resolve(header('made-up-3'), TOKEN), noMatchingKey);
    assert.equal(state.fetches, 3);
  });

  it('fetches again when the keys are older than maxAge', async () => {
    const { state, cache } = await setup(['a']);
    await cache.resolve(header('a'), TOKEN);
    state.now += 599_999;
    await cache.resolve(header('a'), TOKEN);
    assert.equal(state.fetches, 1);
    state.now += 1;
    await cache.resolve(header('a'), TOKEN);
    assert.equal(state.fetches, 2);
  });

  it('keeps its keys when a fetch fails, and does not retry within the retry delay', async () => {
    const { state, cache } = await setup(['a']);
    await cache.resolve(header('a'), TOKEN);
    state.now += 600_000;
    state.fail = true;
    await cache.resolve(header('a'), TOKEN);
    assert.equal(state.fetches, 2);
    await cache.resolve(header('a'), TOKEN);
    assert.equal(state.fetches, 2, 'no retry within the delay');
    state.now += 5_000;
    state.fail = false;
    await cache.resolve(header('a'), TOKEN);
    assert.equal(state.fetches, 3);
  });

  it('without any keys, a failure is JwksUnavailableError, repeated without fetching within the delay', async () => {
    const { state, cache } = await setup(['a']);
    state.fail = true;
    await assert.rejects(cache.resolve(header('a'), TOKEN), JwksUnavailableError);
    await assert.rejects(cache.resolve(header('a'), TOKEN), /connection refused/);
    assert.equal(state.fetches, 1);
    state.now += 5_000;
    state.fail = false;
    await cache.resolve(header('a'), TOKEN);
    assert.equal(state.fetches, 2);
  });

  it('never uses symmetric keys or keys meant for encryption', async () => {
    const { state, cache } = await setup([]);
    state.keys = [
      { kty: 'oct', k: Buffer.from('a shared secret of some length!!').toString('base64url'), kid: 'oct' },
      { ...(await jwkOf('enc')), use: 'enc' },
    ];
    await assert.rejects(cache.resolve({ alg: 'HS256', kid: 'oct' }, TOKEN), errors.JOSENotSupported);
    await assert.rejects(cache.resolve({ alg: 'ES256', kid: 'oct' }, TOKEN), noMatchingKey);
    await assert.rejects(cache.resolve(header('enc'), TOKEN), noMatchingKey);
  });
});
