/**
 * @module auth/oauth/access-token-verifier.test
 * Every check of a JWT access token, one table row each: what passes, what is refused (401
 * invalid_token or 403 insufficient_scope) and the reason given, with keys made by node:crypto
 * and tokens signed by jose.
 */
import assert from 'node:assert/strict';
import { createHmac, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, it } from 'node:test';
import { createLocalJWKSet, exportJWK, type JWTPayload, SignJWT } from 'jose';
import { InsufficientScopeError, InvalidTokenError } from '../../errors/index.ts';
import { verifyAccessToken } from './access-token-verifier.ts';
import type { BearerTokenSettings } from './bearer-token-settings.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const SECONDS = NOW / 1000;
const ISSUER = 'https://issuer.example';

const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });

const SETTINGS: BearerTokenSettings = {
  issuer: ISSUER,
  keys: { kind: 'key', id: 'k', key: ec.publicKey },
  audiences: ['https://idconf.example'],
  requiredScopes: ['idconf'],
  clients: ['ops-cli', 'web'],
  usernameClaim: 'sub',
  groupClaim: 'groups',
  clockSkewSeconds: 60,
};

const CLAIMS: JWTPayload = {
  iss: ISSUER,
  aud: 'https://idconf.example',
  sub: 'alice',
  client_id: 'ops-cli',
  scope: 'openid idconf',
  groups: ['admin', 'ops'],
  iat: SECONDS - 10,
  exp: SECONDS + 300,
};

/** The claims without some of them. */
const without = (...names: string[]): JWTPayload =>
  Object.fromEntries(Object.entries(CLAIMS).filter(([name]) => !names.includes(name)));

const sign = (
  claims: JWTPayload,
  options: { key?: KeyObject; alg?: string; typ?: string | null | undefined; kid?: string } = {},
): Promise<string> => {
  const header: Record<string, unknown> = { alg: options.alg ?? 'ES256', typ: 'at+jwt' };
  if (options.typ === null) delete header.typ;
  else if (options.typ !== undefined) header.typ = options.typ;
  if (options.kid !== undefined) header.kid = options.kid;
  return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(options.key ?? ec.privateKey);
};

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with `alg: none` and no signature. @see RFC 7519 §6.1 */
const unsecured = (claims: JWTPayload): string => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;

/** An HS256 token keyed with the text of the public key: the classic algorithm-confusion attack. @see RFC 8725 §2.1 */
const hmacWithPublicKey = (claims: JWTPayload, publicKey: KeyObject): string => {
  const input = `${base64url({ alg: 'HS256', typ: 'at+jwt' })}.${base64url(claims)}`;
  const secret = publicKey.export({ type: 'spki', format: 'pem' });
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
};

const verify = (token: string, settings: Partial<BearerTokenSettings> = {}) =>
  verifyAccessToken(token, { ...SETTINGS, ...settings }, ec.publicKey, NOW);

const refused = async (
  token: Promise<string> | string,
  reason: RegExp,
  settings: Partial<BearerTokenSettings> = {},
) => {
  await assert.rejects(verify(await token, settings), (error: unknown) => {
    assert.ok(error instanceof InvalidTokenError, String(error));
    assert.equal(error.code, 'INVALID_TOKEN');
    assert.match(error.message, reason);
    return true;
  });
};

