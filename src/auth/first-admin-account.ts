/**
 * @module auth/first-admin-account
 * The account `admin` that the first start stores in the configuration: its password comes
 * from `IDCONF_ADMIN_PASSWORD`, or is generated here and printed once by the server.
 */
import { randomInt } from 'node:crypto';
import { hashPassword } from './password-hash.ts';
import type { Argon2Parameters } from './password-hash-argon2.ts';

/** The first admin account. */
export interface FirstAdminAccount {
  readonly user: 'admin';
  /** argon2id hash of the password, ready for `aaa/authentication/users/user[name='admin']/password`. */
  readonly passwordHash: string;
  /** The generated password, to be shown once; undefined when the operator gave one. */
  readonly generatedPassword?: string;
}

/** URL-safe characters: a generated password survives shells, URLs and copy-paste unquoted. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The length of a generated password: 24 characters of 6 bits each, 144 bits. */
export const GENERATED_PASSWORD_LENGTH = 24;

/** A random password from the URL-safe alphabet (uniform: each character by `crypto.randomInt`). */
export const generatePassword = (length = GENERATED_PASSWORD_LENGTH): string => {
  let password = '';
  for (let index = 0; index < length; index++) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
};

/**
 * The first admin account for the given `IDCONF_ADMIN_PASSWORD` value. An unset or empty value
 * means: generate a password.
 */
export const createFirstAdminAccount = async (
  adminPassword: string | undefined,
  parameters?: Argon2Parameters,
): Promise<FirstAdminAccount> => {
  if (adminPassword !== undefined && adminPassword !== '') {
    return { user: 'admin', passwordHash: await hashPassword(adminPassword, parameters) };
  }
  const generatedPassword = generatePassword();
  return { user: 'admin', passwordHash: await hashPassword(generatedPassword, parameters), generatedPassword };
};
