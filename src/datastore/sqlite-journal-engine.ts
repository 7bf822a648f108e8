/**
 * @module datastore/sqlite-journal-engine
 * The SQLite journal itself: one `node:sqlite` connection to `<dataDir>/journal.sqlite` and every
 * statement the JournalStore contract needs. It runs on the journal's own thread
 * (`sqlite-journal-worker.ts`), so that SQLite's writes and fsyncs never hold up the main
 * thread; `sqlite-journal-store.ts` is the main thread's side. docs/datastore.md has the schema
 * and the reasoning.
 * @see https://sqlite.org/wal.html
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { isManagementError, OperationFailedError } from '../errors/index.ts';
import type { CommitMetadata, CommitVia } from './commit-record.ts';
import { checkAppendable, checkCheckpointable, checkKeep, pruneBound } from './journal-invariants.ts';
import type { WireRecord, WireText } from './journal-wire.ts';
import { movable } from './journal-wire.ts';
import { SerialJobs } from './serial-jobs.ts';
import { journalFailure } from './sqlite-failure.ts';
import { migrateSchema } from './sqlite-schema.ts';
import { utf8Chunks } from './utf8-chunks.ts';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.ts';
import { presizeWriteAheadLog } from './wal-presize.ts';

/** Options of the engine (those of the store, with the file's path). */
export interface SqliteJournalEngineOptions {
  readonly path: string;
  readonly maxBytes?: number;
  readonly checkpointChunkSize?: number;
  readonly walCheckpoints?: 'thread' | 'automatic';
}

/**
 * Where the engine reports problems that fail no operation. `automaticWalCheckpoints`: the WAL
 * checkpointer thread stopped, and every connection that writes must now checkpoint the WAL itself.
 */
export type EngineWarning = (message: string, error: unknown, automaticWalCheckpoints?: boolean) => void;

/** Bytes of checkpoint or long diff text written per transaction: about 1–2 ms of writing (docs/datastore.md). */
export const DEFAULT_CHUNK_SIZE = 256 * 1024;
/** Commits deleted per transaction by a prune ({@link SqliteJournalEngine.pruneBatch}). */
const PRUNE_BATCH = 500;
/** Chunks of superseded or abandoned checkpoints deleted per transaction. */
const CHUNK_DELETE_BATCH = 4;
/** Commits read per query by a replay. */
const REPLAY_PAGE = 256;
/**
 * How long to wait for another connection's lock before failing with SQLITE_BUSY. The other
 * connections are the WAL checkpointer's and the lone-commit one (the data directory's lock keeps
 * other processes out); a RESTART pass of the WAL, which the checkpointer thread once ran, held
 * writers off while it synced the database file: on a loaded machine, after a large checkpoint was
 * written, more than a second, and a 1 s timeout made the next checkpoint write fail (and the next
 * start replay its commits).
 */
const BUSY_TIMEOUT_MS = 10_000;
/** How often the checkpointer thread copies the WAL into the database file. */
const WAL_CHECKPOINT_INTERVAL_MS = 100;
/** The WAL file is truncated back to this size after it grew (e.g. while a checkpoint was written). */
const WAL_SIZE_LIMIT = 64 * 1024 * 1024;
/**
 * How long {@link SqliteJournalEngine.restartLog} waits for the write lock and for readers (ms):
 * while it waits for readers it holds the write lock, so every commit waits too.
 */
const LOG_RESTART_TIMEOUT_MS = 50;

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

/** The head of a complete checkpoint. */
export interface CheckpointHead {
  readonly fixedNumber: number;
  /** The text's length in UTF-16 code units. */
  readonly length: number;
  readonly chunkCount: number;
}

/** What one batch of a prune did: commits deleted, and whether the prune is complete. */
export interface PruneProgress {
  readonly deleted: number;
  readonly done: boolean;
}

/** A page of a replay: the records, and whether more may follow. */
export interface ReplayPage {
  readonly records: readonly WireRecord[];
  readonly more: boolean;
}

/** A checkpoint being written in pieces (see {@link SqliteJournalEngine.beginCheckpoint}). */
interface CheckpointInProgress {
  readonly fixedNumber: number;
  sequence: number;
  /** Lets the background work after it run. */
  readonly done: () => void;
}

