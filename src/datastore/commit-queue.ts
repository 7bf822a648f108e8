/**
 * @module datastore/commit-queue
 * The single writer: transactions are prepared one at a time against the latest state, and those
 * that arrive while a durable write is in progress are made durable together in the next write
 * (group commit). Each transaction is still accepted or rejected on its own before its group is
 * written; the state moves on only once the group is durable. On a journal this node alone appends
 * to, the transactions that arrive during a write are prepared at once, on the state of the group
 * being written, and a group that finds the journal idle may be split in two so that the second
 * half is prepared while the first is made durable (pipelining). With a shared journal the queue also
 * catches up with the commits other writers appended — when asked to, and when an append is refused
 * as stale, after which the group is prepared again on the new state, under the journal's head
 * lock; while other writers are busy, groups take that lock first. docs/datastore.md has the
 * reasoning.
 */
import type { CommitRecord } from './commit-record.ts';
import { JournalConflictError } from './journal-conflict-error.ts';
import type { JournalStore } from './journal-store.ts';
import type { HeadLock } from './shared-journal-store.ts';

/** A transaction's journal record before the queue has given it its fixed number. */
export type CommitDraft = Omit<CommitRecord, 'fixedNumber'>;

/** What a transaction's prepare step produces: its record and the state after it. */
export interface PreparedCommit<S> {
  readonly record: CommitDraft;
  readonly newState: S;
}

/**
 * A transaction's prepare step: runs against the latest state (including the accepted but not yet
 * durable transactions ahead of it in the group), with the fixed number the commit will have.
 * Throws (typically a `ManagementError`) to reject the transaction, returns `undefined` when there
 * is nothing to commit.
 */
export type PrepareCommit<S> = (
  state: S,
  fixedNumber: number,
) => PreparedCommit<S> | undefined | Promise<PreparedCommit<S> | undefined>;

/** The state after catching up, and what to do once it is the queue's state. */
export interface CaughtUp<S> {
  readonly state: S;
  readonly lastFixedNumber: number;
  /** Called once the queue's state is {@link state} (e.g. to announce the commits applied). */
  readonly installed?: () => void;
}

/**
 * Brings `state` (after commit `lastFixedNumber`) up to what the journal holds now, by applying
 * the commits other writers appended; rejects when the journal cannot be read.
 */
export type CatchUp<S> = (state: S, lastFixedNumber: number) => Promise<CaughtUp<S>>;

/** Options of {@link CommitQueue}. */
export interface CommitQueueOptions<S> {
  /** The journal the groups are appended to (open). */
  readonly store: JournalStore;
  /** The state after the journal's last commit (e.g. loaded by start-up). */
  readonly state: S;
  /** The journal's last fixed number; the next commit gets the one after it. */
  readonly lastFixedNumber: number;
  /**
   * How to catch up with a shared journal. Without it an append refused as stale rejects its
   * group, and {@link CommitQueue.synchronize} does nothing.
   */
  readonly catchUp?: CatchUp<S>;
  /**
   * Locks the shared journal's head for one append. With it, a group whose append was refused as
   * stale is prepared again under the lock, after catching up: its second append cannot be refused.
   * Without it, the group is prepared again and retried until it gets through.
   */
  readonly lockHead?: () => Promise<HeadLock>;
  /**
   * Whether a journal this queue alone appends to (no `catchUp`) gets the next batch prepared while
   * the one before is made durable: `never` prepares each group only once the one before is durable;
   * `overlap` prepares the transactions that arrive meanwhile at once; `auto` (the default) also
   * splits a group that finds the journal idle in two when {@link splitPays}; `always` splits every
   * such group (for tests).
   */
  readonly pipeline?: PipelineMode;
}

/** How a queue overlaps preparing transactions with appending them (see {@link CommitQueueOptions.pipeline}). */
export type PipelineMode = 'never' | 'overlap' | 'auto' | 'always';

/** One waiting transaction. */
interface Submission<S> {
  readonly prepare: PrepareCommit<S>;
  readonly resolve: (record: CommitRecord | undefined) => void;
  readonly reject: (error: unknown) => void;
}

/** How a member of a group came out of its prepare step. */
type Outcome =
  | { readonly kind: 'accepted'; readonly record: CommitRecord }
  | { readonly kind: 'empty' }
  | { readonly kind: 'rejected'; readonly error: unknown };

/** A group prepared on one state: each member's outcome, and the state and last number after it. */
interface PreparedGroup<S> {
  readonly outcomes: readonly Outcome[];
  readonly state: S;
  readonly fixedNumber: number;
}

