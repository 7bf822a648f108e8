/**
 * @module test/support/https-request
 * A small HTTP(S) client for tests that accepts the server's self-signed certificate.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** A response as the tests look at it. */
export interface TestResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Every header as the list of its field lines (e.g. one entry per `WWW-Authenticate` challenge). */
  readonly headersDistinct: Readonly<Record<string, string[] | undefined>>;
  readonly body: string;
}

/** Options of {@link send}. */
export interface SendOptions {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

/**
 * Sends one request to `url` and collects the whole response. A request on a kept-alive socket
 * that the server closed meanwhile (its idle timeout, easily reached on a loaded machine) is
 * sent once more on a new one, as Node's documentation advises for `reusedSocket`.
 */
export const send = (url: string, options: SendOptions = {}): Promise<TestResponse> =>
  sendOnce(url, options).catch((error: unknown) => {
    if (error instanceof ReusedSocketReset) return sendOnce(url, options);
    throw error;
  });

/** The server reset a kept-alive socket before answering: nothing reached it. */
class ReusedSocketReset extends Error {}

const sendOnce = (url: string, options: SendOptions): Promise<TestResponse> =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(
      target,
      { method: options.method ?? 'GET', headers: options.headers, rejectUnauthorized: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            headersDistinct: response.headersDistinct,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (request.reusedSocket && error.code === 'ECONNRESET') reject(new ReusedSocketReset(error.message));
      else reject(error);
    });
    request.end(options.body);
  });
