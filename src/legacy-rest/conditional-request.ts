/**
 * @module legacy-rest/conditional-request
 * ETag, Last-Modified and the `If-*` preconditions of `/running` and the configuration below
 * it, as on the RESTCONF API: a resource's version is the commit that last changed it, so its
 * entity tag is that commit's fixed number (`"10005"`) and its Last-Modified that commit's time.
 * Reads answer 304 when unchanged; writes whose preconditions fail are 412 and change nothing.
 * @see shared/spec/legacy-rest.md Decision 8, §11; RFC 9110 §13 (evaluation order §13.2.2)
 */
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import type { NodeVersion } from '../datastore/index.ts';
import { PreconditionFailedError } from '../errors/index.ts';

/** The strong entity tag of a version. @see RFC 9110 §8.8.3 */
export const entityTagOf = (version: NodeVersion): string => `"${version.fixedNumber}"`;

/** The HTTP date of a version. @see RFC 9110 §8.8.2 */
export const lastModifiedOf = (version: NodeVersion): string => new Date(version.timestamp).toUTCString();

/** The ETag and Last-Modified headers of a version (none when undefined). */
export const versionHeaders = (version: NodeVersion | undefined): OutgoingHttpHeaders =>
  version === undefined ? {} : { ETag: entityTagOf(version), 'Last-Modified': lastModifiedOf(version) };

/** What preconditions are evaluated against: whether the resource exists, and its version. */
export interface ResourceState {
  readonly exists: boolean;
  readonly version: NodeVersion | undefined;
}

/** The outcome of evaluating the preconditions of a request that may proceed. */
export type PreconditionOutcome = 'proceed' | 'not-modified';

/** The entity tags listed in an If-Match / If-None-Match header (`*` kept as such). */
const listedTags = (header: string): string[] =>
  [...header.matchAll(/\s*(\*|(?:W\/)?"[^"]*")\s*(?:,|$)/g)].map((match) => match[1] as string);

/** Whole seconds of an HTTP date; undefined when it does not parse (the header is then ignored). */
const secondsOf = (date: string | undefined): number | undefined => {
  if (date === undefined) return undefined;
  const time = Date.parse(date);
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000);
};

const modifiedSeconds = (version: NodeVersion): number => Math.floor(Date.parse(version.timestamp) / 1000);

const failed = (message: string): PreconditionFailedError => new PreconditionFailedError(message, { type: 'protocol' });

/**
 * Evaluates If-Match, If-Unmodified-Since, If-None-Match and If-Modified-Since in the order of
 * RFC 9110 §13.2.2. Throws PreconditionFailedError (412) when the request must not proceed; a
 * read whose If-None-Match matches, or that is unmodified since If-Modified-Since, is
 * `not-modified` (304). If-Match compares strongly, If-None-Match weakly.
 */
export const evaluatePreconditions = (request: IncomingMessage, state: ResourceState): PreconditionOutcome => {
  const { headers } = request;
  const read = request.method === 'GET' || request.method === 'HEAD';
  const current = state.exists && state.version !== undefined ? entityTagOf(state.version) : undefined;
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined) {
    const tags = listedTags(ifMatch);
    if (!state.exists || !(tags.includes('*') || (current !== undefined && tags.includes(current))))
      throw failed(
        state.exists
          ? `If-Match ${ifMatch} does not match the current entity tag ${current ?? '(none)'}`
          : `If-Match ${ifMatch} fails: the resource does not exist`,
      );
  } else if (state.exists && state.version !== undefined) {
    const since = secondsOf(headers['if-unmodified-since']);
    if (since !== undefined && modifiedSeconds(state.version) > since)
      throw failed(`the resource was modified at ${lastModifiedOf(state.version)}, after If-Unmodified-Since`);
  }
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const tags = listedTags(ifNoneMatch);
    const weak = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag);
    const matched =
      state.exists && (tags.includes('*') || (current !== undefined && tags.some((tag) => weak(tag) === current)));
    if (!matched) return 'proceed';
    if (read) return 'not-modified';
    throw failed(
      tags.includes('*') ? 'If-None-Match * fails: the resource exists' : `If-None-Match ${ifNoneMatch} matches`,
    );
  }
  if (read && state.exists && state.version !== undefined) {
    const since = secondsOf(headers['if-modified-since']);
    if (since !== undefined && modifiedSeconds(state.version) <= since) return 'not-modified';
  }
  return 'proceed';
};
