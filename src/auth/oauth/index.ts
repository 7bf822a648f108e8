/**
 * @module auth/oauth
 * OAuth bearer tokens for the management APIs: JWT access tokens verified with `jose` against
 * the issuer's JWKS (fetched, cached, refreshed on an unknown key id) or a configured public key.
 * Re-exports only. May import: util, errors.
 */

export type { VerifiedAccessToken } from './access-token-verifier.ts';
export { verifyAccessToken } from './access-token-verifier.ts';
export type { AuthorizationServerMetadata, MetadataFetcher } from './authorization-server-metadata.ts';
export { discoveryUrls, fetchMetadata, MetadataFetchError, readMetadata } from './authorization-server-metadata.ts';
export type { BearerTokenAuthenticatorOptions } from './bearer-token-authenticator.ts';
export { BearerTokenAuthenticator } from './bearer-token-authenticator.ts';
export type { BearerTokenSettings, HttpClientSettings, TokenKeySource } from './bearer-token-settings.ts';
export type { JwksCacheOptions } from './jwks-cache.ts';
export { JwksCache, JwksUnavailableError } from './jwks-cache.ts';
export type { JwksFetcher } from './jwks-fetch.ts';
export { fetchJwks, isLoopbackHostname, JwksFetchError, jwksUriProblem, MAX_JWKS_BYTES } from './jwks-fetch.ts';
export type { MetadataCacheOptions } from './metadata-cache.ts';
export { MetadataCache } from './metadata-cache.ts';
export { ASYMMETRIC_ALGORITHMS, algorithmsForKey, verificationKeysOf } from './signature-algorithms.ts';
