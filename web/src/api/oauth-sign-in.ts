/**
 * @module web/api/oauth-sign-in
 * Signing in at the OAuth provider the server names in its sign-in options: the authorization
 * code flow with PKCE (S256), `state` and — at an OpenID Provider — `nonce`. Before the browser
 * goes to the provider, the code verifier, state and nonce are kept in this tab's
 * `sessionStorage` (the only thing the UI ever stores, and no credential); when the provider
 * sends the browser back, they are read and removed at once, the code is taken out of the
 * address bar, and the code is exchanged at the token endpoint for an access token that lives only
 * in memory. No refresh token is asked for: when the access token expires, the user signs in
 * again.
 * @see RFC 6749 §4.1, RFC 7636, RFC 9700 §2.1 and §4.5, RFC 9207, OpenID Connect Core §3.1
 */
import type { OAuthSignInOptions, SignInOptions } from '../../../src/web-ui/sign-in-options-format.ts';

/** Where the sign-in options are. */
export const SIGN_IN_OPTIONS_URL = '/admin/sign-in-options';

/** The `sessionStorage` key of a sign-in under way. */
export const PENDING_KEY = 'idconf-oauth-pending';

/** What survives the round trip through the provider (never a token). */
interface Pending {
  readonly state: string;
  readonly verifier: string;
  readonly nonce: string | undefined;
  readonly issuer: string;
  /** The route the user was on, to come back to. */
  readonly route: string;
}

/** A signed-in user's token. */
export interface OAuthTokens {
  readonly accessToken: string;
  /** The user, as the access token (or the ID token) names them; for display only. */
  readonly user: string;
  /** The ID token, for RP-Initiated Logout's `id_token_hint`. */
  readonly idToken: string | undefined;
  /** When the access token expires (ms since the epoch), when the provider said. */
  readonly expiresAt: number | undefined;
}

/** The sign-in failed; the message is for the user. */
export class SignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignInError';
  }
}

/** Reads the server's sign-in options. */
export const fetchSignInOptions = async (): Promise<SignInOptions> => {
  const response = await fetch(SIGN_IN_OPTIONS_URL, { credentials: 'omit', cache: 'no-store' });
  if (!response.ok) throw new Error(`the server answered ${response.status} for its sign-in options`);
  return (await response.json()) as SignInOptions;
};

/** The UI's redirect URI: its own address, as registered at the provider. */
export const redirectUri = (): string => new URL('/admin/', window.location.origin).href;

const base64url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** 32 random bytes, base64url (43 characters, as RFC 7636 §4.1 recommends for a verifier). */
const randomString = (): string => base64url(crypto.getRandomValues(new Uint8Array(32)));

const challengeOf = async (verifier: string): Promise<string> =>
  base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));

/** Sends the browser to the provider to sign in; the page is left. */
export const startOAuthSignIn = async (options: OAuthSignInOptions): Promise<void> => {
  const pending: Pending = {
    state: randomString(),
    verifier: randomString(),
    nonce: options.openid ? randomString() : undefined,
    issuer: options.issuer,
    route: window.location.hash,
  };
  const url = new URL(options.authorization_endpoint);
  const parameters: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: options.client_id,
    redirect_uri: redirectUri(),
    scope: options.scope === '' ? undefined : options.scope,
    state: pending.state,
    code_challenge: await challengeOf(pending.verifier),
    code_challenge_method: 'S256',
    nonce: pending.nonce,
    resource: options.resource,
  };
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(name, value);
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  window.location.assign(url.href);
};

/** True when the address is the provider's answer to a sign-in (`code` or `error`, with `state`). */
export const isAuthorizationResponse = (): boolean => {
  const parameters = new URLSearchParams(window.location.search);
  return parameters.has('state') && (parameters.has('code') || parameters.has('error'));
};

