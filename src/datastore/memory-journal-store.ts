/**
 * @module datastore/memory-journal-store
 * A JournalStore kept in memory: for tests, and for a server run without a data directory.
 * It follows the same contract as the durable stores, except that nothing survives the process.
 */
import type { Checkpoint, CommitMetadata, CommitRecord } from './commit-record.ts';
import { checkAppendable, checkCheckpointable, checkKeep, listWindow, pruneBound } from './journal-invariants.ts';
import type { JournalStore, ListCommitsOptions } from './journal-store.ts';

/** The contents of a {@link MemoryJournalStore}; pass the same object to a new store to "reopen" it. */
export interface MemoryJournal {
  commits: CommitRecord[];
  checkpoint: Checkpoint | undefined;
  last: number;
}

/** An empty {@link MemoryJournal}. */
export const emptyMemoryJournal = (): MemoryJournal => ({ commits: [], checkpoint: undefined, last: 0 });

/** A JournalStore over a {@link MemoryJournal}. */
export class MemoryJournalStore implements JournalStore {
  readonly #journal: MemoryJournal;
  #open = false;

  constructor(journal: MemoryJournal = emptyMemoryJournal()) {
    this.#journal = journal;
  }

  async open(): Promise<void> {
    if (this.#open) throw new Error('the journal is already open');
    this.#open = true;
  }

  async append(records: readonly CommitRecord[]): Promise<void> {
    const journal = this.#opened();
    checkAppendable(records, journal.last);
    for (const record of records) journal.commits.push(copyRecord(record));
    journal.last = records.at(-1)?.fixedNumber ?? journal.last;
  }

  async latestCheckpoint(): Promise<Checkpoint | undefined> {
    return this.#opened().checkpoint;
  }

  async *commitsAfter(fixedNumber: number): AsyncIterable<CommitRecord> {
    // A copy: appends while the caller iterates must not shift the positions.
    const commits = [...this.#opened().commits];
    for (const record of commits) if (record.fixedNumber > fixedNumber) yield record;
  }

  async listCommits(options: ListCommitsOptions = {}): Promise<readonly CommitMetadata[]> {
    const { limit, offset } = listWindow(options);
    const commits = this.#opened().commits;
    const result: CommitMetadata[] = [];
    for (let index = commits.length - 1 - offset; index >= 0 && result.length < limit; index--) {
      const { forward: _forward, reverse: _reverse, ...metadata } = commits[index] as CommitRecord;
      result.push(metadata);
    }
    return result;
  }

  async readCommit(fixedNumber: number): Promise<CommitRecord | undefined> {
    return this.#opened().commits.find((record) => record.fixedNumber === fixedNumber);
  }

  async writeCheckpoint(checkpoint: Checkpoint): Promise<void> {
    const journal = this.#opened();
    checkCheckpointable(checkpoint.fixedNumber, journal.last, journal.checkpoint?.fixedNumber);
    journal.checkpoint = { fixedNumber: checkpoint.fixedNumber, tree: checkpoint.tree };
  }

  async prune(keep: number): Promise<number> {
    checkKeep(keep);
    const journal = this.#opened();
    const beyond = journal.commits[journal.commits.length - 1 - keep]?.fixedNumber;
    const bound = pruneBound(beyond, journal.checkpoint?.fixedNumber);
    const before = journal.commits.length;
    journal.commits = journal.commits.filter((record) => record.fixedNumber > bound);
    return before - journal.commits.length;
  }

  async lastFixedNumber(): Promise<number> {
    return this.#opened().last;
  }

  async close(): Promise<void> {
    this.#opened();
    this.#open = false;
  }

  #opened(): MemoryJournal {
    if (!this.#open) throw new Error('the journal is not open');
    return this.#journal;
  }
}

/**
 * A frozen copy, so that a caller mutating its object cannot change history; without the texts'
 * pieces, which a journal does not store.
 */
const copyRecord = (record: CommitRecord): CommitRecord => {
  const { pieces: _pieces, ...stored } = record;
  return Object.freeze(stored);
};
