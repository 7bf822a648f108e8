/**
 * @module restconf/api-path-syntax
 * The syntax of a RESTCONF api-path, before the schema is consulted: `/`-separated segments,
 * each an api-identifier `[module:]name` optionally followed by `=` and a key-value part.
 * @see RFC 8040 §3.5.3, §3.5.3.1 (ABNF)
 */
import { MalformedMessageError } from '../errors/index.ts';
import { percentDecode } from './percent-decoding.ts';

/** `identifier` of RFC 8040 §3.5.3.1 (the YANG identifier). @see RFC 7950 §6.2 */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** One segment of an api-path: an `api-identifier`, or a `list-instance` with its key-value text. @see RFC 8040 §3.5.3.1 */
export interface ApiPathSegment {
  /** The `module-name` prefix, when written. */
  readonly module: string | undefined;
  readonly name: string;
  /**
   * The text after the first `=`, still percent-encoded (commas separate list keys); undefined
   * when the segment has no `=`.
   */
  readonly rawValue: string | undefined;
  /** The segment as written, for messages. */
  readonly text: string;
}

/** The api-identifier text of a segment: `module:name` or `name`. */
export const segmentName = (segment: ApiPathSegment): string =>
  segment.module === undefined ? segment.name : `${segment.module}:${segment.name}`;

/**
 * Parses one raw (percent-encoded) segment. The api-identifier may itself be percent-encoded
 * (`example-jukebox%3Ajukebox`), as some HTTP clients encode the colon.
 */
export const parseApiPathSegment = (text: string): ApiPathSegment => {
  if (text === '')
    throw new MalformedMessageError('the path has an empty segment ("//", or "/" at the start of a value)');
  const equals = text.indexOf('=');
  const identifier = percentDecode(equals < 0 ? text : text.slice(0, equals), 'the path segment');
  const colon = identifier.indexOf(':');
  const module = colon < 0 ? undefined : identifier.slice(0, colon);
  const name = colon < 0 ? identifier : identifier.slice(colon + 1);
  if ((module !== undefined && !IDENTIFIER.test(module)) || !IDENTIFIER.test(name)) {
    throw new MalformedMessageError(
      `the path segment "${text}" does not start with a node name: expected [module:]name, then optionally "=" and key values`,
    );
  }
  return { module, name, rawValue: equals < 0 ? undefined : text.slice(equals + 1), text };
};

/**
 * Splits the raw (percent-encoded) api-path below a resource root (`""`, `"/"` or
 * `"/a:b/c=1"`) into segments. One trailing `/` is tolerated; empty segments are not.
 * @see RFC 8040 §3.5.3.1
 */
export const splitApiPath = (raw: string): ApiPathSegment[] => {
  if (raw === '' || raw === '/') return [];
  if (!raw.startsWith('/')) throw new MalformedMessageError(`the path "${raw}" must start with "/"`);
  const body = raw.endsWith('/') ? raw.slice(1, -1) : raw.slice(1);
  return body.split('/').map(parseApiPathSegment);
};

/**
 * The key values of a `list-instance`: split at the commas, then percent-decoded (a comma in a
 * value is written `%2C`); `""` is one empty value and `",x"` two values. @see RFC 8040 §3.5.3
 */
export const splitKeyValues = (rawValue: string): string[] =>
  rawValue.split(',').map((value) => percentDecode(value, 'a key value'));
