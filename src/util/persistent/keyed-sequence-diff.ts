/**
 * @module util/persistent/keyed-sequence-diff
 * The diff of two keyed sequences: keys removed, added, with a changed value, and (on request) moved, found
 * through the structural diff of the maps behind them, so that two versions of one sequence are compared in
 * O(changes · log n).
 *
 * Removed, added and relocated keys come from the key → order-key maps (a relocated key is in both sequences
 * under different order keys: moved, or renumbered by a relabel); value changes come from the order-key → value
 * maps, plus a direct look-up for relocated keys. An order key whose value changed and that no removed, added
 * or relocated key uses holds the same key on both sides, read once from `before`. Everything is sorted by
 * order keys, which order a sequence, so positions are looked up only to choose moves.
 *
 * Moves. The keys kept in both sequences whose order keys did not change (call them S) are in the same relative
 * order in both, because order keys are what orders a sequence. So only relocated keys (R) can have moved, and
 * a set of moves is correct when the keys that are not moved appear in the same relative order in both
 * sequences. Two ways of choosing them:
 * - When R is a large part of the common keys (versions built apart, a renumbering), a longest increasing
 *   subsequence (LIS) of the common keys' positions in `after`, taken in `before` order, is kept and every
 *   other common key moves: the fewest moves possible, in O(n log n), which is then O(|R| log n).
 * - Otherwise S is kept. A relocated key r lies between the same two members of S in both sequences exactly
 *   when the number of S members before it is the same in both (`gapBefore(r) = gapAfter(r)`); those that do
 *   not move, the others do. Within one gap the LIS is kept. These counts come from positions (O(log n) each)
 *   minus the removed/added and relocated keys before them, so the whole costs O(|changes| · log n). The
 *   result is the fewest moves that keep S in place, which is what one user's edits of a shared sequence
 *   produce (S never moved).
 */

import type { DiffStatistics } from './b-tree-diff.ts';
import type { PersistentSortedMap } from './persistent-sorted-map.ts';

/** Options of a diff of two keyed sequences. */
export interface SequenceDiffOptions {
  /** Also find the keys whose relative order changed (for `ordered-by user` collections). */
  readonly order?: boolean;
  /** Counts the tree nodes the diff opened. */
  readonly stats?: DiffStatistics | undefined;
}

/** An entry of `after` that is new, has a new value or moved, with its values. */
export interface SequenceUpdate<K, V> {
  readonly key: K;
  /** The value in `before`; undefined when the key is new. */
  readonly old: V | undefined;
  readonly value: V;
  /** True when the key is only in `after`. */
  readonly added: boolean;
  /** True when the entry is to be moved (see `moved` of the diff). */
  readonly moved: boolean;
}

/** What differs between two keyed sequences. */
export interface KeyedSequenceDiff<K, V> {
  /** Keys only in `before`, in `before`'s order. */
  readonly removed: readonly K[];
  /** Keys only in `after`, in `after`'s order. */
  readonly added: readonly K[];
  /** Keys in both whose values differ (`Object.is`), in `after`'s order. */
  readonly changed: readonly K[];
  /**
   * Keys in both to move (only with `order`), in `after`'s order: placing each after its predecessor in
   * `after`, in this order, and the added keys likewise, turns `before` without the removed keys into `after`.
   */
  readonly moved: readonly K[];
  /** The entries of `added`, `changed` and `moved` together, once each, in `after`'s order. */
  readonly updates: readonly SequenceUpdate<K, V>[];
}

/** What the move search reads of a keyed sequence: its size, keys in order, and the position of a key (-1: absent). */
export interface OrderedKeys<K> {
  readonly size: number;
  keys(): Iterable<K>;
  indexOf(key: K): number;
}

/** The maps behind one keyed sequence, handed over by `KeyedSequence.diff`. */
export interface SequenceParts<K, V> {
  readonly sequence: OrderedKeys<K>;
  readonly orderOf: PersistentSortedMap<K, number>;
  readonly keyAt: PersistentSortedMap<number, K>;
  readonly valueAt: PersistentSortedMap<number, V>;
}

