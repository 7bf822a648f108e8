/**
 * @module datastore/postgres-failure
 * Turns a PostgreSQL (or connection) failure into the ManagementError the JournalStore contract
 * promises: `StoreUnavailableError` when the database cannot be reached (a cluster node answers
 * 503 and keeps serving reads), `ResourceDeniedError` when its disk is full, otherwise
 * `CommitFailedError` (open, write) or `OperationFailedError` (read). The message names the
 * condition and the SQLSTATE; the original error is the cause (for the log).
 * @see https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
import {
  CommitFailedError,
  type ManagementError,
  OperationFailedError,
  ResourceDeniedError,
  StoreUnavailableError,
} from '../errors/index.ts';

/** What the store was doing when PostgreSQL failed. */
export type PostgresAction = 'open' | 'write' | 'read';

/** Seconds a client should wait before retrying a write the unreachable store refused. */
export const RETRY_AFTER_SECONDS = 2;

/** SQLSTATEs whose condition the message names. */
const CONDITION_BY_SQLSTATE: Readonly<Record<string, string>> = {
  '25006': 'the database is read-only (SQLSTATE 25006 read_only_sql_transaction)',
  '28000': 'the database refused the login (SQLSTATE 28000 invalid_authorization_specification)',
  '28P01': 'the database refused the password (SQLSTATE 28P01 invalid_password)',
  '3D000': 'the database does not exist (SQLSTATE 3D000 invalid_catalog_name)',
  '42501': 'the role may not do this (SQLSTATE 42501 insufficient_privilege)',
  '53100': 'the database’s disk is full (SQLSTATE 53100 disk_full)',
  '53200': 'the database is out of memory (SQLSTATE 53200 out_of_memory)',
  '53300': 'the database has too many connections (SQLSTATE 53300 too_many_connections)',
  '57014': 'the query was cancelled (SQLSTATE 57014 query_canceled)',
  '57P01': 'the database is shutting down (SQLSTATE 57P01 admin_shutdown)',
  '57P02': 'the database crashed (SQLSTATE 57P02 crash_shutdown)',
  '57P03': 'the database is starting up or shutting down (SQLSTATE 57P03 cannot_connect_now)',
};

/** SQLSTATEs after which the database is as good as unreachable: retry later, elsewhere. */
const UNAVAILABLE_SQLSTATES = new Set(['53300', '57P01', '57P02', '57P03']);

/** Messages of `pg` for a connection that is gone or never came. */
const CONNECTION_MESSAGE =
  /Connection terminated|connection error|not queryable|timeout expired|Query read timeout|ended unexpectedly|connect ECONN|Client was closed/i;

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The SQLSTATE of a `pg` error, when the database answered one. */
export const sqlstateOf = (error: unknown): string | undefined => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && SQLSTATE.test(code) ? code : undefined;
};

/** The system error code of a failed connection (ECONNREFUSED …), when it is one. */
const systemCodeOf = (error: unknown): string | undefined => {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : undefined;
};

/**
 * True when `error` means the database cannot be reached right now (refused or lost connection,
 * time-out, shutting down, class 08 connection exceptions), as opposed to an answer about the query.
 */
export const isConnectionFailure = (error: unknown): boolean => {
  const sqlstate = sqlstateOf(error);
  if (sqlstate !== undefined) return sqlstate.startsWith('08') || UNAVAILABLE_SQLSTATES.has(sqlstate);
  if (systemCodeOf(error) !== undefined) return true;
  return error instanceof Error && CONNECTION_MESSAGE.test(error.message);
};

/** A short, password-free description of the failure. */
export const describePostgresFailure = (error: unknown): string => {
  const sqlstate = sqlstateOf(error);
  if (sqlstate !== undefined) {
    const condition = CONDITION_BY_SQLSTATE[sqlstate];
    if (condition !== undefined) return condition;
    if (sqlstate.startsWith('08')) return `the connection failed (SQLSTATE ${sqlstate})`;
    return `${error instanceof Error ? error.message : 'error'} (SQLSTATE ${sqlstate})`;
  }
  const system = systemCodeOf(error);
  if (system !== undefined) return `the database cannot be reached (${system})`;
  const message = error instanceof Error ? error.message : String(error);
  if (/timeout expired/i.test(message)) return 'connecting to the database timed out';
  if (/Query read timeout/i.test(message)) return 'the database did not answer in time';
  if (CONNECTION_MESSAGE.test(message)) return 'the connection to the database was lost';
  return message;
};

/**
 * The ManagementError for a failure while doing `action`. `subject` says what was being done,
 * e.g. "the commit could not be made durable".
 */
export const postgresFailure = (error: unknown, action: PostgresAction, subject: string): ManagementError => {
  const message = `${subject}: ${describePostgresFailure(error)}`;
  if (isConnectionFailure(error)) return new StoreUnavailableError(message, RETRY_AFTER_SECONDS, { cause: error });
  if (sqlstateOf(error) === '53100') return new ResourceDeniedError(message, { cause: error });
  return action === 'read'
    ? new OperationFailedError(message, { cause: error })
    : new CommitFailedError(message, { cause: error });
};
