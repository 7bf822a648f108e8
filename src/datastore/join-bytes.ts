/**
 * @module datastore/join-bytes
 * The concatenation of byte pieces (one piece is returned as it is, not copied).
 */

/** The concatenation of `parts` (`size` bytes in all; counted when not given). */
export const joinBytes = (parts: readonly Uint8Array[], size?: number): Uint8Array => {
  if (parts.length === 1) return parts[0] as Uint8Array;
  let length = size ?? 0;
  if (size === undefined) for (const part of parts) length += part.length;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
};