describe('verifyAccessToken', () => {
  it('accepts a valid token and reads user, groups, client, scopes and validity', async () => {
    const token = await verify(await sign(CLAIMS));
    assert.deepEqual(token, {
      user: 'alice',
      groups: ['admin', 'ops'],
      clientId: 'ops-cli',
      scopes: ['openid', 'idconf'],
      validUntil: (SECONDS + 300 + 60) * 1000,
    });
  });

  const accepted: {
    name: string;
    claims?: JWTPayload;
    typ?: string | null;
    settings?: Partial<BearerTokenSettings>;
    check: (token: Awaited<ReturnType<typeof verify>>) => void;
  }[] = [
    {
      name: 'an audience list that contains ours',
      claims: { ...CLAIMS, aud: ['other', 'https://idconf.example'] },
      check: () => {},
    },
    { name: 'expired, but within the clock skew', claims: { ...CLAIMS, exp: SECONDS - 30 }, check: () => {} },
    { name: 'nbf in the future, but within the clock skew', claims: { ...CLAIMS, nbf: SECONDS + 30 }, check: () => {} },
    { name: 'typ JWT (most issuers)', typ: 'JWT', check: () => {} },
    { name: 'typ application/at+jwt', typ: 'application/at+jwt', check: () => {} },
    { name: 'no typ', typ: null, check: () => {} },
    {
      name: 'azp when there is no client_id',
      claims: { ...without('client_id'), azp: 'web' },
      check: (token) => assert.equal(token.clientId, 'web'),
    },
    {
      name: 'scopes from an scp array',
      claims: { ...without('scope'), scp: ['idconf', 'read'] },
      check: (token) => assert.deepEqual(token.scopes, ['idconf', 'read']),
    },
    {
      name: 'a configured username claim',
      claims: { ...CLAIMS, preferred_username: 'alice@example' },
      settings: { usernameClaim: 'preferred_username' },
      check: (token) => assert.equal(token.user, 'alice@example'),
    },
    {
      name: 'a configured group claim holding one string',
      claims: { ...CLAIMS, role: 'operators' },
      settings: { groupClaim: 'role' },
      check: (token) => assert.deepEqual(token.groups, ['operators']),
    },
    {
      name: 'no group claim: no groups; non-strings are dropped',
      claims: { ...without('groups'), other: [1, 'x'] },
      check: (token) => assert.deepEqual(token.groups, []),
    },
    {
      name: 'group values that are not names are dropped',
      claims: { ...CLAIMS, groups: ['ok', 7, '', 'bad\nname', 'ok'] },
      check: (token) => assert.deepEqual(token.groups, ['ok']),
    },
    {
      name: 'no required scopes configured',
      claims: { ...without('scope') },
      settings: { requiredScopes: [] },
      check: () => {},
    },
  ];
  for (const testCase of accepted) {
    it(`accepts ${testCase.name}`, async () => {
      const token = await sign(testCase.claims ?? CLAIMS, { typ: testCase.typ });
      testCase.check(await verify(token, testCase.settings));
    });
  }

  const refusals: {
    name: string;
    token: () => Promise<string> | string;
    reason: RegExp;
    settings?: Partial<BearerTokenSettings>;
  }[] = [
    { name: 'an expired token', token: () => sign({ ...CLAIMS, exp: SECONDS - 61 }), reason: /expired \(exp\)/ },
    {
      name: 'a token not valid yet',
      token: () => sign({ ...CLAIMS, nbf: SECONDS + 61 }),
      reason: /not valid yet \(nbf\)/,
    },
    {
      name: 'a token issued in the future',
      token: () => sign({ ...CLAIMS, iat: SECONDS + 61 }),
      reason: /issued in the future \(iat\)/,
    },
    {
      name: 'a token without exp',
      token: () => sign({ ...without('exp') }),
      reason: /no valid expiry \(exp\)/,
    },
    {
      name: 'another issuer',
      token: () => sign({ ...CLAIMS, iss: 'https://evil.example' }),
      reason: /another issuer \(iss\)/,
    },
    { name: 'no issuer', token: () => sign({ ...without('iss') }), reason: /another issuer \(iss\)/ },
    {
      name: 'another audience',
      token: () => sign({ ...CLAIMS, aud: 'https://other.example' }),
      reason: /not meant for this server \(aud\)/,
    },
    {
      name: 'no audience',
      token: () => sign({ ...without('aud') }),
      reason: /not meant for this server \(aud\)/,
    },
    {
      name: 'a client that is not configured',
      token: () => sign({ ...CLAIMS, client_id: 'stranger' }),
      reason: /client that may not use this server/,
    },
    { name: 'no client at all', token: () => sign({ ...without('client_id') }), reason: /names no client/ },
    { name: 'an ID token (typ)', token: () => sign(CLAIMS, { typ: 'id_token+jwt' }), reason: /not an access token/ },
    { name: 'no user claim', token: () => sign({ ...without('sub') }), reason: /sub claim is missing/ },
    {
      name: 'a user claim that is not a string',
      token: () => sign({ ...CLAIMS, sub: 42 as unknown as string }),
      reason: /sub claim is missing or not a user name/,
    },
    {
      name: 'alg none',
      token: () => unsecured(CLAIMS),
      reason: /algorithm this server does not accept for its keys \(none\)/,
    },
    {
      name: 'HS256 keyed with the public key',
      token: () => hmacWithPublicKey(CLAIMS, ec.publicKey),
      reason: /algorithm this server does not accept for its keys \(HS256\)/,
    },
    {
      name: 'RS256 against an EC key',
      token: () => sign(CLAIMS, { key: rsa.privateKey, alg: 'RS256' }),
      reason: /\(RS256\)/,
    },
    {
      name: 'ES384 against a P-256 key',
      token: () =>
        sign(CLAIMS, { key: generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey, alg: 'ES384' }),
      reason: /\(ES384\)/,
    },
    {
      name: 'a signature by another key',
      token: () => sign(CLAIMS, { key: generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey }),
      reason: /signature does not verify/,
    },
    {
      name: 'a tampered payload',
      token: async () => {
        const [header, , signature] = (await sign(CLAIMS)).split('.');
        return `${header}.${base64url({ ...CLAIMS, groups: ['admin', 'root'] })}.${signature}`;
      },
      reason: /signature does not verify/,
    },
    { name: 'a token that is no JWT', token: () => 'not-a-jwt', reason: /not a well-formed signed JWT/ },
  ];
  for (const testCase of refusals) {
    it(`refuses ${testCase.name} (invalid_token)`, () => refused(testCase.token(), testCase.reason, testCase.settings));
  }

  it('answers a missing scope with InsufficientScopeError (403), naming the required scopes', async () => {
    const token = await sign({ ...CLAIMS, scope: 'openid' });
    await assert.rejects(verify(token, { requiredScopes: ['idconf', 'openid'] }), (error: unknown) => {
      assert.ok(error instanceof InsufficientScopeError);
      assert.equal(error.code, 'INSUFFICIENT_SCOPE');
      assert.match(error.message, /lacks the scope idconf/);
      assert.deepEqual(error.info, { 'required-scope': 'idconf openid' });
      return true;
    });
  });

  it('checks the signature before anything else: a bad signature with a bad scope is invalid_token', async () => {
    await refused(
      sign({ ...CLAIMS, scope: '' }, { key: generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey }),
      /signature/,
    );
  });

  describe('with a JWKS', () => {
    const jwks = async () => {
      const rsaJwk = { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1' };
      const ecJwk = { ...(await exportJWK(ec.publicKey)), kid: 'ec-1', alg: 'ES256' };
      return createLocalJWKSet({ keys: [rsaJwk, ecJwk] });
    };

    it('accepts RS256 and PS256 by the RSA key and ES256 by the EC key', async () => {
      const keys = await jwks();
      for (const [alg, key, kid] of [
        ['RS256', rsa.privateKey, 'rsa-1'],
        ['PS256', rsa.privateKey, 'rsa-1'],
        ['ES256', ec.privateKey, 'ec-1'],
      ] as const) {
        const token = await sign(CLAIMS, { key, alg, kid });
        assert.equal((await verifyAccessToken(token, SETTINGS, keys, NOW)).user, 'alice', alg);
      }
    });

    it('refuses HS256 keyed with the RSA key, alg none, and a kid it does not have', async () => {
      const keys = await jwks();
      for (const [token, reason] of [
        [hmacWithPublicKey(CLAIMS, rsa.publicKey), /\(HS256\)/],
        [unsecured(CLAIMS), /\(none\)/],
        [await sign(CLAIMS, { kid: 'unknown' }), /no signing key of the issuer matches/],
      ] as const) {
        await assert.rejects(verifyAccessToken(token, SETTINGS, keys, NOW), (error: unknown) => {
          assert.ok(error instanceof InvalidTokenError);
          assert.match(error.message, reason);
          return true;
        });
      }
    });
  });
});
