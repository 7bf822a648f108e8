/**
 * @module util/persistent/keyed-sequence
 * An immutable sequence with keyed lookup, for YANG lists and leaf-lists that are `ordered-by user`.
 * @see RFC 7950 §7.7.7, RFC 8040 §4.8.5–4.8.6 (insert and point)
 *
 * Each entry owns a numeric order key (see `order-key.ts`). Three persistent sorted maps hold key → order key,
 * order key → key and order key → value; the last two share one shape, so iteration walks them side by side.
 * Every map stores its keys and values unboxed in leaf arrays: about 50 bytes per entry in all, no per-entry
 * objects. Lookup, insertion, move and delete cost O(log n); relabelling a crowded window is amortised.
 */

import { leafKeyArrays } from './b-tree-build.ts';
import type { LazyValues } from './b-tree-node.ts';
import { DuplicateKeyError, KeyNotFoundError } from './collection-errors.ts';
import type { Comparator } from './comparator.ts';
import { naturalOrder } from './comparator.ts';
import { DESCENTS_BEFORE_INDEX, handsOverIndexes, INDEX_MIN_SIZE, KeyIndex } from './key-index.ts';
import {
  diffSequenceParts,
  type KeyedSequenceDiff,
  type SequenceDiffOptions,
  type SequenceParts,
} from './keyed-sequence-diff.ts';
import { MIN_RELABEL_GAP, ORDER_KEY_LIMIT, ORDER_KEY_SPACING, orderKeyBetween } from './order-key.ts';
import { PersistentSortedMap } from './persistent-sorted-map.ts';

/**
 * A batch of edits of a keyed sequence inside {@link KeyedSequence.withMutations}: nodes copied
 * by the batch are edited in place by its later edits, so m edits cost O(m log n) without
 * copying a path each.
 */
export interface KeyedSequenceDraft<K, V> {
  /** The value of `key`, or `undefined` when absent. */
  get(key: K): V | undefined;
  /** Whether `key` is present. */
  has(key: K): boolean;
  /** Replaces the value of a present key where it stands, or appends an absent key at the end. */
  set(key: K, value: V): void;
  /** Removes `key`, if present. */
  delete(key: K): void;
}

/** Where an entry goes, in the words of RESTCONF's `insert` and `point` query parameters. */
export type SequencePlacement<K> =
  | { readonly insert: 'first' | 'last' }
  | { readonly insert: 'before' | 'after'; readonly point: K };

const compareOrderKeys: Comparator<number> = naturalOrder;

/** A deletion among a batch's edits (see `withMutations`). */
const DELETED: unique symbol = Symbol('deleted');

/** Whether `keyOrder` lists every position of `keys` once, in strictly increasing key order. */
const isKeyOrder = <K>(keys: readonly K[], keyOrder: ArrayLike<number>, comparator: Comparator<K>): boolean => {
  const count = keys.length;
  if (keyOrder.length !== count) return false;
  let previous: K | undefined;
  for (let rank = 0; rank < count; rank++) {
    const position = keyOrder[rank] as number;
    // In range and strictly increasing keys: n distinct positions, so every one of them once.
    if (!Number.isInteger(position) || position < 0 || position >= count) return false;
    const key = keys[position] as K;
    if (rank > 0 && comparator(previous as K, key) >= 0) return false;
    previous = key;
  }
  return true;
};

/** An immutable ordered collection of unique keys with values, with O(log n) keyed and positional access. */
export class KeyedSequence<K, V> implements Iterable<[K, V]> {
  readonly #orderOf: PersistentSortedMap<K, number>;
  readonly #keyAt: PersistentSortedMap<number, K>;
  readonly #valueAt: PersistentSortedMap<number, V>;
  /** The hash index of the keys; used only while this sequence is its owner (see key-index.ts). */
  #index: KeyIndex<K, V> | undefined;
  /** Lookups that descended the trees, toward starting an index. */
  #descents = 0;

