/**
 * @module util/persistent/b-tree-delete
 * Removal from the B+tree by path copying, merging or refilling nodes that fall below their minimum.
 */

import {
  type BranchNode,
  type EditToken,
  editable,
  entryCount,
  LeafNode,
  MAX_BRANCH,
  MAX_LEAF,
  MIN_BRANCH,
  MIN_LEAF,
  slotCount,
  type TreeNode,
} from './b-tree-node.ts';
import { halveNode, joinSiblings } from './b-tree-reshape.ts';
import { childIndex, searchKeys } from './b-tree-search.ts';
import type { Comparator } from './comparator.ts';

/**
 * Replaces the under-full child `index` of `parent` (editable) and a neighbour by one merged node, or by two
 * evenly filled ones when the merge would overflow.
 */
const rebalanceChild = <K, V>(parent: BranchNode<K, V>, index: number, owner: EditToken | null): void => {
  const left = index > 0 ? index - 1 : index;
  const right = left + 1;
  const merged = joinSiblings(
    parent.children[left] as TreeNode<K, V>,
    parent.children[right] as TreeNode<K, V>,
    parent.keys[right] as K,
    owner,
  );
  if (slotCount(merged) <= (merged.kind === 'leaf' ? MAX_LEAF : MAX_BRANCH)) {
    parent.children.splice(left, 2, merged);
    parent.keys.splice(right, 1);
    parent.sizes.splice(right, 1);
    parent.sizes[left] = entryCount(merged);
    return;
  }
  const [first, second] = halveNode(merged, owner);
  parent.children[left] = first;
  parent.children[right] = second;
  parent.keys[right] = second.keys[0] as K;
  parent.sizes[left] = entryCount(first);
  parent.sizes[right] = entryCount(second);
};

/** Outcome of one removal. */
export type RemoveState = {
  /** True when the key was present (the size shrank). */
  removed: boolean;
};

/**
 * Removes `key` under `node`; returns the updated node, which is `node` itself when the key is absent or when
 * the batch edited it in place (`state.removed` tells the two apart).
 */
export const removeEntry = <K, V>(
  node: TreeNode<K, V>,
  key: K,
  compare: Comparator<K>,
  owner: EditToken | null,
  state: RemoveState,
): TreeNode<K, V> => {
  if (node.kind === 'leaf') {
    const index = searchKeys(node.keys, key, compare);
    if (index < 0) return node;
    state.removed = true;
    if (owner !== null && node.owner === owner) {
      node.keys.splice(index, 1);
      node.values.splice(index, 1);
      return node;
    }
    return new LeafNode(owner, node.keys.toSpliced(index, 1), node.values.toSpliced(index, 1));
  }
  const index = childIndex(node.keys, key, compare);
  const child = node.children[index] as TreeNode<K, V>;
  const updated = removeEntry(child, key, compare, owner, state);
  if (!state.removed) return node;
  const branch = editable(node, owner);
  branch.children[index] = updated;
  branch.sizes[index] = entryCount(updated);
  branch.size -= 1;
  const minimum = updated.kind === 'leaf' ? MIN_LEAF : MIN_BRANCH;
  if (slotCount(updated) < minimum && branch.children.length > 1) rebalanceChild(branch, index, owner);
  return branch;
};

/** Removes `key` from the tree rooted at `root`, collapsing a root branch left with a single child. */
export const removeFromTree = <K, V>(
  root: TreeNode<K, V>,
  key: K,
  compare: Comparator<K>,
  owner: EditToken | null,
  state: RemoveState,
): TreeNode<K, V> => {
  let updated = removeEntry(root, key, compare, owner, state);
  while (updated.kind === 'branch' && updated.children.length === 1) updated = updated.children[0] as TreeNode<K, V>;
  return updated;
};
