/**
 * @module datastore/shared-journal-store
 * A journal that several datastores (the nodes of a cluster) write at once. Besides the
 * {@link JournalStore} contract it tells a node when another one appended (so that it catches up
 * within moments), when the store became unreachable or reachable again, and it keeps the one
 * piece of state the nodes share beyond the commits: the *version floor* below which no node
 * reports a resource's version, so that every node answers the same ETag. docs/cluster.md.
 */
import type { CommitRecord } from './commit-record.ts';
import type { JournalStore } from './journal-store.ts';
import type { NodeVersion } from './node-versions.ts';

/** What a shared journal holds at its head. */
export interface JournalHead {
  /** The greatest fixed number appended. */
  readonly lastFixedNumber: number;
  /** The fixed number of the latest checkpoint, 0 when there is none. */
  readonly latestCheckpoint: number;
  /** The version floor every node reports at least (fixed number 0 until a node raised it). */
  readonly versionFloor: NodeVersion;
}

/** What a node hears from a shared journal it follows. */
export interface JournalFollower {
  /** Another writer appended (or raised the version floor): the head may be ahead of the node. */
  changed(): void;
  /** The store cannot be reached since `since`: what the node holds may be stale. */
  unreachable(since: Date, error: unknown): void;
  /** The store can be reached again: the node should catch up. */
  reachable(): void;
}

/**
 * The head of a shared journal, locked for one append: until it is used or released no other
 * writer can append, so a writer that keeps losing the race (its appends refused as stale) catches
 * up and prepares its group under the lock, and is sure to get through.
 */
export interface HeadLock {
  /** The last fixed number, as locked. */
  readonly lastFixedNumber: number;
  /** Appends `records` (as {@link JournalStore.append} does) and lets go of the lock. */
  append(records: readonly CommitRecord[]): Promise<void>;
  /** Lets go of the lock without appending. */
  release(): Promise<void>;
}

/** A {@link JournalStore} several nodes write at once; fixed numbers stay one sequence for all. */
export interface SharedJournalStore extends JournalStore {
  /** Marks the store as shared (see {@link isSharedJournalStore}). */
  readonly shared: true;
  /** Starts telling `follower` about the store (after {@link JournalStore.open}); one follower per store. */
  follow(follower: JournalFollower): void;
  /** The head of the journal, read in one query. */
  head(): Promise<JournalHead>;
  /** Locks the head for one append (see {@link HeadLock}); waits while another writer appends. */
  lockHead(): Promise<HeadLock>;
  /**
   * Raises the shared version floor to `version` unless it is already as high, tells the other
   * nodes, and resolves with the floor as it is now.
   */
  raiseVersionFloor(version: NodeVersion): Promise<NodeVersion>;
  /** A name for the store in logs (no password). */
  readonly description: string;
}

/** True when `store` is a {@link SharedJournalStore}. */
export const isSharedJournalStore = (store: JournalStore): store is SharedJournalStore =>
  (store as Partial<SharedJournalStore>).shared === true;
