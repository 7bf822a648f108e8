/**
 * @module util/persistent/b-tree-diff
 * The entries in which two B+trees differ, found by walking both in key order side by side and skipping every
 * subtree the two share (the same node object holds the same entries), so that two versions of a map that
 * differ in a few entries are compared in O(changes · log n), not O(n).
 *
 * Each tree is read through a cursor whose head is either a whole subtree not yet opened or one entry. Heads
 * are resolved by exact first keys (the leftmost entry below a node; branch separators are only bounds):
 * - the same node on both sides is skipped;
 * - two leaves that share their key array (a value replaced) are compared value by value;
 * - of two different nodes, the one starting at the smaller key is opened; when both start at the same key,
 *   the taller is opened, or both when they are equally tall (neither can then equal any node of the other);
 * - a node facing an entry is opened unless the entry sorts before the node's first key (that entry then has
 *   no counterpart left on the node's side);
 * - two entries are merged by key.
 * A node shared by both trees is therefore never opened: whichever side reaches it first either meets it on
 * the other side too or waits (as an unopened head) until the other side has consumed every smaller entry.
 */

import type { BranchNode, LeafNode, TreeNode } from './b-tree-node.ts';
import type { Comparator } from './comparator.ts';

/** One key whose entry differs between two maps, in key order. */
export type SortedMapChange<K, V> =
  | { readonly kind: 'added'; readonly key: K; readonly value: V }
  | { readonly kind: 'removed'; readonly key: K; readonly old: V }
  | { readonly kind: 'changed'; readonly key: K; readonly old: V; readonly value: V };

/** A counter a caller may pass to see how much of the trees a diff had to read. */
export interface DiffStatistics {
  /** B+tree nodes opened (on either side); shared subtrees are skipped without being opened. */
  nodesVisited: number;
}

/** One side of the walk: a stack of partly read nodes and a head (an unopened subtree or an entry). */
class DiffCursor<K, V> {
  readonly #frames: TreeNode<K, V>[] = [];
  readonly #positions: number[] = [];
  readonly #stats: DiffStatistics | undefined;
  /** The unopened subtree at the head, or null when the head is an entry (or the end). */
  pending: TreeNode<K, V> | null;
  #firstKey: K | undefined;
  #height = -1;

  constructor(root: TreeNode<K, V>, stats: DiffStatistics | undefined) {
    this.pending = root;
    this.#stats = stats;
  }

  /** True when nothing is left. */
  get done(): boolean {
    return this.pending === null && this.#frames.length === 0;
  }

