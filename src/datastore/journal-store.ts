/**
 * @module datastore/journal-store
 * The interface of the journal: the durable history of commits (one record per commit) and the
 * checkpoints start-up loads. Start-up = {@link JournalStore.latestCheckpoint} + replay of
 * {@link JournalStore.commitsAfter}. Every implementation passes `journal-store-contract.test-support.ts`.
 */
import type { Checkpoint, CommitMetadata, CommitRecord } from './commit-record.ts';

/** A checkpoint whose text comes in pieces, as {@link JournalStore.readCheckpoint} gives it. */
export interface CheckpointReading {
  readonly fixedNumber: number;
  /** When commit `fixedNumber` was made, for a store that keeps it (see {@link Checkpoint}). */
  readonly timestamp?: string;
  /**
   * The pieces of the text, read while they are consumed: all strings, or all UTF-8 bytes of
   * whole characters; their concatenation is the `tree` that {@link JournalStore.latestCheckpoint}
   * gives. Iterating throws `OperationFailedError` when the checkpoint turns out to be incomplete.
   */
  readonly chunks: AsyncIterable<string> | AsyncIterable<Uint8Array>;
}

/** Paging of {@link JournalStore.listCommits}. */
export interface ListCommitsOptions {
  /** At most this many commits; all when omitted. */
  readonly limit?: number;
  /** Skip this many of the newest commits first; 0 when omitted. */
  readonly offset?: number;
}

/**
 * A durable journal of commits and checkpoints.
 *
 * Failures of the storage itself reject with a `ManagementError`: `ResourceDeniedError` when the
 * storage is full, `CommitFailedError` when a write (or opening) fails for another reason
 * (read-only, corrupt, I/O error), `OperationFailedError` when a read fails. A rejected write
 * stored nothing: a group is appended whole or not at all, a checkpoint is visible only once
 * complete. Operations other than `open` require an open store.
 */
export interface JournalStore {
  /** Opens (and, the first time, creates) the journal; cleans up what a crash left half-written. */
  open(): Promise<void>;
  /**
   * Makes `records` durable in one transaction, all or nothing. Their fixed numbers must be
   * strictly increasing and greater than {@link lastFixedNumber}; otherwise `CommitFailedError`.
   * Resolves only once the records would survive a crash of the process or the machine.
   */
  append(records: readonly CommitRecord[]): Promise<void>;
  /** The newest complete checkpoint, or `undefined` when none was written. */
  latestCheckpoint(): Promise<Checkpoint | undefined>;
  /**
   * Optional (a store may leave it out): the newest complete checkpoint with its text in pieces,
   * so that start-up never holds the whole text at once; `undefined` when none was written.
   * Meant for start-up, before any write. Without it, start-up reads {@link latestCheckpoint}.
   */
  readCheckpoint?(): Promise<CheckpointReading | undefined>;
  /** Every stored commit with a fixed number greater than `fixedNumber`, oldest first. */
  commitsAfter(fixedNumber: number): AsyncIterable<CommitRecord>;
  /** Stored commits, newest first, without their diffs (cheap: for listing rollback files). */
  listCommits(options?: ListCommitsOptions): Promise<readonly CommitMetadata[]>;
  /** One stored commit with its diffs, or `undefined` when it is not (or no longer) stored. */
  readCommit(fixedNumber: number): Promise<CommitRecord | undefined>;
  /**
   * Stores a checkpoint, then drops older checkpoints. Its fixed number must be a committed one
   * (at most {@link lastFixedNumber}) and newer than the latest checkpoint's; otherwise
   * `CommitFailedError`. Writing may take long for a big tree, but never holds up
   * {@link append} for more than a few milliseconds at a time.
   */
  writeCheckpoint(checkpoint: Checkpoint): Promise<void>;
  /**
   * Optional (a store may leave it out): stores a checkpoint as {@link writeCheckpoint} does, its
   * text given in pieces, so that the writer never holds the whole text at once. A piece of text
   * may end anywhere, even inside a surrogate pair; a piece of UTF-8 bytes holds whole characters,
   * is only read, and only until the next piece is asked for (its memory is then reused). When `chunks` throws, nothing is stored and the promise rejects with that
   * error. Without it, checkpoints are written through writeCheckpoint.
   */
  writeCheckpointChunks?(fixedNumber: number, chunks: AsyncIterable<string | Uint8Array>): Promise<void>;
  /**
   * Retention: deletes the commits older than the newest `keep`, except those start-up still
   * needs (every commit after the latest checkpoint; all of them while there is none).
   * Resolves with the number of commits deleted.
   */
  prune(keep: number): Promise<number>;
  /** The greatest fixed number ever appended (kept even when pruned), 0 for an empty journal. */
  lastFixedNumber(): Promise<number>;
  /** Waits for background work (a checkpoint being written is abandoned), then closes. */
  close(): Promise<void>;
}
