/**
 * @module datastore/commit-feed
 * "A commit happened": the in-process publisher that every durable commit goes through, once,
 * in fixed-number order, after it is durable and readers see it. Event streams subscribe to it;
 * a journal shared by several servers can publish into it the commits it learns of from the
 * others. Listeners run synchronously inside the commit's completion: they must be cheap (note
 * the commit, queue work) and never wait. One that throws is logged and affects neither the
 * commit nor the other listeners.
 */
import type { DataDiff, DataTree } from '../data/index.ts';
import type { Logger } from '../util/index.ts';
import { SILENT_LOGGER } from '../util/index.ts';
import type { CommitRecord } from './commit-record.ts';

/** One durable commit as its listeners see it. */
export interface CommittedChange {
  /** The commit's metadata and diff texts, as the journal holds them. */
  readonly record: CommitRecord;
  /** The forward diff, decoded (the same change as `record.forward`). */
  readonly diff: DataDiff;
  /** The running configuration right after the commit. */
  readonly root: DataTree;
}

/** Called with every commit published after it subscribed. */
export type CommitListener = (change: CommittedChange) => void;

/** Options of {@link CommitFeed}. */
export interface CommitFeedOptions {
  /** The fixed number of the last commit made before the feed exists (those are history). */
  readonly lastFixedNumber?: number;
  readonly logger?: Logger;
}

/** Publishes durable commits to in-process listeners, each commit once and in order. */
export class CommitFeed {
  readonly #listeners = new Set<CommitListener>();
  readonly #logger: Logger;
  #lastFixedNumber: number;

  constructor(options: CommitFeedOptions = {}) {
    this.#lastFixedNumber = options.lastFixedNumber ?? 0;
    this.#logger = options.logger ?? SILENT_LOGGER;
  }

  /** The fixed number of the last commit published (or made before the feed existed). */
  get lastFixedNumber(): number {
    return this.#lastFixedNumber;
  }

  /** Calls `listener` with every commit published from now on; the function returned stops it. */
  subscribe(listener: CommitListener): () => void {
    // A wrapper per subscription: the same function subscribed twice is called twice.
    const own: CommitListener = (change) => listener(change);
    this.#listeners.add(own);
    return () => {
      this.#listeners.delete(own);
    };
  }

  /**
   * Tells every listener about `change`, a commit that is durable and visible to readers. A
   * commit not newer than the last one published is ignored (and logged): listeners see each
   * commit once, in fixed-number order.
   */
  publish(change: CommittedChange): void {
    const { fixedNumber } = change.record;
    if (fixedNumber <= this.#lastFixedNumber) {
      this.#logger.warn(
        { fixedNumber, lastFixedNumber: this.#lastFixedNumber },
        'a commit was published out of order; listeners do not see it again',
      );
      return;
    }
    this.#lastFixedNumber = fixedNumber;
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch (error) {
        this.#logger.error(
          { err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error), fixedNumber },
          'a commit listener failed',
        );
      }
    }
  }
}
