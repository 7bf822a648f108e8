/**
 * @module auth/authenticator
 * The extension point for credential back-ends: local admin accounts, and later SQL, LDAP and
 * OAuth bearer tokens. The HTTP layer turns a request into {@link Credentials} and asks one
 * Authenticator for the {@link Principal}.
 */
import type { AuthenticationChallenge } from '../errors/index.ts';
import type { ClientSource, Credentials } from './credentials.ts';
import type { Principal } from './principal.ts';

/** Checks credentials and says who they belong to. */
export interface Authenticator {
  /**
   * Resolves with the principal the credentials prove.
   * @throws AuthenticationRequiredError when the credentials are wrong, belong to no account, or
   *   are of a kind this back-end does not accept (the same error for each, so that a client
   *   cannot tell an unknown user from a wrong password).
   * @throws TooManyAttemptsError when failures from this source for this user are throttled;
   *   its `retryAfterSeconds` says when to try again.
   */
  authenticate(credentials: Credentials, source: ClientSource): Promise<Principal>;

  /**
   * True while `principal`, which this authenticator returned, is still what the same credentials
   * would give: its account exists with the same password hash and groups. The HTTP layer asks it
   * before reusing a connection's last login for a request with the same Authorization header.
   * Back-ends without a cheap answer leave it out (every request is then checked).
   */
  isCurrent?(principal: Principal): boolean;

  /**
   * The `WWW-Authenticate` challenges of a 401 for a request without (or with unusable)
   * credentials: one per scheme accepted now. Basic alone when left out.
   */
  challenges?(): readonly AuthenticationChallenge[];
}
