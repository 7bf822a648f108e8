/**
 * @module auth/login-throttle
 * Slows down password guessing without handing a stranger a way to lock a user out. Failures
 * are counted per key — by convention `user NUL source address`, which every authenticator
 * builds — and separately per source address for all users together:
 *
 * - After `maxFailures` failures of one user from one source, each further attempt from there
 *   must wait: `delaySeconds`, doubling with every failure, up to `maxDelaySeconds`. An attempt
 *   made while it must wait is refused without its password being checked (so the wait cannot
 *   be probed) and counts no failure (so waiting it out is all it takes).
 * - After `maxSourceFailures` failures from one source, for any users, every attempt from that
 *   source waits the same way: this caps password spraying (few guesses each for many users).
 * - Only the failing key and source are slowed down. The same user from another source never
 *   waits for them, so a correct password is never refused because of someone else's guesses
 *   elsewhere (and a success clears its key, but not its source's count).
 * - Failures are forgotten `forgetSeconds` after the last one (longer than the longest delay,
 *   so that waiting out a delay does not reset the count).
 *
 * IPv6 sources count per /64 ({@link throttleSource}). Both tables hold at most `maxEntries`
 * entries each; when one is full, its least recently touched entry is forgotten.
 * docs/authentication.md explains the choice (OWASP Authentication Cheat Sheet).
 */
import { throttleSource } from './throttle-source.ts';

/** Options of {@link LoginThrottle}. */
export interface LoginThrottleOptions {
  /** Failures of one user from one source before attempts must wait (default 5). */
  readonly maxFailures?: number;
  /** The first wait in seconds; it doubles with every further failure (default 1). */
  readonly delaySeconds?: number;
  /** The first wait, under its earlier name (when `delaySeconds` is not given). */
  readonly lockoutSeconds?: number;
  /** The longest wait in seconds (default 900). */
  readonly maxDelaySeconds?: number;
  /** Failures from one source, for all users together, before its attempts must wait (default 50). */
  readonly maxSourceFailures?: number;
  /** Seconds after its last failure at which a key or source is forgotten (default 3600). */
  readonly forgetSeconds?: number;
  /** Keys, and sources, remembered at most (default 10,000 each). */
  readonly maxEntries?: number;
  /** The clock in milliseconds (tests pass their own). */
  readonly now?: () => number;
}

/** The key of one user's attempts from one source address. */
export const loginThrottleKey = (user: string, address: string): string => `${user}\u0000${address}`;

interface FailureEntry {
  failures: number;
  lastFailure: number;
  /** Until when attempts must wait; 0 when they need not. */
  waitUntil: number;
}

interface FailureTableOptions {
  readonly allowedFailures: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
  readonly forgetMs: number;
  readonly maxEntries: number;
}

/** Failure counts with exponential waits, in a bounded table. */
class FailureTable {
  readonly #options: FailureTableOptions;
  /** Insertion order is recency order: the first entry is the least recently touched. */
  readonly #entries = new Map<string, FailureEntry>();

  constructor(options: FailureTableOptions) {
    this.#options = options;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Milliseconds `name` must still wait; 0 when it may try now. */
  waitMs(name: string, now: number): number {
    const entry = this.#current(name, now);
    return entry === undefined ? 0 : Math.max(0, entry.waitUntil - now);
  }

  /** Counts a failure; returns the wait in milliseconds it starts (0 for none). */
  fail(name: string, now: number): number {
    const entry = this.#current(name, now) ?? { failures: 0, lastFailure: now, waitUntil: 0 };
    this.#entries.delete(name);
    entry.failures++;
    entry.lastFailure = now;
    const { allowedFailures, firstDelayMs, maxDelayMs, maxEntries } = this.#options;
    let delay = 0;
    if (entry.failures >= allowedFailures) {
      // Capped before the power grows beyond what a number holds exactly.
      const doublings = Math.min(entry.failures - allowedFailures, 40);
      delay = Math.min(maxDelayMs, firstDelayMs * 2 ** doublings);
      entry.waitUntil = Math.max(entry.waitUntil, now + delay);
    }
    this.#entries.set(name, entry);
    while (this.#entries.size > maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) break;
      this.#entries.delete(oldest.value);
    }
    return delay;
  }

  forget(name: string): void {
    this.#entries.delete(name);
  }

  /** The entry of `name`, unless it is old enough to be forgotten (then it is). */
  #current(name: string, now: number): FailureEntry | undefined {
    const entry = this.#entries.get(name);
    if (entry === undefined) return undefined;
    if (now - entry.lastFailure >= this.#options.forgetMs && now >= entry.waitUntil) {
      this.#entries.delete(name);
      return undefined;
    }
    return entry;
  }
}

