/**
 * @module datastore
 * Transactions, the single-writer commit pipeline and the journal (rollback files) behind a
 * `JournalStore` interface: SQLite embedded (the default), in memory, or PostgreSQL shared by the
 * nodes of a cluster. May import: util, errors, xpath, yang, data (DESIGN §3).
 */

export type { PrefetchedCheckpoint } from './checkpoint-prefetch.ts';
export { CheckpointPrefetch } from './checkpoint-prefetch.ts';
export type { CommitFeedOptions, CommitListener, CommittedChange } from './commit-feed.ts';
export { CommitFeed } from './commit-feed.ts';
export type {
  CatchUp,
  CaughtUp,
  CommitDraft,
  CommitQueueOptions,
  PrepareCommit,
  PreparedCommit,
} from './commit-queue.ts';
export { CommitQueue } from './commit-queue.ts';
export type { Checkpoint, CommitMetadata, CommitRecord, CommitVia } from './commit-record.ts';
export { COMMIT_VIAS, isCommitVia } from './commit-record.ts';
export type { JournalCopy } from './copy-journal.ts';
export { copyJournal } from './copy-journal.ts';
export type {
  CommitAttribution,
  CommitHook,
  CommitHookOptions,
  CommitOutcome,
  DatastoreOptions,
  PendingCommit,
  SnapshotListener,
  TreeChange,
} from './datastore.ts';
export { Datastore } from './datastore.ts';
export { JournalConflictError } from './journal-conflict-error.ts';
export { firstCommitSince, oldestStoredCommit } from './journal-history.ts';
export type { CheckpointReading, JournalStore, ListCommitsOptions } from './journal-store.ts';
export type { MemoryJournal } from './memory-journal-store.ts';
export { emptyMemoryJournal, MemoryJournalStore } from './memory-journal-store.ts';
export type { NodeVersion } from './node-versions.ts';
export type { PostgresJournalStoreOptions } from './postgres-journal-store.ts';
export { describeStoreUrl, isPostgresUrl, PostgresJournalStore } from './postgres-journal-store.ts';
export type { RollbackFile, RollbackFileContent, RollbackRequest } from './rollback-files.ts';
export {
  applyRollback,
  fixedNumberOfRollbackId,
  listRollbackFiles,
  readRollbackFile,
} from './rollback-files.ts';
export type { JournalFollower, JournalHead, SharedJournalStore } from './shared-journal-store.ts';
export { isSharedJournalStore } from './shared-journal-store.ts';
export type { Snapshot } from './snapshot.ts';
export type { SqliteJournalStoreOptions } from './sqlite-journal-store.ts';
export { JOURNAL_FILE_NAME, SqliteJournalStore } from './sqlite-journal-store.ts';
export { treeFromText, treeToText } from './tree-text.ts';
