/**
 * @module auth/scheme-authenticator
 * One Authenticator for the management APIs over one back-end per scheme: HTTP Basic goes to
 * the account back-end, a bearer token to the OAuth back-end, each only while the configuration
 * enables it. It also decides the `WWW-Authenticate` challenges: one per enabled scheme on a
 * 401, with `error="invalid_token"` on the Bearer one when a token was refused, and the Bearer
 * challenge alone with `error="insufficient_scope"` on a 403.
 * @see RFC 9110 §11.6.1, RFC 7617 §2, RFC 6750 §3
 */
import type { AuthenticationChallenge } from '../errors/index.ts';
import { AuthenticationRequiredError, InsufficientScopeError, InvalidTokenError } from '../errors/index.ts';
import type { Authenticator } from './authenticator.ts';
import type { ClientSource, Credentials } from './credentials.ts';
import type { Principal } from './principal.ts';

/** Which schemes the configuration enables now. */
export interface EnabledSchemes {
  readonly basic: boolean;
  readonly bearer: boolean;
}

/** Options of {@link SchemeAuthenticator}. */
export interface SchemeAuthenticatorOptions {
  /** Checks HTTP Basic credentials (local accounts or a credential manager). */
  readonly basic: Authenticator;
  /** Checks bearer tokens. */
  readonly bearer: Authenticator;
  /** The schemes enabled now (read on every request, so a commit takes effect at once). */
  readonly enabled: () => EnabledSchemes;
}

/** The Basic challenge's parameters: the server expects UTF-8. @see RFC 7617 §2.1 */
const BASIC: AuthenticationChallenge = { scheme: 'Basic', parameters: { charset: 'UTF-8' } };

/** Routes credentials to the back-end of their scheme. */
export class SchemeAuthenticator implements Authenticator {
  readonly #options: SchemeAuthenticatorOptions;

  constructor(options: SchemeAuthenticatorOptions) {
    this.#options = options;
  }

  async authenticate(credentials: Credentials, source: ClientSource): Promise<Principal> {
    const enabled = this.#options.enabled();
    if (credentials.scheme === 'basic' && !enabled.basic)
      throw new AuthenticationRequiredError(
        'HTTP Basic authentication is turned off on this server; send an OAuth bearer token (RFC 6750)',
        { challenges: challengesOf(enabled) },
      );
    if (credentials.scheme === 'bearer' && !enabled.bearer)
      throw new AuthenticationRequiredError('this server does not accept bearer tokens; use HTTP Basic', {
        challenges: challengesOf(enabled),
      });
    const backEnd = credentials.scheme === 'basic' ? this.#options.basic : this.#options.bearer;
    try {
      return await backEnd.authenticate(credentials, source);
    } catch (error) {
      throw withChallenges(error, enabled);
    }
  }

  isCurrent(principal: Principal): boolean {
    const enabled = this.#options.enabled();
    if (principal.method === 'basic') return enabled.basic && this.#options.basic.isCurrent?.(principal) === true;
    if (principal.method === 'bearer') return enabled.bearer && this.#options.bearer.isCurrent?.(principal) === true;
    return false;
  }

  challenges(): readonly AuthenticationChallenge[] {
    return challengesOf(this.#options.enabled());
  }
}

/** One challenge per enabled scheme; `bearerError` goes on the Bearer one. */
const challengesOf = (
  enabled: EnabledSchemes,
  bearerError?: Readonly<Record<string, string>>,
): AuthenticationChallenge[] => {
  const challenges: AuthenticationChallenge[] = [];
  if (enabled.basic || !enabled.bearer) challenges.push(BASIC);
  if (enabled.bearer)
    challenges.push(bearerError === undefined ? { scheme: 'Bearer' } : { scheme: 'Bearer', parameters: bearerError });
  return challenges;
};

/** A back-end's failure with the challenges of the answer. @see RFC 6750 §3.1 */
const withChallenges = (error: unknown, enabled: EnabledSchemes): unknown => {
  const details = (original: AuthenticationRequiredError | InsufficientScopeError) => ({
    type: original.type,
    ...(original.info === undefined ? {} : { info: original.info }),
  });
  if (error instanceof InvalidTokenError)
    return new InvalidTokenError(error.message, {
      ...details(error),
      challenges: challengesOf(enabled, { error: 'invalid_token', error_description: error.message }),
    });
  if (error instanceof InsufficientScopeError) {
    const scope = error.info?.['required-scope'];
    return new InsufficientScopeError(error.message, {
      ...details(error),
      challenges: [
        {
          scheme: 'Bearer',
          parameters: {
            error: 'insufficient_scope',
            error_description: error.message,
            ...(scope === undefined ? {} : { scope }),
          },
        },
      ],
    });
  }
  if (error instanceof AuthenticationRequiredError && error.challenges === undefined)
    return new AuthenticationRequiredError(error.message, { ...details(error), challenges: challengesOf(enabled) });
  return error;
};
