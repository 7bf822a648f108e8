/**
 * @module util/persistent/persistent-sorted-map
 * An immutable sorted map (a B+tree with subtree sizes) whose edits return new maps sharing all untouched nodes.
 *
 * Every edit costs O(log n) time and allocates one root-to-leaf path; earlier maps remain valid forever, which is
 * what lets a datastore keep snapshots and swap roots on commit.
 */

import { buildTree, buildTreeFromArrays, leafKeyArrays } from './b-tree-build.ts';
import { removeFromTree } from './b-tree-delete.ts';
import { type DiffStatistics, diffTreeNodes, type SortedMapChange } from './b-tree-diff.ts';
import { insertIntoTree } from './b-tree-insert.ts';
import { type EntryProjection, TreeIterator } from './b-tree-iterator.ts';
import { entryCount, type LazyValues, LeafNode, type TreeNode } from './b-tree-node.ts';
import { leafFor, rankOf, searchKeys, selectEntry } from './b-tree-search.ts';
import type { Comparator } from './comparator.ts';
import { SortedMapDraft } from './sorted-map-draft.ts';

/** Where an iteration starts and which way it goes. */
export type IterationRange<K> = {
  /** First key to visit: ascending walks start at the first key ≥ `from`, descending ones at the last key ≤ it. */
  readonly from?: K;
  /** Walk from the largest key down. */
  readonly descending?: boolean;
};

const asEntry = <K, V>(key: K, value: V): [K, V] => [key, value];
const asKey = <K, V>(key: K, _value: V): K => key;
const asValue = <K, V>(_key: K, value: V): V => value;

/** An immutable map ordered by a comparator, with O(log n) edits, lookups and order statistics. */
export class PersistentSortedMap<K, V> implements Iterable<[K, V]> {
  /** Number of entries, in O(1). */
  readonly size: number;
  /** The order of the keys. */
  readonly comparator: Comparator<K>;
  readonly #root: TreeNode<K, V>;

  private constructor(root: TreeNode<K, V>, comparator: Comparator<K>) {
    this.#root = root;
    this.comparator = comparator;
    this.size = entryCount(root);
  }

  /** An empty map ordered by `comparator`. */
  static empty<K, V>(comparator: Comparator<K>): PersistentSortedMap<K, V> {
    return new PersistentSortedMap<K, V>(new LeafNode<K, V>(null, [], []), comparator);
  }

  /** Builds a map in O(n) from strictly ascending entries; throws `UnsortedInputError` otherwise. */
  static fromSorted<K, V>(entries: Iterable<readonly [K, V]>, comparator: Comparator<K>): PersistentSortedMap<K, V> {
    return new PersistentSortedMap(buildTree(entries, comparator), comparator);
  }

  /**
   * Builds a map in O(n) from strictly ascending `keys` and their `values` (parallel arrays, not
   * kept); throws `UnsortedInputError` when the keys do not ascend.
   */
  static fromSortedArrays<K, V>(
    keys: readonly K[],
    values: readonly V[],
    comparator: Comparator<K>,
  ): PersistentSortedMap<K, V> {
    if (keys.length !== values.length) throw new RangeError(`${keys.length} keys but ${values.length} values`);
    return PersistentSortedMap.fromLeafKeys(leafKeyArrays(keys, comparator), values, comparator);
  }

  /**
   * Builds a map from the leaf key arrays of `leafKeyArrays` (taken over, and shareable with
   * other maps built from the same keys: frozen leaves are copied before any edit) and the values
   * of all their keys in order (or {@link LazyValues}: read leaf by leaf when first needed).
   */
  static fromLeafKeys<K, V>(
    leafKeys: readonly K[][],
    values: readonly V[] | LazyValues<V>,
    comparator: Comparator<K>,
  ): PersistentSortedMap<K, V> {
    return new PersistentSortedMap(buildTreeFromArrays(leafKeys, values), comparator);
  }

