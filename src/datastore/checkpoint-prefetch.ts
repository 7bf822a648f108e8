/**
 * @module datastore/checkpoint-prefetch
 * The latest checkpoint of a data directory's SQLite journal, read on a thread of its own while
 * the process is still loading its modules and compiling its YANG schema: at 1,000,000 entries the
 * read of its 150 MB of rows is a second of a cold start that nothing else overlapped (start-up
 * waited for it after everything else). The journal store takes what was read
 * ({@link SqliteJournalStoreOptions.prefetch}) instead of reading it again when it names the same
 * file and the same checkpoint (fixed number, length, chunk count) that the store's own connection
 * finds latest; anything else (another file, a newer checkpoint, an error, no journal yet) is
 * dropped, and the store reads as it always did. Checkpoint rows never change once written, so
 * rows read from the same complete checkpoint are the same bytes.
 *
 * The thread opens the file read-only, only when it exists, and reads in one read transaction;
 * it never writes, and the store waits until it has ended before opening its own connection, so
 * that the two never hold the database at once.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { movable } from './journal-wire.ts';
import { SCHEMA_VERSION } from './sqlite-schema.ts';

/** What the thread read: the latest complete checkpoint's head and all of its rows' bytes, in order. */
export interface PrefetchedCheckpoint {
  readonly fixedNumber: number;
  /** Its length in UTF-16 code units, as stored. */
  readonly length: number;
  readonly chunkCount: number;
  readonly chunks: readonly Uint8Array[];
}

interface PrefetchData {
  readonly role: 'checkpoint-prefetch';
  readonly path: string;
}

type PrefetchReply =
  | { readonly kind: 'checkpoint'; readonly checkpoint: PrefetchedCheckpoint }
  | { readonly kind: 'none' }
  | { readonly kind: 'failed'; readonly message: string };

/** Rows read per query: the thread posts nothing until it has read them all. */
const ROWS_PER_QUERY = 64;

/** A read of a journal's latest checkpoint, started early on its own thread. */
export class CheckpointPrefetch {
  /** The journal file read (absolute). */
  readonly path: string;
  readonly #worker: Worker;
  readonly #result: Promise<PrefetchedCheckpoint | undefined>;
  #taken = false;

  private constructor(path: string, worker: Worker, result: Promise<PrefetchedCheckpoint | undefined>) {
    this.path = path;
    this.#worker = worker;
    this.#result = result;
  }

  /**
   * Starts reading the latest checkpoint of the journal file `file`; undefined when there is no
   * such file (a first start has nothing to read).
   */
  static start(file: string): CheckpointPrefetch | undefined {
    const path = resolve(file);
    if (!existsSync(path)) return undefined;
    const data: PrefetchData = { role: 'checkpoint-prefetch', path };
    const worker = new Worker(new URL(import.meta.url), { workerData: data });
    const result = new Promise<PrefetchedCheckpoint | undefined>((settle) => {
      worker.once('message', (reply: PrefetchReply) =>
        settle(reply.kind === 'checkpoint' ? reply.checkpoint : undefined),
      );
      // An error or an exit before the answer: nothing was read, the store reads as usual.
      worker.once('error', () => settle(undefined));
      worker.once('exit', () => settle(undefined));
    });
    // Not a reason to keep the process alive (a start that fails before the store opens drops
    // it) until something waits for it (`#waited`).
    worker.unref();
    return new CheckpointPrefetch(path, worker, result);
  }

  /**
   * What was read, once it is (the thread has then ended), for the journal file `file`; undefined
   * when the read failed, found no checkpoint, was of another file, or was taken before.
   */
  async take(file: string): Promise<PrefetchedCheckpoint | undefined> {
    if (this.#taken || resolve(file) !== this.path) return undefined;
    this.#taken = true;
    return this.#waited();
  }

  /** Resolves once the thread has ended, whatever it read. */
  async settled(): Promise<void> {
    await this.#waited();
  }

  /**
   * The result, with the thread keeping the process alive while it is awaited: an unreferenced
   * thread alone would let the event loop end with the await unsettled.
   */
  async #waited(): Promise<PrefetchedCheckpoint | undefined> {
    this.#worker.ref();
    try {
      return await this.#result;
    } finally {
      this.#worker.unref();
    }
  }
}

/** The thread: reads and posts the checkpoint, then ends. */
const readLatestCheckpoint = (path: string): PrefetchReply => {
  const database = new DatabaseSync(path, { readOnly: true });
  try {
    const { user_version: version } = database.prepare('PRAGMA user_version').get() as { user_version: number };
    // A journal of another schema version is the store's to migrate or refuse.
    if (version !== SCHEMA_VERSION) return { kind: 'none' };
    database.exec('BEGIN');
    const head = database
      .prepare('SELECT fixed_number, length, chunk_count FROM checkpoint ORDER BY fixed_number DESC LIMIT 1')
      .get() as { fixed_number: number; length: number; chunk_count: number } | undefined;
    if (head === undefined) return { kind: 'none' };
    const range = database.prepare(
      'SELECT sequence, CAST(data AS BLOB) AS data FROM checkpoint_chunk ' +
        'WHERE fixed_number = ? AND sequence >= ? AND sequence < ? ORDER BY sequence',
    );
    const chunks: Uint8Array[] = [];
    while (chunks.length < head.chunk_count) {
      const from = chunks.length;
      const rows = range.all(head.fixed_number, from, from + ROWS_PER_QUERY) as unknown as {
        sequence: number;
        data: Uint8Array;
      }[];
      for (const row of rows) {
        if (row.sequence !== chunks.length) break;
        chunks.push(movable(row.data));
      }
      // A missing row: the store's own read finds the same gap and reports the damage.
      if (chunks.length === from || rows.length < Math.min(ROWS_PER_QUERY, head.chunk_count - from)) break;
    }
    database.exec('COMMIT');
    return {
      kind: 'checkpoint',
      checkpoint: { fixedNumber: head.fixed_number, length: head.length, chunkCount: head.chunk_count, chunks },
    };
  } finally {
    database.close();
  }
};

if (!isMainThread && (workerData as Partial<PrefetchData> | undefined)?.role === 'checkpoint-prefetch') {
  const { path } = workerData as PrefetchData;
  let reply: PrefetchReply;
  try {
    reply = readLatestCheckpoint(path);
  } catch (error) {
    reply = { kind: 'failed', message: (error as Error).message };
  }
  const transfer =
    reply.kind === 'checkpoint' ? reply.checkpoint.chunks.map((chunk) => chunk.buffer as ArrayBuffer) : [];
  parentPort?.postMessage(reply, transfer);
}
