/**
 * @module auth/external-login-cache
 * A short memory of logins a credential manager verified, so that a client sending the same
 * HTTP Basic credentials with every request does not cost an LDAP bind or a database query and
 * a password hash each time. An entry is keyed by an HMAC-SHA-256, under a random key that
 * exists only in this process, of the user name and password: neither is stored. It holds the
 * groups the check found and expires after a fixed lifetime (default 60 s), so a password
 * changed or an account locked in the directory takes effect within it. The memory is bounded
 * (the oldest entry leaves first), never holds a failed login, and is emptied whenever the
 * credential manager's configuration changes.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** Options of {@link ExternalLoginCache}. */
export interface ExternalLoginCacheOptions {
  /** How long a verified login is reused (default 60 s; 0 turns the memory off). */
  readonly ttlMs?: number;
  /** At most this many remembered logins (default 10,000). */
  readonly capacity?: number;
  /** The clock (tests). */
  readonly now?: () => number;
}

/** A remembered login: the groups it gave and until when it may be reused. */
export interface CachedLogin {
  readonly groups: readonly string[];
  readonly expiresAt: number;
}

/** A bounded, expiring map from (user, password) digests to verified logins. */
export class ExternalLoginCache {
  readonly #key = randomBytes(32);
  readonly #entries = new Map<string, CachedLogin>();
  readonly #ttlMs: number;
  readonly #capacity: number;
  readonly #now: () => number;

  constructor(options: ExternalLoginCacheOptions = {}) {
    this.#ttlMs = options.ttlMs ?? 60_000;
    this.#capacity = options.capacity ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  /** The digest that stands for `user` and `password` (a NUL cannot occur in a Basic user name). */
  digest(user: string, password: string): string {
    return createHmac('sha256', this.#key).update(`${user}\u0000${password}`).digest('base64');
  }

  /** The login remembered under `digest`, while it is fresh. */
  get(digest: string): CachedLogin | undefined {
    const entry = this.#entries.get(digest);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= this.#now()) {
      this.#entries.delete(digest);
      return undefined;
    }
    return entry;
  }

  /** Remembers a verified login; returns the entry (undefined when the memory is off). */
  add(digest: string, groups: readonly string[]): CachedLogin | undefined {
    if (this.#ttlMs <= 0) return undefined;
    const entry: CachedLogin = { groups, expiresAt: this.#now() + this.#ttlMs };
    this.#entries.delete(digest);
    this.#entries.set(digest, entry);
    while (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) break;
      this.#entries.delete(oldest.value);
    }
    return entry;
  }

  /** Forgets every login (the configuration changed). */
  clear(): void {
    this.#entries.clear();
  }

  /** Logins remembered (fresh or not yet pruned). */
  get size(): number {
    return this.#entries.size;
  }
}
