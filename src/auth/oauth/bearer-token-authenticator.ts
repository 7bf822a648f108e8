/**
 * @module auth/oauth/bearer-token-authenticator
 * The OAuth back-end: a bearer access token (a JWT) becomes the principal its claims name. The
 * settings come from a function, so a commit that changes the configuration takes effect on the
 * next request; the issuer's keys are kept across requests (and across commits that leave the
 * JWKS URL and its HTTP client alone).
 * @see RFC 6750 (bearer tokens), RFC 9068 (JWT access tokens)
 */
import { decodeJwt } from 'jose';
import { AuthenticationRequiredError } from '../../errors/index.ts';
import type { Logger } from '../../util/index.ts';
import type { Authenticator } from '../authenticator.ts';
import type { ClientSource, Credentials } from '../credentials.ts';
import type { Principal } from '../principal.ts';
import { verifyAccessToken } from './access-token-verifier.ts';
import type { BearerTokenSettings, HttpClientSettings } from './bearer-token-settings.ts';
import { JwksCache, type JwksCacheOptions } from './jwks-cache.ts';
import { fetchJwks, type JwksFetcher } from './jwks-fetch.ts';

/** Options of {@link BearerTokenAuthenticator}. */
export interface BearerTokenAuthenticatorOptions {
  /** The current settings; undefined while OAuth is not configured. */
  readonly settings: () => BearerTokenSettings | undefined;
  readonly log: Logger;
  /** How JWK Sets are fetched (tests); {@link fetchJwks} when omitted. */
  readonly fetchJwks?: JwksFetcher;
  /** Cache timings (tests). */
  readonly jwksCache?: Pick<JwksCacheOptions, 'maxAgeMs' | 'refreshCooldownMs' | 'retryDelayMs'>;
  /** The clock (tests). */
  readonly now?: () => number;
}

/** What a principal was verified against, for {@link BearerTokenAuthenticator.isCurrent}. */
interface Verification {
  readonly settings: BearerTokenSettings;
  readonly validUntil: number;
}

/** Authenticates OAuth bearer tokens (JWT access tokens). */
export class BearerTokenAuthenticator implements Authenticator {
  readonly #options: BearerTokenAuthenticatorOptions;
  readonly #now: () => number;
  readonly #verified = new WeakMap<Principal, Verification>();
  #jwks: { readonly identity: string; readonly cache: JwksCache } | undefined;

  constructor(options: BearerTokenAuthenticatorOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** True while bearer tokens are configured. */
  get enabled(): boolean {
    return this.#options.settings() !== undefined;
  }

  async authenticate(credentials: Credentials, source: ClientSource): Promise<Principal> {
    if (credentials.scheme !== 'bearer')
      throw new AuthenticationRequiredError('this back-end accepts OAuth bearer tokens only');
    const settings = this.#options.settings();
    if (settings === undefined)
      throw new AuthenticationRequiredError('this server does not accept bearer tokens (OAuth is not configured)');
    const key =
      settings.keys.kind === 'key' ? settings.keys.key : this.#jwksFor(settings.keys.uri, settings.keys.client).resolve;
    try {
      const token = await verifyAccessToken(credentials.token, settings, key, this.#now());
      const principal: Principal = {
        user: token.user,
        groups: token.groups,
        method: 'bearer',
        validUntil: token.validUntil,
      };
      this.#verified.set(principal, { settings, validUntil: token.validUntil });
      return principal;
    } catch (error) {
      this.#options.log.info(
        { remote: source.address, problem: (error as Error).message, claims: unverifiedClaims(credentials.token) },
        'bearer token refused',
      );
      throw error;
    }
  }

  /** True while the token that gave `principal` is unexpired and the settings are those it was checked against. */
  isCurrent(principal: Principal): boolean {
    const verification = this.#verified.get(principal);
    return (
      verification !== undefined &&
      verification.settings === this.#options.settings() &&
      this.#now() < verification.validUntil
    );
  }

  /** The key cache of this JWKS URL and HTTP client; a new one when either changed. */
  #jwksFor(uri: string, client: HttpClientSettings): JwksCache {
    const identity = JSON.stringify([uri, client]);
    if (this.#jwks?.identity !== identity) {
      const fetch = this.#options.fetchJwks ?? fetchJwks;
      this.#jwks = {
        identity,
        cache: new JwksCache({
          uri,
          fetch: () => fetch(uri, client),
          log: this.#options.log,
          ...this.#options.jwksCache,
          ...(this.#options.now === undefined ? {} : { now: this.#options.now }),
        }),
      };
    }
    return this.#jwks.cache;
  }
}

/** Claims that help an operator see why a token was refused (unverified, shortened); never the token itself. */
const unverifiedClaims = (token: string): Record<string, unknown> | undefined => {
  try {
    const payload = decodeJwt(token);
    const claims: Record<string, unknown> = {};
    for (const name of ['iss', 'aud', 'client_id', 'azp', 'sub', 'exp', 'nbf'])
      if (payload[name] !== undefined) claims[name] = shorten(payload[name]);
    return claims;
  } catch {
    return undefined;
  }
};

const shorten = (value: unknown): unknown => {
  if (typeof value === 'string') return value.slice(0, 256);
  if (Array.isArray(value)) return value.slice(0, 8).map(shorten);
  return typeof value === 'number' ? value : typeof value;
};
