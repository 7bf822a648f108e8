/**
 * @module auth/create-credential-manager
 * Builds the back-end of a credential manager from its configuration, and checks a
 * configuration before it is committed (what the YANG model cannot say: a url that names a
 * database, queries that bind the user name, a user filter that places it).
 */
import type { Logger } from '../util/index.ts';
import type { CredentialManager } from './credential-manager.ts';
import type { CredentialManagerConfig, DataSourceConfig, SqlDataSourceConfig } from './credential-manager-config.ts';
import { LdapCredentialManager } from './ldap/ldap-credential-manager.ts';
import { USERNAME_PLACEHOLDER } from './ldap/ldap-filter.ts';
import { bindUsername } from './sql/bind-username.ts';
import { MariadbConnector } from './sql/mariadb-connector.ts';
import { PostgresConnector } from './sql/postgres-connector.ts';
import type { SqlConnector } from './sql/sql-connector.ts';
import { SqlCredentialManager } from './sql/sql-credential-manager.ts';
import { parseSqlUrl, SqlUrlError } from './sql/sql-url.ts';
import { SqliteConnector } from './sql/sqlite-connector.ts';

/** A configuration problem: the leaf (relative to the data source's case container) and what is wrong. */
export interface DataSourceProblem {
  readonly leaf: string;
  readonly message: string;
}

/** What is wrong with a data source's configuration for use by a credential manager; empty when nothing. */
export const dataSourceProblems = (config: DataSourceConfig): DataSourceProblem[] => {
  const problems: DataSourceProblem[] = [];
  if (config.kind === 'ldap') {
    if (!config.userFilter.includes(USERNAME_PLACEHOLDER))
      problems.push({ leaf: 'user-filter', message: `the user filter must contain ${USERNAME_PLACEHOLDER}` });
    if (config.bindDn === undefined && config.bindPassword !== undefined)
      problems.push({ leaf: 'bind-dn', message: 'a password is configured without the bind-dn it belongs to' });
    return problems;
  }
  let dialect: 'postgresql' | 'mariadb' | 'sqlite' = 'postgresql';
  try {
    dialect = parseSqlUrl(config.url).dialect;
  } catch (error) {
    if (!(error instanceof SqlUrlError)) throw error;
    problems.push({ leaf: 'url', message: error.message });
  }
  for (const [leaf, query] of [
    ['queries/credential-query', config.credentialQuery],
    ['queries/groups-query', config.groupsQuery],
  ] as const) {
    if (bindUsername(query, dialect).parameters === 0)
      problems.push({
        leaf,
        message: 'the query must select by :username (outside quotes and comments), or it would answer for any user',
      });
  }
  return problems;
};

const sqlConnector = (config: SqlDataSourceConfig, log: Logger): SqlConnector => {
  const location = parseSqlUrl(config.url);
  const onPoolError = (error: Error): void => {
    log.debug({ dataSource: config.id }, `a pooled connection failed: ${connector.describe(error)}`);
  };
  const connector: SqlConnector =
    location.dialect === 'sqlite'
      ? new SqliteConnector(config, location)
      : location.dialect === 'postgresql'
        ? new PostgresConnector(config, location, onPoolError)
        : new MariadbConnector(config, location);
  return connector;
};

/**
 * The back-end of `config`. Nothing connects yet: the first verification does.
 * @throws Error when the configuration has {@link dataSourceProblems} (commits check them first)
 */
export const createCredentialManager = (config: CredentialManagerConfig, log: Logger): CredentialManager => {
  const problem = dataSourceProblems(config.dataSource)[0];
  if (problem !== undefined) throw new Error(`${problem.leaf}: ${problem.message}`);
  const source = config.dataSource;
  return source.kind === 'ldap'
    ? new LdapCredentialManager(source, log)
    : new SqlCredentialManager(source, sqlConnector(source, log), config.passwordHashFormat, log);
};