  private constructor(
    orderOf: PersistentSortedMap<K, number>,
    keyAt: PersistentSortedMap<number, K>,
    valueAt: PersistentSortedMap<number, V>,
    index?: KeyIndex<K, V>,
  ) {
    this.#orderOf = orderOf;
    this.#keyAt = keyAt;
    this.#valueAt = valueAt;
    this.#index = index;
    if (index !== undefined) index.owner = this;
  }

  /** An empty sequence whose keys are told apart by `comparator`. */
  static empty<K, V>(comparator: Comparator<K>): KeyedSequence<K, V> {
    return new KeyedSequence<K, V>(
      PersistentSortedMap.empty(comparator),
      PersistentSortedMap.empty(compareOrderKeys),
      PersistentSortedMap.empty(compareOrderKeys),
    );
  }

  /** Builds a sequence holding `entries` in the given order; throws `DuplicateKeyError` on a repeated key. */
  static fromOrdered<K, V>(entries: Iterable<readonly [K, V]>, comparator: Comparator<K>): KeyedSequence<K, V> {
    const keys: K[] = [];
    const values: V[] = [];
    for (const [key, value] of entries) {
      keys.push(key);
      values.push(value);
    }
    return KeyedSequence.fromOrderedArrays(keys, values, comparator);
  }

  /**
   * Builds a sequence holding `keys[i]` with `values[i]` in that order (parallel arrays, not kept),
   * in O(n log n) and without per-entry objects; throws `DuplicateKeyError` on a repeated key.
   * `keyOrder`, when given, is the positions of the keys in key order (as {@link keyOrder} gives
   * them): when it is that, the keys need no sort (O(n) to check it); anything else is ignored
   * and the keys are sorted. `values` may be {@link LazyValues}: each leaf of the tree of values
   * then reads its values (by position) when they are first read, and keeps them.
   */
  static fromOrderedArrays<K, V>(
    keys: readonly K[],
    values: readonly V[] | LazyValues<V>,
    comparator: Comparator<K>,
    keyOrder?: ArrayLike<number>,
  ): KeyedSequence<K, V> {
    const count = keys.length;
    if (values.length !== count) throw new RangeError(`${count} keys but ${values.length} values`);
    let byKey: ArrayLike<number>;
    // A key order found right has strictly ascending keys: no two are the same.
    const distinct = keyOrder !== undefined && isKeyOrder(keys, keyOrder, comparator);
    if (distinct) byKey = keyOrder;
    else {
      const sorted: number[] = [];
      for (let position = 0; position < count; position++) sorted.push(position);
      sorted.sort((a, b) => comparator(keys[a] as K, keys[b] as K));
      byKey = sorted;
    }
    // Allocated whole: push() grows an array of a million by copying it again and again (measured
    // 3 to 6 times slower than filling these).
    const sortedKeys = new Array<K>(count);
    const orderOfSorted = new Array<number>(count);
    const orders = new Array<number>(count);
    for (let rank = 0; rank < count; rank++) {
      const position = byKey[rank] as number;
      const key = keys[position] as K;
      if (!distinct && rank > 0 && comparator(sortedKeys[rank - 1] as K, key) === 0) throw new DuplicateKeyError(key);
      sortedKeys[rank] = key;
      orderOfSorted[rank] = position * ORDER_KEY_SPACING;
      orders[rank] = rank * ORDER_KEY_SPACING;
    }
    // keyAt and valueAt have the same keys: their leaves share the key arrays.
    const orderLeaves = leafKeyArrays(orders, undefined);
    return new KeyedSequence(
      PersistentSortedMap.fromLeafKeys(leafKeyArrays(sortedKeys, undefined), orderOfSorted, comparator),
      PersistentSortedMap.fromLeafKeys(orderLeaves, keys, compareOrderKeys),
      PersistentSortedMap.fromLeafKeys(orderLeaves, values, compareOrderKeys),
    );
  }

  /** Number of entries. */
  get size(): number {
    return this.#keyAt.size;
  }

