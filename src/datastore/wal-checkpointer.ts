/**
 * @module datastore/wal-checkpointer
 * Copies the journal's write-ahead log into the database file from a worker thread, so that no
 * commit on the main thread pays for that copy and its fsync (SQLite's automatic checkpoint runs
 * inside the commit that crosses the threshold: tens of milliseconds). The same module is the
 * worker's entry point.
 * @see https://sqlite.org/wal.html#checkpointing
 */
import { DatabaseSync } from 'node:sqlite';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/** What the worker is started with. */
interface CheckpointerData {
  readonly role: 'wal-checkpointer';
  readonly path: string;
  readonly intervalMs: number;
}

/** A running checkpointer thread. */
export interface WalCheckpointer {
  /** Stops the thread after its current checkpoint and closes its connection. */
  stop(): Promise<void>;
}

/**
 * Starts a thread that runs a PASSIVE WAL checkpoint on `path` every `intervalMs`; `onFailure`
 * is called (once) if the thread dies, so that the caller can fall back to SQLite's automatic
 * checkpoints.
 */
export const startWalCheckpointer = (
  path: string,
  intervalMs: number,
  onFailure: (error: unknown) => void,
): WalCheckpointer => {
  const data: CheckpointerData = { role: 'wal-checkpointer', path, intervalMs };
  const worker = new Worker(new URL(import.meta.url), { workerData: data });
  // The journal's own close stops the thread; it must not keep a process alive by itself.
  worker.unref();
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', (error) => {
    if (!stopping) onFailure(error);
  });
  return {
    async stop() {
      stopping = true;
      // Referenced again, so that the process waits for the thread to close its connection.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
};

/** Failed checkpoints in a row after which the thread gives up. */
const MAX_CONSECUTIVE_FAILURES = 50;

const runCheckpointer = ({ path, intervalMs }: CheckpointerData): void => {
  const database = new DatabaseSync(path);
  // A checkpoint fsyncs the database file before the log may be reused.
  database.exec('PRAGMA synchronous = FULL');
  const checkpoint = database.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  let failures = 0;
  const timer = setInterval(() => {
    try {
      // Never waits for the writer. Under a steady stream of commits these passes never copy the
      // last frame (commits land while a pass syncs), so the log is not started over by them: the
      // store has the journal's thread do that every so many commits (`restartLog`), with the
      // writers held off for that moment.
      checkpoint.get();
      failures = 0;
    } catch (error) {
      // A busy lock or a full disk passes; the log keeps every commit meanwhile. One that stays
      // ends the thread, and the store falls back to automatic checkpoints.
      failures += 1;
      if (failures >= MAX_CONSECUTIVE_FAILURES) throw error;
    }
  }, intervalMs);
  parentPort?.on('message', () => {
    clearInterval(timer);
    database.close();
    parentPort?.close();
  });
};

if (!isMainThread && (workerData as Partial<CheckpointerData> | undefined)?.role === 'wal-checkpointer') {
  runCheckpointer(workerData as CheckpointerData);
}
