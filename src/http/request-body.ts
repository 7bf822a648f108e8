/**
 * @module http/request-body
 * Reads a request body into memory with a size limit; a larger body is a 413 error.
 */
import type { IncomingMessage } from 'node:http';
import { PayloadTooLargeError } from '../errors/index.ts';

/** The default request body limit: 10 MiB. */
export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;

/** Reads the whole body; rejects with {@link PayloadTooLargeError} as soon as it exceeds `limit` bytes. */
export const readRequestBody = async (request: IncomingMessage, limit: number): Promise<Buffer> => {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) {
      request.resume();
      throw tooLarge(limit);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
};

const tooLarge = (limit: number): PayloadTooLargeError =>
  new PayloadTooLargeError(`the request body is larger than the limit of ${limit} bytes; send a smaller body`, {
    type: 'transport',
  });
