/**
 * @module auth/oauth/bearer-token-settings
 * What the bearer-token back-end needs to know, as plain values: the issuer, where its signing
 * keys come from, and the checks an access token must pass. The composition root reads them from
 * the configuration; nothing here knows the data model.
 * @see RFC 9068 §4 (validating JWT access tokens), RFC 6750
 */
import type { KeyObject } from 'node:crypto';

/** How to reach an endpoint of the issuer (its JWKS): trust, client certificate, credentials, timeout. */
export interface HttpClientSettings {
  /** Trusted certificates (PEM), instead of the system's CA bundle; undefined: the system's bundle. */
  readonly trustedCertificates?: readonly string[];
  /** A TLS client certificate chain and its private key (PEM), for mutual TLS. */
  readonly clientCertificate?: { readonly certificateChain: string; readonly privateKey: string };
  /** false: the server certificate's names are not checked against the host (testing only). */
  readonly verifyHostname: boolean;
  /** HTTP Basic credentials sent with the request. @see RFC 7617 */
  readonly basicCredentials?: { readonly username: string; readonly password: string };
  /** Milliseconds the whole request may take. */
  readonly timeoutMs: number;
}

/** Where the keys that sign access tokens come from. */
export type TokenKeySource =
  /** The issuer's JSON Web Key Set, fetched from `uri`. @see RFC 7517 §5 */
  | { readonly kind: 'jwks'; readonly uri: string; readonly client: HttpClientSettings }
  /** One public key stored in the configuration; `id` names it in messages. */
  | { readonly kind: 'key'; readonly id: string; readonly key: KeyObject };

/** The checks a bearer access token must pass, and how its claims become a principal. */
export interface BearerTokenSettings {
  /** The exact `iss` accepted. */
  readonly issuer: string;
  readonly keys: TokenKeySource;
  /** Accepted `aud` values; a token must carry at least one. */
  readonly audiences: readonly string[];
  /** Scopes a token must all carry (`scope` or `scp`). */
  readonly requiredScopes: readonly string[];
  /** Client ids (`client_id`, else `azp`) whose tokens are accepted. */
  readonly clients: readonly string[];
  /** The claim naming the user (`sub` by default). */
  readonly usernameClaim: string;
  /** The claim listing the user's groups (`groups` by default). */
  readonly groupClaim: string;
  /** Tolerance in seconds for `exp`, `nbf` and `iat`. */
  readonly clockSkewSeconds: number;
}
