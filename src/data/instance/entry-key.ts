/**
 * @module data/instance/entry-key
 * The key under which a list entry is stored: the canonical forms of its key leaves, joined by
 * U+0000 (which no YANG string can contain), so that equal key values always meet.
 * @see RFC 7950 §7.8.2, §9.1 (canonical forms), §9.4 (no U+0000 in strings)
 */

import { type Comparator, naturalOrder } from '../../util/index.ts';
import type { LeafNode, ListNode, YangValue } from '../../yang/index.ts';
import { toCanonical } from '../../yang/index.ts';

const SEPARATOR = '\u0000';

// A string-typed value is its own canonical form: the common case skips the type dispatch.
const canonical = (key: LeafNode, value: YangValue): string =>
  typeof value === 'string' && key.type.base === 'string' ? value : toCanonical(key.type, value);

/** The entry key of the entry of `list` whose key leaves have `keyValues` (in `key` order). @see RFC 7950 §7.8.2 */
export const entryKeyOf = (list: ListNode, keyValues: readonly YangValue[]): string => {
  const { keys } = list;
  if (keyValues.length !== keys.length) {
    throw new TypeError(`list ${list.name} has ${keys.length} keys, got ${keyValues.length} values`);
  }
  if (keys.length === 1) return canonical(keys[0] as LeafNode, keyValues[0] as YangValue);
  let text = '';
  for (let index = 0; index < keys.length; index++) {
    if (index > 0) text += SEPARATOR;
    text += canonical(keys[index] as LeafNode, keyValues[index] as YangValue);
  }
  return text;
};

/**
 * Orders entry keys by UTF-16 code units: the natural order of strings, which lets a large list
 * keep a hash index of its keys (util/persistent/key-index.ts).
 */
export const compareEntryKeys: Comparator<string> = naturalOrder;
