/**
 * @module auth/oauth/authorization-server-metadata
 * What a browser needs to know about an issuer to sign in there: its authorization, token and
 * end-session endpoints, read from its discovery document — OpenID Connect Discovery
 * (`<issuer>/.well-known/openid-configuration`) first, then RFC 8414
 * (`/.well-known/oauth-authorization-server` inserted before the issuer's path). The document
 * must name the configured issuer exactly (RFC 8414 §3.3, OIDC Discovery §4.3), its endpoints
 * must be https (http only on a loopback host), and when it lists its PKCE methods, S256 must be
 * one of them.
 * @see RFC 8414, OpenID Connect Discovery 1.0, RFC 7636, RFC 9700 §2.1.1
 */
import type { HttpClientSettings } from './bearer-token-settings.ts';
import { fetchText } from './fetch-text.ts';
import { isLoopbackHostname } from './jwks-fetch.ts';

/** The largest discovery document accepted, in bytes. */
export const MAX_METADATA_BYTES = 256 * 1024;

/** The endpoints of an issuer that a browser signing in uses. */
export interface AuthorizationServerMetadata {
  readonly issuer: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  /** OpenID Connect RP-Initiated Logout, when the provider offers it. */
  readonly endSessionEndpoint: string | undefined;
  /** True when the document is an OpenID Provider's (the `openid` scope and an ID token apply). */
  readonly openid: boolean;
}

/** The discovery document could not be fetched or is not usable; the message says why. */
export class MetadataFetchError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MetadataFetchError';
  }
}

/** Fetches an issuer's metadata. @throws MetadataFetchError */
export type MetadataFetcher = (issuer: string, client: HttpClientSettings) => Promise<AuthorizationServerMetadata>;

/** Why `value` cannot be an endpoint a browser is sent to, or undefined. */
const endpointProblem = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return 'it is missing';
  const url = URL.parse(value);
  if (url === null) return 'it is not an absolute URL';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHostname(url.hostname)))
    return 'it is not https';
  if (url.hash !== '') return 'it has a fragment';
  return undefined;
};

/** The two discovery URLs of `issuer`, OpenID Connect's first. */
export const discoveryUrls = (issuer: string): readonly URL[] => {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return [
    new URL(`${url.origin}${path}/.well-known/openid-configuration`),
    new URL(`${url.origin}/.well-known/oauth-authorization-server${path}`),
  ];
};

/** Checks a discovery document against the configured issuer. @throws MetadataFetchError */
export const readMetadata = (issuer: string, document: unknown, openid: boolean): AuthorizationServerMetadata => {
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw new MetadataFetchError('the discovery document is not a JSON object');
  const fields = document as Record<string, unknown>;
  if (fields.issuer !== issuer)
    throw new MetadataFetchError(
      `the discovery document names the issuer ${JSON.stringify(fields.issuer)}, not the configured ${issuer}`,
    );
  for (const name of ['authorization_endpoint', 'token_endpoint']) {
    const problem = endpointProblem(fields[name]);
    if (problem !== undefined) throw new MetadataFetchError(`the discovery document's ${name} is unusable: ${problem}`);
  }
  const methods = fields.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes('S256'))
    throw new MetadataFetchError('the provider does not support PKCE with S256 (code_challenge_methods_supported)');
  const endSession = fields.end_session_endpoint;
  return {
    issuer,
    authorizationEndpoint: fields.authorization_endpoint as string,
    tokenEndpoint: fields.token_endpoint as string,
    endSessionEndpoint: endpointProblem(endSession) === undefined ? (endSession as string) : undefined,
    openid,
  };
};

/** Fetches the discovery document of `issuer` with `client`: OpenID Connect's, else RFC 8414's. */
export const fetchMetadata: MetadataFetcher = async (issuer, client) => {
  if (endpointProblem(issuer) !== undefined)
    throw new MetadataFetchError(`the issuer ${issuer} is not an https URL, so it has no discovery document`);
  const failures: string[] = [];
  for (const [index, url] of discoveryUrls(issuer).entries()) {
    let text: string;
    try {
      text = await fetchText(url, client, {
        what: 'the discovery document',
        accept: 'application/json',
        maxBytes: MAX_METADATA_BYTES,
        error: (message, options) => new MetadataFetchError(message, options),
      });
    } catch (error) {
      failures.push((error as Error).message);
      continue;
    }
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (error) {
      throw new MetadataFetchError(`the discovery document at ${url.origin}${url.pathname} is not JSON`, {
        cause: error,
      });
    }
    return readMetadata(issuer, document, index === 0);
  }
  throw new MetadataFetchError(failures.join('; '));
};
