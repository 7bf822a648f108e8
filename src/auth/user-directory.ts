/**
 * @module auth/user-directory
 * Where {@link LocalUserAuthenticator} finds accounts. The composition root backs it with the
 * `idconf-aaa` users of the running datastore (`aaa/authentication/users/user[name]`) and
 * their NACM groups.
 */

/** What an authenticator needs to know about one account. */
export interface UserRecord {
  /** The stored one-way hash (see {@link verifyPassword} for the formats). */
  readonly passwordHash: string;
  readonly groups: readonly string[];
}

/** Looks accounts up by user name. */
export interface UserDirectory {
  /** The account named `user`, or undefined when there is none. Names are case-sensitive. */
  lookup(user: string): UserRecord | undefined | Promise<UserRecord | undefined>;
}
