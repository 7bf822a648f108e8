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

/** A leaf of the B+tree: sorted keys and their values. */
export class LeafNode<K, V> {
  /** Always `'leaf'`. */
  readonly kind = 'leaf';
  /** The batch allowed to edit this node in place, or null once it is frozen. */
  owner: EditToken | null;
  /** Strictly ascending keys. */
  keys: K[];
  /** `values[i]` belongs to `keys[i]`. */
  values: V[];

  constructor(owner: EditToken | null, keys: K[], values: V[]) {
    this.owner = owner;
    this.keys = keys;
    this.values = values;
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
