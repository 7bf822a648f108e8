/**
 * @module datastore/datastore
 * The running configuration datastore: one engine for every interface. A transaction starts from
 * the latest snapshot, changes it, is diffed and validated (incrementally), passes the commit
 * hooks, is made durable in the journal (grouped with the commits that arrive together) and only
 * then becomes what readers see. Readers never wait and never see a partial commit. On a shared
 * journal (a cluster) the datastore also follows the commits the other nodes make: it applies them
 * through the same path as its own, in journal order, so that every node shows the same fixed
 * numbers, rollback files and entity tags.
 * @see RFC 8342 §5.1, docs/datastore.md, docs/cluster.md
 */
import type { DataDiff, DataTree, InstancePath } from '../data/index.ts';
import {
  applyDiff,
  decodeDiff,
  diffTrees,
  emptyDataTree,
  encodeDiffs,
  isEmptyDiff,
  stampingCreations,
  validateChange,
} from '../data/index.ts';
import { CommitFailedError, StoreUnavailableError, throwIfAny } from '../errors/index.ts';
import type { Logger } from '../util/index.ts';
import { handingOverIndexes, SILENT_LOGGER } from '../util/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import { CheckpointEntryTexts } from './checkpoint-entry-texts.ts';
import {
  CHECKPOINT_SLICE_MS,
  type CheckpointSlice,
  checkpointChunks,
  checkpointTextInSlices,
  treeFromCheckpointChunks,
} from './checkpoint-text.ts';
import { CommitFeed } from './commit-feed.ts';
import type { CaughtUp } from './commit-queue.ts';
import { CommitQueue } from './commit-queue.ts';
import type { CommitMetadata, CommitRecord, CommitVia } from './commit-record.ts';
import { oldestStoredCommit } from './journal-history.ts';
import type { CheckpointReading, JournalStore } from './journal-store.ts';
import type { NodeVersion } from './node-versions.ts';
import { NodeVersions } from './node-versions.ts';
import { RecentCommits } from './recent-commits.ts';
import type { JournalFollower, SharedJournalStore } from './shared-journal-store.ts';
import { isSharedJournalStore } from './shared-journal-store.ts';
import type { Snapshot } from './snapshot.ts';
import { utf16Length } from './utf8-chunks.ts';

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

/**
 * Hears of every commit once readers see it: this node's own (with its record) and, on a shared
 * journal, those of other nodes as they are applied. `record` is undefined when the node reloaded
 * a checkpoint (it fell behind the journal's retention), which may stand for many commits.
 */
export type SnapshotListener = (snapshot: Snapshot, record: CommitRecord | undefined) => void;

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
   * size of the last checkpoint in units of a sixteenth of `checkpointBytes` (at least 1).
   */
  readonly checkpointEvery?: number;
  /**
   * … or after this many characters of forward diffs since the last one (default 16 MiB), times
   * the size of the last checkpoint in units of `checkpointBytes` (at least 1).
   */
  readonly checkpointBytes?: number;
  readonly logger?: Logger;
  /**
   * What identifies the YANG modules the tree is of (`moduleSetFingerprint`): written into
   * checkpoints, whose large lists load lazily only under the same fingerprint (under other
   * modules every entry is decoded, and checked, at start).
   */
  readonly schemaFingerprint?: string;
}

const DEFAULT_RETENTION = 1000;
const DEFAULT_CHECKPOINT_EVERY = 1000;
const DEFAULT_CHECKPOINT_BYTES = 16 * 1024 * 1024;
/**
 * At a clean close, a checkpoint is written first when the commits since the last one hold at
 * least this many characters of forward diffs, or number this many: start-up then loads the
 * checkpoint instead of replaying them.
 */
const CLOSE_CHECKPOINT_BYTES = 1024 * 1024;
const CLOSE_CHECKPOINT_COMMITS = 100;
/** Records with more diff text than this stay in memory only until they are durable. */
const RECENT_RECORD_LIMIT = 1024 * 1024;
/**
 * The slices of a checkpoint's encoding while commits are under way (ms): the encoding then fills
 * the wait for the journal, and gives the event loop its turn often enough that a group's answer
 * is taken, and the next group prepared, soon after it comes (not after a whole slice).
 */
const CHECKPOINT_SLICE_WHILE_COMMITTING_MS = 0.1;

