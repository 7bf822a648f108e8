/**
 * @module auth/sql/sqlite-connector
 * SQLite through `node:sqlite`: the file is opened read-only for each lookup and closed after
 * it (a lookup on an indexed table costs well under a millisecond, and a replaced or removed
 * file is noticed at once); `query-timeout` is the busy time-out while a writer holds a lock.
 * SQLite has no connections to pool and no TLS.
 */
import { DatabaseSync } from 'node:sqlite';
import type { SqlDataSourceConfig } from '../credential-manager-config.ts';
import type { BoundQuery } from './bind-username.ts';
import type { SqlConnector } from './sql-connector.ts';
import type { SqliteLocation } from './sql-url.ts';

/** A connector to one SQLite database file. */
export class SqliteConnector implements SqlConnector {
  readonly dialect = 'sqlite';
  readonly #path: string;
  readonly #busyTimeoutMs: number;

  constructor(config: SqlDataSourceConfig, location: SqliteLocation) {
    this.#path = location.path;
    this.#busyTimeoutMs = config.queryTimeoutMs;
  }

  async firstColumn(query: BoundQuery, user: string): Promise<unknown[]> {
    const database = new DatabaseSync(this.#path, { readOnly: true, timeout: this.#busyTimeoutMs });
    try {
      const statement = database.prepare(query.text);
      statement.setReturnArrays(true);
      const rows = statement.all(...Array.from({ length: query.parameters }, () => user)) as unknown as unknown[][];
      return rows.map((row) => row[0]);
    } finally {
      database.close();
    }
  }

  describe(error: unknown): string {
    const fields = error instanceof Error ? (error as { errcode?: unknown; errstr?: unknown }) : {};
    // errstr is SQLite's fixed text for the result code, never the query or a value.
    if (typeof fields.errcode === 'number' && typeof fields.errstr === 'string')
      return `SQLite error ${fields.errcode} (${fields.errstr})`;
    return `unexpected failure (${error instanceof Error ? error.name : typeof error})`;
  }

  async close(): Promise<void> {
    // Nothing stays open between lookups.
  }
}
