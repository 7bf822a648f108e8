/**
 * @module server/web-ui-sign-in
 * The web UI's sign-in options, made from the running configuration: HTTP Basic while
 * `basic-authentication` is on, and the OAuth provider of `restconf/oauth` while
 * `web-ui/oauth-sign-in` is configured — with the endpoints of its discovery document, which the
 * server fetches (with the JWKS's HTTP client, so with its trust) and keeps for 10 minutes. When
 * the document cannot be had, the options say so in words for the user, and the log says why.
 */
import type { MetadataCache } from '../auth/index.ts';
import type { ManagementAuthentication } from '../identity/index.ts';
import type { Logger } from '../util/index.ts';
import type { SignInOptions } from '../web-ui/index.ts';
import { SIGN_IN_OPTIONS_FORMAT } from '../web-ui/index.ts';

/** What the user reads when the provider's discovery document cannot be had. */
export const OAUTH_UNAVAILABLE =
  'Signing in with the OAuth provider is not possible now: the server cannot read its configuration. Try again later.';

/** Options of {@link webUiSignInOptions}. */
export interface WebUiSignInOptions {
  /** The management authentication settings now. */
  readonly settings: () => ManagementAuthentication;
  readonly metadata: MetadataCache;
  readonly log: Logger;
}

/** A function that makes the sign-in options document now. */
export const webUiSignInOptions = (options: WebUiSignInOptions): (() => Promise<SignInOptions>) => {
  let lastProblem = '';
  return async () => {
    const { basic, webUiSignIn } = options.settings();
    if (webUiSignIn === undefined) return { format: SIGN_IN_OPTIONS_FORMAT, basic };
    try {
      const metadata = await options.metadata.get(webUiSignIn.issuer, webUiSignIn.client);
      lastProblem = '';
      const scopes = metadata.openid
        ? ['openid', ...webUiSignIn.scopes.filter((scope) => scope !== 'openid')]
        : [...webUiSignIn.scopes];
      return {
        format: SIGN_IN_OPTIONS_FORMAT,
        basic,
        oauth: {
          name: webUiSignIn.displayName,
          issuer: metadata.issuer,
          authorization_endpoint: metadata.authorizationEndpoint,
          token_endpoint: metadata.tokenEndpoint,
          ...(metadata.endSessionEndpoint === undefined ? {} : { end_session_endpoint: metadata.endSessionEndpoint }),
          client_id: webUiSignIn.clientId,
          scope: scopes.join(' '),
          ...(webUiSignIn.resource === undefined ? {} : { resource: webUiSignIn.resource }),
          openid: metadata.openid,
          username_claim: webUiSignIn.usernameClaim,
        },
      };
    } catch (error) {
      const problem = (error as Error).message;
      // Once per problem, not on every page load while it lasts.
      if (problem !== lastProblem)
        options.log.warn(
          { issuer: webUiSignIn.issuer, problem },
          "the web UI cannot offer OAuth sign-in: the provider's discovery document cannot be used",
        );
      lastProblem = problem;
      return { format: SIGN_IN_OPTIONS_FORMAT, basic, oauth_unavailable: OAUTH_UNAVAILABLE };
    }
  };
};
