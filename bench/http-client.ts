/**
 * @module bench/http-client
 * One request at a time over one kept-alive connection, timed from the harness's process: time
 * to the first byte of the body, total time and bytes. Used for the requests whose latency
 * matters more than their rate (whole-list reads, commits, rollbacks, loading).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** The timing of one exchange. */
export interface Timing {
  readonly status: number;
  /** Milliseconds from sending the request to the first byte of the body (or the end, without a body). */
  readonly firstByteMs: number;
  readonly totalMs: number;
  readonly bytes: number;
  readonly body: Buffer;
}

/** A client of one server: base URL, credentials and a kept-alive connection. */
export class BenchClient {
  readonly #origin: URL;
  readonly #authorization: string;
  readonly #agent: HttpAgent;

  constructor(origin: string, user: string, password: string) {
    this.#origin = new URL(origin);
    this.#authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    this.#agent =
      this.#origin.protocol === 'https:'
        ? new HttpsAgent({ keepAlive: true, maxSockets: 1, rejectUnauthorized: false })
        : new HttpAgent({ keepAlive: true, maxSockets: 1 });
  }

  /** The `Authorization` header value. */
  get authorization(): string {
    return this.#authorization;
  }

  /**
   * Sends one request and reads the whole answer. Throws when the status is not one of
   * `expected`, with the body of the answer.
   */
  send(
    method: string,
    path: string,
    options: { body?: string | Buffer; headers?: Record<string, string>; expected: readonly number[] },
  ): Promise<Timing> {
    const send = this.#origin.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const started = performance.now();
      let firstByte: number | undefined;
      const request = send(
        new URL(path, this.#origin),
        {
          method,
          agent: this.#agent,
          headers: {
            Authorization: this.#authorization,
            ...(options.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(options.body)) }),
            ...options.headers,
          },
        },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let bytes = 0;
          response.on('data', (chunk: Buffer) => {
            firstByte ??= performance.now();
            bytes += chunk.length;
            chunks.push(chunk);
          });
          response.on('error', reject);
          response.on('end', () => {
            const ended = performance.now();
            const status = response.statusCode ?? 0;
            const body = Buffer.concat(chunks);
            if (!options.expected.includes(status)) {
              reject(new Error(`${method} ${path}: status ${status}: ${body.toString('utf8').slice(0, 500)}`));
              return;
            }
            resolve({
              status,
              firstByteMs: (firstByte ?? ended) - started,
              totalMs: ended - started,
              bytes,
              body,
            });
          });
        },
      );
      request.on('error', reject);
      request.end(options.body);
    });
  }

  /** Closes the kept-alive connection. */
  close(): void {
    this.#agent.destroy();
  }
}
