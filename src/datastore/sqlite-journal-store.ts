/**
 * @module datastore/sqlite-journal-store
 * The embedded JournalStore: one SQLite file, `<dataDir>/journal.sqlite`, in WAL mode with
 * `synchronous=FULL`, so that a resolved {@link SqliteJournalStore.append} survives a crash of
 * the process or the machine. Checkpoints are written as chunks in short transactions, so a
 * big tree never holds up a commit for more than one chunk's write. docs/datastore.md has the
 * schema and the reasoning.
 * @see https://sqlite.org/wal.html
 */
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { isManagementError, OperationFailedError } from '../errors/index.ts';
import { type Logger, SILENT_LOGGER } from '../util/index.ts';
import type { Checkpoint, CommitMetadata, CommitRecord, CommitVia } from './commit-record.ts';
import { checkAppendable, checkCheckpointable, checkKeep, listWindow, pruneBound } from './journal-invariants.ts';
import type { JournalStore, ListCommitsOptions } from './journal-store.ts';
import { SerialJobs } from './serial-jobs.ts';
import { journalFailure } from './sqlite-failure.ts';
import { migrateSchema } from './sqlite-schema.ts';
import { textChunks } from './text-chunks.ts';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.ts';

/** The journal's file name inside the data directory. */
export const JOURNAL_FILE_NAME = 'journal.sqlite';

/** Options of {@link SqliteJournalStore}. */
export interface SqliteJournalStoreOptions {
  /** The data directory; the journal is its file {@link JOURNAL_FILE_NAME}. */
  readonly dataDir: string;
  /** The largest the journal file may grow, in bytes; beyond it writes fail as on a full disk. */
  readonly maxBytes?: number;
  /** UTF-16 code units of checkpoint text written per transaction (default {@link DEFAULT_CHUNK_SIZE}). */
  readonly checkpointChunkSize?: number;
  /**
   * Who copies the WAL into the database file: a worker thread (`thread`, the default), or
   * SQLite's automatic checkpoint inside the commit that crosses 1,000 pages (`automatic`).
   */
  readonly walCheckpoints?: 'thread' | 'automatic';
  /** Where problems that fail no operation (a cleanup that will be retried) are reported. */
  readonly logger?: Logger;
}

/** Checkpoint text per transaction: about 1–2 ms of writing on the reference machine (docs/datastore.md). */
export const DEFAULT_CHUNK_SIZE = 256 * 1024;
/** Commits deleted per transaction by {@link SqliteJournalStore.prune}. */
const PRUNE_BATCH = 500;
/** Chunks of superseded or abandoned checkpoints deleted per transaction. */
const CHUNK_DELETE_BATCH = 4;
/** Commits read per query by {@link SqliteJournalStore.commitsAfter}. */
const REPLAY_PAGE = 256;
/** How long to wait for another connection's lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 1000;
/** How often the checkpointer thread copies the WAL into the database file. */
const WAL_CHECKPOINT_INTERVAL_MS = 100;
/** SQLite's default automatic checkpoint threshold, in pages, used when the thread is not running. */
const AUTOMATIC_CHECKPOINT_PAGES = 1000;
/** The WAL file is truncated back to this size after it grew (e.g. while a checkpoint was written). */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

const COMMIT_COLUMNS = 'fixed_number, timestamp, user_name, via, label, comment';

/** A row of `commit_record` (the metadata columns; `forward`/`reverse` when selected). */
interface CommitRow {
  readonly fixed_number: number;
  readonly timestamp: string;
  readonly user_name: string;
  readonly via: CommitVia;
  readonly label: string | null;
  readonly comment: string | null;
  readonly forward?: string;
  readonly reverse?: string;
}

/** The prepared statements, made once per open connection. */
interface Statements {
  readonly insertCommit: StatementSync;
  readonly last: StatementSync;
  readonly commitsAfter: StatementSync;
  readonly listCommits: StatementSync;
  readonly readCommit: StatementSync;
  readonly newestBeyond: StatementSync;
  readonly deleteCommits: StatementSync;
  readonly latestCheckpoint: StatementSync;
  readonly chunksOf: StatementSync;
  readonly insertChunk: StatementSync;
  readonly insertCheckpoint: StatementSync;
  readonly deleteOlderCheckpoints: StatementSync;
  readonly deleteOrphanChunks: StatementSync;
}

