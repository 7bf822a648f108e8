/**
 * @module util/persistent/keyed-sequence-diff
 * The diff of two keyed sequences: keys removed, added, with a changed value, and (on request) moved, found
 * through the structural diff of the maps behind them, so that two versions of one sequence are compared in
 * O(changes · log n).
 *
 * Removed, added and relocated keys come from the key → order-key maps (a relocated key is in both sequences
 * under different order keys: moved, or renumbered by a relabel); value changes come from the order-key → value
 * maps, plus a direct look-up for relocated keys.
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
import type { KeyedSequence } from './keyed-sequence.ts';
import type { PersistentSortedMap } from './persistent-sorted-map.ts';

/** Options of {@link diffKeyedSequences}. */
export interface SequenceDiffOptions {
  /** Also find the keys whose relative order changed (for `ordered-by user` collections). */
  readonly order?: boolean;
  /** Counts the tree nodes the diff opened. */
  readonly stats?: DiffStatistics | undefined;
}

/** What differs between two keyed sequences. */
export interface KeyedSequenceDiff<K> {
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
}

/** The maps behind one keyed sequence, handed over by `KeyedSequence.diff`. */
export interface SequenceParts<K, V> {
  readonly sequence: KeyedSequence<K, V>;
  readonly orderOf: PersistentSortedMap<K, number>;
  readonly keyAt: PersistentSortedMap<number, K>;
  readonly valueAt: PersistentSortedMap<number, V>;
}

/** The changes that turn `before` into `after`; both must use the same key comparator. */
export const diffKeyedSequences = <K, V>(
  before: KeyedSequence<K, V>,
  after: KeyedSequence<K, V>,
  options?: SequenceDiffOptions,
): KeyedSequenceDiff<K> => before.diff(after, options);

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

/** Keys sorted by their position in `sequence`. */
const byPosition = <K, V>(sequence: KeyedSequence<K, V>, keys: readonly K[]): K[] => {
  if (keys.length < 2) return [...keys];
  const positioned = keys.map((key) => ({ key, index: sequence.indexOf(key) }));
  positioned.sort((x, y) => x.index - y.index);
  return positioned.map(({ key }) => key);
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
const movedByLis = <K, V>(before: KeyedSequence<K, V>, after: KeyedSequence<K, V>): K[] => {
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

/** The fewest moves that keep every common key whose order key is unchanged in place (see the module comment). */
const movedAroundStable = <K, V>(
  before: KeyedSequence<K, V>,
  after: KeyedSequence<K, V>,
  removed: readonly K[],
  added: readonly K[],
  relocated: readonly K[],
): K[] => {
  const removedBefore = removed.map((key) => before.indexOf(key)).sort(ascending);
  const addedAfter = added.map((key) => after.indexOf(key)).sort(ascending);
  const items = relocated.map((key) => ({ key, before: before.indexOf(key), after: after.indexOf(key) }));
  const relocatedBefore = items.map((item) => item.before).sort(ascending);
  const relocatedAfter = items.map((item) => item.after).sort(ascending);
  const moved: K[] = [];
  const gaps = new Map<number, typeof items>();
  for (const item of items) {
    const gapBefore = item.before - countBelow(removedBefore, item.before) - countBelow(relocatedBefore, item.before);
    const gapAfter = item.after - countBelow(addedAfter, item.after) - countBelow(relocatedAfter, item.after);
    if (gapBefore !== gapAfter) {
      moved.push(item.key);
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
      if (!keep[index]) moved.push(item.key);
    });
  }
  return moved;
};

/** The diff of two sequences from their maps; only `KeyedSequence.diff` calls this. */
export const diffSequenceParts = <K, V>(
  before: SequenceParts<K, V>,
  after: SequenceParts<K, V>,
  options: SequenceDiffOptions = {},
): KeyedSequenceDiff<K> => {
  const { stats } = options;
  const compare = before.sequence.comparator;
  const removed: K[] = [];
  const added: K[] = [];
  const relocated: K[] = [];
  for (const change of before.orderOf.diff(after.orderOf, stats)) {
    if (change.kind === 'removed') removed.push(change.key);
    else if (change.kind === 'added') added.push(change.key);
    else relocated.push(change.key);
  }
  const changed: K[] = [];
  for (const key of relocated) {
    if (!Object.is(before.sequence.get(key), after.sequence.get(key))) changed.push(key);
  }
  // An order key whose value changed belongs to one key on both sides unless that key was removed, added or
  // relocated, which the loops above have seen.
  for (const change of before.valueAt.diff(after.valueAt, stats)) {
    if (change.kind !== 'changed') continue;
    const key = before.keyAt.get(change.key) as K;
    if (compare(key, after.keyAt.get(change.key) as K) === 0) changed.push(key);
  }
  let moved: K[] = [];
  if (options.order === true && relocated.length > 0) {
    const common = before.sequence.size - removed.length;
    moved =
      relocated.length * 4 >= common
        ? movedByLis(before.sequence, after.sequence)
        : movedAroundStable(before.sequence, after.sequence, removed, added, relocated);
  }
  return {
    removed: byPosition(before.sequence, removed),
    added: byPosition(after.sequence, added),
    changed: byPosition(after.sequence, changed),
    moved: byPosition(after.sequence, moved),
  };
};
