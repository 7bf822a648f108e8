/**
 * @module auth/sql/mariadb-connector
 * MariaDB and MySQL through a `mariadb` pool: at most `max-connections` connections, opened on
 * demand (none kept while idle, so a stopped server is not redialled in the background), a
 * connect time-out that also bounds the wait for a pooled connection, and the query time-out
 * (MariaDB: `max_statement_time`, enforced by the server; both: the socket gives up a second
 * later). Sessions are read-only.
 */
import type { Pool } from 'mariadb';
import type { SqlDataSourceConfig } from '../credential-manager-config.ts';
import type { BoundQuery } from './bind-username.ts';
import type { SqlConnector } from './sql-connector.ts';
import { systemErrorCode } from './sql-connector.ts';
import { tlsOptionsFor } from './sql-tls.ts';
import type { SqlServerLocation } from './sql-url.ts';

/** Driver error codes worth naming in the log. */
const KNOWN_CODES: Readonly<Record<string, string>> = {
  ER_ACCESS_DENIED_ERROR: 'the database refused the account',
  ER_DBACCESS_DENIED_ERROR: 'the account may not use the database',
  ER_BAD_DB_ERROR: 'the database does not exist',
  ER_NO_SUCH_TABLE: 'the query is invalid (no such table)',
  ER_BAD_FIELD_ERROR: 'the query is invalid (no such column)',
  ER_PARSE_ERROR: 'the query is invalid (syntax)',
  ER_STATEMENT_TIMEOUT: 'the query took longer than query-timeout',
  ER_GET_CONNECTION_TIMEOUT: 'no connection within connect-timeout',
  ER_CONNECTION_TIMEOUT: 'connecting timed out',
  ER_SOCKET_TIMEOUT: 'no answer in time',
  ER_POOL_ALREADY_CLOSED: 'the pool is closed',
};

/** A connector to one MariaDB or MySQL database. */
export class MariadbConnector implements SqlConnector {
  readonly dialect = 'mariadb';
  readonly #pool: Promise<Pool>;

  constructor(config: SqlDataSourceConfig, location: SqlServerLocation) {
    this.#pool = import('mariadb').then(({ createPool }) => {
      const pool = createPool({
        host: location.host,
        port: location.port,
        ...(location.database === '' ? {} : { database: location.database }),
        ...(config.username === undefined ? {} : { user: config.username }),
        ...(config.password === undefined ? {} : { password: config.password }),
        connectionLimit: config.maxConnections,
        minimumIdle: 0,
        idleTimeout: 30,
        acquireTimeout: config.connectTimeoutMs,
        connectTimeout: config.connectTimeoutMs,
        ...(location.product === 'mariadb' ? { queryTimeout: config.queryTimeoutMs } : {}),
        socketTimeout: config.queryTimeoutMs + 1000,
        initSql: 'SET SESSION TRANSACTION READ ONLY',
        // The driver's own logging would print to the console; failures are reported by us instead.
        logger: { network: () => {}, query: () => {}, error: () => {}, warning: () => {} },
        ...(config.tls === 'required' ? { ssl: tlsOptionsFor(config, location.host) } : {}),
      });
      // createPool listens to the pool's 'error' events itself, so a failed background connection is harmless.
      return pool;
    });
  }

  async firstColumn(query: BoundQuery, user: string): Promise<unknown[]> {
    const pool = await this.#pool;
    const rows = (await pool.query(
      { sql: query.text, rowsAsArray: true },
      Array.from({ length: query.parameters }, () => user),
    )) as unknown[][];
    return rows.map((row) => row[0]);
  }

  describe(error: unknown): string {
    const code = systemErrorCode(error);
    const cause = error instanceof Error ? systemErrorCode(error.cause) : undefined;
    // The pool reports a refused login as a time-out caused by it: the cause says more.
    if (cause !== undefined && KNOWN_CODES[cause] !== undefined) return `${KNOWN_CODES[cause]} (${cause})`;
    if (code !== undefined && KNOWN_CODES[code] !== undefined)
      return `${KNOWN_CODES[code]} (${code}${cause === undefined ? '' : `, ${cause}`})`;
    if (code?.startsWith('ER_') === true) return `the database answered ${code}`;
    if (code !== undefined) return `connection failed (${code})`;
    return `unexpected failure (${error instanceof Error ? error.name : typeof error})`;
  }

  async close(): Promise<void> {
    await (await this.#pool).end();
  }
}