/** The claims of a JWT, without checking anything (for display and the ID token's fields). */
export const jwtClaims = (token: string): Record<string, unknown> | undefined => {
  const payload = token.split('.')[1];
  if (payload === undefined) return undefined;
  try {
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** Reads and removes the sign-in under way: it is good for one answer only. */
const takePending = (): Pending | undefined => {
  const text = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as Pending;
  } catch {
    return undefined;
  }
};

/**
 * Finishes a sign-in when the provider sent the browser back: checks the answer against the
 * request, exchanges the code for tokens, checks the ID token's issuer, audience and nonce.
 * The address bar loses the answer's parameters first, whatever happens next.
 * @throws SignInError
 */
export const completeOAuthSignIn = async (options: OAuthSignInOptions | undefined): Promise<OAuthTokens> => {
  const parameters = new URLSearchParams(window.location.search);
  const pending = takePending();
  window.history.replaceState(null, '', `${window.location.pathname}${pending?.route ?? ''}`);
  if (pending === undefined || pending.state !== parameters.get('state'))
    throw new SignInError('This sign-in answer does not belong to a sign-in started in this tab. Sign in again.');
  if (options === undefined || options.issuer !== pending.issuer)
    throw new SignInError('Signing in with the OAuth provider is no longer offered here.');
  const error = parameters.get('error');
  if (error !== null)
    throw new SignInError(
      error === 'access_denied'
        ? 'The sign-in was cancelled or refused at the provider.'
        : `The provider did not sign you in: ${parameters.get('error_description') ?? error}.`,
    );
  // RFC 9207: a provider that names itself must be the one the request went to.
  const iss = parameters.get('iss');
  if (iss !== null && iss !== options.issuer) throw new SignInError('The sign-in answer came from another provider.');
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: parameters.get('code') ?? '',
    redirect_uri: redirectUri(),
    client_id: options.client_id,
    code_verifier: pending.verifier,
  });
  if (options.resource !== undefined) body.set('resource', options.resource);
  let answer: Record<string, unknown>;
  try {
    const response = await fetch(options.token_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body,
      credentials: 'omit',
      cache: 'no-store',
    });
    answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok)
      throw new SignInError(
        `The provider did not issue a token: ${String(answer.error_description ?? answer.error ?? response.status)}.`,
      );
  } catch (failure) {
    if (failure instanceof SignInError) throw failure;
    throw new SignInError(`The provider's token endpoint cannot be reached: ${(failure as Error).message}`);
  }
  const accessToken = answer.access_token;
  if (typeof accessToken !== 'string' || String(answer.token_type).toLowerCase() !== 'bearer')
    throw new SignInError('The provider did not issue a bearer access token.');
  const idToken = typeof answer.id_token === 'string' ? answer.id_token : undefined;
  const idClaims = idToken === undefined ? undefined : jwtClaims(idToken);
  if (options.openid) {
    // Received straight from the token endpoint over TLS (OpenID Connect Core §3.1.3.7).
    const audience = idClaims?.aud;
    if (
      idClaims === undefined ||
      idClaims.iss !== options.issuer ||
      !(audience === options.client_id || (Array.isArray(audience) && audience.includes(options.client_id))) ||
      idClaims.nonce !== pending.nonce
    )
      throw new SignInError('The ID token does not match this sign-in (issuer, audience or nonce).');
  }
  const named = jwtClaims(accessToken)?.[options.username_claim] ?? idClaims?.preferred_username ?? idClaims?.sub;
  const expiresIn = answer.expires_in;
  return {
    accessToken,
    user: typeof named === 'string' && named !== '' ? named : 'OAuth user',
    idToken,
    expiresAt: typeof expiresIn === 'number' && expiresIn > 0 ? Date.now() + expiresIn * 1000 : undefined,
  };
};

/** The provider's end-session URL that signs the user out there too and comes back here. */
export const endSessionUrl = (options: OAuthSignInOptions, idToken: string | undefined): string | undefined => {
  if (options.end_session_endpoint === undefined) return undefined;
  const url = new URL(options.end_session_endpoint);
  if (idToken !== undefined) url.searchParams.set('id_token_hint', idToken);
  url.searchParams.set('client_id', options.client_id);
  url.searchParams.set('post_logout_redirect_uri', redirectUri());
  return url.href;
};
