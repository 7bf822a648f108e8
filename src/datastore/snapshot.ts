/**
 * @module datastore/snapshot
 * What readers see: the running configuration after one commit. Snapshots are immutable; a
 * reader keeps using the one it took while commits move on.
 * @see RFC 8342 §5.1 (running)
 */
import type { DataTree } from '../data/index.ts';

/** The running configuration as of commit `fixedNumber` (0: the empty journal). */
export interface Snapshot {
  readonly root: DataTree;
  /** The fixed number of the last commit included; 0 before the first. */
  readonly fixedNumber: number;
  /** When that commit was made (ISO 8601 UTC); the start-up time before the first. */
  readonly timestamp: string;
}
