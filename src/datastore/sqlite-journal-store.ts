/**
 * @module datastore/sqlite-journal-store
 * The embedded JournalStore: one SQLite file, `<dataDir>/journal.sqlite`, in WAL mode with
 * `synchronous=FULL`, so that a resolved {@link SqliteJournalStore.append} survives a crash of
 * the process or the machine. The connection lives on a thread of its own
 * (`sqlite-journal-worker.ts`, `sqlite-journal-engine.ts`): a group's fsync and a checkpoint's
 * writes happen there while the main thread serves requests. A lone commit with nothing else in
 * flight is appended on the calling thread through a connection of its own instead
 * (`sqlite-direct-appender.ts`), saving the hand-over. Long texts cross to it as UTF-8
 * bytes and are stored in slices. docs/datastore.md has the schema and the reasoning.
 * @see https://sqlite.org/wal.html
 */
import { join } from 'node:path';
import { OperationFailedError } from '../errors/index.ts';
import { type Logger, SILENT_LOGGER } from '../util/index.ts';
import { CHECKPOINT_ROW_INTERVAL_MS, COMMIT_STREAM_WINDOW_MS, rowDelay } from './checkpoint-pacing.ts';
import type { CheckpointPrefetch } from './checkpoint-prefetch.ts';
import type { Checkpoint, CommitMetadata, CommitRecord } from './commit-record.ts';
import { checkKeep, listWindow } from './journal-invariants.ts';
import type { CheckpointReading, JournalStore, ListCommitsOptions } from './journal-store.ts';
import { JournalThread } from './journal-thread.ts';
import type { WireRecord } from './journal-wire.ts';
import { fromWireText, LONG_TEXT, movable, SpareBuffer, toWireText, transferablesOf } from './journal-wire.ts';
import { type DirectRecord, SqliteDirectAppender } from './sqlite-direct-appender.ts';
import type { CheckpointHead, PruneProgress, ReplayPage } from './sqlite-journal-engine.ts';

import { DEFAULT_CHUNK_SIZE } from './sqlite-journal-engine.ts';
import { isContinuation, utf16Length } from './utf8-chunks.ts';

export { DEFAULT_CHUNK_SIZE };

/** The journal's file name inside the data directory. */
export const JOURNAL_FILE_NAME = 'journal.sqlite';

/** Options of {@link SqliteJournalStore}. */
export interface SqliteJournalStoreOptions {
  /** The data directory; the journal is its file {@link JOURNAL_FILE_NAME}. */
  readonly dataDir: string;
  /** The largest the journal file may grow, in bytes; beyond it writes fail as on a full disk. */
  readonly maxBytes?: number;
  /** Bytes of checkpoint (or long diff) text written per transaction (default `DEFAULT_CHUNK_SIZE`). */
  readonly checkpointChunkSize?: number;
  /**
   * Who copies the WAL into the database file: a thread of its own (`thread`, the default), or
   * SQLite's automatic checkpoint inside the commit that crosses 1,000 pages (`automatic`).
   */
  readonly walCheckpoints?: 'thread' | 'automatic';
  /** Where problems that fail no operation (a cleanup that will be retried) are reported. */
  readonly logger?: Logger;
  /**
   * Whether a lone commit is appended on the calling thread through a connection of its own
   * (`SqliteDirectAppender`) when no other append is in flight and no other connection holds the
   * write lock (default true). False: every append goes to the journal's thread.
   */
  readonly directAppend?: boolean;
  /**
   * The latest checkpoint as a thread started earlier read it (`CheckpointPrefetch`): taken by
   * {@link SqliteJournalStore.readCheckpoint} when it is of this journal and is the checkpoint this
   * store finds latest; the store opens its connection only once that thread has ended.
   */
  readonly prefetch?: CheckpointPrefetch;
  /** Commits after which the WAL is started over (default {@link LOG_RESTART_COMMITS}; for tests). */
  readonly logRestartCommits?: number;
  /**
   * The least time between two checkpoint rows while commits are being appended, in ms (default
   * `CHECKPOINT_ROW_INTERVAL_MS`; 0: no pacing). See `checkpoint-pacing.ts`.
   */
  readonly checkpointRowIntervalMs?: number;
}

