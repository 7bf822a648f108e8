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

/** Frames in the log (about 4 KiB each) from which a checkpoint also starts the log over. */
const RESTART_FRAMES = 1000;
/** At most this many frames left uncopied by the passive pass for a RESTART pass to follow it. */
const RESTART_SLACK_FRAMES = 64;

/** Failed checkpoints in a row after which the thread gives up. */
const MAX_CONSECUTIVE_FAILURES = 50;

const runCheckpointer = ({ path, intervalMs }: CheckpointerData): void => {
  const database = new DatabaseSync(path);
  // A checkpoint fsyncs the database file before the log may be reused.
  database.exec('PRAGMA synchronous = FULL');
  const checkpoint = database.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  const restart = database.prepare('PRAGMA wal_checkpoint(RESTART)');
  let failures = 0;
  const timer = setInterval(() => {
    try {
      const { log, checkpointed } = checkpoint.get() as { log: number; checkpointed: number };
      // Under a steady stream of commits a passive checkpoint never catches up with the last
      // frame (commits append while it syncs), so the writer never starts the log over: the log
      // grows without end and every commit extends the file, whose flush then costs the file
      // system's journal too. Now and then, once the passive pass has copied nearly everything,
      // a RESTART pass copies the rest while it holds the writers off for that moment (a few
      // frames and one sync of the database file), so that the next commit starts the log over
      // and overwrites frames instead of appending them. Without a busy handler it only tries:
      // when a writer or a reader is in the way it copies what it can and the next tick retries.
      if (log >= RESTART_FRAMES && log - checkpointed <= RESTART_SLACK_FRAMES) restart.get();
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
