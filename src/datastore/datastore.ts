/**
 * @module datastore/datastore
 * The running configuration datastore: one engine for every interface. A transaction starts from
 * the latest snapshot, changes it, is diffed and validated (incrementally), passes the commit
 * hooks, is made durable in the journal (grouped with the commits that arrive together) and only
 * then becomes what readers see. Readers never wait and never see a partial commit.
 * @see RFC 8342 §5.1, docs/datastore.md
 */
import type { DataDiff, DataTree, InstancePath } from '../data/index.ts';
import {
  applyDiff,
  decodeDiff,
  diffTrees,
  emptyDataTree,
  encodeDiff,
  isEmptyDiff,
  reverseDiff,
  validateChange,
} from '../data/index.ts';
import { CommitFailedError, throwIfAny } from '../errors/index.ts';
import type { Logger } from '../util/index.ts';
import { SILENT_LOGGER } from '../util/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import { CommitFeed } from './commit-feed.ts';
import { CommitQueue } from './commit-queue.ts';
import type { CommitMetadata, CommitRecord, CommitVia } from './commit-record.ts';
import { oldestStoredCommit } from './journal-history.ts';
import type { JournalStore } from './journal-store.ts';
import type { NodeVersion } from './node-versions.ts';
import { NodeVersions } from './node-versions.ts';
import { RecentCommits } from './recent-commits.ts';
import type { Snapshot } from './snapshot.ts';
import { treeFromText, treeToTextInSlices } from './tree-text.ts';

/** Who makes a commit and why: stored with it and listed with its rollback file. */
export interface CommitAttribution {
  readonly user: string;
  readonly via: CommitVia;
  readonly label?: string;
  readonly comment?: string;
}

/** A commit about to be made, as commit hooks see it. */
export interface PendingCommit {
  readonly before: DataTree;
  readonly after: DataTree;
  readonly diff: DataDiff;
  readonly attribution: CommitAttribution;
  readonly fixedNumber: number;
}

/** Runs before a commit is made durable; throws a ManagementError to veto it. */
export type CommitHook = (commit: PendingCommit) => void | Promise<void>;

/** Options of {@link Datastore.addCommitHook}. */
export interface CommitHookOptions {
  /**
   * Run the hook before the new tree is validated (access control: a refused change is refused
   * whether or not it is valid, and validation errors never describe data it may not see).
   */
  readonly beforeValidation?: boolean;
}

/**
 * The new tree, computed from the latest one (`state` is the snapshot it belongs to); throws a
 * ManagementError to reject the transaction.
 */
export type TreeChange = (root: DataTree, state: Snapshot) => DataTree | Promise<DataTree>;

/** What a commit request came to. */
export interface CommitOutcome {
  /** The new commit's fixed number; undefined when the change changed nothing (no commit). */
  readonly fixedNumber: number | undefined;
  /** The forward diff (empty when nothing changed). */
  readonly diff: DataDiff;
}

/** Options of {@link Datastore.open}. */
export interface DatastoreOptions {
  readonly schema: SchemaTree;
  /** The journal (not yet opened). */
  readonly journal: JournalStore;
  /** The factory default configuration, committed (via `system`) when the journal is empty. */
  readonly initial?: () => DataTree | Promise<DataTree>;
  /** Rollback files kept (default 1000); older ones are pruned after checkpoints. */
  readonly retention?: number;
  /**
   * A checkpoint is written after this many commits since the last one (default 1000), times the
   * checkpoint scale: the size of the last checkpoint in units of `checkpointBytes`, at least 1.
   */
  readonly checkpointEvery?: number;
  /** … or after this many characters of forward diffs since the last one (default 16 MiB), times the scale. */
  readonly checkpointBytes?: number;
  readonly logger?: Logger;
}

const DEFAULT_RETENTION = 1000;
const DEFAULT_CHECKPOINT_EVERY = 1000;
const DEFAULT_CHECKPOINT_BYTES = 16 * 1024 * 1024;

/** The running datastore. */
export class Datastore {
  readonly schema: SchemaTree;
  /**
   * Every durable commit, published once and in order after readers see it (event streams,
   * other servers sharing the journal). @see commit-feed.ts
   */
  readonly commits: CommitFeed;
  readonly #journal: JournalStore;
  readonly #queue: CommitQueue<Snapshot>;
  readonly #versions: NodeVersions;
  readonly #hooks: CommitHook[] = [];
  readonly #earlyHooks: CommitHook[] = [];
  readonly #recent = new RecentCommits(256);
  readonly #logger: Logger;
  readonly #retention: number;
  readonly #checkpointEvery: number;
  readonly #checkpointBytes: number;
  #commitsSinceCheckpoint: number;
  #bytesSinceCheckpoint = 0;
  #checkpointing: Promise<void> | undefined;
  /** The fixed number of the newest checkpoint written or loaded (0: none). */
  #lastCheckpoint: number;
  /**
   * The size of the last checkpoint in units of `checkpointBytes` (at least 1). Checkpoints come
   * that many times less often, so that writing them (which costs the whole tree) adds the same
   * per commit at any size, and replaying the commits since one costs no more than loading it.
   */
  #checkpointScale = 1;
  #closed = false;
  /** The oldest stored commit, found on first use and again after each prune. */
  #oldestStored: Promise<CommitMetadata | undefined> | undefined;

