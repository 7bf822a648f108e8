/**
 * @module bench/http-client
 * One request at a time over one kept-alive connection, timed from the harness's process: time
 * to the first byte of the body, total time and bytes. Used for the requests whose latency
 * matters more than their rate (whole-list reads, commits, rollbacks, loading).
 *
 * The server closes a kept-alive connection after it has been idle for its keep-alive timeout
 * (idconf: 5 s, plus Node's 1 s of grace). A request sent on it just then is lost ("socket hang
 * up"): the client has not yet read the close. With a million entries, the other client's
 * whole-list GETs in between easily last that long, and the client, busy reading them, sends
 * right when the server closes. So a connection idle for {@link IDLE_REUSE_MS} is not reused, and
 * an idempotent request whose reused connection closed before any answer is sent again on a new
 * one (RFC 9112 §9.3.1, RFC 9110 §9.2.2). (Node's agent heeds the server's `Keep-Alive: timeout`
 * hint only when it has a socket timeout of its own.)
 *
 * A body given as a string is encoded to bytes before the connection is chosen, not while it is
 * written: Node's `request.end(string)` encodes on the event loop before the first byte goes
 * out, and a 250 MB string (a YANG Patch of a million edits) took 6–13 s to measure and encode
 * on a busy machine — long enough for the server to close the idle connection the request was
 * about to use (EPIPE while writing the body). Encoded first, that time counts as idle time and a
 * new connection is taken when it is too long; it is not part of the request's timing either.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** A kept-alive connection idle this long is closed rather than reused (the server closes at 5–6 s). */
export const IDLE_REUSE_MS = 3_000;

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

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
  #agent: HttpAgent;
  /** When the last answer ended (`performance.now()`), or undefined before the first. */
  #lastUsed: number | undefined;

  constructor(origin: string, user: string, password: string) {
    this.#origin = new URL(origin);
    this.#authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    this.#agent = this.#newAgent();
  }

  #newAgent(): HttpAgent {
    return this.#origin.protocol === 'https:'
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
  async send(
    method: string,
    path: string,
    options: { body?: string | Buffer; headers?: Record<string, string>; expected: readonly number[] },
  ): Promise<Timing> {
    const body = typeof options.body === 'string' ? Buffer.from(options.body, 'utf8') : options.body;
    if (this.#lastUsed !== undefined && performance.now() - this.#lastUsed >= IDLE_REUSE_MS) {
      this.#agent.destroy();
      this.#agent = this.#newAgent();
    }
    try {
      return await this.#exchange(method, path, body, options);
    } catch (error) {
      const lostConnection = error instanceof LostConnection;
      if (!lostConnection || !error.reused || !IDEMPOTENT.has(method)) throw lostConnection ? error.cause : error;
      this.#agent.destroy();
      this.#agent = this.#newAgent();
      return await this.#exchange(method, path, body, options);
    } finally {
      this.#lastUsed = performance.now();
    }
  }

  #exchange(
    method: string,
    path: string,
    body: Buffer | undefined,
    options: { headers?: Record<string, string>; expected: readonly number[] },
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
            ...(body === undefined ? {} : { 'Content-Length': String(body.length) }),
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
      let answered = false;
      request.on('response', () => {
        answered = true;
      });
      request.on('error', (error) => {
        reject(answered ? error : new LostConnection(error, request.reusedSocket));
      });
      request.end(body);
    });
  }

  /** Closes the kept-alive connection. */
  close(): void {
    this.#agent.destroy();
  }
}

/** The connection closed before any answer came; `reused` when it had carried an earlier exchange. */
class LostConnection extends Error {
  readonly reused: boolean;

  constructor(cause: Error, reused: boolean) {
    super(cause.message, { cause });
    this.reused = reused;
  }
}
