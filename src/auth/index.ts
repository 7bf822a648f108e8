/**
 * @module auth
 * Authentication: the Authenticator extension point and its back-ends (local accounts, and
 * credential managers over LDAP and SQL data sources), password hashing, failure throttling and
 * the audit trail of logins.
 * See DESIGN §3 for this folder's responsibility. May import: util, errors.
 */
export type { AuthenticationEvent, AuthenticationOutcome } from './authentication-audit.ts';
export { auditAuthentication } from './authentication-audit.ts';
export type { Authenticator } from './authenticator.ts';
export type { DataSourceProblem } from './create-credential-manager.ts';
export { createCredentialManager, dataSourceProblems } from './create-credential-manager.ts';
export type { CredentialCheck, CredentialManager, RejectionReason } from './credential-manager.ts';
export type {
  ActiveCredentialManager,
  CredentialManagerAuthenticatorOptions,
  CredentialManagerSource,
} from './credential-manager-authenticator.ts';
export { CredentialManagerAuthenticator } from './credential-manager-authenticator.ts';
export type {
  CredentialManagerConfig,
  DataSourceConfig,
  LdapDataSourceConfig,
  LdapTls,
  PasswordHashFormat,
  SqlDataSourceConfig,
  SqlTls,
} from './credential-manager-config.ts';
export type { BasicCredentials, BearerCredentials, ClientSource, Credentials } from './credentials.ts';
export type { CachedLogin, ExternalLoginCacheOptions } from './external-login-cache.ts';
export { ExternalLoginCache } from './external-login-cache.ts';
export type { FirstAdminAccount } from './first-admin-account.ts';
export { createFirstAdminAccount, GENERATED_PASSWORD_LENGTH, generatePassword } from './first-admin-account.ts';
export type { LocalUserAuthenticatorOptions } from './local-user-authenticator.ts';
export { LocalUserAuthenticator, MAX_PASSWORD_LENGTH } from './local-user-authenticator.ts';
export type { LoginThrottleOptions } from './login-throttle.ts';
export { LoginThrottle } from './login-throttle.ts';
export * from './oauth/index.ts';
export type { PasswordHashScheme } from './password-hash.ts';
export { hashPassword, passwordHashProblem, passwordHashScheme, verifyPassword } from './password-hash.ts';
export type { Argon2Parameters } from './password-hash-argon2.ts';
export { DEFAULT_ARGON2_PARAMETERS } from './password-hash-argon2.ts';
export type { AuthenticationMethod, Principal } from './principal.ts';
export type { EnabledSchemes, SchemeAuthenticatorOptions } from './scheme-authenticator.ts';
export { SchemeAuthenticator } from './scheme-authenticator.ts';
export type { UserDirectory, UserRecord } from './user-directory.ts';
export type { VerifiedCredentialsOptions } from './verified-credentials.ts';
export { VerifiedCredentials } from './verified-credentials.ts';
