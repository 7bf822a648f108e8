/**
 * @module restconf/query-string
 * Splits a raw query string into decoded name/value pairs as RFC 3986 defines it: `&`
 * separates pairs and a `+` is a plus sign (not a space, as in HTML forms and URLSearchParams).
 * @see RFC 3986 §3.4, RFC 8040 §4.8
 */
import { percentDecode } from './percent-decoding.ts';

/** One decoded `name=value` pair; a pair without `=` has the value `""`. */
export type QueryPair = readonly [name: string, value: string];

/** The pairs of a raw query string (with or without its leading `?`); empty pairs are skipped. */
export const splitQueryString = (raw: string): QueryPair[] => {
  const text = raw.startsWith('?') ? raw.slice(1) : raw;
  const pairs: QueryPair[] = [];
  for (const piece of text.split('&')) {
    if (piece === '') continue;
    const equals = piece.indexOf('=');
    const name = percentDecode(equals < 0 ? piece : piece.slice(0, equals), 'a query parameter name');
    const value = equals < 0 ? '' : percentDecode(piece.slice(equals + 1), `the value of query parameter ${name}`);
    pairs.push([name, value]);
  }
  return pairs;
};
