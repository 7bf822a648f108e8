/**
 * @module util/persistent/b-tree-iterator
 * In-order and reverse iteration over a B+tree, starting at any rank.
 *
 * The iterator keeps the path from the root to its leaf, so each step costs O(1) amortised and the whole walk
 * allocates nothing but the results. It reads a frozen snapshot: later edits of the map do not affect it.
 */
import type { BranchNode, LeafNode, TreeNode } from './b-tree-node.ts';

/** Turns one stored entry into the item an iterator yields. */
export type EntryProjection<K, V, T> = (key: K, value: V) => T;

/** Iterates `count` entries of a tree from rank `start`, ascending or descending. */
export class TreeIterator<K, V, T> implements IterableIterator<T> {
  readonly #path: BranchNode<K, V>[] = [];
  readonly #indices: number[] = [];
  readonly #project: EntryProjection<K, V, T>;
  readonly #descending: boolean;
  #leaf: LeafNode<K, V> | null = null;
  #index = 0;
  #remaining: number;

  /**
   * Starts at the entry of rank `start` (the first one yielded) and yields `count` entries; `count` must not
   * run past either end of the tree.
   */
  constructor(
    root: TreeNode<K, V>,
    start: number,
    count: number,
    descending: boolean,
    project: EntryProjection<K, V, T>,
  ) {
    this.#project = project;
    this.#descending = descending;
    this.#remaining = count;
    if (count <= 0) return;
    let node = root;
    let remaining = start;
    while (node.kind === 'branch') {
      let child = 0;
      while (remaining >= (node.sizes[child] as number)) remaining -= node.sizes[child++] as number;
      this.#path.push(node);
      this.#indices.push(child);
      node = node.children[child] as TreeNode<K, V>;
    }
    this.#leaf = node;
    this.#index = remaining;
  }

  /** Yields the next entry. */
  next(): IteratorResult<T, undefined> {
    if (this.#remaining <= 0) return { done: true, value: undefined };
    this.#remaining -= 1;
    let leaf = this.#leaf as LeafNode<K, V>;
    if (this.#descending) {
      if (this.#index < 0) leaf = this.#moveLeaf(-1);
      const index = this.#index--;
      return { done: false, value: this.#project(leaf.keys[index] as K, leaf.values[index] as V) };
    }
    if (this.#index >= leaf.keys.length) leaf = this.#moveLeaf(1);
    const index = this.#index++;
    return { done: false, value: this.#project(leaf.keys[index] as K, leaf.values[index] as V) };
  }

  /** Returns the iterator itself, so that it can be used in `for…of`. */
  [Symbol.iterator](): this {
    return this;
  }

  /** Moves to the next non-empty leaf in `direction`; one exists because entries remain. */
  #moveLeaf(direction: 1 | -1): LeafNode<K, V> {
    const path = this.#path;
    const indices = this.#indices;
    for (;;) {
      let depth = path.length - 1;
      for (;;) {
        const next = (indices[depth] as number) + direction;
        if (next >= 0 && next < (path[depth] as BranchNode<K, V>).children.length) break;
        depth -= 1;
      }
      indices[depth] = (indices[depth] as number) + direction;
      let node = (path[depth] as BranchNode<K, V>).children[indices[depth] as number] as TreeNode<K, V>;
      for (depth += 1; node.kind === 'branch'; depth++) {
        const child = direction === 1 ? 0 : node.children.length - 1;
        path[depth] = node;
        indices[depth] = child;
        node = node.children[child] as TreeNode<K, V>;
      }
      this.#leaf = node;
      if (node.keys.length === 0) continue;
      this.#index = direction === 1 ? 0 : node.keys.length - 1;
      return node;
    }
  }
}
