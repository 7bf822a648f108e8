/**
 * @module datastore/checkpoint-prefetch
 * The latest checkpoint of a data directory's SQLite journal, read on a thread of its own from
 * the moment `idconf serve` starts, while the process is still loading its modules and compiling
 * its YANG schema: at 1,000,000 entries the read of its 150 MB of rows is a second and more of a
 * cold start, which came after everything else. The thread hands the rows over in batches as it
 * reads them, so that start-up decodes the first lines (the tree, a large list's keys) while the
 * rest (the lines of entries, kept as bytes) is still being read.
 *
 * The journal store takes what is read ({@link SqliteJournalStoreOptions.prefetch}) only when it
 * names the same file and the same checkpoint (fixed number, length, row count) that the store's
 * own connection finds latest, and reads the rows the thread did not hand over (it failed, or
 * ended early) itself. Rows of a complete checkpoint never change, so rows of the same checkpoint
 * read by either connection are the same bytes. Anything else (another file, a newer checkpoint,
 * no journal yet, another schema version) is dropped, and the store reads as it always did.
 *
 * The thread opens the file read-only, only when it exists, reads in one read transaction and
 * ends; it never writes. In WAL mode its reading does not stand in the way of the store's
 * connection, which opens meanwhile (the WAL checkpointer's passes skip what a reader holds).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { movable } from './journal-wire.ts';
import { SCHEMA_VERSION } from './sqlite-schema.ts';

/** The head of the checkpoint the thread reads. */
export interface PrefetchHead {
  readonly fixedNumber: number;
  /** Its length in UTF-16 code units, as stored. */
  readonly length: number;
  readonly chunkCount: number;
}

/** A checkpoint being read early: its head, and its rows' bytes in order, batch by batch. */
export interface PrefetchedCheckpoint extends PrefetchHead {
  /** Ends early (without an error) when the thread failed or stopped: the rest is the reader's to read. */
  readonly batches: AsyncIterable<readonly Uint8Array[]>;
}

interface PrefetchData {
  readonly role: 'checkpoint-prefetch';
  readonly path: string;
}

type PrefetchMessage =
  | { readonly kind: 'head'; readonly head: PrefetchHead }
  | { readonly kind: 'rows'; readonly rows: readonly Uint8Array[] }
  | { readonly kind: 'end' };

/** Rows read and handed over at a time (256 KiB each: 16 MiB). */
const ROWS_PER_BATCH = 64;

/** A read of a journal's latest checkpoint, started early on its own thread. */
export class CheckpointPrefetch {
  /** The journal file read (absolute). */
  readonly path: string;
  readonly #worker: Worker;
  readonly #head: Promise<PrefetchHead | undefined>;
  readonly #batches: (readonly Uint8Array[])[] = [];
  #ended = false;
  #wake: (() => void) | undefined;
  #taken = false;

