/**
 * @module util/persistent/b-tree-search
 * Read-only descents of the B+tree: lookup, rank (order statistics) and selection by index.
 */

import type { LeafNode, TreeNode } from './b-tree-node.ts';
import type { Comparator } from './comparator.ts';

/** Index of `key` in sorted `keys`, or `~insertionPoint` when absent. */
export const searchKeys = <K>(keys: readonly K[], key: K, compare: Comparator<K>): number => {
  let low = 0;
  let high = keys.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const order = compare(keys[middle] as K, key);
    if (order < 0) low = middle + 1;
    else if (order > 0) high = middle - 1;
    else return middle;
  }
  return ~low;
};

/** Index of the child of a branch whose range holds `key` (the last separator ≤ key; `keys[0]` is ignored). */
export const childIndex = <K>(keys: readonly K[], key: K, compare: Comparator<K>): number => {
  let low = 1;
  let high = keys.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (compare(keys[middle] as K, key) <= 0) low = middle + 1;
    else high = middle - 1;
  }
  return low - 1;
};

/** The leaf whose range holds `key`; the key is in it if it is in the tree at all. */
export const leafFor = <K, V>(root: TreeNode<K, V>, key: K, compare: Comparator<K>): LeafNode<K, V> => {
  let node = root;
  while (node.kind === 'branch') node = node.children[childIndex(node.keys, key, compare)] as TreeNode<K, V>;
  return node;
};

/** Number of keys strictly below `key`, as `rank` when `key` is present and `~rank` when absent. */
export const rankOf = <K, V>(root: TreeNode<K, V>, key: K, compare: Comparator<K>): number => {
  let node = root;
  let before = 0;
  while (node.kind === 'branch') {
    const index = childIndex(node.keys, key, compare);
    for (let i = 0; i < index; i++) before += node.sizes[i] as number;
    node = node.children[index] as TreeNode<K, V>;
  }
  const index = searchKeys(node.keys, key, compare);
  return index < 0 ? ~(before + ~index) : before + index;
};

/** The leaf and position of the entry of rank `index` (0 ≤ index < size). */
export const selectEntry = <K, V>(
  root: TreeNode<K, V>,
  index: number,
): { readonly keys: readonly K[]; readonly values: readonly V[]; readonly index: number } => {
  let node = root;
  let remaining = index;
  while (node.kind === 'branch') {
    let child = 0;
    while (remaining >= (node.sizes[child] as number)) remaining -= node.sizes[child++] as number;
    node = node.children[child] as TreeNode<K, V>;
  }
  return { keys: node.keys, values: node.values, index: remaining };
};
