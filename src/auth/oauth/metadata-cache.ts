/**
 * @module auth/oauth/metadata-cache
 * An issuer's discovery document, fetched when first needed and kept for `maxAgeMs`; a failure is
 * kept for `retryDelayMs`, so that a provider that is down is not asked on every page load.
 * Concurrent callers share one fetch. A different issuer or HTTP client starts afresh.
 */
import type { AuthorizationServerMetadata, MetadataFetcher } from './authorization-server-metadata.ts';
import { fetchMetadata } from './authorization-server-metadata.ts';
import type { HttpClientSettings } from './bearer-token-settings.ts';

/** Options of {@link MetadataCache}. */
export interface MetadataCacheOptions {
  /** The fetcher (default {@link fetchMetadata}). */
  readonly fetch?: MetadataFetcher;
  /** How long a document is kept (default 10 minutes). */
  readonly maxAgeMs?: number;
  /** How long a failure is kept (default 10 s). */
  readonly retryDelayMs?: number;
  /** The clock (tests). */
  readonly now?: () => number;
}

interface Entry {
  readonly key: string;
  readonly result: Promise<AuthorizationServerMetadata>;
  /** When the fetch ended (undefined while it runs) and whether it failed. */
  settledAt: number | undefined;
  failed: boolean;
}

/** The discovery document of the one configured issuer. */
export class MetadataCache {
  readonly #fetch: MetadataFetcher;
  readonly #maxAgeMs: number;
  readonly #retryDelayMs: number;
  readonly #now: () => number;
  #entry: Entry | undefined;

  constructor(options: MetadataCacheOptions = {}) {
    this.#fetch = options.fetch ?? fetchMetadata;
    this.#maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    this.#retryDelayMs = options.retryDelayMs ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** The metadata of `issuer`, fetched with `client` unless a fresh copy is kept. @throws MetadataFetchError */
  get(issuer: string, client: HttpClientSettings): Promise<AuthorizationServerMetadata> {
    const key = JSON.stringify([issuer, client]);
    const entry = this.#entry;
    if (entry !== undefined && entry.key === key) {
      if (entry.settledAt === undefined) return entry.result;
      const age = this.#now() - entry.settledAt;
      if (age < (entry.failed ? this.#retryDelayMs : this.#maxAgeMs)) return entry.result;
    }
    const fresh: Entry = { key, result: this.#fetch(issuer, client), settledAt: undefined, failed: false };
    this.#entry = fresh;
    fresh.result.then(
      () => {
        fresh.settledAt = this.#now();
      },
      () => {
        fresh.settledAt = this.#now();
        fresh.failed = true;
      },
    );
    return fresh.result;
  }
}