/**
 * For this long after an append of a group of several commits (concurrent writers), lone commits
 * go to the journal's thread too (ms): while writers overlap, a commit that happens to be alone in
 * its turn would otherwise block the main thread for its flush, during which the others' requests
 * wait unparsed, and then make the next group's flush a second one.
 */
export const CONCURRENT_WINDOW_MS = 1000;

/**
 * Commits after which the journal's thread restarts the WAL (`restartLog`): about 1,200 frames of
 * 4 KiB, 5 MB of log, well within the room the log is given at each start (`wal-presize.ts`). The
 * restart copies what the checkpointer thread has not (the last ~100 ms of commits) and flushes
 * the database file, 1–3 ms during which commits wait: once per this many.
 */
export const LOG_RESTART_COMMITS = 1000;

/** Checkpoint chunks asked for at once while a checkpoint is read in pieces. */
const CHUNKS_PER_REQUEST = 4;
/** Requests for checkpoint chunks the reading keeps ahead of the chunks it hands out. */
const REQUESTS_AHEAD = 4;

const encoder = new TextEncoder();

/**
 * `work`, marked as handled: background work (a checkpoint, a prune) that `close` abandons
 * rejects, and a caller that looks at that only later must not see an unhandled rejection.
 */
const handled = <T>(work: Promise<T>): Promise<T> => {
  work.catch(() => undefined);
  return work;
};

/** Whether a record's texts are short enough to sit in its row (and it was not built from pieces). */
const isShort = (record: CommitRecord): boolean =>
  record.pieces === undefined && record.forward.length < LONG_TEXT && record.reverse.length < LONG_TEXT;

const recordOf = (wire: WireRecord): CommitRecord => ({
  ...wire,
  forward: fromWireText(wire.forward),
  reverse: fromWireText(wire.reverse),
});

/** A JournalStore in an SQLite file (`node:sqlite` on its own thread), durable on every append. */
export class SqliteJournalStore implements JournalStore {
  /** The journal file's path. */
  readonly path: string;
  readonly #options: SqliteJournalStoreOptions;
  readonly #logger: Logger;
  #thread: JournalThread | undefined;
  /** The calling thread's own connection for lone commits, when open. */
  #direct: SqliteDirectAppender | undefined;
  /** Appends handed to the journal's thread and not yet answered. */
  #appending = 0;
  /** Until when (performance.now()) lone commits also go to the thread: a group was appended lately. */
  #concurrentUntil = 0;
  /** Commits appended since the WAL was last restarted (see {@link LOG_RESTART_COMMITS}). */
  #commitsSinceLogRestart = 0;
  /** When (performance.now()) a commit was last appended: checkpoint rows are paced meanwhile. */
  #lastAppendAt = Number.NEGATIVE_INFINITY;
  /** The buffer of the last long text appended, for the next one (see SpareBuffer). */
  readonly #spare = new SpareBuffer();

  constructor(options: SqliteJournalStoreOptions) {
    this.#options = options;
    this.#logger = options.logger ?? SILENT_LOGGER;
    this.path = join(options.dataDir, JOURNAL_FILE_NAME);
  }

