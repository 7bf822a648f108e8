/**
 * @module http/stored-read-answer
 * What both APIs' fast paths of GET of one list entry share: which requests they may take at all,
 * and the answer they send for a stored resource — 304 when a precondition says the client's copy
 * is current, else 200 with the body whole, its version headers and the headers the general
 * pipeline sends with such a body. @see RFC 9110 §13, §15.4.5
 */
import {
  entityTag,
  evaluatePreconditions,
  lastModified,
  type ResourceVersion,
  versionHeaders,
} from './conditional-request.ts';
import { WHOLE_BODY_LIMIT, writeEmpty } from './response-writer.ts';
import type { FastRequest, FastResponse } from './route.ts';

/**
 * True when `request` is a GET of exactly `path` (no query: the URL parser left the target as
 * it was) under `prefix`, without a body or the preconditions only the general pipeline checks
 * (`If-Match`, `If-Unmodified-Since`): the only requests a fast path of a stored read considers.
 */
export const isPlainStoredGet = (request: FastRequest, path: string, prefix: string): boolean => {
  if (request.method !== 'GET' || request.url !== path || !path.startsWith(prefix)) return false;
  const { headers } = request;
  return (
    headers['content-type'] === undefined &&
    headers['if-match'] === undefined &&
    headers['if-unmodified-since'] === undefined
  );
};

/**
 * Answers a GET of a stored resource at `version`: 304 when `If-None-Match` or
 * `If-Modified-Since` says the client has it, else 200 with the body `body()` makes, sent whole
 * as `mediaType`. Returns false, having written nothing, when `body()` gives undefined or a body
 * the general pipeline would stream instead (larger than it sends whole).
 */
export const answerStoredRead = (
  request: FastRequest,
  response: FastResponse,
  version: ResourceVersion,
  mediaType: string,
  body: () => string | undefined,
): boolean => {
  if (evaluatePreconditions(request, { exists: true, version }) === 'not-modified') {
    writeEmpty(response, 304, versionHeaders(version));
    return true;
  }
  const text = body();
  if (text === undefined || text.length > WHOLE_BODY_LIMIT) return false;
  response.writeHead(200, [
    'Cache-Control',
    'no-cache',
    'Content-Length',
    String(Buffer.byteLength(text)),
    'Content-Type',
    mediaType,
    'ETag',
    entityTag(version),
    'Last-Modified',
    lastModified(version),
  ]);
  response.end(text);
  return true;
};
