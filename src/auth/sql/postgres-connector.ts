/**
 * @module auth/sql/postgres-connector
 * PostgreSQL through a `pg` pool: at most `max-connections` connections, a connect time-out
 * (waiting for a pooled connection included), and the query time-out both as the server's
 * `statement_timeout` (the server cancels the query) and on the client (a server that stops
 * answering). Sessions are read-only (`default_transaction_read_only`), so a configured query
 * cannot change the accounts.
 */
import type { Pool } from 'pg';
import type { SqlDataSourceConfig } from '../credential-manager-config.ts';
import type { BoundQuery } from './bind-username.ts';
import type { SqlConnector } from './sql-connector.ts';
import { systemErrorCode } from './sql-connector.ts';
import { tlsOptionsFor } from './sql-tls.ts';
import type { SqlServerLocation } from './sql-url.ts';

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** Classes of SQLSTATE worth naming in the log. @see PostgreSQL manual, Appendix A */
const SQLSTATE_CLASSES: Readonly<Record<string, string>> = {
  '08': 'connection exception',
  '28': 'the database refused the account',
  '3D': 'the database does not exist',
  '42': 'the query is invalid (syntax, table or column)',
  '53': 'the server is out of resources',
  '57': 'the server cancelled the query or is shutting down',
};

/** A connector to one PostgreSQL database. */
export class PostgresConnector implements SqlConnector {
  readonly dialect = 'postgresql';
  readonly #pool: Promise<Pool>;
  readonly #onIdleError: (error: Error) => void;

  /** `onIdleError` hears about pooled connections that broke while idle (e.g. the server stopped). */
  constructor(config: SqlDataSourceConfig, location: SqlServerLocation, onIdleError: (error: Error) => void) {
    this.#onIdleError = onIdleError;
    this.#pool = import('pg').then(({ Pool }) => {
      const pool = new Pool({
        host: location.host,
        port: location.port,
        ...(location.database === '' ? {} : { database: location.database }),
        ...(config.username === undefined ? {} : { user: config.username }),
        ...(config.password === undefined ? {} : { password: config.password }),
        max: config.maxConnections,
        idleTimeoutMillis: 30_000,
        connectionTimeoutMillis: config.connectTimeoutMs,
        statement_timeout: config.queryTimeoutMs,
        query_timeout: config.queryTimeoutMs + 1000,
        application_name: 'idconf',
        options: '-c default_transaction_read_only=on',
        ssl: config.tls === 'required' ? tlsOptionsFor(config, location.host) : false,
      });
      // Without a listener, a pooled connection that breaks while idle would crash the process.
      pool.on('error', (error) => this.#onIdleError(error));
      return pool;
    });
  }

  async firstColumn(query: BoundQuery, user: string): Promise<unknown[]> {
    const pool = await this.#pool;
    const result = await pool.query({
      text: query.text,
      values: query.parameters === 0 ? [] : [user],
      rowMode: 'array',
    });
    return result.rows.map((row: unknown[]) => row[0]);
  }

  describe(error: unknown): string {
    const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && SQLSTATE.test(code)) {
      const kind = SQLSTATE_CLASSES[code.slice(0, 2)];
      return `the database answered SQLSTATE ${code}${kind === undefined ? '' : ` (${kind})`}`;
    }
    const system = systemErrorCode(error);
    if (system !== undefined) return `connection failed (${system})`;
    const message = error instanceof Error ? error.message : '';
    if (/timeout.*connect|connect.*timeout/i.test(message)) return 'connecting timed out';
    if (/Query read timeout/i.test(message)) return 'no answer in time';
    if (/does not support SSL/i.test(message)) return 'the server does not offer TLS';
    if (/Connection terminated/i.test(message)) return 'the connection was closed';
    return `unexpected failure (${error instanceof Error ? error.name : typeof error})`;
  }

  async close(): Promise<void> {
    await (await this.#pool).end();
  }
}