/**
 * The version of record after commit `fixedNumber`'s `diff`: `root` with the diff applied, the
 * large lists' key indexes handed over to it (a transaction's working copies never take them: see
 * util/persistent/key-index.ts), and the inner nodes it makes stamped with the fixed number (the
 * versions of those node objects: see node-versions.ts).
 */
const versionOfRecord = (root: DataTree, diff: DataDiff, fixedNumber: number): DataTree =>
  stampingCreations(fixedNumber, () => handingOverIndexes(() => applyDiff(root, diff, { strict: true })));

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
  #versions: NodeVersions;
  readonly #hooks: CommitHook[] = [];
  readonly #earlyHooks: CommitHook[] = [];
  readonly #listeners: SnapshotListener[] = [];
  readonly #recent = new RecentCommits(256);
  /** The shared journal this datastore follows, when it is one. */
  readonly #shared: SharedJournalStore | undefined;
  /** The version floor the nodes sharing the journal agreed on (docs/cluster.md). */
  #sharedFloor: NodeVersion | undefined;
  /** Since when the shared journal could not be followed (what readers see may be stale). */
  #staleSince: Date | undefined;
  /** Counts the times the shared journal became unreachable (a catch-up clears staleness only for its own). */
  #unreachableCount = 0;
  /** The fixed number of the factory default commit this datastore made at open, if it made it. */
  #initialCommit: number | undefined;
  readonly #logger: Logger;
  readonly #retention: number;
  readonly #checkpointEvery: number;
  readonly #schemaFingerprint: string | undefined;
  /** The last checkpoint's texts of large lists' entries, reused by the next for entries that did not change. */
  #entryTexts: CheckpointEntryTexts;
  readonly #checkpointBytes: number;
  #commitsSinceCheckpoint: number;
  #bytesSinceCheckpoint = 0;
  #checkpointing: Promise<void> | undefined;
  /** The fixed number of the newest checkpoint written or loaded (0: none). */
  #lastCheckpoint: number;
  /** The length of the last checkpoint's text (0: none): the checkpoint interval scales with it. */
  #checkpointLength = 0;
  #closed = false;
  /** The oldest stored commit, found on first use and again after each prune. */
  #oldestStored: Promise<CommitMetadata | undefined> | undefined;
  /** The oldest stored commit last read from the journal. */
  #oldestKnown: CommitMetadata | undefined;

  private constructor(
    options: DatastoreOptions,
    state: Snapshot,
    replayed: number,
    lastCheckpoint: { readonly fixedNumber: number; readonly length: number },
    entryTexts: CheckpointEntryTexts,
  ) {
    this.#lastCheckpoint = lastCheckpoint.fixedNumber;
    this.#entryTexts = entryTexts;
    this.schema = options.schema;
    this.#journal = options.journal;
    const shared = isSharedJournalStore(options.journal) ? options.journal : undefined;
    this.#shared = shared;
    this.#queue = new CommitQueue<Snapshot>({
      store: options.journal,
      state,
      lastFixedNumber: state.fixedNumber,
      ...(shared === undefined
        ? {}
        : { catchUp: (current: Snapshot) => this.#catchUp(current), lockHead: () => shared.lockHead() }),
    });
    this.#versions = new NodeVersions({ fixedNumber: state.fixedNumber, timestamp: state.timestamp });
    this.#logger = options.logger ?? SILENT_LOGGER;
    this.#retention = options.retention ?? DEFAULT_RETENTION;
    this.#checkpointEvery = options.checkpointEvery ?? DEFAULT_CHECKPOINT_EVERY;
    this.#schemaFingerprint = options.schemaFingerprint;
    this.#checkpointBytes = options.checkpointBytes ?? DEFAULT_CHECKPOINT_BYTES;
    this.#commitsSinceCheckpoint = replayed;
    this.#checkpointLength = lastCheckpoint.length;
    this.commits = new CommitFeed({ lastFixedNumber: state.fixedNumber, logger: this.#logger });
  }

  /**
   * How many times less often than `checkpointEvery` commits a checkpoint comes: the size of the
   * last checkpoint in units of a sixteenth of `checkpointBytes` (1 MiB by default), at least 1.
   * Writing a checkpoint costs the whole tree, so that it adds the same per commit at any size;
   * and replaying a small commit costs about what loading 1 KiB of checkpoint does, so that the
   * commits since one cost about as much to replay as loading it.
   */
  get #countScale(): number {
    return Math.max(1, (this.#checkpointLength * 16) / this.#checkpointBytes);
  }

  /** The same in units of `checkpointBytes`, for the forward diff text since the last checkpoint. */
  get #bytesScale(): number {
    return Math.max(1, this.#checkpointLength / this.#checkpointBytes);
  }

  /**
   * Opens the journal and loads the running configuration: the latest checkpoint plus the commits
   * after it; on an empty journal, commits `initial` as the first commit. On a shared journal it
   * then follows the other nodes' commits until {@link close}.
   */
  static async open(options: DatastoreOptions): Promise<Datastore> {
    const { schema, journal } = options;
    await journal.open();
    let loaded: Loaded;
    try {
      loaded = await loadJournal(journal, schema, options.schemaFingerprint);
    } catch (error) {
      await journal.close().catch(() => undefined);
      throw error;
    }
    const { snapshot, replayed, checkpoint, entryTexts } = loaded;
    const datastore = new Datastore(
      options,
      snapshot,
      replayed,
      { fixedNumber: checkpoint?.fixedNumber ?? 0, length: checkpoint?.length ?? 0 },
      entryTexts,
    );
    try {
      await datastore.#startFollowing();
      if (datastore.#queue.lastFixedNumber === 0 && options.initial !== undefined) {
        const initial = options.initial;
        // Another node sharing the journal may make the first commit meanwhile: then nothing to do.
        const outcome = await datastore.commit((root, state) => (state.fixedNumber === 0 ? initial() : root), {
          user: 'system',
          via: 'system',
          comment: 'factory default',
        });
        datastore.#initialCommit = outcome.fixedNumber;
      }
    } catch (error) {
      await datastore.close().catch(() => undefined);
      throw error;
    }
    return datastore;
  }

  /** On a shared journal: agrees on the version floor, follows the other nodes, catches up. */
  async #startFollowing(): Promise<void> {
    const shared = this.#shared;
    if (shared === undefined) return;
    const { fixedNumber, timestamp } = this.snapshot;
    this.#sharedFloor = await shared.raiseVersionFloor({ fixedNumber, timestamp });
    /** A failed catch-up is tried again on the next notification, heartbeat or reconnection. */
    const failed = (error: unknown): void => {
      // That the store cannot be reached is reported once, by `unreachable`.
      if (error instanceof StoreUnavailableError) this.#logger.debug({ problem: describe(error) }, 'catch-up failed');
      else this.#logger.error({ err: error }, 'could not catch up with the shared journal; will try again');
    };
    const follower: JournalFollower = {
      changed: () => {
        this.#queue.synchronize().catch(failed);
      },
      unreachable: (since, error) => {
        this.#unreachableCount++;
        if (this.#staleSince === undefined) {
          this.#staleSince = since;
          this.#logger.warn(
            { store: shared.description, since: since.toISOString(), problem: describe(error) },
            'the shared journal cannot be reached: writes fail with 503, reads are answered from memory',
          );
        }
      },
      reachable: () => {
        const count = this.#unreachableCount;
        this.#queue.synchronize().then(() => {
          if (this.#unreachableCount !== count || this.#staleSince === undefined) return;
          this.#logger.info(
            {
              store: shared.description,
              staleSince: this.#staleSince.toISOString(),
              fixedNumber: this.snapshot.fixedNumber,
            },
            'the shared journal can be reached again: caught up',
          );
          this.#staleSince = undefined;
        }, failed);
      },
    };
    shared.follow(follower);
    // Commits another node made while this one was loading.
    await this.#queue.synchronize();
  }

  /** The running configuration as of the last durable commit. */
  get snapshot(): Snapshot {
    return this.#queue.state;
  }

  /**
   * The commit that last changed the resource at `path` (for ETag and Last-Modified): at least the
   * version floor, and never newer than `snapshot`.
   */
  versionOf(path: InstancePath, snapshot: Snapshot = this.snapshot): NodeVersion {
    return this.#limited(this.#versions.versionOf(snapshot.root, path), snapshot);
  }

  /**
   * {@link versionOf} of a path that ends on an inner node or list entry of `snapshot`, given
   * that node object (found at the end of the path): the same version, without a second walk.
   */
  versionOfNode(node: object, snapshot: Snapshot = this.snapshot): NodeVersion {
    return this.#limited(this.#versions.versionOfNode(node), snapshot);
  }

  /** At least the shared floor, never newer than `snapshot`. */
  #limited(found: NodeVersion, snapshot: Snapshot): NodeVersion {
    let version = found;
    const shared = this.#sharedFloor;
    if (shared !== undefined && shared.fixedNumber >= version.fixedNumber) version = shared;
    return version.fixedNumber > snapshot.fixedNumber
      ? { fixedNumber: snapshot.fixedNumber, timestamp: snapshot.timestamp }
      : version;
  }

  /**
   * Since when what readers see may be stale: the shared journal could not be followed since then
   * (undefined while it can, and always for a journal of one's own).
   */
  get staleSince(): Date | undefined {
    return this.#staleSince;
  }

  /** The fixed number of the factory default commit that {@link open} made, if it made it. */
  get initialCommit(): number | undefined {
    return this.#initialCommit;
  }

  /** Adds a listener that hears of every commit once readers see it (see {@link SnapshotListener}). */
  addCommitListener(listener: SnapshotListener): void {
    this.#listeners.push(listener);
  }

  /**
   * Applies what other nodes appended to a shared journal since this node last looked, now (it
   * also happens by itself within moments of their commits). Resolves once readers see it.
   */
  synchronize(): Promise<void> {
    return this.#queue.synchronize();
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
    let newState: Snapshot | undefined;
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
      // What readers will see is the diff applied to the state, exactly as a restart's replay and
      // the other nodes of a shared journal apply it. Also for a datastore alone: node versions
      // (ETags) count a node object without a record as older than the floor, which holds only if
      // every new object is on a change's path or inside an inserted subtree — a tree the change
      // made may hold new objects equal to old ones (a PUT of unchanged content), whose record the
      // old object had. The result equals the change's tree in content, and in the order of every
      // entry it created or deleted (diffs carry positions in system-ordered lists too); a mere
      // reordering of a system-ordered list is no change.
      const visible = versionOfRecord(state.root, diff, fixedNumber);
      const timestamp = new Date().toISOString();
      const { forward: forwardText, reverse: reverseText } = encodeDiffs(diff, this.schema);
      const forward = forwardText.text;
      const reverse = reverseText.text;
      const pieces = {
        ...(forwardText.pieces === undefined ? {} : { forward: forwardText.pieces }),
        ...(reverseText.pieces === undefined ? {} : { reverse: reverseText.pieces }),
      };
      const draft = {
        timestamp,
        user: attribution.user,
        via: attribution.via,
        ...(attribution.label === undefined ? {} : { label: attribution.label }),
        ...(attribution.comment === undefined ? {} : { comment: attribution.comment }),
        forward,
        reverse,
        ...(pieces.forward === undefined && pieces.reverse === undefined ? {} : { pieces }),
      };
      this.#versions.record(visible, diff, { fixedNumber, timestamp });
      this.#recent.add({ ...draft, fixedNumber });
      newState = { root: visible, fixedNumber, timestamp };
      return { record: draft, newState };
    });
    if (record === undefined || root === undefined) return { fixedNumber: undefined, diff };
    this.#afterDurable(record, true);
    // The queue settles a group's members in order, so commits are published in order.
    this.#announce(newState, record, diff);
    return { fixedNumber: record.fixedNumber, diff };
  }

  /** One commit's record (forward and reverse diff), from memory when recent, else from the journal. */
  async readCommit(fixedNumber: number): Promise<CommitRecord | undefined> {
    return this.#recent.get(fixedNumber) ?? (await this.#journal.readCommit(fixedNumber));
  }

  /**
   * The oldest commit the journal still stores: where a replay of the history can begin (older
   * ones were pruned, see `retention`). Undefined only for an empty journal. While a shared
   * journal cannot be reached, the one last read (if any).
   */
  oldestStoredCommit(): Promise<CommitMetadata | undefined> {
    this.#oldestStored ??= oldestStoredCommit(this.#journal).then(
      (oldest) => {
        this.#oldestKnown = oldest;
        return oldest;
      },
      (error: unknown) => {
        this.#oldestStored = undefined;
        if (error instanceof StoreUnavailableError && this.#oldestKnown !== undefined) return this.#oldestKnown;
        throw error;
      },
    );
    return this.#oldestStored;
  }

  /**
   * The metadata of the newest commits readers see, held in memory (up to 256), newest first: what
   * can be listed while a shared journal cannot be reached.
   */
  recentCommits(): CommitMetadata[] {
    return this.#recent
      .newestFirst(this.snapshot.fixedNumber)
      .map(({ forward: _forward, reverse: _reverse, ...metadata }) => metadata);
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

  /**
   * Waits for pending work, writes a checkpoint when the commits since the last one are many or
   * large (so that the next start-up loads it instead of replaying them), then closes the journal.
   * Not while a shared journal cannot be reached: the checkpoint could only fail.
   */
  async close(): Promise<void> {
    this.#closed = true;
    await this.idle();
    if (
      this.#staleSince === undefined &&
      (this.#commitsSinceCheckpoint >= CLOSE_CHECKPOINT_COMMITS || this.#bytesSinceCheckpoint >= CLOSE_CHECKPOINT_BYTES)
    ) {
      try {
        await this.checkpoint();
      } catch (error) {
        this.#logger.error({ err: error }, 'the checkpoint at close failed; the journal still holds every commit');
      }
    }
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

  /**
   * Tells the listeners, then publishes the commit on {@link commits} (event streams): this node's
   * own commits with their decoded diff, other nodes' as they are applied. A reload of a checkpoint
   * (no record) is not published: subscribers that need what it stands for replay the journal. A
   * listener that throws is logged, never fails the commit.
   */
  #announce(snapshot: Snapshot | undefined, record: CommitRecord | undefined, diff?: DataDiff): void {
    const current = snapshot ?? this.snapshot;
    for (const listener of this.#listeners) {
      try {
        listener(current, record);
      } catch (error) {
        this.#logger.error({ err: error }, 'a commit listener failed');
      }
    }
    if (record === undefined || this.commits.lastFixedNumber >= record.fixedNumber) return;
    this.commits.publish({ record, diff: diff ?? decodeDiff(record.forward, this.schema), root: current.root });
  }

  /**
   * Lets go of a large record once durable, and counts a commit towards the next checkpoint. Only
   * this node's own commits start one: on a shared journal the node whose commit makes a
   * checkpoint due writes it, not every node.
   */
  #afterDurable(record: CommitRecord, own: boolean): void {
    if (record.forward.length + record.reverse.length > RECENT_RECORD_LIMIT) this.#recent.delete(record.fixedNumber);
    this.#commitsSinceCheckpoint++;
    this.#bytesSinceCheckpoint += record.forward.length;
    // A large commit (a restore, a whole list) is checkpointed at once, whatever the scale, so
    // that start-up does not replay it.
    const due =
      this.#commitsSinceCheckpoint >= this.#checkpointEvery * this.#countScale ||
      this.#bytesSinceCheckpoint >= this.#checkpointBytes * this.#bytesScale ||
      record.forward.length >= this.#checkpointBytes;
    if (own && due && this.#checkpointing === undefined && !this.#closed) {
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
    if (this.#shared !== undefined) {
      // Another node may have written a newer one since.
      const { latestCheckpoint } = await this.#shared.head();
      if (latestCheckpoint > this.#lastCheckpoint) this.#lastCheckpoint = latestCheckpoint;
    }
    // Nothing new since the last checkpoint (e.g. one just written in the background).
    if (snapshot.fixedNumber <= this.#lastCheckpoint) return;
    const commits = this.#commitsSinceCheckpoint;
    const bytes = this.#bytesSinceCheckpoint;
    this.#commitsSinceCheckpoint = 0;
    this.#bytesSinceCheckpoint = 0;
    let length: number;
    try {
      length = await this.#storeCheckpoint(snapshot);
    } catch (error) {
      const raced = this.#shared !== undefined && (await this.#shared.head()).latestCheckpoint >= snapshot.fixedNumber;
      if (!raced) {
        // Still due: the next commit, or the close, tries again (a close after a failed
        // background checkpoint would otherwise leave a large commit to replay at every start).
        this.#commitsSinceCheckpoint += commits;
        this.#bytesSinceCheckpoint += bytes;
        throw error;
      }
      this.#logger.info({ fixedNumber: snapshot.fixedNumber }, 'another node wrote this checkpoint first');
      return;
    }
    this.#lastCheckpoint = snapshot.fixedNumber;
    this.#checkpointLength = length;
    const pruned = await this.#journal.prune(this.#retention);
    if (pruned > 0) this.#oldestStored = undefined;
    this.#logger.info({ fixedNumber: snapshot.fixedNumber, bytes: length, pruned }, 'checkpoint written');
  }

  /**
   * How long a slice of checkpoint encoding may run now: briefly while a group is due, prepared or
   * made durable, else {@link CHECKPOINT_SLICE_MS}. Never nothing, so that a checkpoint progresses
   * under any stream of commits; its text is the same either way.
   */
  readonly #checkpointSlice: CheckpointSlice = () =>
    this.#queue.activity === 'idle' ? CHECKPOINT_SLICE_MS : CHECKPOINT_SLICE_WHILE_COMMITTING_MS;

  /** Stores a checkpoint of `snapshot` (in pieces, where the journal takes them); resolves with its length. */
  async #storeCheckpoint(snapshot: Snapshot): Promise<number> {
    const journal = this.#journal;
    const { fixedNumber, timestamp } = snapshot;
    if (journal.writeCheckpointChunks === undefined) {
      const tree = await checkpointTextInSlices(
        snapshot.root,
        this.#checkpointSlice,
        this.#schemaFingerprint,
        this.#entryTexts,
      );
      await journal.writeCheckpoint({ fixedNumber, tree, timestamp });
      return tree.length;
    }
    let length = 0;
    const fingerprint = this.#schemaFingerprint;
    const slice = this.#checkpointSlice;
    const entryTexts = this.#entryTexts;
    const counted = async function* (): AsyncGenerator<string | Uint8Array> {
      for await (const chunk of checkpointChunks(snapshot.root, slice, fingerprint, entryTexts)) {
        // Characters, or bytes of a piece given as bytes: near enough to scale the interval.
        length += chunk.length;
        yield chunk;
      }
    };
    await journal.writeCheckpointChunks(fixedNumber, counted());
    return length;
  }

  /**
   * Brings `state` up to the shared journal: applies the commits the other nodes appended after
   * it, as this node's own commits are applied (same versions, same rollback records); reloads the
   * latest checkpoint when the commits it needs were pruned (it fell behind the retention).
   */
  async #catchUp(state: Snapshot): Promise<CaughtUp<Snapshot>> {
    const shared = this.#shared as SharedJournalStore;
    const head = await shared.head();
    let current = state;
    const applied: { readonly snapshot: Snapshot; readonly record: CommitRecord }[] = [];
    let behind = false;
    if (head.lastFixedNumber > current.fixedNumber) {
      for await (const record of shared.commitsAfter(current.fixedNumber)) {
        if (record.fixedNumber !== current.fixedNumber + 1) {
          behind = true;
          break;
        }
        const diff = decodeDiff(record.forward, this.schema);
        const root = versionOfRecord(current.root, diff, record.fixedNumber);
        this.#versions.record(root, diff, { fixedNumber: record.fixedNumber, timestamp: record.timestamp });
        this.#recent.add(record);
        this.#afterDurable(record, false);
        current = { root, fixedNumber: record.fixedNumber, timestamp: record.timestamp };
        applied.push({ snapshot: current, record });
      }
      behind ||= current.fixedNumber < head.lastFixedNumber;
    }
    if (behind) return this.#reload(shared, current);
    if (this.#sharedFloor === undefined || head.versionFloor.fixedNumber > this.#sharedFloor.fixedNumber)
      this.#sharedFloor = head.versionFloor;
    return {
      state: current,
      lastFixedNumber: current.fixedNumber,
      installed: () => {
        for (const { snapshot, record } of applied) this.#announce(snapshot, record);
      },
    };
  }

  /** Replaces the state with the shared journal's latest checkpoint and the commits after it. */
  async #reload(shared: SharedJournalStore, state: Snapshot): Promise<CaughtUp<Snapshot>> {
    const { snapshot, replayed, checkpoint, entryTexts } = await loadJournal(
      shared,
      this.schema,
      this.#schemaFingerprint,
    );
    if (checkpoint === undefined || snapshot.fixedNumber <= state.fixedNumber)
      throw new CommitFailedError(
        `the shared journal lacks commit ${state.fixedNumber + 1} and holds no newer checkpoint: this node cannot catch up`,
      );
    this.#logger.warn(
      { from: state.fixedNumber, checkpoint: checkpoint.fixedNumber, to: snapshot.fixedNumber },
      'this node fell behind the journal’s retention: reloaded the latest checkpoint',
    );
    const floor: NodeVersion = { fixedNumber: snapshot.fixedNumber, timestamp: snapshot.timestamp };
    // Versions recorded before are of objects this state no longer shares: the floor is where it starts.
    const versions = new NodeVersions(floor);
    this.#sharedFloor = await shared.raiseVersionFloor(floor);
    this.#lastCheckpoint = checkpoint.fixedNumber;
    this.#checkpointLength = checkpoint.length;
    this.#commitsSinceCheckpoint = replayed;
    this.#bytesSinceCheckpoint = 0;
    return {
      state: snapshot,
      lastFixedNumber: snapshot.fixedNumber,
      installed: () => {
        this.#versions = versions;
        this.#entryTexts = entryTexts;
        this.#announce(snapshot, undefined);
      },
    };
  }
}

