/**
 * @module auth/credential-manager
 * The back-end a configured credential manager stands for: something that can tell whether a
 * user name and password belong together, and which groups the user has. The LDAP and SQL data
 * sources implement it; {@link CredentialManagerAuthenticator} puts it behind the Authenticator
 * extension point, next to the local accounts.
 */

/** Why a credential manager turned a login down (for the audit log; the client never learns it). */
export type RejectionReason =
  | 'unknown-user'
  | 'wrong-password'
  | 'empty-password'
  | 'ambiguous-user'
  | 'unusable-hash'
  | 'refused-by-directory';

/**
 * A credential manager's verdict. `unavailable` means the data source could not answer
 * (unreachable, timed out, the service account refused, a query failed): the credentials may
 * well be right, so it is no login failure. Its `reason` is a short classification fit for the
 * log: never a driver's message, a password or a query.
 */
export type CredentialCheck =
  | { readonly outcome: 'verified'; readonly groups: readonly string[] }
  | { readonly outcome: 'rejected'; readonly reason: RejectionReason }
  | { readonly outcome: 'unavailable'; readonly reason: string };

/** Verifies passwords against one data source. */
export interface CredentialManager {
  /** The id of the data source it asks (for logs). */
  readonly dataSource: string;
  /**
   * Checks `password` for `user`. Resolves with `unavailable` rather than rejecting when the data
   * source fails; rejects only on a bug.
   */
  verify(user: string, password: string): Promise<CredentialCheck>;
  /** Closes connections and pools; the manager is not used afterwards. */
  close(): Promise<void>;
}
