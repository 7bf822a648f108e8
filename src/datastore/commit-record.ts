/**
 * @module datastore/commit-record
 * What the journal stores: one record per commit (its metadata and the data layer's forward and
 * reverse diff texts) and checkpoints of the whole tree. The diff and tree texts are opaque here.
 */

/** The interfaces a commit can come through; `system` is the server itself (first start, upgrades). */
export const COMMIT_VIAS = ['restconf', 'rest', 'webui', 'cli', 'system'] as const;

/** The interface a commit came through. */
export type CommitVia = (typeof COMMIT_VIAS)[number];

/** A commit's metadata: what a rollback file lists, without its content. */
export interface CommitMetadata {
  /** The commit's number: the transaction id, strictly increasing, never reused. */
  readonly fixedNumber: number;
  /** When the commit was made, ISO 8601 in UTC (`2026-11-22T15:04:05.123Z`). */
  readonly timestamp: string;
  /** The user who made the commit. */
  readonly user: string;
  /** The interface the commit came through. */
  readonly via: CommitVia;
  /** The optional label given with the commit (`rollback-label`). */
  readonly label?: string;
  /** The optional comment given with the commit (`rollback-comment`). */
  readonly comment?: string;
}

/** One commit as the journal stores it: metadata plus the forward and the reverse diff. */
export interface CommitRecord extends CommitMetadata {
  /** The change the commit made, as the data layer's diff text. */
  readonly forward: string;
  /** The change that undoes it (the rollback file's content), as the data layer's diff text. */
  readonly reverse: string;
  /**
   * The same texts in pieces, for a long text that was never joined into one flat string (a
   * whole list created or deleted): a store that encodes texts to bytes may encode the pieces
   * one by one instead of copying the whole text first. Absent otherwise; never stored as such.
   */
  readonly pieces?: { readonly forward?: readonly string[]; readonly reverse?: readonly string[] };
}

/** The whole tree as it was right after commit `fixedNumber`, as the data layer's JSON text. */
export interface Checkpoint {
  readonly fixedNumber: number;
  readonly tree: string;
  /**
   * When commit `fixedNumber` was made (ISO 8601 UTC), for a store that keeps it (PostgreSQL):
   * start-up then knows the time of the state it loads even when that commit was pruned.
   */
  readonly timestamp?: string;
}

/** True when `value` is one of {@link COMMIT_VIAS}. */
export const isCommitVia = (value: string): value is CommitVia => (COMMIT_VIAS as readonly string[]).includes(value);
