/**
 * @module util/persistent/collection-errors
 * Errors thrown by the persistent collections when a caller breaks an operation's precondition.
 */

/** Thrown by bulk builds whose input is not strictly ascending. */
export class UnsortedInputError extends Error {
  /** Position in the input of the first entry out of order. */
  readonly position: number;

  constructor(position: number) {
    super(`entry ${position} is not above the previous one: input must be strictly ascending`);
    this.name = 'UnsortedInputError';
    this.position = position;
  }
}

/** Thrown when adding a key that a keyed sequence already holds. */
export class DuplicateKeyError extends Error {
  /** The offending key. */
  readonly key: unknown;

  constructor(key: unknown) {
    super(`key ${String(key)} is already present`);
    this.name = 'DuplicateKeyError';
    this.key = key;
  }
}

/** Thrown when a keyed sequence is asked to move a key, or to insert next to a key, that it does not hold. */
export class KeyNotFoundError extends Error {
  /** The missing key. */
  readonly key: unknown;

  constructor(key: unknown) {
    super(`key ${String(key)} is not present`);
    this.name = 'KeyNotFoundError';
    this.key = key;
  }
}
