/**
 * @module web-ui/sign-in-options-format
 * The sign-in options resource, `GET /admin/sign-in-options` (no authentication): how the web UI
 * may sign in on this server, so that the sign-in screen offers exactly what is configured. Its
 * OAuth part is derived from the configuration (`restconf/oauth`, `web-ui/oauth-sign-in`) and the
 * provider's discovery document; its member names are those of the OAuth requests the UI makes
 * (RFC 6749, RFC 7636, RFC 8707, RFC 8414). The web UI imports these types, so the server and the
 * UI cannot drift apart.
 */

/** The format name and version of the document. */
export const SIGN_IN_OPTIONS_FORMAT = 'idconf-sign-in-options/1';

/** Signing in at an OAuth provider with the authorization code flow and PKCE (S256). */
export interface OAuthSignInOptions {
  /** The provider's name for the button ("Sign in with …"). */
  readonly name: string;
  /** The issuer (the `iss` of its tokens, and of an authorization response that carries `iss`). */
  readonly issuer: string;
  readonly authorization_endpoint: string;
  /** The only origin outside this server the UI connects to (the Content-Security-Policy allows it). */
  readonly token_endpoint: string;
  /** OpenID Connect RP-Initiated Logout, when the provider offers it. */
  readonly end_session_endpoint?: string;
  /** The UI's public client. */
  readonly client_id: string;
  /** The `scope` to request, space-separated (with `openid` when the provider is an OpenID Provider). */
  readonly scope: string;
  /** The resource indicator to send with the authorization and token requests (RFC 8707). */
  readonly resource?: string;
  /** True when the provider is an OpenID Provider: the UI sends a `nonce` and checks the ID token's. */
  readonly openid: boolean;
  /** The access token claim that names the user (shown in the UI; the server decides on its own). */
  readonly username_claim: string;
}

/** The document. */
export interface SignInOptions {
  readonly format: typeof SIGN_IN_OPTIONS_FORMAT;
  /** Signing in with a user name and password (HTTP Basic against the API) is on. */
  readonly basic: boolean;
  /** Signing in at the OAuth provider, when configured and its discovery document is usable. */
  readonly oauth?: OAuthSignInOptions;
  /** Set instead of `oauth` when it is configured but cannot be offered now: why, for the user. */
  readonly oauth_unavailable?: string;
}
