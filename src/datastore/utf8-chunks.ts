/**
 * @module datastore/utf8-chunks
 * Cuts UTF-8 text into slices of about a given number of bytes without splitting a character,
 * so that each slice is valid UTF-8 on its own (SQLite stores each as TEXT).
 * @see RFC 3629 §3
 */

import { isAscii } from 'node:buffer';

const decoder = new TextDecoder();

/**
 * The length in UTF-16 code units of the text whose UTF-8 encoding is `bytes` (whole
 * characters): its byte length when it is ASCII (checked natively), else its decoded length.
 */
export const utf16Length = (bytes: Uint8Array): number =>
  isAscii(bytes) ? bytes.length : decoder.decode(bytes).length;

/** True for a byte that continues a character (`10xxxxxx`). */
export const isContinuation = (byte: number): boolean => (byte & 0xc0) === 0x80;

/**
 * Views of `bytes`, each at most `size` bytes long (fewer when a character would be split),
 * whose concatenation is `bytes`.
 */
export function* utf8Chunks(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  if (!Number.isSafeInteger(size) || size < 4) throw new RangeError(`chunk size must be at least 4, not ${size}`);
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + size, bytes.length);
    // A character is at most 4 bytes: the cut moves back past at most 3 continuation bytes.
    while (end < bytes.length && end > start && isContinuation(bytes[end] as number)) end--;
    yield bytes.subarray(start, end);
    start = end;
  }
}
