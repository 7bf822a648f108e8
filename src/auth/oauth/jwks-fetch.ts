/**
 * @module auth/oauth/jwks-fetch
 * Fetches an issuer's JSON Web Key Set over HTTPS (or HTTP on a loopback host) with the trust,
 * client certificate, credentials and timeout of an {@link HttpClientSettings}. Redirects are not
 * followed; the body is limited in size.
 * @see RFC 7517 §5 (JWK Set format), RFC 8414 §2 (`jwks_uri`)
 */
import { isIP } from 'node:net';
import type { HttpClientSettings } from './bearer-token-settings.ts';
import { fetchText } from './fetch-text.ts';

/** The largest JWK Set accepted, in bytes. */
export const MAX_JWKS_BYTES = 1024 * 1024;

/** The JWK Set could not be fetched or is not one; the message names the reason (never a credential). */
export class JwksFetchError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'JwksFetchError';
  }
}

/** Fetches the keys of a JWK Set: resolves with its `keys` array as sent. @throws JwksFetchError */
export type JwksFetcher = (uri: string, client: HttpClientSettings) => Promise<readonly unknown[]>;

/** True for `localhost`, 127.0.0.0/8 and ::1. */
export const isLoopbackHostname = (hostname: string): boolean => {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
};

/**
 * Why `uri` cannot be a JWKS URL, or undefined when it can: it must be an absolute https URL
 * (http only on a loopback host, for tests and sidecars) without credentials or a fragment.
 */
export const jwksUriProblem = (uri: string): string | undefined => {
  const url = URL.parse(uri);
  if (url === null) return 'it is not an absolute URL';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'it must be an https URL';
  if (url.protocol === 'http:' && !isLoopbackHostname(url.hostname))
    return 'it must be an https URL (plain http is allowed only on a loopback host)';
  if (url.username !== '' || url.password !== '')
    return 'it must not carry credentials (configure them on the http-client)';
  if (url.hash !== '') return 'it must not have a fragment';
  return undefined;
};

/** Fetches a JWK Set with node:https / node:http. */
export const fetchJwks: JwksFetcher = async (uri, client) => {
  const problem = jwksUriProblem(uri);
  if (problem !== undefined) throw new JwksFetchError(`cannot fetch the JWKS: the jwks-uri is unusable (${problem})`);
  const url = new URL(uri);
  const body = await fetchText(url, client, {
    what: 'the JWKS',
    accept: 'application/jwk-set+json, application/json',
    maxBytes: MAX_JWKS_BYTES,
    error: (message, options) => new JwksFetchError(message, options),
  });
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch (error) {
    throw new JwksFetchError(`the JWKS at ${url.origin}${url.pathname} is not JSON`, { cause: error });
  }
  const keys = (document as { keys?: unknown } | null)?.keys;
  if (typeof document !== 'object' || document === null || !Array.isArray(keys))
    throw new JwksFetchError(`the JWKS at ${url.origin}${url.pathname} is not a JWK Set (no "keys" array)`);
  return keys;
};
