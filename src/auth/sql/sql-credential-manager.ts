/**
 * @module auth/sql/sql-credential-manager
 * Password checks against a relational database: the credential query (with the user name
 * bound for `:username`) gives the stored hash, which is verified here in any supported format
 * (`$6$`, `$5$`, bcrypt, argon2id, …); after a match, the groups query gives the group names.
 * An unknown user, several rows for one user, or a hash that cannot be used cost one check
 * against a dummy hash of the configured format, so they take as long as a wrong password.
 */
import type { Logger } from '../../util/index.ts';
import type { CredentialCheck, CredentialManager, RejectionReason } from '../credential-manager.ts';
import type { PasswordHashFormat, SqlDataSourceConfig } from '../credential-manager-config.ts';
import { dummyPasswordHash } from '../dummy-password-hash.ts';
import { passwordHashProblem, verifyPassword } from '../password-hash.ts';
import type { BoundQuery } from './bind-username.ts';
import { bindUsername } from './bind-username.ts';
import type { SqlConnector } from './sql-connector.ts';

/** Users remembered as having an unusable hash, so each is reported once. */
const MAX_REPORTED = 1024;

/** A column value as text: strings as they are, bytes as UTF-8; anything else is no text. */
const textOf = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return undefined;
};

/** Verifies passwords against hashes a database holds. */
export class SqlCredentialManager implements CredentialManager {
  readonly #config: SqlDataSourceConfig;
  readonly #connector: SqlConnector;
  readonly #log: Logger;
  readonly #credentialQuery: BoundQuery;
  readonly #groupsQuery: BoundQuery;
  readonly #dummyHash: string;
  readonly #reported = new Set<string>();

  constructor(config: SqlDataSourceConfig, connector: SqlConnector, format: PasswordHashFormat, log: Logger) {
    this.#config = config;
    this.#connector = connector;
    this.#log = log;
    this.#credentialQuery = bindUsername(config.credentialQuery, connector.dialect);
    this.#groupsQuery = bindUsername(config.groupsQuery, connector.dialect);
    this.#dummyHash = dummyPasswordHash(format);
  }

  get dataSource(): string {
    return this.#config.id;
  }

  async verify(user: string, password: string): Promise<CredentialCheck> {
    if (password === '') return { outcome: 'rejected', reason: 'empty-password' };
    let hashes: unknown[];
    try {
      hashes = await this.#connector.firstColumn(this.#credentialQuery, user);
    } catch (error) {
      return { outcome: 'unavailable', reason: `credential-query: ${this.#connector.describe(error)}` };
    }
    let rejection: RejectionReason | undefined;
    let hash: string | undefined;
    if (hashes.length === 0) rejection = 'unknown-user';
    else if (hashes.length > 1) {
      rejection = 'ambiguous-user';
      this.#report(user, `the credential query returned ${hashes.length} rows for this user`);
    } else {
      hash = textOf(hashes[0]);
      const problem = hash === undefined ? 'the stored hash is not text' : passwordHashProblem(hash);
      if (problem !== undefined) {
        rejection = 'unusable-hash';
        hash = undefined;
        this.#report(user, problem);
      }
    }
    const matches = await verifyPassword(password, hash ?? this.#dummyHash);
    if (rejection !== undefined) return { outcome: 'rejected', reason: rejection };
    if (!matches) return { outcome: 'rejected', reason: 'wrong-password' };
    let groups: unknown[];
    try {
      groups = await this.#connector.firstColumn(this.#groupsQuery, user);
    } catch (error) {
      return { outcome: 'unavailable', reason: `groups-query: ${this.#connector.describe(error)}` };
    }
    const names = groups.map(textOf).filter((name): name is string => name !== undefined && name !== '');
    return { outcome: 'verified', groups: [...new Set(names)] };
  }

  close(): Promise<void> {
    return this.#connector.close();
  }

  #report(user: string, problem: string): void {
    if (this.#reported.has(user)) return;
    if (this.#reported.size >= MAX_REPORTED) this.#reported.clear();
    this.#reported.add(user);
    this.#log.warn(
      { dataSource: this.#config.id, user, problem },
      'this account of the data source cannot log in: what the credential query returns for it is unusable',
    );
  }
}