  async open(): Promise<void> {
    if (this.#thread !== undefined) throw new Error('the journal is already open');
    const { maxBytes, checkpointChunkSize, walCheckpoints } = this.#options;
    const thread = new JournalThread(
      {
        role: 'sqlite-journal',
        options: {
          path: this.path,
          ...(maxBytes === undefined ? {} : { maxBytes }),
          ...(checkpointChunkSize === undefined ? {} : { checkpointChunkSize }),
          ...(walCheckpoints === undefined ? {} : { walCheckpoints }),
        },
      },
      this.#logger,
      () => this.#direct?.automaticWalCheckpoints(),
    );
    try {
      await thread.call('open', []);
      if (this.#options.directAppend !== false) {
        this.#direct = SqliteDirectAppender.open({
          path: this.path,
          ...(maxBytes === undefined ? {} : { maxBytes }),
          automaticWalCheckpoints: walCheckpoints === 'automatic',
        });
      }
    } catch (error) {
      await thread.call('close', []).catch(() => undefined);
      await thread.terminate();
      throw error;
    }
    this.#thread = thread;
  }

  async append(records: readonly CommitRecord[]): Promise<void> {
    const thread = this.#opened();
    if (records.length === 0) return;
    const now = performance.now();
    this.#lastAppendAt = now;
    // A lone commit with nothing else in flight: appended here, without the hand-over to the thread.
    const direct = this.#direct;
    if (records.length > 1) this.#concurrentUntil = now + CONCURRENT_WINDOW_MS;
    else if (
      direct !== undefined &&
      this.#appending === 0 &&
      isShort(records[0] as CommitRecord) &&
      now >= this.#concurrentUntil &&
      direct.tryAppend(records as readonly DirectRecord[])
    ) {
      this.#appended(thread, 1);
      return;
    }
    const spare = this.#spare;
    const wire: WireRecord[] = records.map(({ pieces, ...record }) => ({
      ...record,
      forward: toWireText(record.forward, pieces?.forward, spare),
      reverse: toWireText(record.reverse, pieces?.reverse, spare),
    }));
    this.#appending += 1;
    let returned: readonly Uint8Array[] | undefined;
    try {
      returned = await thread.call<readonly Uint8Array[] | undefined>(
        'append',
        [wire],
        transferablesOf(wire.flatMap((record) => [record.forward, record.reverse])),
      );
    } finally {
      this.#appending -= 1;
    }
    for (const bytes of returned ?? []) spare.keep(bytes.buffer as ArrayBuffer);
    this.#appended(thread, records.length);
  }

  /**
   * Counts `count` commits made durable, and every {@link LOG_RESTART_COMMITS} has the thread
   * restart the WAL. Lone commits go to the thread while it does (counted as an append in flight),
   * so that they wait behind the restart instead of standing in its way.
   */
  #appended(thread: JournalThread, count: number): void {
    this.#commitsSinceLogRestart += count;
    if (this.#commitsSinceLogRestart < (this.#options.logRestartCommits ?? LOG_RESTART_COMMITS)) return;
    this.#commitsSinceLogRestart = 0;
    this.#appending += 1;
    thread
      .call<boolean>('restartLog', [])
      .catch(() => false)
      .finally(() => {
        this.#appending -= 1;
      });
  }

  /**
   * Waits, while commits are being appended, until a row (or prune batch) sent at `lastRowAt` is
   * {@link CHECKPOINT_ROW_INTERVAL_MS} old (`checkpoint-pacing.ts`); returns when the next one goes.
   */
  async #turnAfter(lastRowAt: number): Promise<number> {
    const intervalMs = this.#options.checkpointRowIntervalMs ?? CHECKPOINT_ROW_INTERVAL_MS;
    const pacing = { lastAppendAt: this.#lastAppendAt, lastRowAt, intervalMs, streamWindowMs: COMMIT_STREAM_WINDOW_MS };
    const delay = rowDelay(pacing, performance.now());
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    return performance.now();
  }

  async latestCheckpoint(): Promise<Checkpoint | undefined> {
    return this.#opened().call<Checkpoint | undefined>('latestCheckpoint', []);
  }

  async readCheckpoint(): Promise<CheckpointReading | undefined> {
    const thread = this.#opened();
    const head = await thread.call<CheckpointHead | undefined>('checkpointHead', []);
    if (head === undefined) return undefined;
    const { fixedNumber, length: expected, chunkCount } = head;
    const prefetched = await this.#options.prefetch?.take(this.path);
    // Rows read early are the same rows (a complete checkpoint's rows never change).
    const early =
      prefetched?.fixedNumber === fixedNumber && prefetched.length === expected && prefetched.chunkCount === chunkCount
        ? prefetched.batches
        : undefined;
    if (early === undefined) this.#options.prefetch?.discard();
    const request = (from: number): Promise<Uint8Array[]> =>
      thread.call<Uint8Array[]>('checkpointChunks', [fixedNumber, from, CHUNKS_PER_REQUEST]);
    // The rows' bytes as they are (each row holds whole characters): start-up keeps a large
    // list's lines as bytes until they are read, and decodes the rest itself.
    async function* chunks(): AsyncGenerator<Uint8Array> {
      let length = 0;
      let count = 0;
      // First the rows read early, as they come; the rest (when that read stopped short) from here.
      if (early !== undefined)
        for await (const batch of early)
          for (const bytes of batch) {
            count += 1;
            length += utf16Length(bytes);
            if (bytes.length > 0) yield bytes;
          }
      // The next chunks are read on the journal's thread while these are decoded: a few requests
      // ahead, so that its reading never waits for this thread (answered in order).
      const ahead: Promise<readonly Uint8Array[]>[] = [];
      let requested = count;
      const readAhead = (): void => {
        while (ahead.length < REQUESTS_AHEAD && requested < chunkCount) {
          const batch = request(requested);
          // Awaited in turn; one not awaited (the reading stopped early) must not go unhandled.
          batch.catch(() => undefined);
          ahead.push(batch);
          requested += CHUNKS_PER_REQUEST;
        }
      };
      readAhead();
      for (let next = ahead.shift(); next !== undefined; next = ahead.shift()) {
        const batch = await next;
        if (batch.length < Math.min(CHUNKS_PER_REQUEST, chunkCount - count)) ahead.length = 0;
        else readAhead();
        for (const bytes of batch) {
          count += 1;
          length += utf16Length(bytes);
          if (bytes.length > 0) yield bytes;
        }
      }
      if (count !== chunkCount || length !== expected) {
        throw new OperationFailedError(
          `the checkpoint at fixed number ${fixedNumber} is damaged: ${count} of ${chunkCount} chunks, ` +
            `${length} of ${expected} characters`,
        );
      }
    }
    return { fixedNumber, chunks: chunks() };
  }

  async *commitsAfter(fixedNumber: number): AsyncIterable<CommitRecord> {
    let after = fixedNumber;
    for (;;) {
      // One short query per page: no statement stays open while the caller works between yields.
      const page = await this.#opened().call<ReplayPage>('commitsAfter', [after]);
      for (const record of page.records) yield recordOf(record);
      const last = page.records.at(-1);
      if (last === undefined || !page.more) return;
      after = last.fixedNumber;
    }
  }

  async listCommits(options: ListCommitsOptions = {}): Promise<readonly CommitMetadata[]> {
    const thread = this.#opened();
    const { limit, offset } = listWindow(options);
    return thread.call<CommitMetadata[]>('listCommits', [limit, offset]);
  }

  async readCommit(fixedNumber: number): Promise<CommitRecord | undefined> {
    const record = await this.#opened().call<WireRecord | undefined>('readCommit', [fixedNumber]);
    return record === undefined ? undefined : recordOf(record);
  }

  // Not async: once encoded, the text is not referenced while the thread writes it.
  writeCheckpoint(checkpoint: Checkpoint): Promise<void> {
    try {
      const thread = this.#opened();
      const bytes = movable(encoder.encode(checkpoint.tree));
      return handled(
        thread.call('writeCheckpoint', [checkpoint.fixedNumber, checkpoint.tree.length, bytes], [bytes.buffer]),
      );
    } catch (error) {
      return Promise.reject(error);
    }
  }

  writeCheckpointChunks(fixedNumber: number, chunks: AsyncIterable<string | Uint8Array>): Promise<void> {
    try {
      return handled(this.#writeCheckpointChunks(this.#opened(), fixedNumber, chunks));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async #writeCheckpointChunks(thread: JournalThread, fixedNumber: number, chunks: AsyncIterable<string | Uint8Array>) {
    const token = await thread.call<number>('beginCheckpoint', [fixedNumber]);
    const rowBytes = this.#options.checkpointChunkSize ?? DEFAULT_CHUNK_SIZE;
    // Each row's bytes are encoded straight into a buffer of their own, which moves to the
    // journal's thread once full (no piece encoded apart and copied again to join the row).
    let row = new Uint8Array(rowBytes);
    let size = 0;
    let length = 0;
    // A high surrogate at the end of a piece waits for its low half in the next one.
    let held = '';
    // One row travels to the journal's thread while the next is encoded.
    let sending: Promise<unknown> = Promise.resolve();
    let lastRowAt = Number.NEGATIVE_INFINITY;
    const send = async (): Promise<void> => {
      // A view of the row's own buffer: it moves with the buffer, uncopied.
      const bytes = row.subarray(0, size);
      row = new Uint8Array(rowBytes);
      size = 0;
      await sending;
      // While commits are being made durable, one row at a time in front of their flushes.
      lastRowAt = await this.#turnAfter(lastRowAt);
      // Awaited before the next row goes (or at the end): a failure meanwhile is not unhandled.
      sending = handled(thread.call('checkpointChunk', [token, bytes], [bytes.buffer]));
    };
    // Encodes `text` into rows; a character that does not fit whole in a row begins the next one.
    const put = async (text: string): Promise<void> => {
      let rest = text;
      for (;;) {
        const { read, written } = encoder.encodeInto(rest, size === 0 ? row : row.subarray(size));
        size += written;
        if (read === rest.length) return;
        if (size === 0) throw new RangeError(`a checkpoint row of ${rowBytes} bytes cannot hold a character`);
        rest = rest.slice(read);
        await send();
      }
    };
    // Copies `bytes` (whole characters) into rows; a character that does not fit whole in a row begins the next one.
    const putBytes = async (bytes: Uint8Array): Promise<void> => {
      let from = 0;
      while (from < bytes.length) {
        let end = Math.min(bytes.length, from + rowBytes - size);
        while (end < bytes.length && end > from && isContinuation(bytes[end] as number)) end--;
        row.set(bytes.subarray(from, end), size);
        size += end - from;
        from = end;
        if (from < bytes.length) {
          if (size === 0) throw new RangeError(`a checkpoint row of ${rowBytes} bytes cannot hold a character`);
          await send();
        }
      }
    };
    try {
      for await (const chunk of chunks) {
        if (typeof chunk !== 'string') {
          length += utf16Length(chunk);
          if (held !== '') await put(held);
          held = '';
          await putBytes(chunk);
          continue;
        }
        length += chunk.length;
        let text = held === '' ? chunk : held + chunk;
        held = '';
        const last = text.charCodeAt(text.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) {
          held = text.slice(-1);
          text = text.slice(0, -1);
        }
        await put(text);
      }
      if (held !== '') await put(held);
      if (size > 0) await send();
      await sending;
      await thread.call('finishCheckpoint', [token, length]);
    } catch (error) {
      await sending.catch(() => undefined);
      await thread.call('abortCheckpoint', [token]).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Deletes the commits beyond `keep` that the latest checkpoint stands for, one batch per
   * transaction; while commits are being appended, paced as a checkpoint's rows are (each batch
   * holds the journal's write lock, and a lone commit that meets it waits on the thread behind it).
   */
  async prune(keep: number): Promise<number> {
    checkKeep(keep);
    const thread = this.#opened();
    let lastBatchAt = Number.NEGATIVE_INFINITY;
    let deleted = 0;
    for (;;) {
      lastBatchAt = await this.#turnAfter(lastBatchAt);
      // Closed meanwhile: what is left waits for the next prune, as when the thread stops it.
      if (this.#thread !== thread) return deleted;
      const progress = await handled(thread.call<PruneProgress>('pruneBatch', [keep]));
      deleted += progress.deleted;
      if (progress.done) return deleted;
    }
  }

  async lastFixedNumber(): Promise<number> {
    return this.#opened().call<number>('lastFixedNumber', []);
  }

  async close(): Promise<void> {
    const thread = this.#opened();
    this.#thread = undefined;
    this.#direct?.close();
    this.#direct = undefined;
    this.#spare.clear();
    try {
      await thread.call('close', []);
    } finally {
      await thread.ended();
    }
  }

  #opened(): JournalThread {
    if (this.#thread === undefined) throw new Error('the journal is not open');
    return this.#thread;
  }
}
