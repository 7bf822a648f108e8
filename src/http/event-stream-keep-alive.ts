/**
 * @module http/event-stream-keep-alive
 * Keeps idle event streams open: every interval, each open stream that is not waiting for its
 * client to read gets a comment line, so that proxies and load balancers that close silent
 * connections leave it alone. One timer serves every stream (a thousand idle subscribers cost
 * one timer, not a thousand), and it runs only while a stream is open.
 * @see W3C Server-Sent Events §9.2 (comments), §10 (proxies)
 */
import type { ServerResponse } from 'node:http';
import { SERVER_SENT_COMMENT } from './server-sent-events.ts';

/** Default interval between keep-alive comments. */
export const KEEP_ALIVE_INTERVAL_MS = 30_000;

/** The open event streams of one server and the timer that keeps them alive. */
export class EventStreamKeepAlive {
  readonly #intervalMs: number;
  readonly #streams = new Set<ServerResponse>();
  #timer: NodeJS.Timeout | undefined;

  constructor(intervalMs = KEEP_ALIVE_INTERVAL_MS) {
    this.#intervalMs = intervalMs;
  }

  /** The number of streams kept alive. */
  get size(): number {
    return this.#streams.size;
  }

  /** Keeps `response` alive until {@link delete}. */
  add(response: ServerResponse): void {
    this.#streams.add(response);
    if (this.#timer === undefined) {
      this.#timer = setInterval(() => this.#tick(), this.#intervalMs);
      this.#timer.unref();
    }
  }

  /** Stops keeping `response` alive. */
  delete(response: ServerResponse): void {
    this.#streams.delete(response);
    if (this.#streams.size === 0 && this.#timer !== undefined) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
  }

  #tick(): void {
    for (const response of this.#streams)
      if (!response.destroyed && !response.writableEnded && !response.writableNeedDrain)
        response.write(SERVER_SENT_COMMENT);
  }
}
