/**
 * @module http/request-target
 * The path and query of a request's target (origin-form). Most targets are plain paths that the
 * WHATWG URL parser would return unchanged; they skip it (it costs more than the rest of the
 * bookkeeping of a small GET). Anything else — a query, a dot segment (also percent-encoded),
 * characters URL would escape or a leading `//` — goes through `URL.parse`.
 * @see RFC 9112 §3.2.1, WHATWG URL (path state)
 */

/** Characters a path keeps as they are; `.` is left out, so no dot segment can pass. */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-_~!$&'()*+,;=:@%/]*$/;
const ENCODED_DOT = /%2e/i;

/** A request target's path (as the URL parser normalizes it) and query parameters. */
export interface RequestTarget {
  readonly path: string;
  readonly query: URLSearchParams;
}

/** True when `target` is a path the URL parser returns as it is, without a query. */
export const isPlainPath = (target: string): boolean => PLAIN_PATH.test(target) && !ENCODED_DOT.test(target);

/** The path and query of `target`; undefined when it is not a URL at all (such as `//`). */
export const requestTarget = (target: string): RequestTarget | undefined => {
  if (isPlainPath(target)) return { path: target, query: new URLSearchParams() };
  const url = URL.parse(target, 'http://localhost');
  return url === null ? undefined : { path: url.pathname, query: url.searchParams };
};
