/**
 * @module datastore/sqlite-direct-appender
 * A second connection to the journal, on the main thread, that appends a lone commit itself
 * instead of handing it to the journal's thread: with nothing else waiting, the hand-over (a
 * message to the thread, its wake-up, the reply, the main thread's wake-up) is most of what a
 * durable commit costs beyond the WAL's flush. The connection never waits for a lock: when
 * another connection holds the journal's write lock (the thread writing a checkpoint's chunk or
 * a prune batch, the thread's restart of the WAL), it gives up with nothing written and the
 * caller hands the commit to the thread as before. docs/datastore.md has the reasoning.
 * @see https://sqlite.org/lockingv3.html, https://sqlite.org/wal.html#concurrency
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { isManagementError } from '../errors/index.ts';
import type { CommitMetadata } from './commit-record.ts';
import { checkAppendable } from './journal-invariants.ts';
import { journalFailure, sqliteErrorCode } from './sqlite-failure.ts';
import {
  AUTOMATIC_WAL_CHECKPOINT_PAGES,
  commitRow,
  configureConnection,
  INSERT_COMMIT_SQL,
  LAST_FIXED_NUMBER_SQL,
  rollBack,
} from './sqlite-journal-engine.ts';

/** SQLite's primary result code for "another connection holds the lock". */
const SQLITE_BUSY = 5;

/** A record the direct connection can append: texts short enough to sit in the row. */
export interface DirectRecord extends CommitMetadata {
  readonly forward: string;
  readonly reverse: string;
}

/** What {@link SqliteDirectAppender.open} needs. */
export interface SqliteDirectAppenderOptions {
  /** The journal file, already opened (and its schema migrated) by the journal's thread. */
  readonly path: string;
  readonly maxBytes?: number;
  /** Whether SQLite's automatic WAL checkpoints are on (no checkpointer thread). */
  readonly automaticWalCheckpoints: boolean;
}

/** The main thread's own connection to the journal, for lone commits. */
export class SqliteDirectAppender {
  readonly #database: DatabaseSync;
  readonly #insert: StatementSync;
  readonly #last: StatementSync;

  private constructor(database: DatabaseSync) {
    this.#database = database;
    this.#insert = database.prepare(INSERT_COMMIT_SQL);
    this.#last = database.prepare(LAST_FIXED_NUMBER_SQL);
  }

  /** Opens the connection (busy timeout 0: a lock held elsewhere fails at once). */
  static open(options: SqliteDirectAppenderOptions): SqliteDirectAppender {
    const database = new DatabaseSync(options.path, { timeout: 0 });
    try {
      configureConnection(database, options.maxBytes);
      // As the thread's connection: the checkpointer thread copies the WAL, not the commits.
      database.exec(
        `PRAGMA wal_autocheckpoint = ${options.automaticWalCheckpoints ? AUTOMATIC_WAL_CHECKPOINT_PAGES : 0}`,
      );
      return new SqliteDirectAppender(database);
    } catch (error) {
      database.close();
      throw error;
    }
  }

  /** The checkpointer thread stopped: this connection's commits checkpoint the WAL themselves too. */
  automaticWalCheckpoints(): void {
    this.#database.exec(`PRAGMA wal_autocheckpoint = ${AUTOMATIC_WAL_CHECKPOINT_PAGES}`);
  }

  /**
   * Makes `records` durable in one transaction, as the thread's `append` does (the same
   * fixed-number check inside the write transaction, the same flush at COMMIT, the same errors).
   * Returns false, with nothing written, when another connection holds the write lock.
   */
  tryAppend(records: readonly DirectRecord[]): boolean {
    const database = this.#database;
    try {
      database.exec('BEGIN IMMEDIATE');
    } catch (error) {
      if (isBusy(error)) return false;
      throw journalFailure(error, 'write', 'the commit could not be made durable');
    }
    try {
      checkAppendable(records, (this.#last.get() as { last: number }).last);
      for (const record of records) {
        this.#insert.run(...commitRow(record, record.forward, record.reverse));
      }
      database.exec('COMMIT');
      return true;
    } catch (error) {
      rollBack(database);
      // A COMMIT refused for a lock is not durable and now rolled back: the thread can try it.
      if (isBusy(error) && !database.isTransaction) return false;
      throw isManagementError(error) ? error : journalFailure(error, 'write', 'the commit could not be made durable');
    }
  }

  close(): void {
    this.#database.close();
  }
}

const isBusy = (error: unknown): boolean => {
  const code = sqliteErrorCode(error);
  return code !== undefined && (code & 0xff) === SQLITE_BUSY;
};
