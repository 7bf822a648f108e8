/**
 * @module http/authenticate-header
 * The `Authorization` request header into {@link Credentials}, and the `WWW-Authenticate`
 * challenge of a 401. Parsing only: whether the credentials are right is an Authenticator's call.
 * @see RFC 9110 §11.6, RFC 7617 (Basic), RFC 6750 §2.1 (Bearer)
 */
import { isUtf8 } from 'node:buffer';
import type { Credentials } from '../auth/index.ts';
import type { AuthenticationChallenge } from '../errors/index.ts';
import { AuthenticationRequiredError } from '../errors/index.ts';

/** The protection space of the management APIs. @see RFC 9110 §11.5 */
export const REALM = 'idconf';

/** The challenge sent with every 401. @see RFC 7617 §2, §2.1 */
export const BASIC_CHALLENGE = `Basic realm="${REALM}", charset="UTF-8"`;

/** Characters an auth-param value may carry here: printable ASCII but `"` and `\`. @see RFC 6750 §3 */
const UNSAFE_PARAMETER = /[^\x20\x21\x23-\x5b\x5d-\x7e]/g;

/**
 * A challenge as a `WWW-Authenticate` value: the scheme, our realm, then its parameters as
 * quoted strings (characters RFC 6750 does not allow in them are replaced).
 * @see RFC 9110 §11.6.1, RFC 6750 §3
 */
export const formatChallenge = (challenge: AuthenticationChallenge): string => {
  const parameters = Object.entries(challenge.parameters ?? {}).map(
    ([name, value]) => `, ${name}="${value.replace(UNSAFE_PARAMETER, ' ')}"`,
  );
  return `${challenge.scheme} realm="${REALM}"${parameters.join('')}`;
};

/** `auth-scheme [ 1*SP token68 ]`, the scheme a token. @see RFC 9110 §11.4 */
const CREDENTIALS = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?: +(.*))?$/s;
/** Base64 as Basic uses it; the padding may be left off. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** token68. @see RFC 9110 §11.2 */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;
/** Control characters, which an RFC 7617 user-id must not contain. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: RFC 7617 §2 forbids exactly these in a user-id.
const CONTROL = /[\u0000-\u001f\u007f]/;

const malformed = (what: string): AuthenticationRequiredError =>
  new AuthenticationRequiredError(
    `the Authorization header is malformed (${what}); send "Basic " and the base64 of user:password in UTF-8`,
  );

/**
 * The credentials an `Authorization` header carries; undefined when there is no header.
 * @throws AuthenticationRequiredError when the header is malformed or names a scheme we do not accept.
 */
export const parseAuthorization = (header: string | undefined): Credentials | undefined => {
  if (header === undefined) return undefined;
  const match = CREDENTIALS.exec(header.trim());
  if (match === null) throw malformed('no authentication scheme');
  const scheme = (match[1] as string).toLowerCase();
  const parameter = (match[2] ?? '').trim();
  if (scheme === 'basic') return parseBasic(parameter);
  if (scheme === 'bearer') {
    if (!TOKEN68.test(parameter)) throw malformed('a Bearer token must be a token68');
    return { scheme: 'bearer', token: parameter };
  }
  throw new AuthenticationRequiredError(
    'the Authorization header uses a scheme this server does not accept; WWW-Authenticate lists those it does',
  );
};

/** `Basic <base64(user-id ":" password)>`; the user-id is everything before the first colon. @see RFC 7617 §2 */
const parseBasic = (parameter: string): Credentials => {
  if (!BASE64.test(parameter) || parameter.replace(/=+$/, '').length % 4 === 1) throw malformed('not base64');
  const bytes = Buffer.from(parameter, 'base64');
  if (!isUtf8(bytes)) throw malformed('not UTF-8');
  const text = bytes.toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) throw malformed('no colon between user and password');
  const user = text.slice(0, colon);
  if (CONTROL.test(user)) throw malformed('control characters in the user name');
  return { scheme: 'basic', user, password: text.slice(colon + 1) };
};
