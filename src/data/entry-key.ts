/**
 * @module data/entry-key
 * The key under which a list entry is stored: the canonical forms of its key leaves, joined by
 * U+0000 (which no YANG string can contain), so that equal key values always meet.
 * @see RFC 7950 §7.8.2, §9.1 (canonical forms), §9.4 (no U+0000 in strings)
 */
import type { ListNode, YangValue } from '../yang/index.ts';
import { toCanonical } from '../yang/index.ts';

const SEPARATOR = '\u0000';

/** The entry key of the entry of `list` whose key leaves have `keyValues` (in `key` order). @see RFC 7950 §7.8.2 */
export const entryKeyOf = (list: ListNode, keyValues: readonly YangValue[]): string => {
  const { keys } = list;
  if (keyValues.length !== keys.length) {
    throw new TypeError(`list ${list.name} has ${keys.length} keys, got ${keyValues.length} values`);
  }
  if (keys.length === 1) return toCanonical((keys[0] as (typeof keys)[number]).type, keyValues[0] as YangValue);
  let text = '';
  for (let index = 0; index < keys.length; index++) {
    if (index > 0) text += SEPARATOR;
    text += toCanonical((keys[index] as (typeof keys)[number]).type, keyValues[index] as YangValue);
  }
  return text;
};

/** Orders entry keys by UTF-16 code units. */
export const compareEntryKeys = (left: string, right: string): number => (left < right ? -1 : left > right ? 1 : 0);
