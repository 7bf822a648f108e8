/**
 * @module data/instance/list-instance
 * The entries of a list: a keyed sequence in the list's order, with O(log n) lookup by key
 * values, insertion and deletion. Key leaves are stored in each entry's first slots.
 * @see RFC 7950 §7.8, §7.7.7 (ordered-by)
 */
import type { LazyValues, SequencePlacement } from '../../util/index.ts';
import { KeyedSequence } from '../../util/index.ts';
import type { ListNode, YangValue } from '../../yang/index.ts';
import { compareEntryKeys, entryKeyOf } from './entry-key.ts';
import type { ListEntry, ListInstance } from './instance-node.ts';

/** A list with no entries. */
export const emptyListInstance = (schema: ListNode): ListInstance => ({
  schema,
  entries: KeyedSequence.empty(compareEntryKeys),
});

/** The key leaf values of `entry`, in `key` order. @see RFC 7950 §7.8.2 */
export const keyValuesOf = (entry: ListEntry): YangValue[] => {
  const count = entry.schema.keys.length;
  const values: YangValue[] = [];
  for (let index = 0; index < count; index++) {
    const value = entry.slots[index];
    if (value === undefined) throw new TypeError(`an entry of list ${entry.schema.name} lacks a key leaf`);
    values.push(value as YangValue);
  }
  return values;
};

// Keyless lists (config false only) get positional entry keys: `#` and a counter.
const nextKeylessKey = (list: ListInstance): string => {
  const last = list.entries.at(list.entries.size - 1);
  return last === undefined ? '#0' : `#${Number(last[0].slice(1)) + 1}`;
};

/** The entry key of `entry` within `list` (a fresh positional key for keyless lists). */
export const entryKeyOfEntry = (entry: ListEntry, list?: ListInstance): string =>
  entry.schema.keys.length === 0
    ? list === undefined
      ? '#0'
      : nextKeylessKey(list)
    : entryKeyOf(entry.schema, keyValuesOf(entry));

/** The entry whose key leaves have `keyValues`, if present. @see RFC 8040 §3.5.3 */
export const findEntry = (list: ListInstance, keyValues: readonly YangValue[]): ListEntry | undefined =>
  list.entries.get(entryKeyOf(list.schema, keyValues));

/**
 * A list with `entry` stored: replacing the entry with the same keys in place, or else placed by
 * `placement` (default: last). @see RFC 8040 §4.8.5
 */
export const putEntry = (
  list: ListInstance,
  entry: ListEntry,
  placement: SequencePlacement<string> = { insert: 'last' },
): ListInstance => {
  const key = entryKeyOfEntry(entry, list);
  if (list.entries.has(key)) return { schema: list.schema, entries: list.entries.set(key, entry) };
  return { schema: list.schema, entries: list.entries.insert(key, entry, placement) };
};

/** A list without the entry whose keys are `keyValues`; `list` itself when absent. */
export const deleteEntry = (list: ListInstance, keyValues: readonly YangValue[]): ListInstance => {
  const key = entryKeyOf(list.schema, keyValues);
  return list.entries.has(key) ? { schema: list.schema, entries: list.entries.delete(key) } : list;
};

/** The entries of `list` in order. */
export const entriesOf = (list: ListInstance): IterableIterator<ListEntry> => list.entries.values();

/**
 * Builds a list from entries in order, in O(n log n); the caller guarantees distinct keys
 * (throws `DuplicateKeyError` otherwise).
 */
export const listInstanceFromEntries = (
  schema: ListNode,
  keyed: readonly (readonly [string, ListEntry])[],
): ListInstance => ({
  schema,
  entries: KeyedSequence.fromOrdered(keyed, compareEntryKeys),
});

/**
 * Builds a list from parallel arrays of entry keys and entries, in order, in O(n log n) and
 * without per-entry objects; the caller guarantees distinct keys (throws `DuplicateKeyError`
 * otherwise). `keyOrder` may give the positions of the keys in key order (a list's
 * `entries.keyOrder()`, kept from before): when it is right, the keys are not sorted. The entries
 * may be {@link LazyValues}, decoded by position when first read (a checkpoint's large list).
 */
export const listInstanceFromArrays = (
  schema: ListNode,
  keys: readonly string[],
  entries: readonly ListEntry[] | LazyValues<ListEntry>,
  keyOrder?: ArrayLike<number>,
): ListInstance => ({
  schema,
  entries: KeyedSequence.fromOrderedArrays(keys, entries, compareEntryKeys, keyOrder),
});