/** The records of the members of a prepared group that were accepted. */
const acceptedRecords = <S>(prepared: PreparedGroup<S>): CommitRecord[] =>
  prepared.outcomes.flatMap((outcome) => (outcome.kind === 'accepted' ? [outcome.record] : []));

/** At most this many transactions are made durable in one append. */
const MAX_GROUP_SIZE = 256;
/** After an append refused as stale, groups take the head lock first for this long (ms). */
const CONTENDED_MS = 1000;
/** How often a group is prepared again after its append was refused as stale, before it fails. */
const MAX_CONFLICT_RETRIES = 200;
/** Weight of the newest sample in the running means of an append's and a prepare step's time. */
const MEAN_WEIGHT = 0.1;
/**
 * How much shorter than preparing the waiting transactions an append must be for a group to be
 * split: the second append costs the hand-over to the journal and back on top of its flush.
 */
const SPLIT_MARGIN = 1.25;

/**
 * Whether splitting `count` waiting transactions in two, the first half appended while the second
 * is prepared, gives more commits per second than one group: with a flush of `appendMs` and
 * `prepareMs` per transaction, two halves in turn take max(2 × flush, count × prepare) per `count`
 * commits against count × prepare + flush for one group, so they win while the flush is shorter
 * than preparing them all. NaN (not measured yet) never splits.
 */
export const splitPays = (appendMs: number, prepareMs: number, count: number): boolean =>
  count > 1 && appendMs * SPLIT_MARGIN < prepareMs * count;

const runningMean = (mean: number, sample: number): number =>
  Number.isNaN(mean) ? sample : mean + (sample - mean) * MEAN_WEIGHT;

/** A batch handed to the journal: `durable` once its append settled (false: it failed). */
interface Flight {
  durable?: boolean;
}

/** Serializes writers over a state of type `S` and makes their commits durable in groups. */
export class CommitQueue<S> {
  readonly #store: JournalStore;
  #state: S;
  #lastFixedNumber: number;
  readonly #catchUp: CatchUp<S> | undefined;
  readonly #lockHead: (() => Promise<HeadLock>) | undefined;
  /** Until when (performance.now()) groups take the head lock first: other writers appended lately. */
  #contendedUntil = 0;
  #waiting: Submission<S>[] = [];
  /** Callers of {@link synchronize} waiting for the next catch-up. */
  #syncing: { readonly resolve: () => void; readonly reject: (error: unknown) => void }[] = [];
  #scheduled = false;
  #writing: Promise<void> | undefined;
  readonly #pipeline: PipelineMode;
  /** Running means of an append's time and of one prepare step's (ms); NaN until measured. */
  #appendMs = Number.NaN;
  #prepareMs = Number.NaN;
  /** Wakes the pipelined writer waiting for a transaction or for the batch in flight. */
  #wake: (() => void) | undefined;

  constructor(options: CommitQueueOptions<S>) {
    this.#store = options.store;
    this.#state = options.state;
    this.#lastFixedNumber = options.lastFixedNumber;
    this.#catchUp = options.catchUp;
    this.#lockHead = options.lockHead;
    this.#pipeline = options.pipeline ?? 'auto';
  }

  /** The state after the last durable commit; what readers see. */
  get state(): S {
    return this.#state;
  }

  /** The fixed number of the last durable commit. */
  get lastFixedNumber(): number {
    return this.#lastFixedNumber;
  }

  /**
   * What the queue is doing: `due` when transactions wait for the turn of the event loop that
   * prepares their group, `writing` while a group is prepared or made durable (or a catch-up runs),
   * `idle` otherwise.
   */
  get activity(): 'idle' | 'due' | 'writing' {
    return this.#scheduled ? 'due' : this.#writing !== undefined ? 'writing' : 'idle';
  }

