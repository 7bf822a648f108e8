/**
 * @module restconf/stream-query
 * The query parameters of an event stream resource: `filter`, `start-time` and `stop-time`, each
 * at most once, with GET and HEAD only; any other parameter is refused. Times are
 * yang:date-and-time values (`2026-11-22T15:04:05Z`, `…T15:04:05.5+01:00`).
 * @see RFC 8040 §4.8 (table), §4.8.4, §4.8.7, §4.8.8; RFC 6991 §3 (date-and-time)
 */
import { queryParameterError } from './insertion.ts';
import type { RestconfMethod } from './query-parameters.ts';
import { splitQueryString } from './query-string.ts';

/** The parsed query of a stream request; times in milliseconds since the epoch. */
export interface StreamQuery {
  readonly filter?: string;
  readonly startTime?: number;
  readonly stopTime?: number;
}

type StreamParameter = 'filter' | 'start-time' | 'stop-time';

const PARAMETERS: readonly StreamParameter[] = ['filter', 'start-time', 'stop-time'];

/** The lexical form of yang:date-and-time. @see RFC 6991 §3 */
const DATE_AND_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A date-and-time as milliseconds since the epoch. @throws InvalidValueError (400) */
export const parseDateAndTime = (name: string, text: string): number => {
  const time = DATE_AND_TIME.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time))
    throw queryParameterError(
      `${name} must be a date-and-time such as 2026-11-22T15:04:05Z or 2026-11-22T16:04:05.250+01:00, not "${text}"`,
    );
  return time;
};

const isStreamParameter = (name: string): name is StreamParameter => (PARAMETERS as readonly string[]).includes(name);

/** Parses the raw query of a request to a stream location. @throws InvalidValueError (400) */
export const parseStreamQuery = (raw: string, method: RestconfMethod): StreamQuery => {
  const given = new Map<StreamParameter, string>();
  for (const [name, value] of splitQueryString(raw)) {
    if (!isStreamParameter(name))
      throw queryParameterError(
        `query parameter "${name}" does not apply to an event stream; it takes ${PARAMETERS.join(', ')}`,
      );
    if (method !== 'GET' && method !== 'HEAD')
      throw queryParameterError(`query parameter ${name} is not allowed with ${method}, only with GET, HEAD`);
    if (given.has(name)) throw queryParameterError(`query parameter ${name} is given more than once`);
    given.set(name, value);
  }
  const filter = given.get('filter');
  const start = given.get('start-time');
  const stop = given.get('stop-time');
  if (filter === '') throw queryParameterError('filter must be an XPath expression, not empty');
  return {
    ...(filter === undefined ? {} : { filter }),
    ...(start === undefined ? {} : { startTime: parseDateAndTime('start-time', start) }),
    ...(stop === undefined ? {} : { stopTime: parseDateAndTime('stop-time', stop) }),
  };
};