  private constructor(
    options: DatastoreOptions,
    queue: CommitQueue<Snapshot>,
    versions: NodeVersions,
    replayed: number,
    lastCheckpoint: { readonly fixedNumber: number; readonly length: number },
  ) {
    this.#lastCheckpoint = lastCheckpoint.fixedNumber;
    this.schema = options.schema;
    this.#journal = options.journal;
    this.#queue = queue;
    this.#versions = versions;
    this.#logger = options.logger ?? SILENT_LOGGER;
    this.#retention = options.retention ?? DEFAULT_RETENTION;
    this.#checkpointEvery = options.checkpointEvery ?? DEFAULT_CHECKPOINT_EVERY;
    this.#checkpointBytes = options.checkpointBytes ?? DEFAULT_CHECKPOINT_BYTES;
    this.#commitsSinceCheckpoint = replayed;
    this.#checkpointScale = this.#scaleOf(lastCheckpoint.length);
    this.commits = new CommitFeed({ lastFixedNumber: queue.lastFixedNumber, logger: this.#logger });
  }

  #scaleOf(checkpointLength: number): number {
    return Math.max(1, checkpointLength / this.#checkpointBytes);
  }

  /**
   * Opens the journal and loads the running configuration: the latest checkpoint plus the commits
   * after it; on an empty journal, commits `initial` as the first commit.
   */
  static async open(options: DatastoreOptions): Promise<Datastore> {
    const { schema, journal } = options;
    await journal.open();
    const checkpoint = await journal.latestCheckpoint();
    let root = checkpoint === undefined ? emptyDataTree(schema) : treeFromText(checkpoint.tree, schema);
    let fixedNumber = checkpoint?.fixedNumber ?? 0;
    let timestamp = new Date().toISOString();
    let replayed = 0;
    for await (const record of journal.commitsAfter(fixedNumber)) {
      if (record.fixedNumber !== fixedNumber + 1 && fixedNumber !== 0)
        throw new CommitFailedError(`the journal lacks commit ${fixedNumber + 1}: it cannot be replayed`);
      root = applyDiff(root, decodeDiff(record.forward, schema), { strict: true });
      fixedNumber = record.fixedNumber;
      timestamp = record.timestamp;
      replayed++;
    }
    const last = await journal.lastFixedNumber();
    if (last !== fixedNumber)
      throw new CommitFailedError(`the journal ends at commit ${last} but holds the changes only up to ${fixedNumber}`);
    const snapshot: Snapshot = { root, fixedNumber, timestamp };
    const queue = new CommitQueue<Snapshot>({ store: journal, state: snapshot, lastFixedNumber: last });
    const datastore = new Datastore(options, queue, new NodeVersions({ fixedNumber, timestamp }), replayed, {
      fixedNumber: checkpoint?.fixedNumber ?? 0,
      length: checkpoint?.tree.length ?? 0,
    });
    if (last === 0 && options.initial !== undefined) {
      const initial = options.initial;
      await datastore.commit(() => initial(), { user: 'system', via: 'system', comment: 'factory default' });
    }
    return datastore;
  }

  /** The running configuration as of the last durable commit. */
  get snapshot(): Snapshot {
    return this.#queue.state;
  }

  /** The commit that last changed the resource at `path` (for ETag and Last-Modified). */
  versionOf(path: InstancePath, snapshot: Snapshot = this.snapshot): NodeVersion {
    return this.#versions.versionOf(snapshot.root, path);
  }

  /** Adds a hook that every later commit runs before it is made durable (after validation, unless told). */
  addCommitHook(hook: CommitHook, options: CommitHookOptions = {}): void {
    (options.beforeValidation === true ? this.#earlyHooks : this.#hooks).push(hook);
  }

  /**
   * Runs one transaction: `change` computes the new tree from the latest one; the result is
   * validated against everything the change can affect, passes the hooks and is made durable.
   * Rejects with the ManagementError(s) that stopped it; then nothing changed.
   */
  async commit(change: TreeChange, attribution: CommitAttribution): Promise<CommitOutcome> {
    if (this.#closed) throw new CommitFailedError('the datastore is closed');
    let diff: DataDiff = { changes: [] };
    let root: DataTree | undefined;
    const record = await this.#queue.submit(async (state, fixedNumber) => {
      const after = await change(state.root, state);
      root = after;
      diff = diffTrees(state.root, after);
      if (isEmptyDiff(diff)) return undefined;
      const pending: PendingCommit = { before: state.root, after, diff, attribution, fixedNumber };
      for (const hook of this.#earlyHooks) await hook(pending);
      const errors = validateChange(state.root, after, diff, { type: 'config' });
      throwIfAny(errors, `${errors.length} validation errors`);
      for (const hook of this.#hooks) await hook(pending);
      const timestamp = new Date().toISOString();
      const draft = {
        timestamp,
        user: attribution.user,
        via: attribution.via,
        ...(attribution.label === undefined ? {} : { label: attribution.label }),
        ...(attribution.comment === undefined ? {} : { comment: attribution.comment }),
        forward: encodeDiff(diff, this.schema),
        reverse: encodeDiff(reverseDiff(diff), this.schema),
      };
      this.#versions.record(after, diff, { fixedNumber, timestamp });
      this.#recent.add({ ...draft, fixedNumber });
      return { record: draft, newState: { root: after, fixedNumber, timestamp } };
    });
    if (record === undefined || root === undefined) return { fixedNumber: undefined, diff };
    this.#afterDurable(record);
    // The queue settles a group's members in order, so commits are published in order.
    this.commits.publish({ record, diff, root });
    return { fixedNumber: record.fixedNumber, diff };
  }

  /** One commit's record (forward and reverse diff), from memory when recent, else from the journal. */
  async readCommit(fixedNumber: number): Promise<CommitRecord | undefined> {
    return this.#recent.get(fixedNumber) ?? (await this.#journal.readCommit(fixedNumber));
  }

  /**
   * The oldest commit the journal still stores: where a replay of the history can begin (older
   * ones were pruned, see `retention`). Undefined only for an empty journal.
   */
  oldestStoredCommit(): Promise<CommitMetadata | undefined> {
    this.#oldestStored ??= oldestStoredCommit(this.#journal).catch((error: unknown) => {
      this.#oldestStored = undefined;
      throw error;
    });
    return this.#oldestStored;
  }

  /** The journal behind this datastore (listing rollback files). */
  get journal(): JournalStore {
    return this.#journal;
  }

  /** Resolves when every commit submitted so far and any checkpoint in progress have settled. */
  async idle(): Promise<void> {
    await this.#queue.idle();
    await this.#checkpointing;
  }

  /** Waits for pending work, then closes the journal. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.idle();
    await this.#journal.close();
  }

  /** Writes a checkpoint of the current state now (and prunes); resolves when it is durable. */
  async checkpoint(): Promise<void> {
    await this.#checkpointing;
    this.#checkpointing = this.#writeCheckpoint().finally(() => {
      this.#checkpointing = undefined;
    });
    await this.#checkpointing;
  }