/**
 * Which of `values` to keep so that the kept ones increase strictly and are as many as possible (one longest
 * increasing subsequence, patience sorting in O(n log n)); `keep[i]` tells for `values[i]`.
 */
export const longestIncreasingSubsequence = (values: readonly number[]): boolean[] => {
  const tails: number[] = []; // tails[l]: index of the smallest last value of an increasing run of length l + 1
  const previous: number[] = new Array<number>(values.length);
  for (let index = 0; index < values.length; index++) {
    const value = values[index] as number;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((values[tails[middle] as number] as number) < value) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? (tails[low - 1] as number) : -1;
    tails[low] = index;
  }
  const keep = new Array<boolean>(values.length).fill(false);
  for (let index = tails.at(-1) ?? -1; index >= 0; index = previous[index] as number) keep[index] = true;
  return keep;
};

/** A key with its order key in one of the sequences (which orders it there). */
interface Placed<K> {
  readonly key: K;
  readonly order: number;
}

const byOrder = (x: { readonly order: number }, y: { readonly order: number }): number => x.order - y.order;

/** An update being collected; `order` is the order key in `after`. */
interface Update<K, V> {
  key: K;
  readonly order: number;
  readonly old: V | undefined;
  readonly value: V;
  readonly added: boolean;
  moved: boolean;
  readonly changed: boolean;
}

/** The keys at ascending order keys `orders` of `keyAt`: looked up one by one, or in one walk when they are many. */
const keysAtOrders = <K>(keyAt: PersistentSortedMap<number, K>, orders: readonly number[]): K[] => {
  if (orders.length * 16 < keyAt.size) return orders.map((order) => keyAt.get(order) as K);
  const keys: K[] = [];
  let next = 0;
  keyAt.forEach((key, order) => {
    if (order === orders[next]) {
      keys.push(key);
      next += 1;
    }
  });
  return keys;
};

/** Number of entries of ascending `sorted` below `value`. */
const countBelow = (sorted: readonly number[], value: number): number => {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
};

const ascending = (x: number, y: number): number => x - y;

/** The fewest moves over all common keys: every common key outside one LIS. */
const movedByLis = <K>(before: OrderedKeys<K>, after: OrderedKeys<K>): K[] => {
  const keys: K[] = [];
  const positions: number[] = [];
  for (const key of before.keys()) {
    const position = after.indexOf(key);
    if (position < 0) continue;
    keys.push(key);
    positions.push(position);
  }
  const keep = longestIncreasingSubsequence(positions);
  return keys.filter((_, index) => !keep[index]);
};

/**
 * The fewest moves that keep every common key whose order key is unchanged in place (see the module comment):
 * indices into `relocated`.
 */
const movedAroundStable = <K>(
  before: OrderedKeys<K>,
  after: OrderedKeys<K>,
  removed: readonly K[],
  added: readonly K[],
  relocated: readonly K[],
): number[] => {
  const removedBefore = removed.map((key) => before.indexOf(key)).sort(ascending);
  const addedAfter = added.map((key) => after.indexOf(key)).sort(ascending);
  const items = relocated.map((key, index) => ({ index, before: before.indexOf(key), after: after.indexOf(key) }));
  const relocatedBefore = items.map((item) => item.before).sort(ascending);
  const relocatedAfter = items.map((item) => item.after).sort(ascending);
  const moved: number[] = [];
  const gaps = new Map<number, typeof items>();
  for (const item of items) {
    const gapBefore = item.before - countBelow(removedBefore, item.before) - countBelow(relocatedBefore, item.before);
    const gapAfter = item.after - countBelow(addedAfter, item.after) - countBelow(relocatedAfter, item.after);
    if (gapBefore !== gapAfter) {
      moved.push(item.index);
      continue;
    }
    const gap = gaps.get(gapBefore);
    if (gap === undefined) gaps.set(gapBefore, [item]);
    else gap.push(item);
  }
  for (const gap of gaps.values()) {
    gap.sort((x, y) => x.before - y.before);
    const keep = longestIncreasingSubsequence(gap.map((item) => item.after));
    gap.forEach((item, index) => {
      if (!keep[index]) moved.push(item.index);
    });
  }
  return moved;
};

