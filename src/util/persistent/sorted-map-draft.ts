/**
 * @module util/persistent/sorted-map-draft
 * The mutable view of a `PersistentSortedMap` inside `withMutations`: edits touch nodes the batch owns in place.
 *
 * Nodes copied during the batch carry its edit token; a later edit reaching the same node mutates it instead of
 * copying it again, so a batch of m edits allocates O(m) leaves at most rather than O(m log n) paths. Nodes of
 * the original map are never owned by the batch, so the original stays intact.
 */

import { removeFromTree } from './b-tree-delete.ts';
import { type InsertState, insertIntoTree } from './b-tree-insert.ts';
import { type EditToken, entryCount, type TreeNode } from './b-tree-node.ts';
import { leafFor, searchKeys } from './b-tree-search.ts';
import type { Comparator } from './comparator.ts';

let batchCounter = 0;

/** A batch of edits over a sorted map; valid only until the `withMutations` callback returns. */
export class SortedMapDraft<K, V> {
  #root: TreeNode<K, V>;
  #owner: EditToken | null;
  readonly #compare: Comparator<K>;
  readonly #state: InsertState<K, V> = { added: false, split: null };

  /** Opens a batch over the tree `root`; only `PersistentSortedMap.withMutations` should call this. */
  constructor(root: TreeNode<K, V>, compare: Comparator<K>) {
    this.#root = root;
    this.#compare = compare;
    batchCounter += 1;
    this.#owner = { batch: batchCounter };
  }

  /** Number of entries. */
  get size(): number {
    return entryCount(this.#root);
  }

  /** The value of `key`, or `undefined`. */
  get(key: K): V | undefined {
    const leaf = leafFor(this.#root, key, this.#compare);
    const index = searchKeys(leaf.keys, key, this.#compare);
    return index < 0 ? undefined : leaf.values[index];
  }

  /** Whether `key` is present. */
  has(key: K): boolean {
    return searchKeys(leafFor(this.#root, key, this.#compare).keys, key, this.#compare) >= 0;
  }

  /** Adds or replaces the entry of `key`. */
  set(key: K, value: V): this {
    this.#state.added = false;
    this.#root = insertIntoTree(this.#root, key, value, this.#compare, this.#ownerOrThrow(), this.#state);
    return this;
  }

  /** Removes the entry of `key`, if present. */
  delete(key: K): this {
    this.#root = removeFromTree(this.#root, key, this.#compare, this.#ownerOrThrow(), { removed: false });
    return this;
  }

  /** Ends the batch and returns the final tree; the draft refuses further edits. */
  finish(): TreeNode<K, V> {
    this.#owner = null;
    return this.#root;
  }

  #ownerOrThrow(): EditToken {
    if (this.#owner === null) throw new Error('SortedMapDraft used after its withMutations callback returned');
    return this.#owner;
  }
}
