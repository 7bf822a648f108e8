/**
 * @module web/state/error-board
 * The errors of the last commit attempt, placed on the nodes they name, so that each field
 * shows its own and the changes view lists them all.
 */
import type { PlacedError } from './commit.ts';

type Listener = () => void;

/** The placed errors of one session. */
export class ErrorBoard {
  #errors: readonly PlacedError[] = [];
  readonly #listeners = new Set<Listener>();

  get errors(): readonly PlacedError[] {
    return this.#errors;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  set(errors: readonly PlacedError[]): void {
    this.#errors = errors;
    for (const listener of this.#listeners) listener();
  }

  /** The path key of the field to bring into view once its page shows it (a link from the errors). */
  focusKey: string | undefined;

  /** The messages placed on the node with path key `key`. */
  messagesFor(key: string): readonly string[] {
    return this.#errors.filter((error) => error.key === key).map((error) => error.message);
  }
}