/** Lets the event loop run (I/O, other requests' commits) between two short transactions. */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A JournalStore in an SQLite file (`node:sqlite`), durable on every append. */
export class SqliteJournalStore implements JournalStore {
  /** The journal file's path. */
  readonly path: string;
  readonly #options: SqliteJournalStoreOptions;
  readonly #logger: Logger;
  #database: DatabaseSync | undefined;
  #statements: Statements | undefined;
  /** Checkpoint writes and prunes, one after the other (close waits for them). */
  readonly #background = new SerialJobs();
  #checkpointer: WalCheckpointer | undefined;
  #closing = false;

  constructor(options: SqliteJournalStoreOptions) {
    this.#options = options;
    this.#logger = options.logger ?? SILENT_LOGGER;
    this.path = join(options.dataDir, JOURNAL_FILE_NAME);
  }

  async open(): Promise<void> {
    if (this.#database !== undefined) throw new Error('the journal is already open');
    const subject = `the journal ${this.path} cannot be opened`;
    let database: DatabaseSync | undefined;
    try {
      database = new DatabaseSync(this.path, { timeout: BUSY_TIMEOUT_MS });
      const mode = database.prepare('PRAGMA journal_mode = WAL').get() as { journal_mode: string };
      if (mode.journal_mode !== 'wal') throw new Error(`the file system does not support WAL (${mode.journal_mode})`);
      database.exec(`PRAGMA synchronous = FULL; PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT}`);
      if (this.#options.maxBytes !== undefined) {
        const { page_size: pageSize } = database.prepare('PRAGMA page_size').get() as { page_size: number };
        database.exec(`PRAGMA max_page_count = ${Math.max(1, Math.floor(this.#options.maxBytes / pageSize))}`);
      }
      migrateSchema(database);
    } catch (error) {
      try {
        database?.close();
      } catch {
        // Already failing; the first error is the one to report.
      }
      throw isManagementError(error) ? error : journalFailure(error, 'open', subject);
    }
    this.#database = database;
    this.#statements = prepareStatements(database);
    this.#closing = false;
    try {
      // Chunks of a checkpoint a crash interrupted (or of one superseded before the cleanup ended).
      await this.#removeOrphanChunks();
    } catch (error) {
      this.#database = undefined;
      this.#statements = undefined;
      database.close();
      throw journalFailure(isManagementError(error) ? error.cause : error, 'open', subject);
    }
    if (this.#options.walCheckpoints === 'automatic') return;
    this.#checkpointer = startWalCheckpointer(this.path, WAL_CHECKPOINT_INTERVAL_MS, (error) => {
      this.#logger.warn({ err: error }, 'the WAL checkpointer thread stopped; commits checkpoint the WAL themselves');
      this.#checkpointer = undefined;
      this.#database?.exec(`PRAGMA wal_autocheckpoint = ${AUTOMATIC_CHECKPOINT_PAGES}`);
    });
    database.exec('PRAGMA wal_autocheckpoint = 0');
  }