  /**
   * Queues a transaction. Resolves with its record once it is durable and the state includes it,
   * with `undefined` when `prepare` found nothing to commit; rejects with what `prepare` threw, or
   * with the journal's error when its group could not be made durable (then nothing changed).
   */
  submit(prepare: PrepareCommit<S>): Promise<CommitRecord | undefined> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ prepare, resolve, reject });
      this.#wake?.();
      this.#schedule();
    });
  }

  /** Resolves when every transaction submitted so far has been settled. */
  async idle(): Promise<void> {
    while (this.#writing !== undefined || this.#scheduled) await (this.#writing ?? yieldToEventLoop());
  }

  /**
   * Catches up with the commits other writers appended, between two groups. Resolves once a catch-up
   * that began after this call has been installed; rejects with its error. Without a `catchUp`
   * option it resolves at once.
   */
  synchronize(): Promise<void> {
    if (this.#catchUp === undefined) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.#syncing.push({ resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#writing !== undefined) return;
    this.#scheduled = true;
    // setImmediate, not a microtask: I/O callbacks that arrived meanwhile (other requests) get to
    // submit first, so that they join this group even when the store writes synchronously.
    setImmediate(() => {
      this.#scheduled = false;
      this.#writing = this.#work().finally(() => {
        this.#writing = undefined;
        if (this.#waiting.length > 0 || this.#syncing.length > 0) this.#schedule();
      });
    });
  }

  async #work(): Promise<void> {
    if (this.#syncing.length > 0) {
      const waiters = this.#syncing.splice(0);
      try {
        await this.#runCatchUp();
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    }
    if (this.#waiting.length === 0) return;
    if (this.#pipeline !== 'never' && this.#catchUp === undefined && this.#lockHead === undefined)
      await this.#writePipelined();
    else await this.#writeGroup();
  }

  /**
   * Writes to a journal this queue alone appends to, preparing the next batch while the one before
   * is made durable. Transactions that arrive while batch A is in flight are prepared at once, on A's
   * state (not durable yet), into batch B; B is appended as soon as A is durable. If A's append
   * fails, B was judged against a state that never came to be: its members go back to the head of
   * the queue, to be prepared again on the durable state. A group that finds the journal idle is
   * appended whole, or in two halves, the first appended while the second is prepared, when that
   * pays ({@link splitPays}).
   */
  async #writePipelined(): Promise<void> {
    let flight: Flight | undefined;
    let batch: Submission<S>[] = [];
    let outcomes: Outcome[] = [];
    let state = this.#state;
    let fixedNumber = this.#lastFixedNumber;
    for (;;) {
      if (flight?.durable !== undefined) {
        const durable = flight.durable;
        flight = undefined;
        if (!durable) {
          this.#waiting.unshift(...batch);
          return;
        }
      }
      if (flight === undefined && batch.length > 0) {
        flight = this.#fly(batch, { outcomes, state, fixedNumber });
        batch = [];
        outcomes = [];
        continue;
      }
      if (this.#waiting.length > 0 && batch.length < MAX_GROUP_SIZE) {
        let count = Math.min(this.#waiting.length, MAX_GROUP_SIZE - batch.length);
        if (flight === undefined && this.#splits(count)) count = Math.ceil(count / 2);
        const members = this.#waiting.splice(0, count);
        const prepared = await this.#prepareGroup(members, state, fixedNumber);
        batch.push(...members);
        outcomes.push(...prepared.outcomes);
        state = prepared.state;
        fixedNumber = prepared.fixedNumber;
        continue;
      }
      if (flight === undefined) return;
      // A batch in flight, and nothing to prepare: wait for either to change.
      await new Promise<void>((resolve) => {
        this.#wake = () => {
          this.#wake = undefined;
          resolve();
        };
      });
    }
  }

  #splits(count: number): boolean {
    if (count < 2 || this.#pipeline === 'overlap') return false;
    return this.#pipeline === 'always' || splitPays(this.#appendMs, this.#prepareMs, count);
  }

  /** Appends a prepared batch; once it settles, installs its state (when durable) and settles its members. */
  #fly(batch: readonly Submission<S>[], prepared: PreparedGroup<S>): Flight {
    const flight: Flight = {};
    const records = acceptedRecords(prepared);
    const started = performance.now();
    let append: Promise<void>;
    try {
      append = records.length === 0 ? Promise.resolve() : this.#store.append(records);
    } catch (error) {
      append = Promise.reject(error);
    }
    append.then(
      () => {
        if (records.length > 0) {
          this.#appendMs = runningMean(this.#appendMs, performance.now() - started);
          this.#state = prepared.state;
          this.#lastFixedNumber = prepared.fixedNumber;
        }
        this.#settle(batch, prepared, undefined);
        flight.durable = true;
        this.#wake?.();
      },
      (error: unknown) => {
        this.#settle(batch, prepared, { error });
        flight.durable = false;
        this.#wake?.();
      },
    );
    return flight;
  }

  /** Catches up and installs the new state. */
  async #runCatchUp(): Promise<void> {
    const catchUp = this.#catchUp;
    if (catchUp === undefined) return;
    const caughtUp = await catchUp(this.#state, this.#lastFixedNumber);
    this.#state = caughtUp.state;
    this.#lastFixedNumber = caughtUp.lastFixedNumber;
    caughtUp.installed?.();
  }

  /**
   * Prepares every member of `group`, one after the other, on `state` after commit `fixedNumber`
   * (by default the durable state).
   */
  async #prepareGroup(
    group: readonly Submission<S>[],
    from: S = this.#state,
    after: number = this.#lastFixedNumber,
  ): Promise<{ outcomes: Outcome[]; state: S; fixedNumber: number }> {
    let state = from;
    let fixedNumber = after;
    const outcomes: Outcome[] = [];
    const started = performance.now();
    for (const submission of group) {
      try {
        const prepared = await submission.prepare(state, fixedNumber + 1);
        if (prepared === undefined) {
          outcomes.push({ kind: 'empty' });
        } else {
          fixedNumber += 1;
          outcomes.push({ kind: 'accepted', record: { ...prepared.record, fixedNumber } });
          state = prepared.newState;
        }
      } catch (error) {
        outcomes.push({ kind: 'rejected', error });
      }
    }
    if (group.length > 0) this.#prepareMs = runningMean(this.#prepareMs, (performance.now() - started) / group.length);
    return { outcomes, state, fixedNumber };
  }

  /**
   * Locks the journal's head, catches up (no other writer can append meanwhile), prepares the
   * group on the state it came to and appends it: the append cannot be refused as stale. Returns
   * the group as prepared under the lock (undefined when it got that far) and the error, if any.
   */
  async #writeLocked(
    group: readonly Submission<S>[],
    lockHead: () => Promise<HeadLock>,
  ): Promise<{ readonly prepared?: PreparedGroup<S>; readonly error?: { readonly error: unknown } }> {
    let lock: HeadLock | undefined;
    let prepared: PreparedGroup<S> | undefined;
    try {
      lock = await lockHead();
      await this.#runCatchUp();
      prepared = await this.#prepareGroup(group);
      const held = lock;
      lock = undefined;
      await held.append(acceptedRecords(prepared));
      this.#state = prepared.state;
      this.#lastFixedNumber = prepared.fixedNumber;
      return { prepared };
    } catch (error) {
      await lock?.release().catch(() => undefined);
      return { ...(prepared === undefined ? {} : { prepared }), error: { error } };
    }
  }

  async #writeGroup(): Promise<void> {
    const group = this.#waiting.splice(0, MAX_GROUP_SIZE);
    // Other writers appended lately: take the lock first rather than prepare for nothing.
    if (this.#lockHead !== undefined && performance.now() < this.#contendedUntil) {
      const locked = await this.#writeLocked(group, this.#lockHead);
      this.#settle(group, locked.prepared, locked.error);
      return;
    }
    let prepared: PreparedGroup<S> = await this.#prepareGroup(group);
    let appendError: { readonly error: unknown } | undefined;
    for (let attempt = 1; ; attempt++) {
      const records = acceptedRecords(prepared);
      if (records.length === 0) break;
      try {
        await this.#store.append(records);
        this.#state = prepared.state;
        this.#lastFixedNumber = prepared.fixedNumber;
        break;
      } catch (error) {
        appendError = { error };
      }
      // Another writer of a shared journal committed first: catch up, then judge the group again
      // against the new state (a conditional write may now fail its precondition).
      if (!(appendError.error instanceof JournalConflictError) || this.#catchUp === undefined) break;
      this.#contendedUntil = performance.now() + CONTENDED_MS;
      if (this.#lockHead !== undefined) {
        const locked = await this.#writeLocked(group, this.#lockHead);
        prepared = locked.prepared ?? prepared;
        appendError = locked.error;
        break;
      }
      if (attempt > MAX_CONFLICT_RETRIES) break;
      try {
        // After a few lost races, a short random pause lets the other writers' groups through.
        if (attempt > 3) await sleep(Math.random() * Math.min(20, attempt));
        await this.#runCatchUp();
      } catch (error) {
        appendError = { error };
        break;
      }
      appendError = undefined;
      prepared = await this.#prepareGroup(group);
    }
    this.#settle(group, prepared, appendError);
  }

  /**
   * Settles every member of `group` by its outcome in `prepared`, or with `appendError` when the
   * group could not be made durable (every member, when it was not even prepared).
   */
  #settle(
    group: readonly Submission<S>[],
    prepared: PreparedGroup<S> | undefined,
    appendError: { readonly error: unknown } | undefined,
  ): void {
    if (prepared === undefined) {
      for (const submission of group) submission.reject(appendError?.error);
      return;
    }
    const { outcomes } = prepared;
    // Members after the first accepted one were judged against a state that is not durable yet:
    // their verdicts stand only if the group's append succeeds.
    const firstAccepted = outcomes.findIndex((outcome) => outcome.kind === 'accepted');
    group.forEach((submission, index) => {
      const outcome = outcomes[index] as Outcome;
      if (appendError !== undefined && firstAccepted >= 0 && index >= firstAccepted)
        submission.reject(appendError.error);
      else if (outcome.kind === 'accepted') submission.resolve(outcome.record);
      else if (outcome.kind === 'empty') submission.resolve(undefined);
      else submission.reject(outcome.error);
    });
  }
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
