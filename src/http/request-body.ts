/**
 * @module http/request-body
 * Reads a request body into memory with a size limit; a larger body is a 413 error. Both APIs
 * read their bodies as UTF-8 text through {@link readRequestText}.
 */
import type { IncomingMessage } from 'node:http';
import { MalformedMessageError, PayloadTooLargeError } from '../errors/index.ts';

/** The default request body limit: 10 MiB. */
export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * The body's chunks as they arrive; throws {@link PayloadTooLargeError} as soon as the declared
 * length or the bytes received exceed `limit` (the rest of the body is then drained unread).
 */
async function* limitedChunks(request: IncomingMessage, limit: number): AsyncGenerator<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) {
      request.resume();
      throw tooLarge(limit);
    }
    yield buffer;
  }
}

/** Reads the whole body; rejects with {@link PayloadTooLargeError} as soon as it exceeds `limit` bytes. */
export const readRequestBody = async (request: IncomingMessage, limit: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const buffer of limitedChunks(request, limit)) chunks.push(buffer);
  return Buffer.concat(chunks);
};

/**
 * Reads the whole body as UTF-8 text (a byte order mark is dropped), undefined when it has no
 * byte; rejects as {@link readRequestBody} does, and with {@link MalformedMessageError} when the
 * body is not UTF-8. The bytes are decoded as they arrive, so a large body is never held as
 * bytes and as text at once.
 */
export const readRequestText = async (request: IncomingMessage, limit: number): Promise<string | undefined> => {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (buffer?: Buffer): string => {
    try {
      return buffer === undefined ? decoder.decode() : decoder.decode(buffer, { stream: true });
    } catch {
      throw new MalformedMessageError('the request body is not valid UTF-8');
    }
  };
  const parts: string[] = [];
  let size = 0;
  for await (const buffer of limitedChunks(request, limit)) {
    size += buffer.length;
    parts.push(decode(buffer));
  }
  parts.push(decode());
  return size === 0 ? undefined : parts.join('');
};

const tooLarge = (limit: number): PayloadTooLargeError =>
  new PayloadTooLargeError(`the request body is larger than the limit of ${limit} bytes; send a smaller body`, {
    type: 'transport',
  });
