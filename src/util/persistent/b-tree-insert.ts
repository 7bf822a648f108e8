/**
 * @module util/persistent/b-tree-insert
 * Insertion into the B+tree by path copying (or in place, for nodes owned by the current batch).
 *
 * Overflowing nodes split in half, except at the tree's outer edges: a node on the rightmost (leftmost) spine
 * that overflows at its end (start) keeps all but the new slot, so ascending (descending) loads fill nodes
 * completely instead of leaving them half empty. Only spine nodes can then be under-full, one per level.
 */

import {
  BranchNode,
  type EditToken,
  editable,
  entryCount,
  LeafNode,
  MAX_BRANCH,
  MAX_LEAF,
  sumSizes,
  type TreeNode,
} from './b-tree-node.ts';
import { childIndex, searchKeys } from './b-tree-search.ts';
import type { Comparator } from './comparator.ts';

/** Outcome of one insertion, filled in as the recursion unwinds. */
export type InsertState<K, V> = {
  /** True when the key was new (the size grew). */
  added: boolean;
  /** The new right sibling of the node just returned, when it split. */
  split: TreeNode<K, V> | null;
};

/** Where a split falls among `length` slots after inserting at `index`: half, or at the outer edge of a spine. */
const splitPoint = (length: number, index: number, leftEdge: boolean, rightEdge: boolean): number => {
  if (rightEdge && index === length - 1) return length - 1;
  if (leftEdge && index === 0) return 1;
  return length >>> 1;
};

const insertIntoLeaf = <K, V>(
  leaf: LeafNode<K, V>,
  key: K,
  value: V,
  compare: Comparator<K>,
  owner: EditToken | null,
  state: InsertState<K, V>,
  leftEdge: boolean,
  rightEdge: boolean,
): LeafNode<K, V> => {
  const found = searchKeys(leaf.keys, key, compare);
  if (found >= 0) {
    if (Object.is(leaf.values[found], value)) return leaf;
    if (owner !== null && leaf.owner === owner) {
      leaf.values[found] = value;
      return leaf;
    }
    // Frozen leaves may share their key array; a leaf the batch will edit in place must not.
    return new LeafNode(owner, owner === null ? leaf.keys : leaf.keys.slice(), leaf.values.with(found, value));
  }
  state.added = true;
  const index = ~found;
  let keys: K[];
  let values: V[];
  if (owner !== null && leaf.owner === owner) {
    leaf.keys.splice(index, 0, key);
    leaf.values.splice(index, 0, value);
    ({ keys, values } = leaf);
  } else {
    keys = leaf.keys.toSpliced(index, 0, key);
    values = leaf.values.toSpliced(index, 0, value);
  }
  if (keys.length <= MAX_LEAF) return owner !== null && leaf.owner === owner ? leaf : new LeafNode(owner, keys, values);
  const at = splitPoint(keys.length, index, leftEdge, rightEdge);
  state.split = new LeafNode(owner, keys.slice(at), values.slice(at));
  return new LeafNode(owner, keys.slice(0, at), values.slice(0, at));
};

/**
 * Inserts or replaces `key` under `node`; returns the updated node (the same node when nothing changed) and
 * reports a split through `state.split`. `leftEdge`/`rightEdge` say whether `node` is on an outer spine.
 */
export const insertEntry = <K, V>(
  node: TreeNode<K, V>,
  key: K,
  value: V,
  compare: Comparator<K>,
  owner: EditToken | null,
  state: InsertState<K, V>,
  leftEdge: boolean,
  rightEdge: boolean,
): TreeNode<K, V> => {
  if (node.kind === 'leaf') return insertIntoLeaf(node, key, value, compare, owner, state, leftEdge, rightEdge);
  const index = childIndex(node.keys, key, compare);
  const child = node.children[index] as TreeNode<K, V>;
  const last = node.children.length - 1;
  const updated = insertEntry(
    child,
    key,
    value,
    compare,
    owner,
    state,
    leftEdge && index === 0,
    rightEdge && index === last,
  );
  const split = state.split;
  // An owned child edited in place is still `child`; only a size change or a split concerns this level then.
  if (updated === child && split === null && !state.added) return node;
  const branch = editable(node, owner);
  branch.children[index] = updated;
  branch.sizes[index] = entryCount(updated);
  if (state.added) branch.size += 1;
  if (split === null) return branch;
  state.split = null;
  branch.keys.splice(index + 1, 0, split.keys[0] as K);
  branch.children.splice(index + 1, 0, split);
  branch.sizes.splice(index + 1, 0, entryCount(split));
  if (branch.children.length <= MAX_BRANCH) return branch;
  // A split of the first child counts as growth at the branch's start, for the left-edge rule.
  const at = splitPoint(branch.children.length, index === 0 ? 0 : index + 1, leftEdge, rightEdge);
  const rightSizes = branch.sizes.slice(at);
  const leftSizes = branch.sizes.slice(0, at);
  const rightSize = sumSizes(rightSizes);
  state.split = new BranchNode(owner, branch.keys.slice(at), branch.children.slice(at), rightSizes, rightSize);
  return new BranchNode(
    owner,
    branch.keys.slice(0, at),
    branch.children.slice(0, at),
    leftSizes,
    branch.size - rightSize,
  );
};

/** Inserts or replaces `key` in the tree rooted at `root`, growing a new root when the old one splits. */
export const insertIntoTree = <K, V>(
  root: TreeNode<K, V>,
  key: K,
  value: V,
  compare: Comparator<K>,
  owner: EditToken | null,
  state: InsertState<K, V>,
): TreeNode<K, V> => {
  const updated = insertEntry(root, key, value, compare, owner, state, true, true);
  const split = state.split;
  if (split === null) return updated;
  state.split = null;
  return new BranchNode(
    owner,
    [updated.keys[0] as K, split.keys[0] as K],
    [updated, split],
    [entryCount(updated), entryCount(split)],
    entryCount(updated) + entryCount(split),
  );
};