/** The diff of two sequences from their maps; only `KeyedSequence.diff` calls this. */
export const diffSequenceParts = <K, V>(
  before: SequenceParts<K, V>,
  after: SequenceParts<K, V>,
  options: SequenceDiffOptions = {},
): KeyedSequenceDiff<K, V> => {
  const { stats } = options;
  const removed: Placed<K>[] = []; // order keys in `before`
  const updates: Update<K, V>[] = [];
  const relocated: (Update<K, V> & { readonly from: number })[] = [];
  const usedOrders = new Set<number>();
  for (const change of before.orderOf.diff(after.orderOf, stats)) {
    if (change.kind === 'removed') {
      removed.push({ key: change.key, order: change.old });
      usedOrders.add(change.old);
    } else if (change.kind === 'added') {
      const value = after.valueAt.get(change.value) as V;
      updates.push({
        key: change.key,
        order: change.value,
        old: undefined,
        value,
        added: true,
        moved: false,
        changed: false,
      });
      usedOrders.add(change.value);
    } else {
      const old = before.valueAt.get(change.old) as V;
      const value = after.valueAt.get(change.value) as V;
      const changed = !Object.is(old, value);
      relocated.push({
        key: change.key,
        order: change.value,
        from: change.old,
        old,
        value,
        added: false,
        moved: false,
        changed,
      });
      usedOrders.add(change.old);
      usedOrders.add(change.value);
    }
  }
  const inPlace: Update<K, V>[] = [];
  for (const change of before.valueAt.diff(after.valueAt, stats)) {
    if (change.kind !== 'changed' || usedOrders.has(change.key)) continue;
    inPlace.push({
      key: undefined as K,
      order: change.key,
      old: change.old,
      value: change.value,
      added: false,
      moved: false,
      changed: true,
    });
  }
  const inPlaceKeys = keysAtOrders(
    before.keyAt,
    inPlace.map(({ order }) => order),
  );
  inPlace.forEach((update, index) => {
    update.key = inPlaceKeys[index] as K;
  });
  removed.sort(byOrder);
  relocated.sort(byOrder);
  if (options.order === true && relocated.length > 0) {
    const common = before.sequence.size - removed.length;
    if (relocated.length * 4 >= common) {
      const byOrderKey = new Map<number, Update<K, V>>();
      for (const update of [...relocated, ...inPlace]) byOrderKey.set(update.order, update);
      for (const key of movedByLis(before.sequence, after.sequence)) {
        const order = after.orderOf.get(key) as number;
        const update = byOrderKey.get(order);
        if (update !== undefined) update.moved = true;
        else {
          const value = after.valueAt.get(order) as V;
          inPlace.push({ key, order, old: value, value, added: false, moved: true, changed: false });
        }
      }
    } else {
      const moved = movedAroundStable(
        before.sequence,
        after.sequence,
        removed.map(({ key }) => key),
        updates.map(({ key }) => key),
        relocated.map(({ key }) => key),
      );
      for (const index of moved) (relocated[index] as Update<K, V>).moved = true;
    }
  }
  for (const update of relocated) if (update.changed || update.moved) updates.push(update);
  for (const update of inPlace) updates.push(update);
  updates.sort(byOrder);
  return {
    removed: removed.map(({ key }) => key),
    added: updates.filter((update) => update.added).map(({ key }) => key),
    changed: updates.filter((update) => update.changed).map(({ key }) => key),
    moved: updates.filter(({ moved }) => moved).map(({ key }) => key),
    updates: updates.map(({ key, old, value, added, moved }) => ({ key, old, value, added, moved })),
  };
};