  /** The order of the keys (not of the sequence). */
  get comparator(): Comparator<K> {
    return this.#orderOf.comparator;
  }

  /** The value of `key`, or `undefined` when absent. */
  get(key: K): V | undefined {
    const index = this.#ownIndex();
    if (index !== undefined) {
      const known = index.values.get(key);
      if (known !== undefined) return known;
    }
    const order = this.#orderOf.get(key);
    if (order === undefined) return undefined;
    const value = this.#valueAt.get(order) as V;
    if (index !== undefined) index.values.set(key, value);
    else this.#countDescent();
    return value;
  }

  /** Whether lookups of this sequence use its hash index (see key-index.ts); for tests and diagnostics. */
  get indexed(): boolean {
    return this.#ownIndex() !== undefined;
  }

  /** Whether `key` is present. */
  has(key: K): boolean {
    return this.#ownIndex()?.values.has(key) === true || this.#orderOf.has(key);
  }

  /** Replaces the value of `key` where it stands (appending it when absent); this sequence when unchanged. */
  set(key: K, value: V): KeyedSequence<K, V> {
    const order = this.#orderOf.get(key);
    if (order === undefined) return this.insert(key, value, { insert: 'last' });
    const valueAt = this.#valueAt.set(order, value);
    return valueAt === this.#valueAt
      ? this
      : this.#derive(this.#orderOf, this.#keyAt, valueAt, (values) => values.set(key, value));
  }

