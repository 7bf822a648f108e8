/**
 * @module datastore/rollback-files
 * Rollback files: every commit is one, its content the commit's reverse diff (stored in full, or,
 * for a commit whose diff is long, as a reference to its forward diff, read back reversed). Listed newest first
 * with a rolling index (`id`, 0 = newest) beside the fixed number; applying one is a new commit.
 * Cumulative ("back to before commit N") applies the reverse diffs of every commit from the
 * newest down to N; selective applies only N's, and a conflict with a later commit is an
 * `operation-failed` naming the node.
 * @see docs/datastore.md
 */
import type { DataChange, DataDiff, DataTree, InstancePath } from '../data/index.ts';
import { applyDiff, decodeReverseDiff } from '../data/index.ts';
import { InvalidValueError, isManagementError, RollbackFailedError, StoreUnavailableError } from '../errors/index.ts';
import type { CommitMetadata } from './commit-record.ts';
import type { CommitAttribution, CommitOutcome, Datastore } from './datastore.ts';

/** A rollback file as listed: the commit's metadata and its rolling index. */
export interface RollbackFile extends CommitMetadata {
  /** 0 for the newest commit, 1 for the one before, … */
  readonly id: number;
}

/** One rollback file with its content (the reverse diff of its commit). */
export interface RollbackFileContent {
  readonly file: CommitMetadata;
  readonly diff: DataDiff;
}

/** Which rollback file to apply, and how. */
export interface RollbackRequest {
  /** The commit to undo (with every newer one unless `selective`). */
  readonly fixedNumber: number;
  /** Undo only this commit. */
  readonly selective?: boolean;
  /** Undo only the changes at or below this path. */
  readonly path?: InstancePath;
}

/**
 * The stored rollback files, newest first. While a shared journal cannot be reached, those of the
 * newest commits the datastore holds in memory (what its readers see is marked stale meanwhile).
 */
export const listRollbackFiles = async (
  datastore: Datastore,
  options: { readonly limit?: number; readonly offset?: number } = {},
): Promise<RollbackFile[]> => {
  const offset = options.offset ?? 0;
  let commits: readonly CommitMetadata[];
  try {
    commits = await datastore.journal.listCommits(options);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    commits = datastore.recentCommits().slice(offset, offset + (options.limit ?? Number.POSITIVE_INFINITY));
  }
  return commits.map((commit, index) => ({ ...commit, id: offset + index }));
};

/** The fixed number of the rollback file with rolling index `id`; InvalidValueError when there is none. */
export const fixedNumberOfRollbackId = async (datastore: Datastore, id: number): Promise<number> => {
  const [commit] = await datastore.journal.listCommits({ offset: id, limit: 1 });
  if (commit === undefined) throw new InvalidValueError(`there is no rollback file with id ${id}`);
  return commit.fixedNumber;
};

/** One rollback file with its content; InvalidValueError when it is not (or no longer) stored. */
export const readRollbackFile = async (datastore: Datastore, fixedNumber: number): Promise<RollbackFileContent> => {
  const record = await datastore.readCommit(fixedNumber);
  if (record === undefined)
    throw new InvalidValueError(`there is no rollback file with fixed number ${fixedNumber} (never made, or pruned)`);
  const { forward, reverse, ...file } = record;
  // A long commit's reverse is stored as a reference to its forward diff (see decodeReverseDiff).
  return { file, diff: decodeReverseDiff(reverse, forward, datastore.schema) };
};

const isWithin = (path: InstancePath, prefix: InstancePath): boolean =>
  prefix.length <= path.length &&
  prefix.every((step, index) => {
    const other = path[index];
    if (other === undefined || other.schema !== step.schema) return false;
    if (step.keys !== undefined && JSON.stringify(other.keys) !== JSON.stringify(step.keys)) return false;
    if (step.value !== undefined && JSON.stringify(other.value) !== JSON.stringify(step.value)) return false;
    return true;
  });

const restrictTo = (diff: DataDiff, path: InstancePath | undefined): DataDiff =>
  path === undefined ? diff : { changes: diff.changes.filter((change: DataChange) => isWithin(change.path, path)) };

/**
 * Applies a rollback file as a new commit (with its own rollback file). Cumulative rollback of a
 * commit that is no longer stored, or a selective one that conflicts with later commits, rejects
 * and changes nothing.
 */
export const applyRollback = async (
  datastore: Datastore,
  request: RollbackRequest,
  attribution: CommitAttribution,
): Promise<CommitOutcome> => {
  const undo = async (root: DataTree, newest: number): Promise<DataTree> => {
    const numbers: number[] = [];
    if (request.selective === true) numbers.push(request.fixedNumber);
    else for (let number = newest; number >= request.fixedNumber; number--) numbers.push(number);
    if (request.fixedNumber < 1 || request.fixedNumber > newest)
      throw new InvalidValueError(`there is no rollback file with fixed number ${request.fixedNumber}`);
    let tree = root;
    for (const number of numbers) {
      const { diff } = await readRollbackFile(datastore, number);
      try {
        tree = applyDiff(tree, restrictTo(diff, request.path), { strict: true });
      } catch (error) {
        if (isManagementError(error) && error.code === 'OPERATION_FAILED') throw error;
        throw new RollbackFailedError(`rollback file ${number} could not be applied`, { cause: error });
      }
    }
    return tree;
  };
  return datastore.commit((root, state) => undo(root, state.fixedNumber), attribution);
};