/** The prepared statements, made once per open connection. */
interface Statements {
  readonly insertCommit: StatementSync;
  readonly insertCommitText: StatementSync;
  readonly commitText: StatementSync;
  readonly last: StatementSync;
  readonly commitsAfter: StatementSync;
  readonly listCommits: StatementSync;
  readonly readCommit: StatementSync;
  readonly newestBeyond: StatementSync;
  readonly deleteCommitTexts: StatementSync;
  readonly deleteCommits: StatementSync;
  readonly latestCheckpoint: StatementSync;
  readonly chunksOf: StatementSync;
  readonly chunkRange: StatementSync;
  readonly insertChunk: StatementSync;
  readonly insertCheckpoint: StatementSync;
  readonly deleteOlderCheckpoints: StatementSync;
  readonly deleteOrphanChunks: StatementSync;
}

/** Lets other requests (a commit) run between two short transactions. */
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The journal on one SQLite connection. */
export class SqliteJournalEngine {
  readonly #options: SqliteJournalEngineOptions;
  readonly #warn: EngineWarning;
  #database: DatabaseSync | undefined;
  #statements: Statements | undefined;
  /** Checkpoint writes and prunes, one after the other (close waits for them). */
  readonly #background = new SerialJobs();
  #checkpointer: WalCheckpointer | undefined;
  #closing = false;
  readonly #inProgress = new Map<number, CheckpointInProgress>();
  #nextToken = 1;
  /**
   * Whether the connection's commits flush the WAL (`synchronous=FULL`, as opened). Housekeeping
   * transactions (a checkpoint's chunks, deleting old chunks or commits) commit without a flush;
   * every transaction that must be durable sets it back first (see {@link #write}).
   */
  #flushing = true;

  constructor(options: SqliteJournalEngineOptions, warn: EngineWarning) {
    this.#options = options;
    this.#warn = warn;
  }

