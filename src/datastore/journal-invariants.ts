/**
 * @module datastore/journal-invariants
 * The rules every JournalStore enforces the same way: the order of fixed numbers, what a
 * checkpoint may be taken at, and which commits retention may delete.
 */
import { CommitFailedError } from '../errors/index.ts';
import { type CommitRecord, isCommitVia } from './commit-record.ts';
import { JournalConflictError } from './journal-conflict-error.ts';
import type { ListCommitsOptions } from './journal-store.ts';

/**
 * Throws `CommitFailedError` unless `records` may follow a journal whose last fixed number is `last`:
 * {@link JournalConflictError} when the first is not greater than `last` (a stale writer).
 */
export const checkAppendable = (records: readonly Pick<CommitRecord, 'fixedNumber' | 'via'>[], last: number): void => {
  let previous = last;
  for (const record of records) {
    if (!Number.isSafeInteger(record.fixedNumber) || record.fixedNumber <= previous) {
      const message = `the commit's fixed number ${record.fixedNumber} is not greater than the journal's last, ${previous}`;
      // The first record against what is stored: another writer got there first (a stale state).
      throw previous === last && Number.isSafeInteger(record.fixedNumber)
        ? new JournalConflictError(message, last)
        : new CommitFailedError(message);
    }
    if (!isCommitVia(record.via))
      throw new CommitFailedError(`the commit's via '${record.via}' is not a known interface`);
    previous = record.fixedNumber;
  }
};

/** Throws `CommitFailedError` unless a checkpoint at `fixedNumber` may be written now. */
export const checkCheckpointable = (fixedNumber: number, last: number, latestCheckpoint: number | undefined): void => {
  if (!Number.isSafeInteger(fixedNumber) || fixedNumber < 0 || fixedNumber > last) {
    throw new CommitFailedError(`a checkpoint at fixed number ${fixedNumber} names no commit (the last is ${last})`);
  }
  if (latestCheckpoint !== undefined && fixedNumber <= latestCheckpoint) {
    throw new CommitFailedError(
      `a checkpoint at fixed number ${fixedNumber} is not newer than the latest one, at ${latestCheckpoint}`,
    );
  }
};

/**
 * The greatest fixed number retention may delete (everything at or below it), or 0 for nothing.
 * `firstBeyondKeep` is the fixed number of the newest commit that is not among the newest `keep`
 * (undefined when there are at most `keep`); nothing after the latest checkpoint may go, because
 * start-up replays those, and nothing at all while there is no checkpoint.
 */
export const pruneBound = (firstBeyondKeep: number | undefined, latestCheckpoint: number | undefined): number =>
  firstBeyondKeep === undefined || latestCheckpoint === undefined ? 0 : Math.min(firstBeyondKeep, latestCheckpoint);

/** Throws `RangeError` unless `keep` is a count. */
export const checkKeep = (keep: number): void => {
  if (!Number.isSafeInteger(keep) || keep < 0) throw new RangeError(`keep must be a count, not ${keep}`);
};

/** The limit (`Infinity` for all) and offset of a listing; `RangeError` unless both are counts. */
export const listWindow = (options: ListCommitsOptions): { readonly limit: number; readonly offset: number } => {
  const { limit = Number.POSITIVE_INFINITY, offset = 0 } = options;
  if (!(limit === Number.POSITIVE_INFINITY || (Number.isSafeInteger(limit) && limit >= 0))) {
    throw new RangeError(`limit must be a count, not ${limit}`);
  }
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`offset must be a count, not ${offset}`);
  return { limit, offset };
};