  async append(records: readonly CommitRecord[]): Promise<void> {
    const statements = this.#opened();
    if (records.length === 0) return;
    this.#write('the commit could not be made durable', () => {
      checkAppendable(records, lastOf(statements));
      for (const record of records) {
        statements.insertCommit.run(
          record.fixedNumber,
          record.timestamp,
          record.user,
          record.via,
          record.label ?? null,
          record.comment ?? null,
          record.forward,
          record.reverse,
        );
      }
    });
  }

  async latestCheckpoint(): Promise<Checkpoint | undefined> {
    const statements = this.#opened();
    return this.#read('the latest checkpoint cannot be read', () => {
      const head = statements.latestCheckpoint.get() as
        | { fixed_number: number; length: number; chunk_count: number }
        | undefined;
      if (head === undefined) return undefined;
      const parts: string[] = [];
      let length = 0;
      for (const row of statements.chunksOf.iterate(head.fixed_number) as Iterable<{ data: string }>) {
        parts.push(row.data);
        length += row.data.length;
      }
      if (parts.length !== head.chunk_count || length !== head.length) {
        throw new OperationFailedError(
          `the checkpoint at fixed number ${head.fixed_number} is damaged: ${parts.length} of ${head.chunk_count} chunks, ` +
            `${length} of ${head.length} characters`,
        );
      }
      return { fixedNumber: head.fixed_number, tree: parts.join('') };
    });
  }

  async *commitsAfter(fixedNumber: number): AsyncIterable<CommitRecord> {
    let after = fixedNumber;
    for (;;) {
      // One short query per page: no statement stays open while the caller works between yields.
      const statements = this.#opened();
      const page = this.#read('the journal cannot be replayed', () =>
        statements.commitsAfter.all(after, REPLAY_PAGE),
      ) as unknown as CommitRow[];
      for (const row of page) yield commitOf(row);
      const last = page.at(-1);
      if (last === undefined || page.length < REPLAY_PAGE) return;
      after = last.fixed_number;
    }
  }

  async listCommits(options: ListCommitsOptions = {}): Promise<readonly CommitMetadata[]> {
    const statements = this.#opened();
    const { limit, offset } = listWindow(options);
    const rows = this.#read('the commits cannot be listed', () =>
      statements.listCommits.all(limit === Number.POSITIVE_INFINITY ? -1 : limit, offset),
    ) as unknown as CommitRow[];
    return rows.map(metadataOf);
  }

  async readCommit(fixedNumber: number): Promise<CommitRecord | undefined> {
    const statements = this.#opened();
    const row = this.#read(`the commit ${fixedNumber} cannot be read`, () =>
      statements.readCommit.get(fixedNumber),
    ) as unknown as CommitRow | undefined;
    return row === undefined ? undefined : commitOf(row);
  }

  writeCheckpoint(checkpoint: Checkpoint): Promise<void> {
    return this.#background.run(() => this.#writeCheckpoint(checkpoint));
  }

  prune(keep: number): Promise<number> {
    try {
      checkKeep(keep);
      this.#opened();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#background.run(() => this.#prune(keep));
  }

  async #prune(keep: number): Promise<number> {
    const statements = this.#opened();
    const bound = this.#read('the retention bound cannot be read', () => {
      const beyond = statements.newestBeyond.get(keep) as { fixed_number: number } | undefined;
      const latest = statements.latestCheckpoint.get() as { fixed_number: number } | undefined;
      return pruneBound(beyond?.fixed_number, latest?.fixed_number);
    });
    let deleted = 0;
    for (;;) {
      const changes = this.#write('old commits cannot be deleted', () =>
        Number(statements.deleteCommits.run(bound, PRUNE_BATCH).changes),
      );
      deleted += changes;
      if (changes < PRUNE_BATCH || this.#closing) return deleted;
      await yieldToEventLoop();
    }
  }

  async lastFixedNumber(): Promise<number> {
    const statements = this.#opened();
    return this.#read('the journal cannot be read', () => lastOf(statements));
  }

  async close(): Promise<void> {
    const database = this.#database;
    if (database === undefined) throw new Error('the journal is not open');
    this.#closing = true;
    await this.#background.settled();
    await this.#checkpointer?.stop();
    this.#checkpointer = undefined;
    this.#database = undefined;
    this.#statements = undefined;
    database.close();
  }

  async #writeCheckpoint({ fixedNumber, tree }: Checkpoint): Promise<void> {
    const statements = this.#opened();
    this.#read('the journal cannot be read', () => {
      const latest = statements.latestCheckpoint.get() as { fixed_number: number } | undefined;
      checkCheckpointable(fixedNumber, lastOf(statements), latest?.fixed_number);
    });
    // Leftovers of an earlier attempt at the same fixed number would collide with the new chunks.
    await this.#removeOrphanChunks();
    const subject = `the checkpoint at fixed number ${fixedNumber} could not be written`;
    let sequence = 0;
    try {
      for (const chunk of textChunks(tree, this.#options.checkpointChunkSize ?? DEFAULT_CHUNK_SIZE)) {
        if (this.#closing) throw new Error(`${subject}: the journal was closed`);
        this.#write(subject, () => statements.insertChunk.run(fixedNumber, sequence, chunk));
        sequence += 1;
        await yieldToEventLoop();
      }
      if (this.#closing) throw new Error(`${subject}: the journal was closed`);
      // The checkpoint becomes visible, and older ones invisible, in this one transaction.
      this.#write(subject, () => {
        statements.insertCheckpoint.run(fixedNumber, tree.length, sequence);
        statements.deleteOlderCheckpoints.run(fixedNumber);
      });
    } catch (error) {
      // The chunks written so far are invisible; give their space back if the storage lets us.
      if (!this.#closing) await this.#removeOrphanChunks().catch(() => undefined);
      throw error;
    }
    try {
      await this.#removeOrphanChunks();
    } catch (error) {
      // The checkpoint is stored; what is left is removed on the next checkpoint or start.
      this.#logger.warn({ err: error }, 'superseded checkpoint chunks could not be deleted yet');
    }
  }

  /** Deletes, a few at a time, the chunks that belong to no complete checkpoint. */
  async #removeOrphanChunks(): Promise<void> {
    const statements = this.#opened();
    for (;;) {
      const changes = this.#write('old checkpoint chunks cannot be deleted', () =>
        Number(statements.deleteOrphanChunks.run(CHUNK_DELETE_BATCH).changes),
      );
      if (changes < CHUNK_DELETE_BATCH || this.#closing) return;
      await yieldToEventLoop();
    }
  }

  /** Runs `work` in one `BEGIN IMMEDIATE … COMMIT`; on failure rolls back and throws a ManagementError. */
  #write<T>(subject: string, work: () => T): T {
    const database = this.#database;
    if (database === undefined) throw new Error('the journal is not open');
    try {
      database.exec('BEGIN IMMEDIATE');
      const result = work();
      database.exec('COMMIT');
      return result;
    } catch (error) {
      rollBack(database);
      throw isManagementError(error) ? error : journalFailure(error, 'write', subject);
    }
  }

  /** Runs `work` in one read transaction (a consistent snapshot); failures become ManagementErrors. */
  #read<T>(subject: string, work: () => T): T {
    const database = this.#database;
    if (database === undefined) throw new Error('the journal is not open');
    try {
      database.exec('BEGIN');
      const result = work();
      database.exec('COMMIT');
      return result;
    } catch (error) {
      rollBack(database);
      throw isManagementError(error) ? error : journalFailure(error, 'read', subject);
    }
  }

  #opened(): Statements {
    if (this.#statements === undefined) throw new Error('the journal is not open');
    return this.#statements;
  }
}

