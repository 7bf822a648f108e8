/**
 * @module auth/credential-manager-config
 * A credential manager and its data source as plain values: what the composition root reads
 * from `base:processing/credential-managers` and `base:facilities/data-sources` (defaults
 * applied, secrets decrypted, trusted certificates resolved to PEM) and hands to
 * {@link createCredentialManager}.
 */

/** The `password-hash-format` of a credential manager. */
export type PasswordHashFormat = 'sha512-crypt' | 'sha256-crypt' | 'bcrypt' | 'argon2id';

/** How an LDAP connection is protected. */
export type LdapTls = 'none' | 'starttls' | 'ldaps';

/** An LDAP directory (`data-source/ldap`). */
export interface LdapDataSourceConfig {
  readonly kind: 'ldap';
  readonly id: string;
  /** Host names or addresses, tried in this order. */
  readonly hosts: readonly string[];
  /** Absent: 636 with ldaps, 389 otherwise. */
  readonly port: number | undefined;
  readonly tls: LdapTls;
  /** PEM certificates the directory's certificate must chain to; empty: the system CA bundle. */
  readonly trustedCertificates: readonly string[];
  /** The service account; absent: anonymous search. */
  readonly bindDn: string | undefined;
  readonly bindPassword: string | undefined;
  readonly searchBase: string;
  /** An RFC 4515 filter with `{username}` where the escaped user name goes. */
  readonly userFilter: string;
  readonly groupAttribute: string;
  readonly connectTimeoutMs: number;
  readonly operationTimeoutMs: number;
}

/** How a database connection is protected. */
export type SqlTls = 'none' | 'required';

/** A relational database (`data-source/sql`). */
export interface SqlDataSourceConfig {
  readonly kind: 'sql';
  readonly id: string;
  /** `postgresql://…`, `mariadb://…`, `mysql://…` or `sqlite:…`. */
  readonly url: string;
  readonly username: string | undefined;
  readonly password: string | undefined;
  readonly maxConnections: number;
  /** SQL with `:username` for the user name; its first column is the password hash. */
  readonly credentialQuery: string;
  /** SQL with `:username`; the first column of each row is a group name. */
  readonly groupsQuery: string;
  readonly connectTimeoutMs: number;
  readonly queryTimeoutMs: number;
  readonly tls: SqlTls;
  readonly trustedCertificates: readonly string[];
}

/** Any data source a credential manager can use. */
export type DataSourceConfig = LdapDataSourceConfig | SqlDataSourceConfig;

/** A credential manager (`processing/credential-managers/credential-manager`). */
export interface CredentialManagerConfig {
  readonly id: string;
  readonly passwordHashFormat: PasswordHashFormat;
  readonly dataSource: DataSourceConfig;
}
