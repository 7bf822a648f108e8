/**
 * @module datastore/serial-jobs
 * A journal store's background work (checkpoints, pruning) run one job after another, so that
 * two never touch the journal's files or tables at once. A job that fails rejects its own
 * promise only; the next job still runs.
 */

/** Runs jobs one after another, in the order they were queued. */
export class SerialJobs {
  #last: Promise<void> = Promise.resolve();

  /** Queues `job` after every job queued before it; settles as `job` does. */
  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.#last.then(job);
    this.#last = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  /** Resolves once every job queued so far has settled (never rejects). */
  settled(): Promise<void> {
    return this.#last;
  }
}
