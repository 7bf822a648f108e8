/**
 * @module auth/sql/sql-connector
 * What the SQL credential manager needs from a database driver: run a query with the user name
 * bound and return the first column of every row, describe a failure safely, and close.
 */
import type { BoundQuery } from './bind-username.ts';
import type { SqlDialect } from './sql-url.ts';

/** One database, reached through its driver (a pool for server databases). */
export interface SqlConnector {
  readonly dialect: SqlDialect;
  /** The first column of every row of `query`, with `user` as the value of each placeholder. */
  firstColumn(query: BoundQuery, user: string): Promise<unknown[]>;
  /**
   * Why a call failed, for the log: an SQLSTATE, a driver error code or a time-out; never the
   * driver's message, which may quote the query, the user name or the server's words.
   */
  describe(error: unknown): string;
  close(): Promise<void>;
}

const ERROR_CODE = /^[A-Z][A-Z0-9_]{1,63}$/;

/** A Node socket or TLS error code of `error` (`ECONNREFUSED`, `DEPTH_ZERO_SELF_SIGNED_CERT`, …), if it has one. */
export const systemErrorCode = (error: unknown): string | undefined => {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  return typeof code === 'string' && ERROR_CODE.test(code) ? code : undefined;
};
