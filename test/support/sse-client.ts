/**
 * @module test/support/sse-client
 * A Server-Sent Events client for tests over real HTTP(S) sockets: parses the stream as the W3C
 * specification does (fields `id`, `data`, `event`, `retry`; comments; dispatch on a blank line;
 * `data` lines joined with LF), keeps every event and comment, and can stop reading (pause the
 * socket) to play a slow subscriber. It accepts the test server's self-signed certificate.
 */
import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** One dispatched event. */
export interface SseEvent {
  /** The `id` field of this event, if it had one. */
  readonly id: string | undefined;
  /** The `event` field, if any (RESTCONF servers should not send one). */
  readonly event: string | undefined;
  readonly data: string;
}

/** An open event stream (or the error response that refused it). */
export class SseConnection {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  /** Every event received so far. */
  readonly events: SseEvent[] = [];
  /** Every comment line received so far (without the colon). */
  readonly comments: string[] = [];
  /** The body of a response that is not an event stream. */
  body = '';
  /** True once the server ended the response. */
  ended = false;
  readonly #response: IncomingMessage;
  #buffer = '';
  #data: string[] = [];
  #id: string | undefined;
  #eventType: string | undefined;
  #waiters: (() => void)[] = [];

  private constructor(response: IncomingMessage) {
    this.#response = response;
    this.status = response.statusCode ?? 0;
    this.headers = response.headers;
    const streaming = String(response.headers['content-type'] ?? '').startsWith('text/event-stream');
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      if (streaming) this.#parse(chunk);
      else this.body += chunk;
      this.#notify();
    });
    const end = () => {
      this.ended = true;
      this.#notify();
    };
    response.on('end', end);
    response.on('close', end);
    response.on('error', end);
  }

  /** Sends GET `url` and resolves once the response headers are in. */
  static open(url: string, headers: Readonly<Record<string, string>> = {}, method = 'GET'): Promise<SseConnection> {
    return new Promise((resolve, reject) => {
      const target = new URL(url);
      const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(
        target,
        { method, headers: { Accept: 'text/event-stream', ...headers }, rejectUnauthorized: false },
        (response) => resolve(new SseConnection(response)),
      );
      request.on('error', reject);
      request.end();
    });
  }

  /** Waits until `count` events have arrived (or the stream ended); returns them all. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<SseEvent[]> {
    await this.#until(() => this.events.length >= count || this.ended, timeoutMs, `${count} events`);
    return this.events;
  }

  /** Waits until the server ends the response. */
  async waitForEnd(timeoutMs = 10_000): Promise<SseEvent[]> {
    await this.#until(() => this.ended, timeoutMs, 'the end of the stream');
    return this.events;
  }

  /** Stops reading: the server's writes back up as they would for a slow client. */
  pause(): void {
    this.#response.socket?.pause();
    this.#response.pause();
  }

  /** Reads again. */
  resume(): void {
    this.#response.socket?.resume();
    this.#response.resume();
  }

  /** Closes the connection, as a client that goes away. */
  close(): void {
    const { socket } = this.#response;
    this.#response.destroy();
    socket?.destroy();
  }

  /** The `id` of the last event that had one: what an EventSource sends back as Last-Event-ID. */
  get lastEventId(): string | undefined {
    return this.events.findLast((event) => event.id !== undefined)?.id;
  }

  #parse(chunk: string): void {
    this.#buffer += chunk;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.#buffer);
      // A CR at the end of the buffer may be the first half of CR LF: wait for more.
      if (match === null || (match[0] === '\r' && match.index === this.#buffer.length - 1)) return;
      const line = this.#buffer.slice(0, match.index);
      this.#buffer = this.#buffer.slice(match.index + match[0].length);
      this.#line(line);
    }
  }

  #line(line: string): void {
    if (line === '') {
      if (this.#data.length > 0)
        this.events.push({ id: this.#id, event: this.#eventType, data: this.#data.join('\n') });
      this.#data = [];
      this.#id = undefined;
      this.#eventType = undefined;
      return;
    }
    if (line.startsWith(':')) {
      this.comments.push(line.slice(1).trim());
      return;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.#data.push(value);
    else if (field === 'id') this.#id = value;
    else if (field === 'event') this.#eventType = value;
  }

  #notify(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const waiter of waiters) waiter();
  }

  async #until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `timed out waiting for ${what}; got ${this.events.length} events: ${JSON.stringify(this.events)}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}
