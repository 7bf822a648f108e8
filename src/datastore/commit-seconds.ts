/**
 * @module datastore/commit-seconds
 * When each commit a datastore applied was made, to the whole second (all that Last-Modified
 * carries), by fixed number. Consecutive commits within one second share one entry, so the table
 * grows with the seconds in which commits were made, not with the commits: under a steady stream
 * of commits, one entry (a number and a string) per second.
 * @see RFC 9110 §8.8.2
 */

/** An ISO 8601 UTC time as `Date.prototype.toISOString` writes it, split at the second. */
const UTC_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.\d+)?Z$/;

/**
 * `timestamp` without its fraction of a second (`2026-11-27T08:12:34.567Z` → `2026-11-27T08:12:34Z`);
 * any other form of time is kept as it is.
 */
export const wholeSecond = (timestamp: string): string => {
  const match = UTC_TIME.exec(timestamp);
  return match === null ? timestamp : `${match[1]}Z`;
};

/** The times of commits by fixed number, one entry per run of commits in the same second. */
export class CommitSeconds {
  /** The fixed number of each run's first commit, increasing. */
  readonly #firsts: number[] = [];
  /** Each run's time, to the whole second. */
  readonly #times: string[] = [];

  /**
   * Records the commit `fixedNumber` made at `timestamp`. Commits are recorded in the order of
   * their fixed numbers; one older than the latest recorded run's first is ignored.
   */
  add(fixedNumber: number, timestamp: string): void {
    const last = this.#firsts.length - 1;
    if (last >= 0 && fixedNumber <= (this.#firsts[last] as number)) return;
    const time = wholeSecond(timestamp);
    if (last >= 0 && this.#times[last] === time) return;
    this.#firsts.push(fixedNumber);
    this.#times.push(time);
  }

  /**
   * The time of commit `fixedNumber`, to the whole second: that of the run it falls in (the
   * latest run that began at or before it); undefined before the first one recorded.
   */
  timeOf(fixedNumber: number): string | undefined {
    const firsts = this.#firsts;
    let low = 0;
    let high = firsts.length - 1;
    if (high < 0 || fixedNumber < (firsts[0] as number)) return undefined;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((firsts[middle] as number) <= fixedNumber) low = middle;
      else high = middle - 1;
    }
    return this.#times[low];
  }

  /** Forgets the runs that end before `fixedNumber` (never asked for again: the floor covers them). */
  forgetBefore(fixedNumber: number): void {
    let count = 0;
    while (count + 1 < this.#firsts.length && (this.#firsts[count + 1] as number) <= fixedNumber) count++;
    if (count === 0) return;
    this.#firsts.splice(0, count);
    this.#times.splice(0, count);
  }

  /** How many runs are held (for tests and memory figures). */
  get size(): number {
    return this.#firsts.length;
  }
}
