/**
 * @module auth/ldap/ldap-failure
 * Why talking to a directory failed, in words fit for the log: the result code an LDAP server
 * answered, a socket or TLS error code, or a time-out. Never the library's message text, which
 * may quote what was sent.
 */

const ERROR_CODE = /^[A-Z][A-Z0-9_]{1,63}$/;

/** Result codes after which another replica may do better: busy (51), unavailable (52). @see RFC 4511 §4.1.9 */
const TRY_ANOTHER_HOST = new Set([51, 52]);

/** The result code of an error `ldapts` raised for an LDAP result, or undefined for any other error. */
export const resultCodeOf = (error: unknown): number | undefined => {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'number' ? code : undefined;
};

/** True when, after `error`, the next host should be tried: the directory did not answer, or said it is busy. */
export const isHostFailure = (error: unknown): boolean => {
  const code = resultCodeOf(error);
  return code === undefined || TRY_ANOTHER_HOST.has(code);
};

/** A short, safe description of `error`. */
export const describeLdapFailure = (error: unknown): string => {
  const resultCode = resultCodeOf(error);
  if (resultCode !== undefined) return `the directory answered result code ${resultCode}`;
  if (!(error instanceof Error)) return 'unexpected failure';
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && ERROR_CODE.test(code)) return `connection failed (${code})`;
  if (error.message === 'Connection timeout') return 'connecting timed out';
  if (error.message.endsWith('Operation timed out')) return 'no answer in time';
  if (error.message.startsWith('Connection closed') || error.message.startsWith('Socket error'))
    return 'the connection was closed';
  return `unexpected failure (${error.name})`;
};
