/**
 * @module datastore/recent-commits
 * The records of the latest commits, kept in memory: a rollback prepared in the same commit group
 * as the commits it undoes can read them before the journal has them, and recent rollback files
 * are read without a query. A large record is kept only until it is durable: a restore's diff
 * text is as large as the whole configuration.
 */
import type { CommitRecord } from './commit-record.ts';

/** A bounded map from fixed number to record; the oldest leaves first. */
export class RecentCommits {
  readonly #records = new Map<number, CommitRecord>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  add(record: CommitRecord): void {
    this.#records.set(record.fixedNumber, record);
    if (this.#records.size > this.#capacity) {
      const oldest = this.#records.keys().next().value;
      if (oldest !== undefined) this.#records.delete(oldest);
    }
  }

  get(fixedNumber: number): CommitRecord | undefined {
    return this.#records.get(fixedNumber);
  }

  /** Forgets one record (the journal has it). */
  delete(fixedNumber: number): void {
    this.#records.delete(fixedNumber);
  }

  /** The records held with a fixed number up to `last`, newest first. */
  newestFirst(last: number): CommitRecord[] {
    return [...this.#records.values()]
      .filter((record) => record.fixedNumber <= last)
      .sort((left, right) => right.fixedNumber - left.fixedNumber);
  }
}