  #afterDurable(record: CommitRecord): void {
    this.#commitsSinceCheckpoint++;
    this.#bytesSinceCheckpoint += record.forward.length;
    const scale = this.#checkpointScale;
    const due =
      this.#commitsSinceCheckpoint >= this.#checkpointEvery * scale ||
      this.#bytesSinceCheckpoint >= this.#checkpointBytes * scale;
    if (due && this.#checkpointing === undefined && !this.#closed) {
      this.#checkpointing = this.#writeCheckpoint()
        .catch((error: unknown) => {
          this.#logger.error({ err: error }, 'checkpoint failed; the journal still holds every commit');
        })
        .finally(() => {
          this.#checkpointing = undefined;
        });
    }
  }

  async #writeCheckpoint(): Promise<void> {
    const snapshot = this.snapshot;
    // Nothing new since the last checkpoint (e.g. one just written in the background).
    if (snapshot.fixedNumber <= this.#lastCheckpoint) return;
    this.#commitsSinceCheckpoint = 0;
    this.#bytesSinceCheckpoint = 0;
    const tree = await treeToTextInSlices(snapshot.root);
    await this.#journal.writeCheckpoint({ fixedNumber: snapshot.fixedNumber, tree });
    this.#lastCheckpoint = snapshot.fixedNumber;
    this.#checkpointScale = this.#scaleOf(tree.length);
    const pruned = await this.#journal.prune(this.#retention);
    if (pruned > 0) this.#oldestStored = undefined;
    this.#logger.info({ fixedNumber: snapshot.fixedNumber, bytes: tree.length, pruned }, 'checkpoint written');
  }
}
