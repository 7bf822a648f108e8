/**
 * @module datastore/sqlite-failure
 * Turns an SQLite failure into the ManagementError the JournalStore contract promises, with a
 * message that names the condition (disk full, read-only, corrupt) and the SQLite error as cause.
 */
import { CommitFailedError, type ManagementError, OperationFailedError, ResourceDeniedError } from '../errors/index.ts';

/** What the store was doing when SQLite failed. */
export type JournalAction = 'open' | 'write' | 'read';

/** The SQLite primary result codes the messages name. @see https://sqlite.org/rescode.html */
const CONDITION_BY_CODE: Readonly<Record<number, string>> = {
  3: 'permission denied (SQLITE_PERM)',
  5: 'the journal is locked by another process (SQLITE_BUSY)',
  8: 'the journal or its directory is read-only (SQLITE_READONLY)',
  10: 'an I/O error occurred (SQLITE_IOERR)',
  11: 'the journal file is corrupt (SQLITE_CORRUPT)',
  13: 'the disk is full (SQLITE_FULL)',
  14: 'the file cannot be created or opened; is the directory writable? (SQLITE_CANTOPEN)',
  26: 'the file is not an SQLite database (SQLITE_NOTADB)',
};
/** Extended result codes with a more precise message than their primary code's. */
const CONDITION_BY_EXTENDED_CODE: Readonly<Record<number, string>> = {
  1544: 'the data directory is read-only (SQLITE_READONLY_DIRECTORY)',
};
const SQLITE_FULL = 13;

/** The extended SQLite result code of `error`, when it is an error from `node:sqlite`. */
export const sqliteErrorCode = (error: unknown): number | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' ? errcode : undefined;
};

/**
 * The ManagementError for a failure while doing `action`: `ResourceDeniedError` for a full disk,
 * otherwise `CommitFailedError` (open, write) or `OperationFailedError` (read).
 * `subject` says what was being done, e.g. "the commit could not be made durable".
 */
export const journalFailure = (error: unknown, action: JournalAction, subject: string): ManagementError => {
  const code = sqliteErrorCode(error);
  // The primary result code is the low byte of the extended one.
  const primary = code === undefined ? undefined : code & 0xff;
  const condition =
    (code === undefined ? undefined : (CONDITION_BY_EXTENDED_CODE[code] ?? CONDITION_BY_CODE[primary as number])) ??
    (error instanceof Error ? error.message : String(error));
  const message = `${subject}: ${condition}`;
  if (primary === SQLITE_FULL) return new ResourceDeniedError(message, { cause: error });
  return action === 'read'
    ? new OperationFailedError(message, { cause: error })
    : new CommitFailedError(message, { cause: error });
};