  get #chunkSize(): number {
    return this.#options.checkpointChunkSize ?? DEFAULT_CHUNK_SIZE;
  }

  async open(): Promise<void> {
    if (this.#database !== undefined) throw new Error('the journal is already open');
    const subject = `the journal ${this.#options.path} cannot be opened`;
    let database: DatabaseSync | undefined;
    try {
      // Before any connection of this process opens the file (the lone-commit connection and the
      // checkpointer thread open after this one).
      presizeWriteAheadLog(this.#options.path);
      database = new DatabaseSync(this.#options.path, { timeout: BUSY_TIMEOUT_MS });
      const mode = database.prepare('PRAGMA journal_mode = WAL').get() as { journal_mode: string };
      if (mode.journal_mode !== 'wal') throw new Error(`the file system does not support WAL (${mode.journal_mode})`);
      configureConnection(database, this.#options.maxBytes);
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
    // A new connection flushes at every commit (configureConnection), whatever the last one did.
    this.#flushing = true;
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
    this.#checkpointer = startWalCheckpointer(this.#options.path, WAL_CHECKPOINT_INTERVAL_MS, (error) => {
      this.#warn('the WAL checkpointer thread stopped; commits checkpoint the WAL themselves', error, true);
      this.#checkpointer = undefined;
      this.#database?.exec(`PRAGMA wal_autocheckpoint = ${AUTOMATIC_WAL_CHECKPOINT_PAGES}`);
    });
    database.exec('PRAGMA wal_autocheckpoint = 0');
  }

  /** Makes `records` durable in one transaction; long texts go to `commit_text` in slices. */
  append(records: readonly WireRecord[]): void {
    const statements = this.#opened();
    if (records.length === 0) return;
    this.#write('the commit could not be made durable', () => {
      checkAppendable(records, lastOf(statements));
      for (const record of records) {
        statements.insertCommit.run(
          ...commitRow(
            record,
            typeof record.forward === 'string' ? record.forward : '',
            typeof record.reverse === 'string' ? record.reverse : '',
          ),
        );
        this.#insertLongText(record.fixedNumber, 'forward', record.forward);
        this.#insertLongText(record.fixedNumber, 'reverse', record.reverse);
      }
    });
  }

  #insertLongText(fixedNumber: number, part: 'forward' | 'reverse', text: WireText): void {
    if (typeof text === 'string') return;
    const statements = this.#opened();
    let sequence = 0;
    for (const slice of utf8Chunks(text, this.#chunkSize))
      statements.insertCommitText.run(fixedNumber, part, sequence++, slice);
  }

  /** The newest complete checkpoint's head, or undefined. */
  checkpointHead(): CheckpointHead | undefined {
    const statements = this.#opened();
    const head = this.#read('the latest checkpoint cannot be read', () => statements.latestCheckpoint.get()) as
      | { fixed_number: number; length: number; chunk_count: number }
      | undefined;
    return head === undefined
      ? undefined
      : { fixedNumber: head.fixed_number, length: head.length, chunkCount: head.chunk_count };
  }

  /**
   * Chunks `from` … `from + count - 1` of the checkpoint at `fixedNumber`, as UTF-8 bytes (fewer
   * when some are missing). Bytes, not strings: they move to the main thread and leave nothing
   * behind in this thread's heap.
   */
  checkpointChunks(fixedNumber: number, from: number, count: number): Uint8Array[] {
    const statements = this.#opened();
    const rows = this.#read('the latest checkpoint cannot be read', () =>
      statements.chunkRange.all(fixedNumber, from, from + count),
    ) as unknown as { sequence: number; data: Uint8Array }[];
    const chunks: Uint8Array[] = [];
    for (const row of rows) {
      if (row.sequence !== from + chunks.length) break;
      chunks.push(movable(row.data));
    }
    return chunks;
  }

  /** The newest complete checkpoint, whole, or undefined. */
  latestCheckpoint(): { readonly fixedNumber: number; readonly tree: string } | undefined {
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

  /**
   * Commits after `fixedNumber`, oldest first, one page: at most {@link REPLAY_PAGE} records,
   * and none after one whose texts were stored in slices (so that a page holds one large
   * commit at most).
   */
  commitsAfter(fixedNumber: number): ReplayPage {
    const statements = this.#opened();
    return this.#read('the journal cannot be replayed', () => {
      const rows = statements.commitsAfter.all(fixedNumber, REPLAY_PAGE) as unknown as CommitRow[];
      const records: WireRecord[] = [];
      for (const row of rows) {
        const record = this.#recordOf(row);
        records.push(record);
        if (typeof record.forward !== 'string' || typeof record.reverse !== 'string') {
          return { records, more: true };
        }
      }
      return { records, more: rows.length === REPLAY_PAGE };
    });
  }

  listCommits(limit: number, offset: number): CommitMetadata[] {
    const statements = this.#opened();
    const rows = this.#read('the commits cannot be listed', () =>
      statements.listCommits.all(limit === Number.POSITIVE_INFINITY ? -1 : limit, offset),
    ) as unknown as CommitRow[];
    return rows.map(metadataOf);
  }

  readCommit(fixedNumber: number): WireRecord | undefined {
    const statements = this.#opened();
    return this.#read(`the commit ${fixedNumber} cannot be read`, () => {
      const row = statements.readCommit.get(fixedNumber) as unknown as CommitRow | undefined;
      return row === undefined ? undefined : this.#recordOf(row);
    });
  }

  /** A record of a row, its long texts read from their slices (as UTF-8 bytes). Inside a read transaction. */
  #recordOf(row: CommitRow): WireRecord {
    const text = (part: 'forward' | 'reverse'): WireText => {
      const stored = row[part] ?? '';
      if (stored !== '') return stored;
      const slices = this.#opened().commitText.all(row.fixed_number, part) as unknown as { data: Uint8Array }[];
      if (slices.length === 0) return '';
      let size = 0;
      for (const slice of slices) size += slice.data.length;
      const bytes = new Uint8Array(size);
      let offset = 0;
      for (const slice of slices) {
        bytes.set(slice.data, offset);
        offset += slice.data.length;
      }
      return bytes;
    };
    return { ...metadataOf(row), forward: text('forward'), reverse: text('reverse') };
  }

  /** Stores a checkpoint (`text`: its UTF-8 bytes; `length`: its UTF-16 length) in the background. */
  writeCheckpoint(fixedNumber: number, length: number, text: Uint8Array): Promise<void> {
    return this.#background.run(() => this.#writeCheckpoint(fixedNumber, length, text));
  }

  /**
   * Starts a checkpoint at `fixedNumber` whose text comes in pieces ({@link checkpointChunk}),
   * once the background work before it is done; resolves with the token of the later calls.
   * Background work after it waits until it is finished or aborted.
   */
  beginCheckpoint(fixedNumber: number): Promise<number> {
    let done: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    return new Promise<number>((resolve, reject) => {
      // The job lasts until the checkpoint is finished or aborted (or could not begin).
      void this.#background.run(async () => {
        try {
          const statements = this.#opened();
          this.#read('the journal cannot be read', () => {
            const latest = statements.latestCheckpoint.get() as { fixed_number: number } | undefined;
            checkCheckpointable(fixedNumber, lastOf(statements), latest?.fixed_number);
          });
          await this.#removeOrphanChunks();
          const token = this.#nextToken++;
          this.#inProgress.set(token, { fixedNumber, sequence: 0, done });
          resolve(token);
        } catch (error) {
          reject(error);
          return;
        }
        await finished;
      });
    });
  }

  /** Writes the next piece (UTF-8 bytes, whole characters) of a checkpoint, in short transactions. */
  checkpointChunk(token: number, bytes: Uint8Array): void {
    const checkpoint = this.#checkpointOf(token);
    const statements = this.#opened();
    const subject = `the checkpoint at fixed number ${checkpoint.fixedNumber} could not be written`;
    for (const chunk of utf8Chunks(bytes, this.#chunkSize)) {
      this.#write(subject, () => statements.insertChunk.run(checkpoint.fixedNumber, checkpoint.sequence, chunk), false);
      checkpoint.sequence += 1;
    }
  }

  /** Makes a checkpoint written in pieces visible (`length`: its text's UTF-16 length). */
  async finishCheckpoint(token: number, length: number): Promise<void> {
    const checkpoint = this.#checkpointOf(token);
    const statements = this.#opened();
    const subject = `the checkpoint at fixed number ${checkpoint.fixedNumber} could not be written`;
    // The checkpoint becomes visible, and older ones invisible, in this one transaction.
    this.#write(subject, () => {
      statements.insertCheckpoint.run(checkpoint.fixedNumber, length, checkpoint.sequence);
      statements.deleteOlderCheckpoints.run(checkpoint.fixedNumber);
    });
    this.#inProgress.delete(token);
    checkpoint.done();
    try {
      await this.#removeOrphanChunks();
    } catch (error) {
      this.#warn('superseded checkpoint chunks could not be deleted yet', error);
    }
  }

  /** Gives up a checkpoint written in pieces: its chunks stay invisible and are removed. */
  async abortCheckpoint(token: number): Promise<void> {
    const checkpoint = this.#inProgress.get(token);
    if (checkpoint === undefined) return;
    this.#inProgress.delete(token);
    checkpoint.done();
    if (!this.#closing) await this.#removeOrphanChunks().catch(() => undefined);
  }

  #checkpointOf(token: number): CheckpointInProgress {
    if (this.#closing) throw new Error('the checkpoint could not be written: the journal was closed');
    const checkpoint = this.#inProgress.get(token);
    if (checkpoint === undefined) throw new Error('no checkpoint is being written under this token');
    return checkpoint;
  }

  /**
   * One transaction of a prune (`JournalStore.prune`): deletes, in the background and unflushed,
   * at most {@link PRUNE_BATCH} of the oldest commits beyond the newest `keep` that the latest
   * checkpoint stands for (`pruneBound`, as it stands now); `done` once none are left (or the
   * journal is closing). The store calls it batch by batch, paced while commits are appended.
   */
  pruneBatch(keep: number): Promise<PruneProgress> {
    try {
      checkKeep(keep);
      this.#opened();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#background.run(async () => {
      const statements = this.#opened();
      const bound = this.#read('the retention bound cannot be read', () => {
        const beyond = statements.newestBeyond.get(keep) as { fixed_number: number } | undefined;
        const latest = statements.latestCheckpoint.get() as { fixed_number: number } | undefined;
        return pruneBound(beyond?.fixed_number, latest?.fixed_number);
      });
      const deleted = this.#write(
        'old commits cannot be deleted',
        () => {
          statements.deleteCommitTexts.run(bound, PRUNE_BATCH);
          return Number(statements.deleteCommits.run(bound, PRUNE_BATCH).changes);
        },
        false,
      );
      return { deleted, done: deleted < PRUNE_BATCH || this.#closing };
    });
  }

  /**
   * Copies what is left of the WAL into the database file with the write lock held (SQLite's
   * RESTART checkpoint), so that the next commit writes the log from its start again, over frames
   * already on disk, instead of extending the file. The checkpointer thread's passes never reach
   * that point while commits follow one another closely: each commit lands during the pass's
   * flush. Under a steady stream of commits the log then grew by every commit (about 4 KiB each),
   * and a flush that extends a file costs more than one that overwrites. Returns whether the log was fully copied
   * (false: a reader or a writer stayed in the way; nothing is lost, the log just grows on).
   */
  restartLog(): boolean {
    const database = this.#database;
    if (database === undefined || this.#closing) return false;
    database.exec(`PRAGMA busy_timeout = ${LOG_RESTART_TIMEOUT_MS}`);
    try {
      const { busy } = database.prepare('PRAGMA wal_checkpoint(RESTART)').get() as { busy: number };
      return busy === 0;
    } catch {
      // A lock that stayed, or an I/O error the next commit reports; the log keeps every commit.
      return false;
    } finally {
      database.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
  }

  lastFixedNumber(): number {
    const statements = this.#opened();
    return this.#read('the journal cannot be read', () => lastOf(statements));
  }

  /** Waits for the background work (a checkpoint being written is abandoned), then closes. */
  async close(): Promise<void> {
    const database = this.#database;
    if (database === undefined) throw new Error('the journal is not open');
    this.#closing = true;
    // Checkpoints written in pieces are abandoned: their chunks are removed at the next open.
    for (const checkpoint of this.#inProgress.values()) checkpoint.done();
    this.#inProgress.clear();
    await this.#background.settled();
    await this.#checkpointer?.stop();
    this.#checkpointer = undefined;
    this.#database = undefined;
    this.#statements = undefined;
    database.close();
  }

  async #writeCheckpoint(fixedNumber: number, length: number, text: Uint8Array): Promise<void> {
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
      for (const chunk of utf8Chunks(text, this.#chunkSize)) {
        if (this.#closing) throw new Error(`${subject}: the journal was closed`);
        this.#write(subject, () => statements.insertChunk.run(fixedNumber, sequence, chunk), false);
        sequence += 1;
        await yieldToEventLoop();
      }
      if (this.#closing) throw new Error(`${subject}: the journal was closed`);
      // The checkpoint becomes visible, and older ones invisible, in this one transaction.
      this.#write(subject, () => {
        statements.insertCheckpoint.run(fixedNumber, length, sequence);
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
      this.#warn('superseded checkpoint chunks could not be deleted yet', error);
    }
  }

  /** Deletes, a few at a time, the chunks that belong to no complete checkpoint. */
  async #removeOrphanChunks(): Promise<void> {
    const statements = this.#opened();
    for (;;) {
      const changes = this.#write(
        'old checkpoint chunks cannot be deleted',
        () => Number(statements.deleteOrphanChunks.run(CHUNK_DELETE_BATCH).changes),
        false,
      );
      if (changes < CHUNK_DELETE_BATCH || this.#closing) return;
      await yieldToEventLoop();
    }
  }

  /**
   * Runs `work` in one `BEGIN IMMEDIATE … COMMIT`; on failure rolls back and throws a ManagementError.
   * `flush`: whether the commit flushes the WAL before it returns (durable when it returns; the
   * default). Without it (housekeeping whose loss in a power failure is harmless: checkpoint chunks,
   * which stay invisible until the checkpoint's own row is committed with a flush, and deletions of
   * what is no longer needed) the transaction is made durable by the next flushed commit: the WAL
   * is one file written in order, and its flush covers every frame before it. A crash of the
   * process alone loses nothing either way (the frames are in the operating system's cache).
   */
  #write<T>(subject: string, work: () => T, flush = true): T {
    const database = this.#database;
    if (database === undefined) throw new Error('the journal is not open');
    try {
      if (this.#flushing !== flush) {
        database.exec(`PRAGMA synchronous = ${flush ? 'FULL' : 'NORMAL'}`);
        this.#flushing = flush;
      }
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

/**
 * The settings every connection that writes the journal needs (they are the connection's, not
 * the file's): a flush of the WAL at every commit, the WAL's size bound, and `maxBytes`.
 */
export const configureConnection = (database: DatabaseSync, maxBytes: number | undefined): void => {
  database.exec(`PRAGMA synchronous = FULL; PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT}`);
  if (maxBytes !== undefined) {
    const { page_size: pageSize } = database.prepare('PRAGMA page_size').get() as { page_size: number };
    database.exec(`PRAGMA max_page_count = ${Math.max(1, Math.floor(maxBytes / pageSize))}`);
  }
};

/** The statement that inserts a commit's row (its texts in the row: short texts). */
export const INSERT_COMMIT_SQL = `INSERT INTO commit_record (${COMMIT_COLUMNS}, forward, reverse) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`;
/** The journal's last fixed number: of the newest commit, or of the checkpoint when retention deleted it. */
export const LAST_FIXED_NUMBER_SQL =
  'SELECT max(coalesce((SELECT max(fixed_number) FROM commit_record), 0), ' +
  'coalesce((SELECT max(fixed_number) FROM checkpoint), 0)) AS last';

/** SQLite's automatic checkpoint threshold, for a connection whose commits must checkpoint the WAL themselves. */
export const AUTOMATIC_WAL_CHECKPOINT_PAGES = 1000;

/** Ends a failed transaction, if SQLite has not already rolled it back. */
export const rollBack = (database: DatabaseSync): void => {
  if (!database.isTransaction) return;
  try {
    database.exec('ROLLBACK');
  } catch {
    // The connection rolls back by itself when it cannot; the original error is the one to report.
  }
};

const prepareStatements = (database: DatabaseSync): Statements => ({
  insertCommit: database.prepare(INSERT_COMMIT_SQL),
  insertCommitText: database.prepare(
    'INSERT INTO commit_text (fixed_number, part, sequence, data) VALUES (?, ?, ?, CAST(? AS TEXT))',
  ),
  commitText: database.prepare(
    'SELECT CAST(data AS BLOB) AS data FROM commit_text WHERE fixed_number = ? AND part = ? ORDER BY sequence',
  ),
  last: database.prepare(LAST_FIXED_NUMBER_SQL),
  commitsAfter: database.prepare(
    `SELECT ${COMMIT_COLUMNS}, forward, reverse FROM commit_record WHERE fixed_number > ? ORDER BY fixed_number LIMIT ?`,
  ),
  listCommits: database.prepare(
    `SELECT ${COMMIT_COLUMNS} FROM commit_record ORDER BY fixed_number DESC LIMIT ? OFFSET ?`,
  ),
  readCommit: database.prepare(`SELECT ${COMMIT_COLUMNS}, forward, reverse FROM commit_record WHERE fixed_number = ?`),
  newestBeyond: database.prepare('SELECT fixed_number FROM commit_record ORDER BY fixed_number DESC LIMIT 1 OFFSET ?'),
  deleteCommitTexts: database.prepare(
    'DELETE FROM commit_text WHERE fixed_number IN ' +
      '(SELECT fixed_number FROM commit_record WHERE fixed_number <= ? ORDER BY fixed_number LIMIT ?)',
  ),
  deleteCommits: database.prepare(
    'DELETE FROM commit_record WHERE fixed_number IN ' +
      '(SELECT fixed_number FROM commit_record WHERE fixed_number <= ? ORDER BY fixed_number LIMIT ?)',
  ),
  latestCheckpoint: database.prepare(
    'SELECT fixed_number, length, chunk_count FROM checkpoint ORDER BY fixed_number DESC LIMIT 1',
  ),
  chunksOf: database.prepare('SELECT data FROM checkpoint_chunk WHERE fixed_number = ? ORDER BY sequence'),
  chunkRange: database.prepare(
    'SELECT sequence, CAST(data AS BLOB) AS data FROM checkpoint_chunk ' +
      'WHERE fixed_number = ? AND sequence >= ? AND sequence < ? ORDER BY sequence',
  ),
  insertChunk: database.prepare(
    'INSERT INTO checkpoint_chunk (fixed_number, sequence, data) VALUES (?, ?, CAST(? AS TEXT))',
  ),
  insertCheckpoint: database.prepare('INSERT INTO checkpoint (fixed_number, length, chunk_count) VALUES (?, ?, ?)'),
  deleteOlderCheckpoints: database.prepare('DELETE FROM checkpoint WHERE fixed_number < ?'),
  deleteOrphanChunks: database.prepare(
    'DELETE FROM checkpoint_chunk WHERE rowid IN (SELECT rowid FROM checkpoint_chunk AS chunk ' +
      'WHERE NOT EXISTS (SELECT 1 FROM checkpoint WHERE checkpoint.fixed_number = chunk.fixed_number) LIMIT ?)',
  ),
});

/** The values of {@link INSERT_COMMIT_SQL} for `record`, with the diff texts the row holds. */
export const commitRow = (
  record: CommitMetadata,
  forward: string,
  reverse: string,
): [number, string, string, string, string | null, string | null, string, string] => [
  record.fixedNumber,
  record.timestamp,
  record.user,
  record.via,
  record.label ?? null,
  record.comment ?? null,
  forward,
  reverse,
];

const lastOf = (statements: Statements): number => (statements.last.get() as { last: number }).last;

const metadataOf = (row: CommitRow): CommitMetadata => ({
  fixedNumber: row.fixed_number,
  timestamp: row.timestamp,
  user: row.user_name,
  via: row.via,
  ...(row.label === null ? {} : { label: row.label }),
  ...(row.comment === null ? {} : { comment: row.comment }),
});