  private constructor(path: string) {
    this.path = path;
    const data: PrefetchData = { role: 'checkpoint-prefetch', path };
    const worker = new Worker(new URL(import.meta.url), { workerData: data });
    this.#worker = worker;
    let settleHead: (head: PrefetchHead | undefined) => void = () => undefined;
    this.#head = new Promise((settle) => {
      settleHead = settle;
    });
    const end = (): void => {
      this.#ended = true;
      settleHead(undefined);
      this.#wakeReader();
    };
    worker.on('message', (message: PrefetchMessage) => {
      if (message.kind === 'head') settleHead(message.head);
      else if (message.kind === 'rows') {
        this.#batches.push(message.rows);
        this.#wakeReader();
      } else end();
    });
    // An error or an exit: what was handed over stays good, the rest is the store's to read.
    worker.once('error', end);
    worker.once('exit', end);
    // Not a reason to keep the process alive (a start that fails before the store opens drops
    // it), except while something waits for it (`#waitingFor`).
    worker.unref();
  }

  /**
   * Starts reading the latest checkpoint of the journal file `file`; undefined when there is no
   * such file (a first start has nothing to read).
   */
  static start(file: string): CheckpointPrefetch | undefined {
    const path = resolve(file);
    return existsSync(path) ? new CheckpointPrefetch(path) : undefined;
  }

  /**
   * The checkpoint being read, for the journal file `file`: its head once the thread has found
   * it, and its rows as they come; undefined when the thread found none or failed first, when
   * `file` is another file, or when it was taken before.
   */
  async take(file: string): Promise<PrefetchedCheckpoint | undefined> {
    if (this.#taken || resolve(file) !== this.path) return undefined;
    this.#taken = true;
    const head = await this.#waitingFor(this.#head);
    return head === undefined ? undefined : { ...head, batches: this.#drain() };
  }

  async *#drain(): AsyncGenerator<readonly Uint8Array[]> {
    for (;;) {
      const batch = this.#batches.shift();
      if (batch !== undefined) yield batch;
      else if (this.#ended) return;
      else await this.#waitingFor(new Promise<void>((wake) => (this.#wake = wake)));
    }
  }

  /**
   * The head of the checkpoint being read, once the thread has found it (its read transaction,
   * and so what it reads, is fixed from then on); undefined when it found none or failed first.
   */
  head(): Promise<PrefetchHead | undefined> {
    return this.#waitingFor(this.#head);
  }

  /** Stops the read and lets go of what it read and nobody took. */
  discard(): void {
    this.#taken = true;
    this.#ended = true;
    this.#batches.length = 0;
    this.#wakeReader();
    void this.#worker.terminate();
  }

  #wakeReader(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  /**
   * `promise`, with the thread keeping the process alive while it is awaited: an unreferenced
   * thread alone would let the event loop end with the await unsettled.
   */
  async #waitingFor<T>(promise: Promise<T>): Promise<T> {
    if (this.#ended) return promise;
    this.#worker.ref();
    try {
      return await promise;
    } finally {
      this.#worker.unref();
    }
  }
}

/** The thread: reads the checkpoint, handing its head and its rows over as it goes, then ends. */
const readLatestCheckpoint = (path: string, post: (message: PrefetchMessage, transfer?: ArrayBuffer[]) => void) => {
  const database = new DatabaseSync(path, { readOnly: true });
  try {
    const { user_version: version } = database.prepare('PRAGMA user_version').get() as { user_version: number };
    // A journal of another schema version is the store's to migrate or refuse.
    if (version !== SCHEMA_VERSION) return;
    database.exec('BEGIN');
    const head = database
      .prepare('SELECT fixed_number, length, chunk_count FROM checkpoint ORDER BY fixed_number DESC LIMIT 1')
      .get() as { fixed_number: number; length: number; chunk_count: number } | undefined;
    if (head === undefined) return;
    post({ kind: 'head', head: { fixedNumber: head.fixed_number, length: head.length, chunkCount: head.chunk_count } });
    const range = database.prepare(
      'SELECT sequence, CAST(data AS BLOB) AS data FROM checkpoint_chunk ' +
        'WHERE fixed_number = ? AND sequence >= ? AND sequence < ? ORDER BY sequence',
    );
    for (let from = 0; from < head.chunk_count; ) {
      const rows: Uint8Array[] = [];
      for (const row of range.all(head.fixed_number, from, from + ROWS_PER_BATCH) as unknown as {
        sequence: number;
        data: Uint8Array;
      }[]) {
        if (row.sequence !== from + rows.length) break;
        rows.push(movable(row.data));
      }
      if (rows.length > 0)
        post(
          { kind: 'rows', rows },
          rows.map((bytes) => bytes.buffer as ArrayBuffer),
        );
      // A missing row: the store reads on from there itself, finds the same gap and reports it.
      if (rows.length < Math.min(ROWS_PER_BATCH, head.chunk_count - from)) break;
      from += rows.length;
    }
    database.exec('COMMIT');
  } finally {
    database.close();
  }
};

if (!isMainThread && (workerData as Partial<PrefetchData> | undefined)?.role === 'checkpoint-prefetch') {
  const { path } = workerData as PrefetchData;
  const post = (message: PrefetchMessage, transfer: ArrayBuffer[] = []): void =>
    parentPort?.postMessage(message, transfer);
  try {
    readLatestCheckpoint(path, post);
  } catch {
    // Nothing more is read early; the store reads the rest itself and reports what it finds.
  }
  post({ kind: 'end' });
}
