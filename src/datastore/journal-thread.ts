/**
 * @module datastore/journal-thread
 * The main thread's end of the SQLite journal's thread (`sqlite-journal-worker.ts`): requests
 * out, replies matched back to their promises, errors given their class again, and the log lines
 * the thread sends written to the main thread's log. The thread keeps the process alive only
 * while a request is waiting for it.
 */
import { Worker } from 'node:worker_threads';
import { CommitFailedError } from '../errors/index.ts';
import type { Logger } from '../util/index.ts';
import type { JournalOperation, JournalReply, JournalRequest } from './journal-wire.ts';
import { fromWireError } from './journal-wire.ts';
import type { JournalWorkerData } from './sqlite-journal-worker.ts';

interface Waiting {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** A running journal thread. */
export class JournalThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, Waiting>();
  readonly #exited: Promise<void>;
  #next = 1;
  /** Set once the thread has died: every request fails with it. */
  #failure: Error | undefined;

  /**
   * `onAutomaticWalCheckpoints`: called when the thread reports that its WAL checkpointer stopped
   * (other connections that write the journal must then checkpoint the WAL themselves).
   */
  constructor(data: JournalWorkerData, logger: Logger, onAutomaticWalCheckpoints?: () => void) {
    this.#worker = new Worker(new URL('./sqlite-journal-worker.ts', import.meta.url), { workerData: data });
    this.#worker.unref();
    this.#exited = new Promise((resolve) => this.#worker.once('exit', () => resolve()));
    this.#worker.on('message', (reply: JournalReply) => {
      if ('log' in reply) {
        logger.warn({ err: fromWireError(reply.log.error) }, reply.log.message);
        if (reply.automaticWalCheckpoints === true) onAutomaticWalCheckpoints?.();
        return;
      }
      const waiting = this.#waiting.get(reply.id);
      if (waiting === undefined) return;
      this.#settled(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(fromWireError(reply.error));
    });
    const fail = (error: Error): void => {
      this.#failure ??= new CommitFailedError(`the journal thread stopped: ${error.message}`, { cause: error });
      for (const [id, waiting] of this.#waiting) {
        this.#settled(id);
        waiting.reject(this.#failure);
      }
    };
    this.#worker.on('error', fail);
    this.#worker.once('exit', (code) => fail(new Error(`it exited with code ${code}`)));
  }

  /** Sends one request; resolves with its reply's value. `transfer`: buffers moved with it. */
  call<T>(op: JournalOperation, args: readonly unknown[], transfer: readonly ArrayBuffer[] = []): Promise<T> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      if (this.#waiting.size === 0) this.#worker.ref();
      this.#waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      const request: JournalRequest = { id, op, args };
      this.#worker.postMessage(request, [...transfer]);
    });
  }

  #settled(id: number): void {
    this.#waiting.delete(id);
    if (this.#waiting.size === 0) this.#worker.unref();
  }

  /** Resolves once the thread has ended by itself (after `close`), ending it after a while if it does not. */
  async ended(): Promise<void> {
    this.#worker.ref();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.#exited, new Promise((resolve) => (timer = setTimeout(resolve, 5000)))]);
    clearTimeout(timer);
    await this.#worker.terminate();
  }

  /** Ends the thread now (when it was never opened). */
  async terminate(): Promise<void> {
    this.#worker.ref();
    await this.#worker.terminate();
  }
}
