/**
 * @module datastore/copy-journal
 * Copies a whole journal into an empty one of another kind (`idconf store migrate`: the SQLite
 * journal of a data directory into PostgreSQL and back): every stored commit with its metadata,
 * diffs and fixed number, the latest checkpoint with its tree, and so the last fixed number. The
 * copy is then read back and compared with the source, record by record.
 */
import { CommitFailedError } from '../errors/index.ts';
import type { CommitRecord } from './commit-record.ts';
import type { JournalStore } from './journal-store.ts';

/** What was copied. */
export interface JournalCopy {
  /** The commits copied (those the source still stores: retention may have pruned older ones). */
  readonly commits: number;
  /** The fixed number of the checkpoint copied, undefined when the source has none. */
  readonly checkpoint: number | undefined;
  /** The last fixed number of both journals. */
  readonly lastFixedNumber: number;
}

/** Commits appended per transaction. */
const BATCH = 500;

/**
 * Copies `from` into `to` (both open); `to` must be empty. Rejects with `CommitFailedError` when
 * it is not, when the source changed meanwhile (a server still writing it), or when the copy does
 * not read back the same.
 */
export const copyJournal = async (
  from: JournalStore,
  to: JournalStore,
  onProgress: (copied: number) => void = () => undefined,
): Promise<JournalCopy> => {
  const existing = await to.lastFixedNumber();
  if (existing !== 0)
    throw new CommitFailedError(
      `the target journal is not empty (its last commit is ${existing}): copy only into an empty store`,
    );
  const last = await from.lastFixedNumber();
  const checkpoint = await from.latestCheckpoint();
  let batch: CommitRecord[] = [];
  let copied = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    await to.append(batch);
    copied += batch.length;
    batch = [];
    onProgress(copied);
  };
  for await (const record of from.commitsAfter(0)) {
    batch.push(record);
    if (batch.length === BATCH) await flush();
  }
  await flush();
  if (checkpoint !== undefined) {
    if ((await to.lastFixedNumber()) < checkpoint.fixedNumber)
      throw new CommitFailedError(
        `the source's checkpoint at fixed number ${checkpoint.fixedNumber} follows every commit it still stores, which a journal cannot hold: commit once on the source, then copy again`,
      );
    await to.writeCheckpoint(checkpoint);
  }
  if ((await from.lastFixedNumber()) !== last)
    throw new CommitFailedError(
      'the source journal changed during the copy: stop every server that writes it, then copy again into an empty store',
    );
  await checkSame(from, to, copied);
  return { commits: copied, checkpoint: checkpoint?.fixedNumber, lastFixedNumber: last };
};

/** Reads both journals back and fails unless they hold the same commits, checkpoint and last number. */
const checkSame = async (from: JournalStore, to: JournalStore, count: number): Promise<void> => {
  const differ = (what: string): CommitFailedError =>
    new CommitFailedError(`the copy differs from the source: ${what}`);
  if ((await to.lastFixedNumber()) !== (await from.lastFixedNumber())) throw differ('the last fixed number');
  const [source, target] = [await from.latestCheckpoint(), await to.latestCheckpoint()];
  if (source?.fixedNumber !== target?.fixedNumber || source?.tree !== target?.tree) throw differ('the checkpoint');
  const targetCommits = to.commitsAfter(0)[Symbol.asyncIterator]();
  let compared = 0;
  for await (const record of from.commitsAfter(0)) {
    const copy = (await targetCommits.next()).value as CommitRecord | undefined;
    if (copy === undefined || !sameRecord(record, copy)) throw differ(`commit ${record.fixedNumber}`);
    compared++;
  }
  if (compared !== count || !(await targetCommits.next()).done) throw differ('the number of commits');
};

const sameRecord = (left: CommitRecord, right: CommitRecord): boolean =>
  left.fixedNumber === right.fixedNumber &&
  left.timestamp === right.timestamp &&
  left.user === right.user &&
  left.via === right.via &&
  left.label === right.label &&
  left.comment === right.comment &&
  left.forward === right.forward &&
  left.reverse === right.reverse;