  /** The value of `key`, or `undefined` when absent. */
  get(key: K): V | undefined {
    const leaf = leafFor(this.#root, key, this.comparator);
    const index = searchKeys(leaf.keys, key, this.comparator);
    return index < 0 ? undefined : leaf.values[index];
  }

  /** Whether `key` is present. */
  has(key: K): boolean {
    return searchKeys(leafFor(this.#root, key, this.comparator).keys, key, this.comparator) >= 0;
  }

  /** A map with `key` set to `value`; this map itself when `key` already holds that very value (`Object.is`). */
  set(key: K, value: V): PersistentSortedMap<K, V> {
    const root = insertIntoTree(this.#root, key, value, this.comparator, null, { added: false, split: null });
    return root === this.#root ? this : new PersistentSortedMap(root, this.comparator);
  }

  /** A map without `key`; this map itself when `key` is absent. */
  delete(key: K): PersistentSortedMap<K, V> {
    const root = removeFromTree(this.#root, key, this.comparator, null, { removed: false });
    return root === this.#root ? this : new PersistentSortedMap(root, this.comparator);
  }

  /**
   * Applies a batch of edits through a mutable draft, copying each touched node at most once; returns the new
   * map (this map itself when nothing changed). The draft must not be used after `edit` returns.
   */
  withMutations(edit: (draft: SortedMapDraft<K, V>) => void): PersistentSortedMap<K, V> {
    const draft = new SortedMapDraft(this.#root, this.comparator);
    let root: TreeNode<K, V>;
    try {
      edit(draft);
    } finally {
      root = draft.finish();
    }
    return root === this.#root ? this : new PersistentSortedMap(root, this.comparator);
  }

  /** The entry of rank `index` (negative counts from the end, as in `Array.prototype.at`), or `undefined`. */
  at(index: number): [K, V] | undefined {
    const rank = index < 0 ? this.size + index : index;
    if (!Number.isInteger(rank) || rank < 0 || rank >= this.size) return undefined;
    const found = selectEntry(this.#root, rank);
    return [found.keys[found.index] as K, found.values[found.index] as V];
  }

  /** The rank of `key` (its index in key order), or -1 when absent. */
  indexOf(key: K): number {
    const rank = rankOf(this.#root, key, this.comparator);
    return rank < 0 ? -1 : rank;
  }

  /** How many keys sort strictly before `key`, whether or not `key` is present. */
  rank(key: K): number {
    const rank = rankOf(this.#root, key, this.comparator);
    return rank < 0 ? ~rank : rank;
  }

  /** The entry with the smallest key, or `undefined` when empty. */
  first(): [K, V] | undefined {
    return this.at(0);
  }

  /** The entry with the largest key, or `undefined` when empty. */
  last(): [K, V] | undefined {
    return this.at(-1);
  }

  /** The entry with the smallest key above `key` (present or not), or `undefined`. */
  next(key: K): [K, V] | undefined {
    const rank = rankOf(this.#root, key, this.comparator);
    return this.at(rank < 0 ? ~rank : rank + 1);
  }

  /** The entry with the largest key below `key` (present or not), or `undefined`. */
  previous(key: K): [K, V] | undefined {
    const rank = rankOf(this.#root, key, this.comparator);
    const before = (rank < 0 ? ~rank : rank) - 1;
    return before < 0 ? undefined : this.at(before);
  }

  /** Entries in key order, optionally from a key onwards or backwards. */
  entries(range: IterationRange<K> = {}): IterableIterator<[K, V]> {
    return this.#iterate(range, asEntry);
  }

  /** Keys in order, optionally from a key onwards or backwards. */
  keys(range: IterationRange<K> = {}): IterableIterator<K> {
    return this.#iterate(range, asKey);
  }

  /** Values in key order, optionally from a key onwards or backwards. */
  values(range: IterationRange<K> = {}): IterableIterator<V> {
    return this.#iterate(range, asValue);
  }

  /** Entries of ranks `start` up to (not including) `end`, in key order: RESTCONF-style offset and limit. */
  slice(start: number, end: number = this.size): IterableIterator<[K, V]> {
    const from = Math.max(0, Math.min(start, this.size));
    const to = Math.max(from, Math.min(end, this.size));
    return new TreeIterator(this.#root, from, to - from, false, asEntry);
  }

  /** Entries in key order. */
  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.#iterate({}, asEntry);
  }

  /** Calls `visit` for each entry in key order; faster than iterating when every entry is wanted. */
  forEach(visit: (value: V, key: K) => void): void {
    const walk = (node: TreeNode<K, V>): void => {
      if (node.kind === 'branch') {
        for (const child of node.children) walk(child);
        return;
      }
      const { keys, values } = node;
      for (let i = 0; i < keys.length; i++) visit(values[i] as V, keys[i] as K);
    };
    walk(this.#root);
  }

  /**
   * The changes that turn this map into `after` (same comparator), in key order, skipping the subtrees both
   * share; see `sorted-map-diff.ts`.
   */
  diff(after: PersistentSortedMap<K, V>, stats?: DiffStatistics): IterableIterator<SortedMapChange<K, V>> {
    return diffTreeNodes(this.#root, after.#root, this.comparator, stats);
  }

  #iterate<T>(range: IterationRange<K>, project: EntryProjection<K, V, T>): IterableIterator<T> {
    const descending = range.descending === true;
    if (!('from' in range)) {
      return new TreeIterator(this.#root, descending ? this.size - 1 : 0, this.size, descending, project);
    }
    const rank = rankOf(this.#root, range.from as K, this.comparator);
    if (!descending) {
      const start = rank < 0 ? ~rank : rank;
      return new TreeIterator(this.#root, start, this.size - start, false, project);
    }
    const start = rank < 0 ? ~rank - 1 : rank;
    return new TreeIterator(this.#root, start, start + 1, true, project);
  }
}
