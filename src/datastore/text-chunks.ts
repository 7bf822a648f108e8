/**
 * @module datastore/text-chunks
 * Cuts a long text into slices of about a given length without splitting a UTF-16 surrogate
 * pair, so that each slice is valid Unicode on its own (SQLite stores text as UTF-8).
 */

/** Slices of `text`, each at most `size` code units long (`size + 1` when a pair would be split), whose concatenation is `text`. */
export function* textChunks(text: string, size: number): Generator<string> {
  if (!Number.isSafeInteger(size) || size < 2) throw new RangeError(`chunk size must be at least 2, not ${size}`);
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    const last = text.charCodeAt(end - 1);
    // A high surrogate at the cut: move its low half into this slice too.
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    yield text.slice(start, end);
    start = end;
  }
}
