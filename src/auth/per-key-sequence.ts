/**
 * @module auth/per-key-sequence
 * Runs asynchronous work one at a time per key. An authenticator checks the attempts of one user
 * from one source in turn, so that a burst of parallel guesses cannot all pass the throttle
 * before the first of them has failed.
 */

/** A queue per key; a key without waiting work holds no memory. */
export class PerKeySequence {
  /** The settling of the last work queued per key. */
  readonly #tails = new Map<string, Promise<void>>();

  /** Runs `work` once every earlier work of `key` has settled; resolves or rejects as it does. */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key);
    let settle = (): void => {};
    const tail = new Promise<void>((resolve) => {
      settle = resolve;
    });
    this.#tails.set(key, tail);
    try {
      if (previous !== undefined) await previous;
      return await work();
    } finally {
      settle();
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }

  /** Keys with work running or waiting. */
  get size(): number {
    return this.#tails.size;
  }
}
