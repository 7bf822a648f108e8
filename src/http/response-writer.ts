/**
 * @module http/response-writer
 * Writes the responses of both APIs: every response says `Cache-Control: no-cache`, small bodies
 * go out whole with `Content-Length`, large ones are streamed from an encoder's chunks with
 * back-pressure, and HEAD gets the headers of GET without a body.
 * @see RFC 8040 §4.3 (HEAD), §5.5 (Cache-Control), RFC 9110 §9.3.2, shared/spec/legacy-rest.md §7
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastResponse } from './route.ts';

const NO_CACHE = { 'Cache-Control': 'no-cache' } as const;

/**
 * Resolves true when the socket can take more, false when the response closed first (the client
 * went away). Both listeners are removed either way, so a long stream does not pile them up.
 */
const drained = (response: ServerResponse): Promise<boolean> =>
  new Promise((resolve) => {
    const settle = (writable: boolean) => () => {
      response.off('drain', onDrain);
      response.off('close', onClose);
      resolve(writable);
    };
    const onDrain = settle(true);
    const onClose = settle(false);
    if (response.destroyed) {
      resolve(false);
      return;
    }
    response.on('drain', onDrain);
    response.on('close', onClose);
  });

/**
 * Bodies up to this many UTF-16 units go out whole, with `Content-Length`, in one write; longer
 * ones are streamed with chunked transfer coding once the encoder has yielded this much.
 */
export const WHOLE_BODY_LIMIT = 64 * 1024;

/**
 * Writes status, headers and the encoder's chunks. A body that ends within
 * {@link WHOLE_BODY_LIMIT} is sent whole with its `Content-Length` (one socket write, and an
 * error thrown while encoding it can still become an error response). A longer one is streamed,
 * waiting for `drain` whenever the socket's buffer is full, so that a large list is never held in
 * memory twice; a client that goes away ends the loop. HEAD gets the headers GET would get.
 */
export const writeChunks = async (
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  chunks: Iterable<string>,
): Promise<void> => {
  const iterator = chunks[Symbol.iterator]();
  const head: string[] = [];
  let length = 0;
  for (let step = iterator.next(); step.done !== true; step = iterator.next()) {
    head.push(step.value);
    length += step.value.length;
    if (length > WHOLE_BODY_LIMIT) {
      await stream(request, response, status, headers, head, iterator);
      return;
    }
  }
  writeText(request, response, status, headers, head.length === 1 ? (head[0] as string) : head.join(''));
};

const stream = async (
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  head: readonly string[],
  rest: Iterator<string>,
): Promise<void> => {
  response.writeHead(status, { ...NO_CACHE, ...headers });
  if (request.method === 'HEAD') {
    rest.return?.();
    response.end();
    return;
  }
  if (!response.write(head.join('')) && !(await drained(response))) return;
  for (let step = rest.next(); step.done !== true; step = rest.next()) {
    const chunk = step.value;
    if (chunk.length === 0) continue;
    if (!response.write(chunk) && !(await drained(response))) return;
  }
  response.end();
};

/** Writes a whole small body with its Content-Length (no body for HEAD). */
export const writeText = (
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: string,
): void => {
  response.writeHead(status, { ...NO_CACHE, 'Content-Length': Buffer.byteLength(body), ...headers });
  response.end(request.method === 'HEAD' ? undefined : body);
};

/** Writes a response without a body (200 to OPTIONS, 201, 204, 304); 200 and 201 say `Content-Length: 0`. */
export const writeEmpty = (response: FastResponse, status: number, headers: OutgoingHttpHeaders = {}): void => {
  const length = status === 200 || status === 201 ? { 'Content-Length': 0 } : {};
  response.writeHead(status, { ...NO_CACHE, ...length, ...headers });
  response.end();
};
