/**
 * @module legacy-rest/path-segments
 * The syntax of legacy REST paths, before any schema is involved: quote-aware splitting at `/`
 * and, inside a key segment, at `,`; strict percent-decoding; one pair of surrounding quotes
 * stripped from each key value. Both a literal `"` and `%22` act as the quote; `%2F` and `%2C`
 * never separate.
 * @see shared/spec/legacy-rest.md Decision 2, §3.2, §3.3
 */
import { MalformedMessageError } from '../errors/index.ts';

/** One path segment: the raw (still percent-encoded) text and its decoded form. */
export interface PathSegment {
  readonly raw: string;
  readonly text: string;
}

const QUOTE_ESCAPE = /^%22/i;

/** Length of the quote at `index` of raw text (1 for `"`, 3 for `%22`), 0 when there is none. */
const quoteLengthAt = (raw: string, index: number): number => {
  if (raw[index] === '"') return 1;
  return raw[index] === '%' && QUOTE_ESCAPE.test(raw.slice(index, index + 3)) ? 3 : 0;
};

/** Splits raw text at `separator` where it is outside quotes; an unterminated quote is malformed. */
const splitRawOutsideQuotes = (raw: string, separator: string, what: string): string[] => {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < raw.length; ) {
    const quote = quoteLengthAt(raw, index);
    if (quote > 0) {
      quoted = !quoted;
      index += quote;
      continue;
    }
    if (!quoted && raw[index] === separator) {
      parts.push(raw.slice(start, index));
      start = index + 1;
    }
    index++;
  }
  if (quoted) throw new MalformedMessageError(`unterminated quote in ${what} "${raw}"`);
  parts.push(raw.slice(start));
  return parts;
};

const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;

// C0 controls other than TAB, LF and CR are outside every YANG lexical space (RFC 7950 §9.4);
// U+0000 also separates the key values of list entries in the data layer.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are exactly what no YANG value can hold
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/**
 * Strict percent-decoding (RFC 3986 §2.1): `%` needs two hex digits, the bytes must be UTF-8,
 * and the text may hold no control character that no YANG value can hold.
 */
export const percentDecode = (raw: string): string => {
  if (BAD_ESCAPE.test(raw)) throw new MalformedMessageError(`bad percent-encoding in "${raw}"`);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch (error) {
    throw new MalformedMessageError(`percent-encoding of "${raw}" is not UTF-8`, { cause: error });
  }
  if (FORBIDDEN_CONTROL.test(decoded))
    throw new MalformedMessageError(`"${raw}" decodes to a control character, which no YANG value can hold`);
  return decoded;
};

/**
 * Splits a raw path (relative to the API root, e.g. `/running/dhcp/subnet/%2210.0.0.0/8%22`)
 * into segments. A leading and one trailing `/` are insignificant; an empty segment elsewhere
 * is malformed. @see spec §3.2, §3.3
 */
export const splitPath = (rawPath: string): PathSegment[] => {
  if (rawPath === '' || rawPath === '/') return [];
  if (!rawPath.startsWith('/')) throw new MalformedMessageError(`the path "${rawPath}" does not start with /`);
  const raws = splitRawOutsideQuotes(rawPath.slice(1), '/', 'the path');
  if (raws.length > 1 && raws.at(-1) === '') raws.pop();
  return raws.map((raw) => {
    if (raw === '') throw new MalformedMessageError(`empty segment in the path "${rawPath}"`);
    return { raw, text: percentDecode(raw) };
  });
};

/** Removes one pair of surrounding quotes; any other quote in a value is malformed. @see spec §3.2 */
const unquote = (value: string, segment: PathSegment): string => {
  const inner = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  if (inner.includes('"')) {
    throw new MalformedMessageError(`a quote may only surround a whole key value, in "${segment.raw}"`);
  }
  return inner;
};

/** The key values of a list-entry segment: split at `,` outside quotes, decoded, unquoted. @see spec §3.2 */
export const splitKeyValues = (segment: PathSegment): string[] =>
  splitRawOutsideQuotes(segment.raw, ',', 'the key segment').map((raw) => unquote(percentDecode(raw), segment));

/** The value of a leaf-list-entry segment: decoded, unquoted; commas are part of the value. */
export const segmentValue = (segment: PathSegment): string => unquote(segment.text, segment);

const KEEP_IN_SEGMENT = /%(3A|40)/g;

/**
 * Encodes one value as a path segment that {@link splitKeyValues} and {@link segmentValue}
 * read back: everything but unreserved characters, `:` and `@` is percent-encoded, so `/`,
 * `,` and `"` never act as syntax.
 */
export const encodeSegmentValue = (value: string): string =>
  encodeURIComponent(value).replace(KEEP_IN_SEGMENT, (encoded) => (encoded === '%3A' ? ':' : '@'));