/** Ends a failed transaction, if SQLite has not already rolled it back. */
const rollBack = (database: DatabaseSync): void => {
  if (!database.isTransaction) return;
  try {
    database.exec('ROLLBACK');
  } catch {
    // The connection rolls back by itself when it cannot; the original error is the one to report.
  }
};

const prepareStatements = (database: DatabaseSync): Statements => ({
  insertCommit: database.prepare(
    `INSERT INTO commit_record (${COMMIT_COLUMNS}, forward, reverse) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  last: database.prepare(
    'SELECT max(coalesce((SELECT max(fixed_number) FROM commit_record), 0), ' +
      'coalesce((SELECT max(fixed_number) FROM checkpoint), 0)) AS last',
  ),
  commitsAfter: database.prepare(
    `SELECT ${COMMIT_COLUMNS}, forward, reverse FROM commit_record WHERE fixed_number > ? ORDER BY fixed_number LIMIT ?`,
  ),
  listCommits: database.prepare(
    `SELECT ${COMMIT_COLUMNS} FROM commit_record ORDER BY fixed_number DESC LIMIT ? OFFSET ?`,
  ),
  readCommit: database.prepare(`SELECT ${COMMIT_COLUMNS}, forward, reverse FROM commit_record WHERE fixed_number = ?`),
  newestBeyond: database.prepare('SELECT fixed_number FROM commit_record ORDER BY fixed_number DESC LIMIT 1 OFFSET ?'),
  deleteCommits: database.prepare(
    'DELETE FROM commit_record WHERE fixed_number IN ' +
      '(SELECT fixed_number FROM commit_record WHERE fixed_number <= ? ORDER BY fixed_number LIMIT ?)',
  ),
  latestCheckpoint: database.prepare(
    'SELECT fixed_number, length, chunk_count FROM checkpoint ORDER BY fixed_number DESC LIMIT 1',
  ),
  chunksOf: database.prepare('SELECT data FROM checkpoint_chunk WHERE fixed_number = ? ORDER BY sequence'),
  insertChunk: database.prepare('INSERT INTO checkpoint_chunk (fixed_number, sequence, data) VALUES (?, ?, ?)'),
  insertCheckpoint: database.prepare('INSERT INTO checkpoint (fixed_number, length, chunk_count) VALUES (?, ?, ?)'),
  deleteOlderCheckpoints: database.prepare('DELETE FROM checkpoint WHERE fixed_number < ?'),
  deleteOrphanChunks: database.prepare(
    'DELETE FROM checkpoint_chunk WHERE rowid IN (SELECT rowid FROM checkpoint_chunk AS chunk ' +
      'WHERE NOT EXISTS (SELECT 1 FROM checkpoint WHERE checkpoint.fixed_number = chunk.fixed_number) LIMIT ?)',
  ),
});

const lastOf = (statements: Statements): number => (statements.last.get() as { last: number }).last;

const metadataOf = (row: CommitRow): CommitMetadata => ({
  fixedNumber: row.fixed_number,
  timestamp: row.timestamp,
  user: row.user_name,
  via: row.via,
  ...(row.label === null ? {} : { label: row.label }),
  ...(row.comment === null ? {} : { comment: row.comment }),
});

const commitOf = (row: CommitRow): CommitRecord => ({
  ...metadataOf(row),
  forward: row.forward ?? '',
  reverse: row.reverse ?? '',
});
