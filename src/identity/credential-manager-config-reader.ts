/**
 * @module server/identity/credential-manager-config-reader
 * Reads the credential manager that admin logins use from a configuration tree:
 * `environments/environment/admin-service/authentication/credential-manager` names an entry of
 * `processing/credential-managers`, whose `data-source` names an entry of
 * `facilities/data-sources`; its trusted certificates come from
 * `facilities/crypto/ssl/server-truststore`. Defaults are those of the model (read with
 * `report-all`), the data-source password is decrypted with the configuration key.
 */
import type { CredentialManagerConfig, DataSourceConfig, PasswordHashFormat } from '../auth/index.ts';
import type { DataTree } from '../data/index.ts';
import type { ConfigCipher } from './config-cipher.ts';
import { ConfigDecryptionError, isEncryptedValue } from './config-cipher.ts';
import { topLevelJson } from './top-level-json.ts';

/** What the configuration says about admin logins' credential manager. */
export type CredentialManagerSetting =
  | { readonly kind: 'none'; readonly fingerprint: string }
  | { readonly kind: 'config'; readonly config: CredentialManagerConfig; readonly fingerprint: string }
  | {
      readonly kind: 'unusable';
      readonly id: string;
      readonly dataSource: string;
      readonly problem: string;
      readonly fingerprint: string;
    };

type Json = Record<string, unknown>;

const object = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(object) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const number = (value: unknown, fallback: number): number => (typeof value === 'number' ? value : fallback);
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];

const HASH_FORMATS: readonly PasswordHashFormat[] = ['sha512-crypt', 'sha256-crypt', 'bcrypt', 'argon2id'];

/** Thrown while reading when a referenced entry or secret cannot be used. */
class UnusableSetting extends Error {}

const secretOf = (value: unknown, cipher: ConfigCipher): string | undefined => {
  const stored = text(value);
  if (stored === undefined || !isEncryptedValue(stored)) return stored;
  try {
    return cipher.decryptText(stored);
  } catch (error) {
    if (error instanceof ConfigDecryptionError)
      throw new UnusableSetting('the data source password cannot be decrypted');
    throw error;
  }
};

const certificatesOf = (ids: readonly string[], facilities: Json): string[] => {
  const entries = list(object(object(object(facilities.crypto).ssl)['server-truststore'])['server-certificate']);
  return ids.map((id) => {
    const pem = text(entries.find((entry) => entry.id === id)?.keystore);
    if (pem === undefined) throw new UnusableSetting(`the trusted certificate ${id} does not exist`);
    return pem;
  });
};

const dataSourceOf = (entry: Json, facilities: Json, cipher: ConfigCipher): DataSourceConfig => {
  const id = text(entry.id) ?? '';
  if (entry.ldap !== undefined) {
    const ldap = object(entry.ldap);
    const tls = text(ldap.tls);
    return {
      kind: 'ldap',
      id,
      hosts: texts(ldap.hosts),
      port: typeof ldap.port === 'number' ? ldap.port : undefined,
      tls: tls === 'none' || tls === 'starttls' ? tls : 'ldaps',
      trustedCertificates: certificatesOf(texts(ldap['trusted-certificate']), facilities),
      bindDn: text(ldap['bind-dn']),
      bindPassword: secretOf(ldap.password, cipher),
      searchBase: text(ldap['search-base']) ?? '',
      userFilter: text(ldap['user-filter']) ?? '(uid={username})',
      groupAttribute: text(ldap['group-attribute']) ?? 'memberOf',
      connectTimeoutMs: number(ldap['connect-timeout'], 5000),
      operationTimeoutMs: number(ldap['operation-timeout'], 5000),
    };
  }
  if (entry.sql !== undefined) {
    const sql = object(entry.sql);
    const queries = object(sql.queries);
    return {
      kind: 'sql',
      id,
      url: text(sql.url) ?? '',
      username: text(sql.username),
      password: secretOf(sql.password, cipher),
      maxConnections: number(sql['max-connections'], 10),
      credentialQuery: text(queries['credential-query']) ?? 'SELECT password FROM accounts WHERE username = :username',
      groupsQuery: text(queries['groups-query']) ?? 'SELECT group_name FROM account_groups WHERE username = :username',
      connectTimeoutMs: number(sql['connect-timeout'], 5000),
      queryTimeoutMs: number(sql['query-timeout'], 5000),
      tls: text(sql.tls) === 'none' ? 'none' : 'required',
      trustedCertificates: certificatesOf(texts(sql['trusted-certificate']), facilities),
    };
  }
  throw new UnusableSetting('the data source is neither sql nor ldap');
};

/** The credential manager admin logins use according to `root`. */
export const readCredentialManagerSetting = (root: DataTree, cipher: ConfigCipher): CredentialManagerSetting => {
  const options = { withDefaults: 'report-all', content: 'config' } as const;
  const environment = object(topLevelJson(root, 'base', 'environments', options)?.environment);
  const id = text(object(object(environment['admin-service']).authentication)['credential-manager']);
  if (id === undefined) return { kind: 'none', fingerprint: '' };
  const processing = object(topLevelJson(root, 'base', 'processing', options));
  const manager = list(object(processing['credential-managers'])['credential-manager']).find(
    (entry) => entry.id === id,
  );
  const dataSourceId = text(manager?.['data-source']) ?? '';
  const facilities = object(topLevelJson(root, 'base', 'facilities', options));
  const dataSource = list(object(facilities['data-sources'])['data-source']).find((entry) => entry.id === dataSourceId);
  const certificates = object(object(object(facilities.crypto).ssl)['server-truststore']);
  // Everything the back-end depends on: a change to any of it builds a new one.
  const fingerprint = JSON.stringify([id, manager, dataSource, certificates]);
  if (manager === undefined || dataSource === undefined)
    return {
      kind: 'unusable',
      id,
      dataSource: dataSourceId,
      problem: 'the credential manager or its data source does not exist',
      fingerprint,
    };
  try {
    const format = text(manager['password-hash-format']);
    return {
      kind: 'config',
      config: {
        id,
        passwordHashFormat: HASH_FORMATS.find((candidate) => candidate === format) ?? 'sha512-crypt',
        dataSource: dataSourceOf(dataSource, facilities, cipher),
      },
      fingerprint,
    };
  } catch (error) {
    if (error instanceof UnusableSetting)
      return { kind: 'unusable', id, dataSource: dataSourceId, problem: error.message, fingerprint };
    throw error;
  }
};
