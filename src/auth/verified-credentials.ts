/**
 * @module auth/verified-credentials
 * A short-lived memory of credentials that verified, so that a client sending the same HTTP
 * Basic credentials with every request pays the (deliberately slow) password hash once per
 * interval, not per request. Only a SHA-256 digest of a per-process secret, user, password and stored hash is
 * kept (the secret exists only in this process): the clear password is never stored, and a changed
 * password hash (a password change) no longer matches. A failed login never enters it.
 * @see RFC 7617 §2 (credentials are sent with every request)
 */
import { hash, randomBytes } from 'node:crypto';

/** Options of {@link VerifiedCredentials}. */
export interface VerifiedCredentialsOptions {
  /** How long a verification is reused (default 5 minutes; 0 turns the memory off). */
  readonly ttlMs?: number;
  /** At most this many remembered verifications (default 10,000; the oldest leaves first). */
  readonly capacity?: number;
  /** The clock (tests). */
  readonly now?: () => number;
}

/** A bounded, expiring set of credential digests that verified. */
export class VerifiedCredentials {
  readonly #secret = randomBytes(32).toString('base64');
  readonly #expiries = new Map<string, number>();
  readonly #ttlMs: number;
  readonly #capacity: number;
  readonly #now: () => number;

  constructor(options: VerifiedCredentialsOptions = {}) {
    this.#ttlMs = options.ttlMs ?? 5 * 60_000;
    this.#capacity = options.capacity ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  #digest(user: string, password: string, passwordHash: string): string {
    // A keyed one-shot SHA-256 (cheaper per request than an HMAC object); the secret exists only here.
    return hash('sha256', `${this.#secret}\u0000${user}\u0000${password}\u0000${passwordHash}`, 'base64');
  }

  /** True when these credentials verified against this stored hash within the interval. */
  has(user: string, password: string, passwordHash: string): boolean {
    if (this.#ttlMs <= 0) return false;
    const digest = this.#digest(user, password, passwordHash);
    const expiry = this.#expiries.get(digest);
    if (expiry === undefined) return false;
    if (expiry <= this.#now()) {
      this.#expiries.delete(digest);
      return false;
    }
    return true;
  }

  /** Remembers that these credentials verified against this stored hash. */
  add(user: string, password: string, passwordHash: string): void {
    if (this.#ttlMs <= 0) return;
    const digest = this.#digest(user, password, passwordHash);
    this.#expiries.delete(digest);
    this.#expiries.set(digest, this.#now() + this.#ttlMs);
    if (this.#expiries.size > this.#capacity) {
      const oldest = this.#expiries.keys().next().value;
      if (oldest !== undefined) this.#expiries.delete(oldest);
    }
  }
}
