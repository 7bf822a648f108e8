/**
 * @module util/persistent/sorted-map-diff
 * The structural diff of two persistent sorted maps: the keys added, removed or changed, found without reading
 * the subtrees the two maps share (see `b-tree-diff.ts`), so comparing two versions of one map costs
 * O(changes · log n).
 */

import type { DiffStatistics, SortedMapChange } from './b-tree-diff.ts';
import type { PersistentSortedMap } from './persistent-sorted-map.ts';

export type { DiffStatistics, SortedMapChange } from './b-tree-diff.ts';

/**
 * The changes that turn `before` into `after`, in key order; values are compared with `Object.is`. Both maps
 * must use the same comparator. Pass `stats` to count the tree nodes the diff opened.
 */
export const diffSortedMaps = <K, V>(
  before: PersistentSortedMap<K, V>,
  after: PersistentSortedMap<K, V>,
  stats?: DiffStatistics,
): IterableIterator<SortedMapChange<K, V>> => before.diff(after, stats);
