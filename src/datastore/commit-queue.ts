/**
 * @module datastore/commit-queue
 * The single writer: transactions are prepared one at a time against the latest state, and those
 * that arrive while a durable write is in progress are made durable together in the next write
 * (group commit). Each transaction is still accepted or rejected on its own before its group is
 * written; the state moves on only once the group is durable. docs/datastore.md has the reasoning.
 */
import type { CommitRecord } from './commit-record.ts';
import type { JournalStore } from './journal-store.ts';

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

/** Options of {@link CommitQueue}. */
export interface CommitQueueOptions<S> {
  /** The journal the groups are appended to (open). */
  readonly store: JournalStore;
  /** The state after the journal's last commit (e.g. loaded by start-up). */
  readonly state: S;
  /** The journal's last fixed number; the next commit gets the one after it. */
  readonly lastFixedNumber: number;
}

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

/** At most this many transactions are made durable in one append. */
const MAX_GROUP_SIZE = 256;

/** Serializes writers over a state of type `S` and makes their commits durable in groups. */
export class CommitQueue<S> {
  readonly #store: JournalStore;
  #state: S;
  #lastFixedNumber: number;
  #waiting: Submission<S>[] = [];
  #scheduled = false;
  #writing: Promise<void> | undefined;

  constructor(options: CommitQueueOptions<S>) {
    this.#store = options.store;
    this.#state = options.state;
    this.#lastFixedNumber = options.lastFixedNumber;
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
   * Queues a transaction. Resolves with its record once it is durable and the state includes it,
   * with `undefined` when `prepare` found nothing to commit; rejects with what `prepare` threw, or
   * with the journal's error when its group could not be made durable (then nothing changed).
   */
  submit(prepare: PrepareCommit<S>): Promise<CommitRecord | undefined> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ prepare, resolve, reject });
      this.#schedule();
    });
  }

  /** Resolves when every transaction submitted so far has been settled. */
  async idle(): Promise<void> {
    while (this.#writing !== undefined || this.#scheduled) await (this.#writing ?? yieldToEventLoop());
  }

  #schedule(): void {
    if (this.#scheduled || this.#writing !== undefined) return;
    this.#scheduled = true;
    // setImmediate, not a microtask: I/O callbacks that arrived meanwhile (other requests) get to
    // submit first, so that they join this group even when the store writes synchronously.
    setImmediate(() => {
      this.#scheduled = false;
      this.#writing = this.#writeGroup().finally(() => {
        this.#writing = undefined;
        if (this.#waiting.length > 0) this.#schedule();
      });
    });
  }

  async #writeGroup(): Promise<void> {
    const group = this.#waiting.splice(0, MAX_GROUP_SIZE);
    let state = this.#state;
    let fixedNumber = this.#lastFixedNumber;
    const outcomes: Outcome[] = [];
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
    const records = outcomes.flatMap((outcome) => (outcome.kind === 'accepted' ? [outcome.record] : []));
    // Members after the first accepted one were judged against a state that is not durable yet:
    // their verdicts stand only if the group's append succeeds.
    const firstAccepted = outcomes.findIndex((outcome) => outcome.kind === 'accepted');
    let appendError: { readonly error: unknown } | undefined;
    if (records.length > 0) {
      try {
        await this.#store.append(records);
        this.#state = state;
        this.#lastFixedNumber = fixedNumber;
      } catch (error) {
        appendError = { error };
      }
    }
    group.forEach((submission, index) => {
      const outcome = outcomes[index] as Outcome;
      if (appendError !== undefined && index >= firstAccepted) submission.reject(appendError.error);
      else if (outcome.kind === 'accepted') submission.resolve(outcome.record);
      else if (outcome.kind === 'empty') submission.resolve(undefined);
      else submission.reject(outcome.error);
    });
  }
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
