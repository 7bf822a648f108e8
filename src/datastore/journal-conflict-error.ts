/**
 * @module datastore/journal-conflict-error
 * The refusal of an append whose first fixed number is not greater than the journal's last: the
 * writer prepared its commits on a state that is no longer the newest (another writer of a shared
 * journal committed first). A commit queue that can catch up prepares the group again on the new
 * state; otherwise the refusal reaches the caller as the `CommitFailedError` it is.
 */
import { CommitFailedError } from '../errors/index.ts';

/** An append based on a stale state: the journal's last fixed number is `last`. */
export class JournalConflictError extends CommitFailedError {
  /** The journal's last fixed number when the append was refused. */
  readonly last: number;
  constructor(message: string, last: number) {
    super(message);
    this.last = last;
  }
}
