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
 * Passes the body's chunks to `take` as they arrive and resolves with the number of bytes once
 * it has ended; rejects with {@link PayloadTooLargeError} as soon as the declared length or the
 * bytes received exceed `limit`, and with what `take` throws (the rest of the body is then
 * drained unread). Listens to the stream's events rather than iterating it: an async iterator
 * costs several promises per chunk, and most bodies are one small chunk.
 */
const takeChunks = (request: IncomingMessage, limit: number, take: (chunk: Buffer) => void): Promise<number> =>
  new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(tooLarge(limit));
      return;
    }
    // Events that have already happened will not come again.
    if (request.readableEnded) {
      resolve(0);
      return;
    }
    if (request.destroyed) {
      reject(closedEarly());
      return;
    }
    let size = 0;
    const finish = (error?: unknown): void => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', finish);
      request.off('close', onClose);
      if (error === undefined) resolve(size);
      else reject(error);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      try {
        if (size > limit) throw tooLarge(limit);
        take(chunk);
      } catch (error) {
        finish(error);
        request.resume();
      }
    };
    const onEnd = (): void => finish();
    const onClose = (): void => finish(closedEarly());
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', finish);
    request.once('close', onClose);
  });

/** Reads the whole body; rejects with {@link PayloadTooLargeError} as soon as it exceeds `limit` bytes. */
export const readRequestBody = async (request: IncomingMessage, limit: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  await takeChunks(request, limit, (chunk) => {
    chunks.push(chunk);
  });
  return Buffer.concat(chunks);
};

/**
 * Reads the whole body as UTF-8 text in the pieces it arrived in (a byte order mark is dropped;
 * no piece is empty), undefined when it has no byte; `onPart` (if given) sees each piece as soon
 * as it is decoded, while the rest of the body is still arriving (what it throws is the read's
 * error). Rejects as {@link readRequestBody} does, and with {@link MalformedMessageError} when the
 * body is not UTF-8 (a character split between two chunks is decoded whole).
 */
export const readRequestTextParts = async (
  request: IncomingMessage,
  limit: number,
  onPart?: (part: string, parts: readonly string[]) => void,
): Promise<string[] | undefined> => {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (buffer?: Buffer): string => {
    try {
      return buffer === undefined ? decoder.decode() : decoder.decode(buffer, { stream: true });
    } catch {
      throw new MalformedMessageError('the request body is not valid UTF-8');
    }
  };
  const parts: string[] = [];
  const add = (part: string): void => {
    if (part === '') return;
    parts.push(part);
    onPart?.(part, parts);
  };
  const size = await takeChunks(request, limit, (chunk) => add(decode(chunk)));
  add(decode());
  return size === 0 ? undefined : parts;
};

/**
 * Reads the whole body as UTF-8 text (a byte order mark is dropped), undefined when it has no
 * byte; rejects as {@link readRequestTextParts} does. The bytes are decoded as they arrive, so a
 * large body is never held as bytes and as text at once.
 */
export const readRequestText = async (request: IncomingMessage, limit: number): Promise<string | undefined> =>
  joinParts(await readRequestTextParts(request, limit));

/** The text of a body read by {@link readRequestTextParts}. */
export const joinParts = (parts: readonly string[] | undefined): string | undefined =>
  parts === undefined ? undefined : parts.length === 1 ? (parts[0] as string) : parts.join('');

const closedEarly = (): Error => new Error('the connection closed before the request body ended');

const tooLarge = (limit: number): PayloadTooLargeError =>
  new PayloadTooLargeError(`the request body is larger than the limit of ${limit} bytes; send a smaller body`, {
    type: 'transport',
  });