  /** The first key of the pending subtree (undefined for an empty leaf). */
  get firstKey(): K | undefined {
    if (this.#height < 0) this.#measure();
    return this.#firstKey;
  }

  /** The height of the pending subtree (0 for a leaf). */
  get height(): number {
    if (this.#height < 0) this.#measure();
    return this.#height;
  }

  /** The key of the head entry (only when `pending` is null and not `done`). */
  get key(): K {
    const leaf = this.#frames.at(-1) as LeafNode<K, V>;
    return leaf.keys[this.#positions.at(-1) as number] as K;
  }

  /** The value of the head entry. */
  get value(): V {
    const leaf = this.#frames.at(-1) as LeafNode<K, V>;
    return leaf.values[this.#positions.at(-1) as number] as V;
  }

  /** Drops the pending subtree after reading it elsewhere (counted as opened). */
  consume(): void {
    if (this.#stats !== undefined) this.#stats.nodesVisited += 1;
    this.skip();
  }

  /** Drops the pending subtree unread. */
  skip(): void {
    this.#setPending(null);
    this.#settle();
  }

  /** Opens the pending subtree: its first child (or entry) becomes the head. */
  open(): void {
    const node = this.pending as TreeNode<K, V>;
    if (this.#stats !== undefined) this.#stats.nodesVisited += 1;
    this.#setPending(null);
    this.#frames.push(node);
    this.#positions.push(0);
    this.#settle();
  }

  /** Moves past the head entry. */
  advance(): void {
    const top = this.#positions.length - 1;
    this.#positions[top] = (this.#positions[top] as number) + 1;
    this.#settle();
  }

  #setPending(node: TreeNode<K, V> | null): void {
    this.pending = node;
    this.#height = -1;
    this.#firstKey = undefined;
  }

  /** Makes the head the next unread child or entry, popping exhausted nodes. */
  #settle(): void {
    for (;;) {
      const node = this.#frames.at(-1);
      if (node === undefined) return;
      const top = this.#positions.length - 1;
      const position = this.#positions[top] as number;
      if (node.kind === 'leaf') {
        if (position < node.keys.length) return;
      } else if (position < node.children.length) {
        this.#positions[top] = position + 1;
        this.#setPending(node.children[position] as TreeNode<K, V>);
        return;
      }
      this.#frames.pop();
      this.#positions.pop();
    }
  }

  #measure(): void {
    let node = this.pending as TreeNode<K, V>;
    let height = 0;
    while (node.kind === 'branch') {
      node = (node as BranchNode<K, V>).children[0] as TreeNode<K, V>;
      height += 1;
    }
    this.#height = height;
    this.#firstKey = node.keys[0];
  }
}

/**
 * The changes that turn the tree `before` into the tree `after` (both ordered by `compare`), in key order.
 * Values are compared with `Object.is`: a value replaced by an equal copy is reported as changed.
 */
export function* diffTreeNodes<K, V>(
  before: TreeNode<K, V>,
  after: TreeNode<K, V>,
  compare: Comparator<K>,
  stats?: DiffStatistics,
): Generator<SortedMapChange<K, V>, void, undefined> {
  const a = new DiffCursor(before, stats);
  const b = new DiffCursor(after, stats);
  for (;;) {
    if (a.pending !== null && a.pending === b.pending) {
      a.skip();
      b.skip();
      continue;
    }
    if (a.done && b.done) return;
    const leafA = a.pending;
    const leafB = b.pending;
    if (leafA?.kind === 'leaf' && leafB?.kind === 'leaf' && leafA.keys === leafB.keys) {
      // A value replaced in a frozen leaf keeps the key array: both hold the same keys, which are
      // the smallest either side has left, so the values compare in place (the commonest change).
      const { keys, values: old } = leafA;
      const { values } = leafB;
      for (let index = 0; index < keys.length; index++) {
        if (!Object.is(old[index], values[index]))
          yield { kind: 'changed', key: keys[index] as K, old: old[index] as V, value: values[index] as V };
      }
      a.consume();
      b.consume();
      continue;
    }
    // A pending empty leaf (only an empty tree's root) holds nothing to compare.
    if (a.pending !== null && (b.done || a.firstKey === undefined)) {
      a.open();
      continue;
    }
    if (b.pending !== null && (a.done || b.firstKey === undefined)) {
      b.open();
      continue;
    }
    if (a.done) {
      yield { kind: 'added', key: b.key, value: b.value };
      b.advance();
      continue;
    }
    if (b.done) {
      yield { kind: 'removed', key: a.key, old: a.value };
      a.advance();
      continue;
    }
    if (a.pending !== null && b.pending !== null) {
      const order = compare(a.firstKey as K, b.firstKey as K);
      if (order < 0) a.open();
      else if (order > 0) b.open();
      else {
        const heightA = a.height;
        const heightB = b.height;
        if (heightA >= heightB) a.open();
        if (heightB >= heightA) b.open();
      }
      continue;
    }
    if (a.pending !== null) {
      if (compare(b.key, a.firstKey as K) < 0) {
        yield { kind: 'added', key: b.key, value: b.value };
        b.advance();
      } else a.open();
      continue;
    }
    if (b.pending !== null) {
      if (compare(a.key, b.firstKey as K) < 0) {
        yield { kind: 'removed', key: a.key, old: a.value };
        a.advance();
      } else b.open();
      continue;
    }
    const order = compare(a.key, b.key);
    if (order < 0) {
      yield { kind: 'removed', key: a.key, old: a.value };
      a.advance();
    } else if (order > 0) {
      yield { kind: 'added', key: b.key, value: b.value };
      b.advance();
    } else {
      if (!Object.is(a.value, b.value)) yield { kind: 'changed', key: a.key, old: a.value, value: b.value };
      a.advance();
      b.advance();
    }
  }
}
