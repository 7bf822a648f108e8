/**
 * @module auth/oauth/fetch-text
 * One GET of a document at an OAuth issuer (its JWKS, its discovery document) over HTTPS (or HTTP
 * on a loopback host) with the trust, client certificate, credentials and timeout of an
 * {@link HttpClientSettings}. Redirects are not followed; the body is limited in size; every
 * failure is an error of the caller's kind whose message names the document and the URL without
 * its query (never a credential).
 */
import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import type { HttpClientSettings } from './bearer-token-settings.ts';

/** What to fetch and how to fail. */
export interface FetchTextOptions {
  /** The document, for messages: `the JWKS`. */
  readonly what: string;
  /** The `Accept` header. */
  readonly accept: string;
  /** The largest body accepted, in bytes. */
  readonly maxBytes: number;
  /** Makes the error every failure rejects with. */
  readonly error: (message: string, options?: ErrorOptions) => Error;
}

/** The body of a 200 answer to GET `url`, as UTF-8 text. */
export const fetchText = (url: URL, client: HttpClientSettings, options: FetchTextOptions): Promise<string> =>
  new Promise((resolve, reject) => {
    const where = `${url.origin}${url.pathname}`;
    const { what, error: makeError } = options;
    const headers: Record<string, string> = { Accept: options.accept };
    const { basicCredentials } = client;
    if (basicCredentials !== undefined)
      headers.Authorization = `Basic ${Buffer.from(`${basicCredentials.username}:${basicCredentials.password}`).toString('base64')}`;
    const requestOptions: RequestOptions = { method: 'GET', headers };
    if (url.protocol === 'https:') {
      if (client.trustedCertificates !== undefined) requestOptions.ca = [...client.trustedCertificates];
      if (client.clientCertificate !== undefined) {
        requestOptions.cert = client.clientCertificate.certificateChain;
        requestOptions.key = client.clientCertificate.privateKey;
      }
      if (!client.verifyHostname) requestOptions.checkServerIdentity = () => undefined;
    }
    const onResponse = (response: IncomingMessage): void => {
      if (response.statusCode !== 200) {
        response.resume();
        fail(makeError(`fetching ${what} at ${where} answered HTTP ${response.statusCode ?? 0}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          fail(makeError(`${what} at ${where} is larger than ${options.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
      response.on('error', (error) => fail(makeError(`reading ${what} at ${where} failed`, { cause: error })));
    };
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, requestOptions, onResponse);
    const fail = (error: Error): void => {
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    const timer = setTimeout(
      () => fail(makeError(`fetching ${what} at ${where} took longer than ${client.timeoutMs} ms`)),
      client.timeoutMs,
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      fail(makeError(`fetching ${what} at ${where} failed: ${error.code ?? error.message}`, { cause: error })),
    );
    request.end();
  });
