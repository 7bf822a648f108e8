/**
 * @module auth/oauth/access-token-verifier
 * Checks a JWT access token against {@link BearerTokenSettings} and reads who it is for: the
 * signature with an algorithm the key admits, `iss`, `aud`, `exp`/`nbf`/`iat` within the clock
 * skew, the token type, the client (`client_id`, else `azp`) and the required scopes; then the user
 * and groups from the configured claims. Failures are {@link InvalidTokenError} (401) or, for a
 * missing scope, {@link InsufficientScopeError} (403), with a message that says what was wrong
 * without echoing the token.
 * @see RFC 9068 §4 (validating JWT access tokens), RFC 7519 §4.1, RFC 8725 (JWT best practices)
 */
import type { KeyObject } from 'node:crypto';
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import { decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { InsufficientScopeError, InvalidTokenError } from '../../errors/index.ts';
import type { BearerTokenSettings } from './bearer-token-settings.ts';
import { JwksUnavailableError } from './jwks-cache.ts';
import { ASYMMETRIC_ALGORITHMS, algorithmsForKey } from './signature-algorithms.ts';

/** What a verified access token says. */
export interface VerifiedAccessToken {
  /** The value of the username claim. */
  readonly user: string;
  /** The values of the group claim (empty without one). */
  readonly groups: readonly string[];
  /** The client the token was issued to. */
  readonly clientId: string;
  readonly scopes: readonly string[];
  /** Until when (milliseconds since the epoch) the token counts as unexpired, clock skew included. */
  readonly validUntil: number;
}

/** `typ` values of access tokens: RFC 9068's, and the plain `JWT` most issuers still send. @see RFC 9068 §2.1 */
const ACCESS_TOKEN_TYPES = new Set(['at+jwt', 'application/at+jwt', 'jwt']);
/** Longest user name or group name taken from a token. */
const MAX_NAME_LENGTH = 1024;
// biome-ignore lint/suspicious/noControlCharactersInRegex: names with control characters are refused.
const CONTROL = /[\u0000-\u001f\u007f]/;

const invalid = (reason: string): InvalidTokenError =>
  new InvalidTokenError(`the bearer token is not accepted: ${reason}`);

/**
 * The claims of `token` once every check passed.
 * @param key the configured public key, or the issuer's JWKS resolver
 * @throws InvalidTokenError, InsufficientScopeError
 */
export const verifyAccessToken = async (
  token: string,
  settings: BearerTokenSettings,
  key: KeyObject | JWTVerifyGetKey,
  now: number = Date.now(),
): Promise<VerifiedAccessToken> => {
  let payload: JWTPayload;
  let type: unknown;
  try {
    const verified =
      typeof key === 'function'
        ? await jwtVerify(token, key, verifyOptions(settings, ASYMMETRIC_ALGORITHMS, now))
        : await jwtVerify(token, key, verifyOptions(settings, algorithmsForKey(key), now));
    payload = verified.payload;
    type = verified.protectedHeader.typ;
  } catch (error) {
    throw invalid(reasonOf(error, token));
  }
  if (type !== undefined && (typeof type !== 'string' || !ACCESS_TOKEN_TYPES.has(type.toLowerCase())))
    throw invalid('it is not an access token (its typ header is not at+jwt)');
  const skew = settings.clockSkewSeconds;
  if (typeof payload.iat === 'number' && payload.iat > now / 1000 + skew)
    throw invalid('it was issued in the future (iat)');
  const clientId = clientOf(payload);
  if (clientId === undefined) throw invalid('it names no client (client_id or azp claim)');
  if (!settings.clients.includes(clientId)) throw invalid('it was issued to a client that may not use this server');
  const user = payload[settings.usernameClaim];
  if (!isName(user)) throw invalid(`its ${settings.usernameClaim} claim is missing or not a user name`);
  const scopes = scopesOf(payload);
  const missing = settings.requiredScopes.filter((scope) => !scopes.includes(scope));
  if (missing.length > 0)
    throw new InsufficientScopeError(
      `the bearer token lacks the scope ${missing.join(' ')} that this server requires`,
      {
        info: { 'required-scope': settings.requiredScopes.join(' ') },
      },
    );
  return {
    user,
    groups: groupsOf(payload[settings.groupClaim]),
    clientId,
    scopes,
    validUntil: ((payload.exp as number) + skew) * 1000,
  };
};

const verifyOptions = (settings: BearerTokenSettings, algorithms: readonly string[], now: number) => ({
  issuer: settings.issuer,
  ...(settings.audiences.length === 0 ? {} : { audience: [...settings.audiences] }),
  clockTolerance: settings.clockSkewSeconds,
  algorithms: [...algorithms],
  requiredClaims: ['exp'],
  currentDate: new Date(now),
});

/** Why jose refused the token, in words for the client. */
const reasonOf = (error: unknown, token: string): string => {
  if (error instanceof errors.JWTExpired) return 'it has expired (exp)';
  if (error instanceof errors.JWTClaimValidationFailed) {
    switch (error.claim) {
      case 'nbf':
        return 'it is not valid yet (nbf)';
      case 'iss':
        return 'it was issued by another issuer (iss)';
      case 'aud':
        return 'it is not meant for this server (aud)';
      case 'exp':
        return 'it has no valid expiry (exp)';
      default:
        return `its ${error.claim} claim is invalid`;
    }
  }
  if (error instanceof errors.JOSEAlgNotAllowed)
    return `it is signed with an algorithm this server does not accept for its keys (${algorithmOf(token)})`;
  if (error instanceof errors.JWKSNoMatchingKey) return 'no signing key of the issuer matches it (kid, alg)';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'its signature does not verify';
  if (error instanceof JwksUnavailableError) return "the issuer's signing keys (JWKS) cannot be fetched now";
  if (error instanceof errors.JOSENotSupported) return 'it uses an algorithm or header this server does not support';
  if (error instanceof errors.JWTInvalid || error instanceof errors.JWSInvalid)
    return 'it is not a well-formed signed JWT';
  if (error instanceof errors.JOSEError) return 'it cannot be verified';
  throw error;
};

/** The `alg` of the token's header, for a message: a short token of safe characters, or "unknown". */
const algorithmOf = (token: string): string => {
  try {
    const alg = decodeProtectedHeader(token).alg;
    return typeof alg === 'string' && /^[A-Za-z0-9+_.-]{1,32}$/.test(alg) ? alg : 'unknown';
  } catch {
    return 'unknown';
  }
};

/** `client_id` (RFC 9068 §2.2), else `azp` (OpenID Connect Core §2). */
const clientOf = (payload: JWTPayload): string | undefined => {
  const clientId = payload.client_id ?? payload.azp;
  return typeof clientId === 'string' && clientId !== '' ? clientId : undefined;
};

const isName = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value.length <= MAX_NAME_LENGTH && !CONTROL.test(value);

/** The granted scopes: `scope` (space-separated, RFC 9068 §2.2.3) and `scp` (an array or a string). */
const scopesOf = (payload: JWTPayload): string[] => {
  const scopes = new Set<string>();
  for (const claim of [payload.scope, payload.scp]) {
    if (typeof claim === 'string') for (const scope of claim.split(' ')) if (scope !== '') scopes.add(scope);
    if (Array.isArray(claim))
      for (const scope of claim) if (typeof scope === 'string' && scope !== '') scopes.add(scope);
  }
  return [...scopes];
};

/** Group names: the claim's string values (an array of strings, or one string as one group). */
const groupsOf = (claim: unknown): string[] => {
  const values = Array.isArray(claim) ? claim : claim === undefined ? [] : [claim];
  return [...new Set(values.filter(isName))];
};
