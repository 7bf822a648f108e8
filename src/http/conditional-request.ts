/**
 * @module http/conditional-request
 * Entity tags and modification dates of resources, and the evaluation of conditional requests,
 * for both APIs. A resource's version is the commit that last changed it, so its entity tag is
 * that commit's fixed number (`"10005"`) and its Last-Modified that commit's time. If-Match
 * compares strongly, If-None-Match weakly.
 * @see RFC 8040 §3.4.1.2–3.4.1.3, §3.5.2–3.5.3; RFC 9110 §13; shared/spec/legacy-rest.md Decision 8, §11
 */
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { PreconditionFailedError } from '../errors/index.ts';

/** The version of a resource: the fixed number and time of the commit that last changed it. */
export interface ResourceVersion {
  readonly fixedNumber: number;
  /** ISO 8601. */
  readonly timestamp: string;
  /** An entity tag of its own (unquoted) instead of the fixed number: a view's digest. */
  readonly tag?: string;
}

/** The strong entity tag of a version. @see RFC 9110 §8.8.3 */
export const entityTag = (version: ResourceVersion): string => `"${version.tag ?? version.fixedNumber}"`;

// Most responses carry the date of the same few commits: remember the last one formatted.
let lastTimestamp = '';
let lastDate = '';

/** The HTTP date of a version (whole seconds). @see RFC 9110 §8.8.2 */
export const lastModified = (version: ResourceVersion): string => {
  if (version.timestamp !== lastTimestamp) {
    lastDate = new Date(version.timestamp).toUTCString();
    lastTimestamp = version.timestamp;
  }
  return lastDate;
};

/** The ETag and Last-Modified headers of a version (none when undefined). */
export const versionHeaders = (version: ResourceVersion | undefined): OutgoingHttpHeaders =>
  version === undefined ? {} : { ETag: entityTag(version), 'Last-Modified': lastModified(version) };

/** What a precondition is evaluated against: whether the resource exists, and its version. */
export interface ResourceState {
  readonly exists: boolean;
  readonly version: ResourceVersion | undefined;
}

/** The entity tags of an If-Match / If-None-Match header; `*` is kept as such. @see RFC 9110 §13.1.1 */
const tagsOf = (header: string): string[] =>
  [...header.matchAll(/\s*(\*|(?:W\/)?"[^"]*")\s*(?:,|$)/g)].map((match) => match[1] as string);

const opaque = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag);

// Seconds since the epoch of an HTTP date; undefined when it does not parse (the header is then ignored).
const secondsOf = (header: string | undefined): number | undefined => {
  if (header === undefined) return undefined;
  const time = Date.parse(header);
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000);
};

const modifiedSeconds = (version: ResourceVersion): number => Math.floor(Date.parse(version.timestamp) / 1000);

/** The outcome of evaluating a request's preconditions. */
export type PreconditionOutcome = 'proceed' | 'not-modified';

/**
 * Evaluates If-Match, If-Unmodified-Since, If-None-Match and If-Modified-Since in the order of
 * RFC 9110 §13.2.2. Throws PreconditionFailedError (412) when the request must not proceed; for
 * GET and HEAD a matching If-None-Match or an unmodified resource gives `not-modified` (304).
 */
export const evaluatePreconditions = (
  request: Pick<IncomingMessage, 'method' | 'headers'>,
  state: ResourceState,
): PreconditionOutcome => {
  const { headers } = request;
  const read = request.method === 'GET' || request.method === 'HEAD';
  const current = state.version === undefined || !state.exists ? undefined : entityTag(state.version);
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined) {
    const tags = tagsOf(ifMatch);
    const matched = state.exists && (tags.includes('*') || (current !== undefined && tags.includes(current)));
    if (!matched)
      throw new PreconditionFailedError(
        state.exists
          ? `If-Match ${ifMatch} does not match the resource's entity tag ${current ?? '(none)'}`
          : `If-Match ${ifMatch} fails: the resource does not exist`,
        { type: 'protocol' },
      );
  } else if (state.exists && state.version !== undefined) {
    const since = secondsOf(headers['if-unmodified-since']);
    if (since !== undefined && modifiedSeconds(state.version) > since)
      throw new PreconditionFailedError(
        `the resource was modified at ${lastModified(state.version)}, after If-Unmodified-Since`,
        { type: 'protocol' },
      );
  }
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const tags = tagsOf(ifNoneMatch);
    const matched =
      state.exists && (tags.includes('*') || (current !== undefined && tags.some((tag) => opaque(tag) === current)));
    if (!matched) return 'proceed';
    if (read) return 'not-modified';
    throw new PreconditionFailedError(
      tags.includes('*') ? 'If-None-Match * fails: the resource exists' : `If-None-Match ${ifNoneMatch} matches`,
      { type: 'protocol' },
    );
  }
  if (read && state.exists && state.version !== undefined) {
    const since = secondsOf(headers['if-modified-since']);
    if (since !== undefined && modifiedSeconds(state.version) <= since) return 'not-modified';
  }
  return 'proceed';
};
