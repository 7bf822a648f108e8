/**
 * @module server/log-destination
 * Standard output for the log, written in batches: lines collect for at most
 * {@link BATCH_DELAY_MS} (or until {@link BATCH_BYTES}) and go out in one write, so that a busy
 * server pays one system call per batch instead of one per request. Each batch is written
 * synchronously (sonic-boom in sync mode, pino's own default for standard output; it retries a
 * full non-blocking pipe): a batch handed on is in the file when the call returns, so `flushSync`
 * before the process exits leaves nothing behind. An asynchronous writer could not promise that:
 * a write still in flight on the thread pool when the process exits is lost.
 */
import pino from 'pino';

/** Longest a line waits before it is written. */
export const BATCH_DELAY_MS = 20;
/** A batch this long (UTF-16 units) is written at once. */
export const BATCH_BYTES = 64 * 1024;

/** The line sink pino writes to; see the module comment. */
export class BatchedLogDestination {
  readonly #target: ReturnType<typeof pino.destination>;
  #pending: string[] = [];
  #length = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(fd = 1) {
    this.#target = pino.destination({ dest: fd, sync: true });
  }

  /** Queues one line (pino passes whole lines, newline included). */
  write(line: string): boolean {
    this.#pending.push(line);
    this.#length += line.length;
    if (this.#length >= BATCH_BYTES) this.flush();
    else if (this.#timer === undefined) {
      this.#timer = setTimeout(() => this.flush(), BATCH_DELAY_MS);
      this.#timer.unref();
    }
    return true;
  }

  /** Hands the queued lines to the writer now. */
  flush(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending.length === 0) return;
    const text = this.#pending.join('');
    this.#pending = [];
    this.#length = 0;
    this.#target.write(text);
  }

  /** Writes every queued line before returning (before the process exits). */
  flushSync(): void {
    this.flush();
    try {
      this.#target.flushSync();
    } catch {
      // Not open yet, or closed: nothing more can be written.
    }
  }
}
