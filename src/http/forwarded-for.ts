/**
 * @module http/forwarded-for
 * The chain of client addresses that proxies record in a request, oldest first: the `for`
 * parameters of `Forwarded` (RFC 7239), or the entries of the de-facto `X-Forwarded-For`. Each
 * node comes out as a bare address (brackets and port removed), or as it was written when it is
 * no address (`unknown`, an obfuscated identifier such as `_hidden`, garbage).
 * @see RFC 7239 §4 (Forwarded), §6 (node names)
 */
import type { IncomingMessage } from 'node:http';

/** The header a trusted proxy writes the client's address into. */
export type ForwardedHeader = 'x-forwarded-for' | 'forwarded';

/** Splits at `separator` outside double quotes (a backslash escapes inside them). */
const splitOutsideQuotes = (text: string, separator: string): string[] => {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (quoted && character === '\\') index++;
    else if (character === '"') quoted = !quoted;
    else if (!quoted && character === separator) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
};

const unquote = (value: string): string =>
  value.length >= 2 && value.startsWith('"') && value.endsWith('"')
    ? value.slice(1, -1).replace(/\\(.)/g, '$1')
    : value;

/** A node without brackets and port: `[2001:db8::1]:4711` → `2001:db8::1`, `192.0.2.1:80` → `192.0.2.1`. */
export const nodeAddress = (node: string): string => {
  const text = node.trim();
  const bracketed = text.match(/^\[([^\]]*)\](?::\d*)?$/);
  if (bracketed !== null) return bracketed[1] as string;
  // One colon: an IPv4 address or obfuscated name with a port. Several: a bare IPv6 address.
  const colon = text.indexOf(':');
  return colon >= 0 && colon === text.lastIndexOf(':') ? text.slice(0, colon) : text;
};

/** The `for` node of every element of `Forwarded` values, oldest first (`unknown` when absent). */
export const parseForwarded = (value: string): string[] =>
  splitOutsideQuotes(value, ',')
    .filter((element) => element.trim() !== '')
    .map((element) => {
      for (const pair of splitOutsideQuotes(element, ';')) {
        const equals = pair.indexOf('=');
        if (equals > 0 && pair.slice(0, equals).trim().toLowerCase() === 'for')
          return nodeAddress(unquote(pair.slice(equals + 1).trim()));
      }
      return 'unknown';
    });

/** The entries of `X-Forwarded-For` values, oldest first. */
export const parseXForwardedFor = (value: string): string[] =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(nodeAddress);

/** The forwarding chain `header` records in `request`, oldest first; empty without the header. */
export const forwardedChain = (request: Pick<IncomingMessage, 'headers'>, header: ForwardedHeader): string[] => {
  // Node joins repeated header lines with ", ", which both grammars read as more elements.
  const value = request.headers[header];
  const text = Array.isArray(value) ? value.join(', ') : value;
  if (text === undefined) return [];
  return header === 'forwarded' ? parseForwarded(text) : parseXForwardedFor(text);
};
