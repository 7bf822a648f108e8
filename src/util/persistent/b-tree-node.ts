/**
 * @module util/persistent/b-tree-node
 * Node shapes of the persistent B+tree behind `PersistentSortedMap`, and the edit token of transient batches.
 *
 * Leaves hold keys and values in two parallel arrays (no per-entry objects); branches hold one separator key,
 * one child and one subtree size per child, so order statistics (`at`, `indexOf`) cost O(log n).
 * In a branch, `keys[i]` (i ≥ 1) is a lower bound of `children[i]` and above every key of `children[i - 1]`;
 * `keys[0]` is never consulted, because the parent's separator bounds the whole branch.
 */

/**
 * Identity of one transient batch: nodes whose `owner` is the current token may be edited in place.
 * Once the batch ends the token is dropped, so its nodes are frozen like any others.
 */
export type EditToken = { readonly batch: number };

/** Most entries a leaf holds; 64 keeps per-entry overhead near 16 bytes and a path copy near 1 KB. */
export const MAX_LEAF = 64;
/** Most children a branch holds. */
export const MAX_BRANCH = 32;
/** A leaf with fewer entries is merged with or refilled from a sibling after a delete. */
export const MIN_LEAF = MAX_LEAF / 4;
/** A branch with fewer children is merged with or refilled from a sibling after a delete. */
export const MIN_BRANCH = MAX_BRANCH / 4;

/**
 * The values of a tree's entries given by position instead of in an array: `read(start, end)`
 * gives the values of positions `start` up to (not including) `end`, at the latest when a leaf's
 * values are first read (see {@link LeafNode.lazy}). It must give the same values, in the same
 * order, whenever it is called: a leaf calls it once and keeps what it gave.
 */
export class LazyValues<V> {
  /** Number of values. */
  readonly length: number;
  readonly read: (start: number, end: number) => V[];

  constructor(length: number, read: (start: number, end: number) => V[]) {
    this.length = length;
    this.read = read;
  }
}

/** A leaf of the B+tree: sorted keys and their values. */
export class LeafNode<K, V> {
  /** Always `'leaf'`. */
  readonly kind = 'leaf';
  /** The batch allowed to edit this node in place, or null once it is frozen. */
  owner: EditToken | null;
  /** Strictly ascending keys. */
  keys: K[];
  #values: V[] | undefined;
  /** Where the values come from while they are not read yet (a frozen leaf of {@link lazy}). */
  #pending: (() => V[]) | undefined;

  constructor(owner: EditToken | null, keys: K[], values: V[]) {
    this.owner = owner;
    this.keys = keys;
    this.#values = values;
    this.#pending = undefined;
  }

  /**
   * A frozen leaf whose values are made by `values()` when they are first read, and kept: every
   * reader, and every copy made for an edit, sees the same value objects, as if they had been
   * there from the start.
   */
  static lazy<K, V>(keys: K[], values: () => V[]): LeafNode<K, V> {
    const leaf = new LeafNode<K, V>(null, keys, []);
    leaf.#values = undefined;
    leaf.#pending = values;
    return leaf;
  }

  /** `values[i]` belongs to `keys[i]`. */
  get values(): V[] {
    return this.#values ?? this.#materialize();
  }

  set values(values: V[]) {
    this.#values = values;
    this.#pending = undefined;
  }

  /** Whether the values are not made yet (a leaf of {@link lazy} not read so far). */
  get deferred(): boolean {
    return this.#values === undefined;
  }

  #materialize(): V[] {
    const values = (this.#pending as () => V[])();
    if (values.length !== this.keys.length)
      throw new RangeError(`${values.length} values for a leaf of ${this.keys.length} keys`);
    this.#values = values;
    this.#pending = undefined;
    return values;
  }
}

/** An inner node of the B+tree: separators, children and subtree sizes. */
export class BranchNode<K, V> {
  /** Always `'branch'`. */
  readonly kind = 'branch';
  /** The batch allowed to edit this node in place, or null once it is frozen. */
  owner: EditToken | null;
  /** Separator keys; see the module comment. */
  keys: K[];
  /** Subtrees, in key order. */
  children: TreeNode<K, V>[];
  /** `sizes[i]` is the number of entries under `children[i]`. */
  sizes: number[];
  /** Number of entries under this branch. */
  size: number;

  constructor(owner: EditToken | null, keys: K[], children: TreeNode<K, V>[], sizes: number[], size: number) {
    this.owner = owner;
    this.keys = keys;
    this.children = children;
    this.sizes = sizes;
    this.size = size;
  }
}

/** Any node of the B+tree. */
export type TreeNode<K, V> = LeafNode<K, V> | BranchNode<K, V>;

/** Number of entries under a node. */
export const entryCount = <K, V>(node: TreeNode<K, V>): number => (node.kind === 'leaf' ? node.keys.length : node.size);

/** Number of slots (entries or children) a node uses, compared against the MIN_/MAX_ bounds. */
export const slotCount = <K, V>(node: TreeNode<K, V>): number =>
  node.kind === 'leaf' ? node.keys.length : node.children.length;

/** Sums a branch's child sizes. */
export const sumSizes = (sizes: readonly number[]): number => {
  let total = 0;
  for (const size of sizes) total += size;
  return total;
};

/** The node itself when the batch owns it, else a shallow copy owned by the batch (or frozen, outside batches). */
export const editable = <K, V, N extends TreeNode<K, V>>(node: N, owner: EditToken | null): N => {
  if (owner !== null && node.owner === owner) return node;
  if (node.kind === 'leaf') return new LeafNode(owner, node.keys.slice(), node.values.slice()) as N;
  return new BranchNode(owner, node.keys.slice(), node.children.slice(), node.sizes.slice(), node.size) as N;
};