/** The newest checkpoint in pieces: the store's own reading when it has one, else its whole text. */
const readCheckpoint = async (journal: JournalStore): Promise<CheckpointReading | undefined> => {
  if (journal.readCheckpoint !== undefined) return journal.readCheckpoint();
  const checkpoint = await journal.latestCheckpoint();
  if (checkpoint === undefined) return undefined;
  const { tree } = checkpoint;
  return {
    fixedNumber: checkpoint.fixedNumber,
    ...(checkpoint.timestamp === undefined ? {} : { timestamp: checkpoint.timestamp }),
    chunks: (async function* () {
      yield tree;
    })(),
  };
};

/** What start-up (or a reload) read from the journal. */
interface Loaded {
  readonly snapshot: Snapshot;
  /** How many commits were replayed after the checkpoint. */
  readonly replayed: number;
  /** The checkpoint loaded: its fixed number and its text's length. */
  readonly checkpoint: { readonly fixedNumber: number; readonly length: number } | undefined;
  /** The texts of its large lists' entries as read, for the next checkpoint. */
  readonly entryTexts: CheckpointEntryTexts;
}

/**
 * The latest checkpoint (decoded piece by piece as the journal reads it) plus the commits after
 * it, checked to be complete and without gaps.
 */
const loadJournal = async (
  journal: JournalStore,
  schema: SchemaTree,
  fingerprint: string | undefined,
): Promise<Loaded> => {
  const checkpoint = await readCheckpoint(journal);
  let length = 0;
  let root = emptyDataTree(schema);
  const entryTexts = new CheckpointEntryTexts();
  if (checkpoint !== undefined) {
    const counted = async function* (): AsyncGenerator<string | Uint8Array> {
      for await (const chunk of checkpoint.chunks) {
        length += typeof chunk === 'string' ? chunk.length : utf16Length(chunk);
        yield chunk;
      }
    };
    root = await treeFromCheckpointChunks(counted(), schema, fingerprint, entryTexts);
  }
  let fixedNumber = checkpoint?.fixedNumber ?? 0;
  let timestamp = checkpoint?.timestamp;
  let replayed = 0;
  // A journal other nodes share may grow between reading its commits and asking for its end:
  // then the commits appended meanwhile are read too.
  for (let last = -1; last !== fixedNumber; ) {
    for await (const record of journal.commitsAfter(fixedNumber)) {
      if (record.fixedNumber !== fixedNumber + 1 && fixedNumber !== 0)
        throw new CommitFailedError(`the journal lacks commit ${fixedNumber + 1}: it cannot be replayed`);
      root = versionOfRecord(root, decodeDiff(record.forward, schema), record.fixedNumber);
      fixedNumber = record.fixedNumber;
      timestamp = record.timestamp;
      replayed++;
    }
    const previous = last;
    last = await journal.lastFixedNumber();
    if (last !== fixedNumber && (last < fixedNumber || last === previous || !isSharedJournalStore(journal)))
      throw new CommitFailedError(`the journal ends at commit ${last} but holds the changes only up to ${fixedNumber}`);
  }
  return {
    snapshot: { root, fixedNumber, timestamp: timestamp ?? new Date().toISOString() },
    replayed,
    checkpoint: checkpoint === undefined ? undefined : { fixedNumber: checkpoint.fixedNumber, length },
    entryTexts,
  };
};

/** A short description of an error for the log. */
const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
