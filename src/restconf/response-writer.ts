/**
 * @module restconf/response-writer
 * Writes RESTCONF responses: the headers every response carries (`Cache-Control: no-cache`),
 * bodies streamed from an encoder's chunks with back-pressure, and HEAD answered with the
 * headers of GET and no body.
 * @see RFC 8040 §4.3 (HEAD), §5.5 (Cache-Control), RFC 9110 §9.3.2
 */

import { once } from 'node:events';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** Writes status and headers, then the chunks (none for HEAD), waiting whenever the socket is full. */
export const writeChunks = async (
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  chunks: Iterable<string>,
): Promise<void> => {
  response.writeHead(status, { 'Cache-Control': 'no-cache', ...headers });
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  for (const chunk of chunks) {
    if (chunk.length === 0) continue;
    if (!response.write(chunk)) {
      const [closed] = await Promise.race([
        once(response, 'drain').then(() => [false] as const),
        once(response, 'close').then(() => [true] as const),
      ]);
      if (closed) return;
    }
  }
  response.end();
};

/** Writes a whole small body (with its Content-Length). */
export const writeText = (
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: string,
): void => {
  response.writeHead(status, { 'Cache-Control': 'no-cache', 'Content-Length': Buffer.byteLength(body), ...headers });
  response.end(request.method === 'HEAD' ? undefined : body);
};

/** Writes a response without a body (201, 204, 304). */
export const writeEmpty = (response: ServerResponse, status: number, headers: OutgoingHttpHeaders = {}): void => {
  response.writeHead(status, { 'Cache-Control': 'no-cache', ...headers });
  response.end();
};