/** Counts failed logins per user and source, and per source, and says when attempts must wait. */
export class LoginThrottle {
  readonly #keys: FailureTable;
  readonly #sources: FailureTable;
  readonly #now: () => number;

  constructor(options: LoginThrottleOptions = {}) {
    const firstDelay = positiveInteger(options.delaySeconds ?? options.lockoutSeconds ?? 1, 'delaySeconds');
    const maxDelay = positiveInteger(options.maxDelaySeconds ?? Math.max(900, firstDelay), 'maxDelaySeconds');
    const forget = positiveInteger(options.forgetSeconds ?? Math.max(3600, maxDelay), 'forgetSeconds');
    const [firstDelayMs, maxDelayMs, forgetMs] = [firstDelay * 1000, maxDelay * 1000, forget * 1000];
    if (maxDelayMs < firstDelayMs) throw new RangeError('LoginThrottle: maxDelaySeconds is below delaySeconds');
    if (forgetMs < maxDelayMs) throw new RangeError('LoginThrottle: forgetSeconds is below maxDelaySeconds');
    const maxEntries = positiveInteger(options.maxEntries ?? 10_000, 'maxEntries');
    const shared = { firstDelayMs, maxDelayMs, forgetMs, maxEntries };
    this.#keys = new FailureTable({
      ...shared,
      allowedFailures: positiveInteger(options.maxFailures ?? 5, 'maxFailures'),
    });
    this.#sources = new FailureTable({
      ...shared,
      allowedFailures: positiveInteger(options.maxSourceFailures ?? 50, 'maxSourceFailures'),
    });
    this.#now = options.now ?? Date.now;
  }

  /** Keys (user and source) currently remembered. */
  get size(): number {
    return this.#keys.size;
  }

  /** Whole seconds (at least 1) until `key` may try again, or undefined when it may try now. */
  retryAfter(key: string): number | undefined {
    const now = this.#now();
    const { name, source } = splitKey(key);
    const wait = Math.max(this.#keys.waitMs(name, now), source === undefined ? 0 : this.#sources.waitMs(source, now));
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : undefined;
  }

  /** Counts a failure of `key` (and of its source); returns the seconds to wait it starts, if any. */
  recordFailure(key: string): number | undefined {
    const now = this.#now();
    const { name, source } = splitKey(key);
    const delay = Math.max(this.#keys.fail(name, now), source === undefined ? 0 : this.#sources.fail(source, now));
    return delay > 0 ? Math.ceil(delay / 1000) : undefined;
  }

  /** Forgets the failures of `key` after a successful login (its source's count stays). */
  recordSuccess(key: string): void {
    this.#keys.forget(splitKey(key).name);
  }
}

/**
 * The key as counted (its address as a {@link throttleSource}) and that source. An address
 * never contains NUL, so the last NUL separates it from the user name.
 */
const splitKey = (key: string): { name: string; source: string | undefined } => {
  const separator = key.lastIndexOf('\u0000');
  if (separator < 0) return { name: key, source: undefined };
  const source = throttleSource(key.slice(separator + 1));
  return { name: `${key.slice(0, separator + 1)}${source}`, source };
};

const positiveInteger = (value: number, name: string): number => {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`LoginThrottle: ${name} must be a positive integer`);
  return value;
};
