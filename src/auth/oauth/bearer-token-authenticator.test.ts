/**
 * @module auth/oauth/bearer-token-authenticator.test
 * The OAuth back-end: the principal of a valid token, settings read on every request (a change
 * takes effect at once), one key cache kept while the JWKS URL and HTTP client stay the same, and
 * `isCurrent` only until the token expires or the settings change.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { exportJWK, SignJWT } from 'jose';
import { AuthenticationRequiredError, InvalidTokenError } from '../../errors/index.ts';
import { SILENT_LOGGER } from '../../util/index.ts';
import { BearerTokenAuthenticator } from './bearer-token-authenticator.ts';
import type { BearerTokenSettings } from './bearer-token-settings.ts';

const SOURCE = { address: '192.0.2.9' };
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const key = generateKeyPairSync('ed25519');

const JWKS_SETTINGS: BearerTokenSettings = {
  issuer: 'https://issuer.example',
  keys: { kind: 'jwks', uri: 'https://issuer.example/jwks', client: { verifyHostname: true, timeoutMs: 1_000 } },
  audiences: ['idconf'],
  requiredScopes: [],
  clients: ['cli'],
  usernameClaim: 'sub',
  groupClaim: 'groups',
  clockSkewSeconds: 0,
};

const token = (claims: Record<string, unknown> = {}) =>
  new SignJWT({
    iss: 'https://issuer.example',
    aud: 'idconf',
    sub: 'bob',
    client_id: 'cli',
    groups: ['ops'],
    exp: NOW / 1000 + 60,
    ...claims,
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: 'ed' })
    .sign(key.privateKey);

const setup = (initial: BearerTokenSettings | undefined) => {
  const state = { settings: initial, now: NOW, fetched: [] as string[] };
  const authenticator = new BearerTokenAuthenticator({
    settings: () => state.settings,
    log: SILENT_LOGGER,
    now: () => state.now,
    fetchJwks: async (uri) => {
      state.fetched.push(uri);
      return [{ ...(await exportJWK(key.publicKey)), kid: 'ed' }];
    },
  });
  return { state, authenticator };
};

describe('BearerTokenAuthenticator', () => {
  it('gives the principal of a valid token, valid until it expires, fetching the JWKS once', async () => {
    const { state, authenticator } = setup(JWKS_SETTINGS);
    const principal = await authenticator.authenticate({ scheme: 'bearer', token: await token() }, SOURCE);
    assert.deepEqual(principal, { user: 'bob', groups: ['ops'], method: 'bearer', validUntil: NOW + 60_000 });
    await authenticator.authenticate({ scheme: 'bearer', token: await token() }, SOURCE);
    assert.deepEqual(state.fetched, ['https://issuer.example/jwks']);
  });

  it('uses a configured key without fetching anything', async () => {
    const { state, authenticator } = setup({ ...JWKS_SETTINGS, keys: { kind: 'key', id: 'k', key: key.publicKey } });
    assert.equal((await authenticator.authenticate({ scheme: 'bearer', token: await token() }, SOURCE)).user, 'bob');
    assert.deepEqual(state.fetched, []);
  });

  it('applies changed settings on the next request; keeps the key cache while the JWKS source is the same', async () => {
    const { state, authenticator } = setup(JWKS_SETTINGS);
    await authenticator.authenticate({ scheme: 'bearer', token: await token() }, SOURCE);
    state.settings = { ...JWKS_SETTINGS, clients: ['other'] };
    await assert.rejects(
      authenticator.authenticate({ scheme: 'bearer', token: await token() }, SOURCE),
      InvalidTokenError,
    );
    assert.equal(state.fetched.length, 1, 'same JWKS URL and client: no new fetch');
    state.settings = {
      ...JWKS_SETTINGS,
      keys: { ...JWKS_SETTINGS.keys, uri: 'https://issuer.example/jwks2' } as BearerTokenSettings['keys'],
    };
    await authenticator.authenticate({ scheme: 'bearer', token: await token() }, SOURCE);
    assert.deepEqual(state.fetched, ['https://issuer.example/jwks', 'https://issuer.example/jwks2']);
  });

  it('refuses tokens while OAuth is not configured, and Basic credentials always', async () => {
    const { authenticator } = setup(undefined);
    assert.equal(authenticator.enabled, false);
    await assert.rejects(
      authenticator.authenticate({ scheme: 'bearer', token: await token() }, SOURCE),
      AuthenticationRequiredError,
    );
    await assert.rejects(
      setup(JWKS_SETTINGS).authenticator.authenticate({ scheme: 'basic', user: 'a', password: 'b' }, SOURCE),
      /bearer tokens only/,
    );
  });

  it('keeps a principal current until its token expires or the settings change', async () => {
    const { state, authenticator } = setup(JWKS_SETTINGS);
    const principal = await authenticator.authenticate({ scheme: 'bearer', token: await token() }, SOURCE);
    assert.equal(authenticator.isCurrent(principal), true);
    state.now += 60_000;
    assert.equal(authenticator.isCurrent(principal), false, 'expired');
    state.now = NOW;
    state.settings = { ...JWKS_SETTINGS };
    assert.equal(authenticator.isCurrent(principal), false, 'settings changed');
    assert.equal(authenticator.isCurrent({ user: 'bob', groups: [], method: 'bearer' }), false, 'not ours');
  });
});
