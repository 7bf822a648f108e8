/**
 * @module auth/oauth/jwks-cache
 * The signing keys of one issuer, fetched from its JWKS URL when first needed and kept: fetched
 * again when they are older than `maxAgeMs`, and at once when a token names a key id the set does
 * not have (the issuer rotated its keys) — but such a refresh at most once per
 * `refreshCooldownMs`, so tokens with made-up key ids cannot make the server hammer the issuer.
 * A failed fetch keeps the keys it had and is not retried for `retryDelayMs`. Concurrent
 * requests share one fetch.
 * @see RFC 7517 §5, RFC 8414 §2 (`jwks_uri`), OpenID Connect Core §10.1.1 (rotation by new kid)
 */
import type { CryptoKey, FlattenedJWSInput, JSONWebKeySet, JWSHeaderParameters } from 'jose';
import { createLocalJWKSet, errors } from 'jose';
import type { Logger } from '../../util/index.ts';
import { verificationKeysOf } from './signature-algorithms.ts';

/** Options of {@link JwksCache}. */
export interface JwksCacheOptions {
  /** Fetches the `keys` of the JWK Set. */
  readonly fetch: () => Promise<readonly unknown[]>;
  /** For log lines: where the keys come from. */
  readonly uri: string;
  readonly log: Logger;
  /** Keys older than this are fetched again before use (default 10 minutes). */
  readonly maxAgeMs?: number;
  /** At most one refresh for an unknown key id per this interval (default 30 s). */
  readonly refreshCooldownMs?: number;
  /** After a failed fetch, no new attempt for this long (default 5 s). */
  readonly retryDelayMs?: number;
  /** The clock (tests). */
  readonly now?: () => number;
}

type KeySet = ReturnType<typeof createLocalJWKSet>;

/** A key resolver for `jwtVerify` over one issuer's JWK Set. */
export class JwksCache {
  readonly #options: JwksCacheOptions;
  readonly #maxAgeMs: number;
  readonly #refreshCooldownMs: number;
  readonly #retryDelayMs: number;
  readonly #now: () => number;
  #keySet: KeySet | undefined;
  #fetchedAt = Number.NEGATIVE_INFINITY;
  #lastUnknownKeyRefresh = Number.NEGATIVE_INFINITY;
  #failedAt = Number.NEGATIVE_INFINITY;
  #lastFailure: Error | undefined;
  #inFlight: Promise<KeySet> | undefined;
  #fetches = 0;

  constructor(options: JwksCacheOptions) {
    this.#options = options;
    this.#maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    this.#refreshCooldownMs = options.refreshCooldownMs ?? 30_000;
    this.#retryDelayMs = options.retryDelayMs ?? 5_000;
    this.#now = options.now ?? Date.now;
  }

  /** How many fetches were started (tests, diagnostics). */
  get fetches(): number {
    return this.#fetches;
  }

  /**
   * The key that verifies a token with this protected header.
   * @throws jose's JWKSNoMatchingKey when no key matches (after a refresh, if one was allowed),
   *   JwksUnavailableError when there are no keys and they cannot be fetched
   */
  readonly resolve = async (header: JWSHeaderParameters, token: FlattenedJWSInput): Promise<CryptoKey> => {
    let keySet = await this.#current();
    try {
      return await keySet(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || !this.#mayRefreshForUnknownKey()) throw error;
      this.#lastUnknownKeyRefresh = this.#now();
      this.#options.log.info(
        { jwksUri: this.#options.uri, kid: typeof header.kid === 'string' ? header.kid.slice(0, 128) : undefined },
        'a token names a key the JWKS does not have: fetching the JWKS again',
      );
      keySet = await this.#fetch();
      return keySet(header, token);
    }
  };

  #mayRefreshForUnknownKey(): boolean {
    const now = this.#now();
    return now - this.#lastUnknownKeyRefresh >= this.#refreshCooldownMs && now - this.#failedAt >= this.#retryDelayMs;
  }

  async #current(): Promise<KeySet> {
    const now = this.#now();
    const fresh = this.#keySet !== undefined && now - this.#fetchedAt < this.#maxAgeMs;
    if (fresh) return this.#keySet as KeySet;
    if (this.#inFlight !== undefined) return this.#inFlight;
    if (now - this.#failedAt < this.#retryDelayMs) {
      // Retrying too soon: keep what we have, or report the last failure again.
      if (this.#keySet !== undefined) return this.#keySet;
      throw new JwksUnavailableError(this.#lastFailure?.message ?? 'the JWKS cannot be fetched');
    }
    return this.#fetch();
  }

  #fetch(): Promise<KeySet> {
    this.#inFlight ??= this.#load().finally(() => {
      this.#inFlight = undefined;
    });
    return this.#inFlight;
  }

  async #load(): Promise<KeySet> {
    this.#fetches++;
    try {
      const keys = verificationKeysOf(await this.#options.fetch());
      const keySet = createLocalJWKSet({ keys } as unknown as JSONWebKeySet);
      this.#keySet = keySet;
      this.#fetchedAt = this.#now();
      this.#lastFailure = undefined;
      this.#options.log.info({ jwksUri: this.#options.uri, keys: keys.length }, 'fetched the JWKS of the token issuer');
      return keySet;
    } catch (error) {
      this.#failedAt = this.#now();
      this.#lastFailure = error as Error;
      this.#options.log.warn(
        { jwksUri: this.#options.uri, problem: (error as Error).message, keptKeys: this.#keySet !== undefined },
        'cannot fetch the JWKS of the token issuer',
      );
      if (this.#keySet !== undefined) return this.#keySet;
      throw new JwksUnavailableError((error as Error).message, { cause: error });
    }
  }
}

/** No keys to verify with: the JWKS has never been fetched successfully. */
export class JwksUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'JwksUnavailableError';
  }
}
