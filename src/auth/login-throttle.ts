/**
 * @module auth/login-throttle
 * Throttling of failed logins per key (an authenticator uses user and source address): after
 * `maxFailures` failures within `windowSeconds` of the first, the key is locked for
 * `lockoutSeconds`. A success clears the key. The table holds at most `maxEntries` keys; when
 * it is full, the key least recently touched is forgotten.
 */

/** Options of {@link LoginThrottle}. */
export interface LoginThrottleOptions {
  /** Failures within the window that lock the key (default 5). */
  readonly maxFailures?: number;
  /** Seconds from a key's first failure in which failures add up (default 60). */
  readonly windowSeconds?: number;
  /** Seconds a key stays locked (default 60). */
  readonly lockoutSeconds?: number;
  /** Keys remembered at most (default 10,000). */
  readonly maxEntries?: number;
  /** The clock in milliseconds (tests pass their own). */
  readonly now?: () => number;
}

interface ThrottleEntry {
  /** When the current window started (its first failure). */
  windowStart: number;
  failures: number;
  /** Until when the key is locked; 0 when it is not. */
  lockedUntil: number;
}

/** Counts failed logins per key and says when a key must wait. */
export class LoginThrottle {
  readonly #maxFailures: number;
  readonly #windowMs: number;
  readonly #lockoutMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** Insertion order is recency order: the first key is the least recently touched. */
  readonly #entries = new Map<string, ThrottleEntry>();

  constructor(options: LoginThrottleOptions = {}) {
    this.#maxFailures = positiveInteger(options.maxFailures ?? 5, 'maxFailures');
    this.#windowMs = positiveInteger(options.windowSeconds ?? 60, 'windowSeconds') * 1000;
    this.#lockoutMs = positiveInteger(options.lockoutSeconds ?? 60, 'lockoutSeconds') * 1000;
    this.#maxEntries = positiveInteger(options.maxEntries ?? 10_000, 'maxEntries');
    this.#now = options.now ?? Date.now;
  }

  /** Keys currently remembered. */
  get size(): number {
    return this.#entries.size;
  }

  /** Whole seconds (at least 1) until `key` may try again, or undefined when it may try now. */
  retryAfter(key: string): number | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    const now = this.#now();
    if (entry.lockedUntil > now) return Math.max(1, Math.ceil((entry.lockedUntil - now) / 1000));
    if (now - entry.windowStart >= this.#windowMs) this.#entries.delete(key);
    return undefined;
  }

  /** Counts a failure of `key`; returns the seconds to wait when this failure locked the key. */
  recordFailure(key: string): number | undefined {
    const now = this.#now();
    let entry = this.#entries.get(key);
    this.#entries.delete(key);
    if (entry === undefined || (entry.lockedUntil <= now && now - entry.windowStart >= this.#windowMs)) {
      entry = { windowStart: now, failures: 0, lockedUntil: 0 };
    }
    entry.failures++;
    let locked: number | undefined;
    if (entry.failures >= this.#maxFailures && entry.lockedUntil <= now) {
      entry.lockedUntil = now + this.#lockoutMs;
      locked = this.#lockoutMs / 1000;
    }
    this.#entries.set(key, entry);
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) break;
      this.#entries.delete(oldest.value);
    }
    return locked;
  }

  /** Forgets the failures of `key` after a successful login. */
  recordSuccess(key: string): void {
    this.#entries.delete(key);
  }
}

const positiveInteger = (value: number, name: string): number => {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`LoginThrottle: ${name} must be a positive integer`);
  return value;
};
