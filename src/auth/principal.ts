/**
 * @module auth/principal
 * Who a request acts for, once authenticated: what NACM and the commit metadata see.
 */

/** How the principal proved who it is: HTTP Basic, an OAuth bearer token, or the server itself. */
export type AuthenticationMethod = 'basic' | 'bearer' | 'system';

/** An authenticated user. NACM matches `user` and `groups` against its groups and rule-lists. @see RFC 8341 §3.5 */
export interface Principal {
  readonly user: string;
  /** Group names, from the credential source (local: NACM groups; LDAP: memberOf CNs; OAuth: the group claim). */
  readonly groups: readonly string[];
  readonly method: AuthenticationMethod;
  /**
   * Until when (milliseconds since the epoch) the credentials that proved it count, for credentials
   * that expire: a bearer token's `exp`, clock skew included. Absent for passwords. What outlives
   * one request on this login (an event stream subscription) ends then.
   */
  readonly validUntil?: number;
}