  /**
   * Applies a batch of edits through a mutable draft (valid only while `edit` runs) and returns
   * the new sequence; this sequence itself when nothing changed. Appends take the order keys
   * after the last one, as `append` does.
   */
  withMutations(edit: (draft: KeyedSequenceDraft<K, V>) => void): KeyedSequence<K, V> {
    let lastOrder = this.#keyAt.last()?.[0];
    // Appends beyond the order-key limit (after about 2^36 of them) are made after the batch.
    const late: [K, V][] = [];
    let orderOf = this.#orderOf;
    let keyAt = this.#keyAt;
    let valueAt = this.#valueAt;
    // The batch's edits in order, for the index, when this sequence owns one and hands it over.
    const edits: [K, V | typeof DELETED][] | undefined =
      handsOverIndexes() && this.#ownIndex() !== undefined ? [] : undefined;
    orderOf = this.#orderOf.withMutations((orders) => {
      keyAt = this.#keyAt.withMutations((keys) => {
        valueAt = this.#valueAt.withMutations((values) => {
          const lateIndex = (key: K): number => late.findIndex(([lateKey]) => this.comparator(lateKey, key) === 0);
          edit({
            get: (key) => {
              const order = orders.get(key);
              if (order !== undefined) return values.get(order);
              return late.length === 0 ? undefined : late[lateIndex(key)]?.[1];
            },
            has: (key) => orders.has(key) || (late.length > 0 && lateIndex(key) >= 0),
            set: (key, value) => {
              edits?.push([key, value]);
              const order = orders.get(key);
              if (order !== undefined) {
                values.set(order, value);
                return;
              }
              const known = late.length === 0 ? -1 : lateIndex(key);
              if (known >= 0) {
                (late[known] as [K, V])[1] = value;
                return;
              }
              const next = orderKeyBetween(lastOrder, undefined);
              if (next === undefined) {
                late.push([key, value]);
                return;
              }
              orders.set(key, next);
              keys.set(next, key);
              values.set(next, value);
              lastOrder = next;
            },
            delete: (key) => {
              edits?.push([key, DELETED]);
              const order = orders.get(key);
              if (order === undefined) {
                const known = late.length === 0 ? -1 : lateIndex(key);
                if (known >= 0) late.splice(known, 1);
                return;
              }
              orders.delete(key);
              keys.delete(order);
              values.delete(order);
            },
          });
        });
      });
    });
    let result: KeyedSequence<K, V> =
      orderOf === this.#orderOf && keyAt === this.#keyAt && valueAt === this.#valueAt
        ? this
        : this.#derive(orderOf, keyAt, valueAt, (values) => {
            for (const [key, value] of edits ?? []) {
              if (value === DELETED) values.delete(key);
              else values.set(key, value);
            }
          });
    // The index got the late keys with the batch's edits; appending them sets the same values again.
    for (const [key, value] of late) result = result.append(key, value);
    return result;
  }

  /** Adds a new entry at the end. */
  append(key: K, value: V): KeyedSequence<K, V> {
    return this.insert(key, value, { insert: 'last' });
  }

  /** Adds a new entry at the start. */
  prepend(key: K, value: V): KeyedSequence<K, V> {
    return this.insert(key, value, { insert: 'first' });
  }

  /** Adds a new entry just before the entry of `point`. */
  insertBefore(point: K, key: K, value: V): KeyedSequence<K, V> {
    return this.insert(key, value, { insert: 'before', point });
  }

  /** Adds a new entry just after the entry of `point`. */
  insertAfter(point: K, key: K, value: V): KeyedSequence<K, V> {
    return this.insert(key, value, { insert: 'after', point });
  }

  /**
   * Adds a new entry at `placement`. Throws `DuplicateKeyError` when `key` is present and `KeyNotFoundError`
   * when the placement's `point` is absent.
   */
  insert(key: K, value: V, placement: SequencePlacement<K>): KeyedSequence<K, V> {
    if (this.#orderOf.has(key)) throw new DuplicateKeyError(key);
    const [before, after] = this.#neighbours(placement);
    const order = orderKeyBetween(before, after);
    if (order === undefined)
      return this.#relabelAndInsert(after === undefined ? this.size : this.#keyAt.rank(after), key, value);
    return this.#derive(
      this.#orderOf.set(key, order),
      this.#keyAt.set(order, key),
      this.#valueAt.set(order, value),
      (values) => values.set(key, value),
    );
  }

  /**
   * Moves the entry of `key`, keeping its value, to `placement`; throws `KeyNotFoundError` when `key` or the
   * placement's `point` is absent. Moving an entry before or after itself changes nothing.
   */
  move(key: K, placement: SequencePlacement<K>): KeyedSequence<K, V> {
    const order = this.#orderOf.get(key);
    if (order === undefined) throw new KeyNotFoundError(key);
    if ('point' in placement) {
      if (!this.#orderOf.has(placement.point)) throw new KeyNotFoundError(placement.point);
      if (this.comparator(placement.point, key) === 0) return this;
    }
    return this.delete(key).insert(key, this.#valueAt.get(order) as V, placement);
  }

  /** A sequence without `key`; this sequence when `key` is absent. */
  delete(key: K): KeyedSequence<K, V> {
    const order = this.#orderOf.get(key);
    if (order === undefined) return this;
    return this.#derive(this.#orderOf.delete(key), this.#keyAt.delete(order), this.#valueAt.delete(order), (values) =>
      values.delete(key),
    );
  }

  /** The entry at sequence position `index` (negative counts from the end), or `undefined`. */
  at(index: number): [K, V] | undefined {
    const keyEntry = this.#keyAt.at(index);
    if (keyEntry === undefined) return undefined;
    return [keyEntry[1], this.#valueAt.get(keyEntry[0]) as V];
  }

  /** The sequence position of `key`, or -1 when absent. */
  indexOf(key: K): number {
    const order = this.#orderOf.get(key);
    return order === undefined ? -1 : this.#keyAt.indexOf(order);
  }

  /** Entries in sequence order. */
  entries(): IterableIterator<[K, V]> {
    return this.slice(0);
  }

  /**
   * An object that two sequences share only when they hold the same keys in the same order: one
   * is the other, or was made from it by edits that replaced values only (`set` of present
   * keys). Sequences whose tokens differ may still hold the same keys. For a caller that keeps
   * what it derived from the keys alone (their order, their text) from one version to the next.
   */
  get keysToken(): object {
    return this.#keyAt;
  }

  /**
   * The position in the sequence of each key, in key order, computed lazily (one rank lookup per
   * key, O(log n), nothing computed ahead): what {@link fromOrderedArrays} takes to rebuild this
   * sequence without sorting its keys. A caller may pause between any two positions.
   */
  *keyOrder(): Generator<number, undefined, undefined> {
    const keyAt = this.#keyAt;
    for (const order of this.#orderOf.values()) yield keyAt.rank(order);
  }

  /** Keys in sequence order. */
  keys(): IterableIterator<K> {
    return this.#keyAt.values();
  }

  /** Values in sequence order. */
  values(): IterableIterator<V> {
    return this.#valueAt.values();
  }

  /** Entries at positions `start` up to (not including) `end`: RESTCONF-style offset and limit. */
  *slice(start: number, end: number = this.size): Generator<[K, V], undefined, undefined> {
    const values = this.#valueAt.slice(start, end);
    for (const [, key] of this.#keyAt.slice(start, end)) yield [key, (values.next().value as [number, V])[1]];
    return undefined;
  }

  /** Entries in sequence order. */
  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.slice(0);
  }

  /** Calls `visit` for each entry in sequence order. */
  forEach(visit: (value: V, key: K) => void): void {
    const values = this.#valueAt.values();
    this.#keyAt.forEach((key) => {
      visit(values.next().value as V, key);
    });
  }

  /**
   * The changes that turn this sequence into `after` (same key comparator), skipping the structure both share;
   * see `keyed-sequence-diff.ts`.
   */
  diff(after: KeyedSequence<K, V>, options?: SequenceDiffOptions): KeyedSequenceDiff<K, V> {
    return diffSequenceParts(this.#parts(), after.#parts(), options);
  }

  #parts(): SequenceParts<K, V> {
    return { sequence: this, orderOf: this.#orderOf, keyAt: this.#keyAt, valueAt: this.#valueAt };
  }

  /** Order keys of the entries that `placement` falls between (`undefined` at either end). */
  #neighbours(placement: SequencePlacement<K>): [number | undefined, number | undefined] {
    switch (placement.insert) {
      case 'first':
        return [undefined, this.#keyAt.first()?.[0]];
      case 'last':
        return [this.#keyAt.last()?.[0], undefined];
      case 'before': {
        const order = this.#orderOf.get(placement.point);
        if (order === undefined) throw new KeyNotFoundError(placement.point);
        return [this.#keyAt.previous(order)?.[0], order];
      }
      case 'after': {
        const order = this.#orderOf.get(placement.point);
        if (order === undefined) throw new KeyNotFoundError(placement.point);
        return [order, this.#keyAt.next(order)?.[0]];
      }
    }
  }

  /**
   * Inserts at sequence position `position` after giving fresh, evenly spaced order keys to the smallest window
   * around it (doubling its radius) that leaves gaps of at least MIN_RELABEL_GAP; the whole sequence is
   * renumbered from scratch if even that is too crowded.
   */
  #relabelAndInsert(position: number, key: K, value: V): KeyedSequence<K, V> {
    const size = this.size;
    for (let radius = 8; ; radius *= 2) {
      const low = Math.max(0, position - radius);
      const high = Math.min(size, position + radius);
      const count = high - low + 1;
      if (low === 0 && high === size) return this.#renumber(position, key, value);
      const lowBound =
        low > 0
          ? this.#orderKeyAt(low - 1)
          : Math.max(-ORDER_KEY_LIMIT, this.#orderKeyAt(0) - count * ORDER_KEY_SPACING);
      const highBound =
        high < size
          ? this.#orderKeyAt(high)
          : Math.min(ORDER_KEY_LIMIT, this.#orderKeyAt(size - 1) + count * ORDER_KEY_SPACING);
      const gap = Math.floor((highBound - lowBound) / (count + 1));
      if (gap < MIN_RELABEL_GAP) continue;
      const oldOrders: number[] = [];
      const keys: K[] = [];
      const values: V[] = [];
      for (const [order, windowKey] of this.#keyAt.slice(low, high)) {
        oldOrders.push(order);
        keys.push(windowKey);
      }
      for (const [, windowValue] of this.#valueAt.slice(low, high)) values.push(windowValue);
      keys.splice(position - low, 0, key);
      values.splice(position - low, 0, value);
      const newOrder = (index: number): number => lowBound + gap * (index + 1);
      return this.#derive(
        this.#orderOf.withMutations((draft) => {
          for (const [index, windowKey] of keys.entries()) draft.set(windowKey, newOrder(index));
        }),
        this.#keyAt.withMutations((draft) => {
          for (const order of oldOrders) draft.delete(order);
          for (const [index, windowKey] of keys.entries()) draft.set(newOrder(index), windowKey);
        }),
        this.#valueAt.withMutations((draft) => {
          for (const order of oldOrders) draft.delete(order);
          for (const [index, windowValue] of values.entries()) draft.set(newOrder(index), windowValue);
        }),
        (values) => values.set(key, value),
      );
    }
  }

  /** Rebuilds the sequence with `key` inserted at `position` and order keys evenly spaced around zero. */
  #renumber(position: number, key: K, value: V): KeyedSequence<K, V> {
    const entries = Array.from(this.slice(0));
    entries.splice(position, 0, [key, value]);
    const offset = Math.floor(entries.length / 2);
    const orderOf = this.#orderOf.withMutations((draft) => {
      for (const [index, [entryKey]] of entries.entries()) draft.set(entryKey, (index - offset) * ORDER_KEY_SPACING);
    });
    return this.#derive(
      orderOf,
      PersistentSortedMap.fromSorted(
        entries.map(([entryKey], index) => [(index - offset) * ORDER_KEY_SPACING, entryKey] as const),
        compareOrderKeys,
      ),
      PersistentSortedMap.fromSorted(
        entries.map(([, entryValue], index) => [(index - offset) * ORDER_KEY_SPACING, entryValue] as const),
        compareOrderKeys,
      ),
      (values) => values.set(key, value),
    );
  }

  /** The index, when this sequence owns it. */
  #ownIndex(): KeyIndex<K, V> | undefined {
    const index = this.#index;
    return index !== undefined && index.owner === this ? index : undefined;
  }

  /**
   * A sequence of these trees, made from this one by an edit. Inside `handingOverIndexes` it takes
   * over this sequence's index, with `edit` applied to it, when this sequence owns one, and else
   * its count of descents (see key-index.ts).
   */
  #derive(
    orderOf: PersistentSortedMap<K, number>,
    keyAt: PersistentSortedMap<number, K>,
    valueAt: PersistentSortedMap<number, V>,
    edit: (values: Map<K, V>) => void,
  ): KeyedSequence<K, V> {
    if (!handsOverIndexes()) return new KeyedSequence(orderOf, keyAt, valueAt);
    const index = this.#ownIndex();
    if (index !== undefined) edit(index.values);
    const derived = new KeyedSequence(orderOf, keyAt, valueAt, index);
    if (index === undefined) derived.#descents = this.#descents;
    return derived;
  }

  /**
   * Counts a lookup that descended the trees, and starts an index after a few of them: for a large
   * sequence ordered by {@link naturalOrder}, whose equal keys a `Map` finds equal.
   */
  #countDescent(): void {
    if (this.size < INDEX_MIN_SIZE || this.comparator !== naturalOrder) return;
    if (++this.#descents < DESCENTS_BEFORE_INDEX) return;
    this.#descents = 0;
    this.#index = new KeyIndex(this, new Map());
  }

  #orderKeyAt(position: number): number {
    return (this.#keyAt.at(position) as [number, K])[0];
  }
}

/** The changes that turn `before` into `after`; both must use the same key comparator. */
export const diffKeyedSequences = <K, V>(
  before: KeyedSequence<K, V>,
  after: KeyedSequence<K, V>,
  options?: SequenceDiffOptions,
): KeyedSequenceDiff<K, V> => before.diff(after, options);
