/**
 * @module auth/ldap/ldap-filter
 * The user filter of an LDAP data source with the login name put in: the name is escaped as an
 * RFC 4515 assertion value, so that `*`, `(`, `)`, `\` and NUL in it are matched literally and
 * cannot change the filter (`admin)(uid=*` finds the user whose name is exactly that).
 * @see RFC 4515 §3 (the `\XX` escapes)
 */

/** The placeholder of the user filter that the escaped user name replaces. */
export const USERNAME_PLACEHOLDER = '{username}';

/** The characters RFC 4515 §3 makes a value escape, and their escapes. */
const ESCAPES: Readonly<Record<string, string>> = {
  '*': '\\2a',
  '(': '\\28',
  ')': '\\29',
  '\\': '\\5c',
  '\u0000': '\\00',
};

/** `value` as an RFC 4515 assertion value: `*`, `(`, `)`, `\` and NUL become `\2a`, `\28`, `\29`, `\5c`, `\00`. */
export const escapeFilterValue = (value: string): string => {
  let escaped = '';
  for (const character of value) escaped += ESCAPES[character] ?? character;
  return escaped;
};

/** The user filter `template` with every `{username}` replaced by the escaped `user`. */
export const userFilterFor = (template: string, user: string): string =>
  template.replaceAll(USERNAME_PLACEHOLDER, escapeFilterValue(user));
