/**
 * @module auth/hash-worker
 * A worker thread that computes slow password hashes (SHA-crypt with many rounds, bcrypt) off
 * the event loop, so that one login does not stall every other request. The worker script
 * answers `{ id, password, setting }` with `{ id, hash }` or `{ id, error }`.
 */
import { Worker } from 'node:worker_threads';

/** A request to a hash worker. */
export interface HashWorkerRequest {
  readonly id: number;
  readonly password: string;
  /** The scheme's setting string: identifier, cost and salt (e.g. `$6$rounds=5000$salt`, `$2b$12$salt`). */
  readonly setting: string;
}

/** A hash worker's answer. */
export type HashWorkerReply =
  | { readonly id: number; readonly hash: string }
  | { readonly id: number; readonly error: string };

/** One lazily started worker shared by all verifications of a scheme; it does not keep the process alive. */
export class HashWorker {
  readonly #script: URL;
  readonly #name: string;
  #worker: Worker | undefined;
  #nextId = 0;
  readonly #pending = new Map<number, { resolve(hash: string): void; reject(error: Error): void }>();

  /** `script` is the worker's module; `name` labels its errors. */
  constructor(script: URL, name: string) {
    this.#script = script;
    this.#name = name;
  }

  /** The hash of `password` with `setting`, as the scheme's crypt function formats it. */
  compute(password: string, setting: string): Promise<string> {
    const worker = this.#start();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      if (this.#pending.size === 1) worker.ref();
      worker.postMessage({ id, password, setting } satisfies HashWorkerRequest);
    });
  }

  #start(): Worker {
    if (this.#worker !== undefined) return this.#worker;
    const worker = new Worker(this.#script);
    worker.unref();
    worker.on('message', (reply: HashWorkerReply) => {
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if ('hash' in reply) pending?.resolve(reply.hash);
      else pending?.reject(new Error(`${this.#name}: ${reply.error}`));
    });
    const fail = (error: Error): void => {
      this.#worker = undefined;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the ${this.#name} worker exited with code ${code}`)));
    this.#worker = worker;
    return worker;
  }
}
