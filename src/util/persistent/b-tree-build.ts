/**
 * @module util/persistent/b-tree-build
 * Bottom-up construction of a B+tree from strictly ascending entries in O(n), with every node full.
 */

import {
  BranchNode,
  entryCount,
  LeafNode,
  MAX_BRANCH,
  MAX_LEAF,
  MIN_BRANCH,
  MIN_LEAF,
  sumSizes,
  type TreeNode,
} from './b-tree-node.ts';
import { halveNode, joinSiblings } from './b-tree-reshape.ts';
import { UnsortedInputError } from './collection-errors.ts';
import type { Comparator } from './comparator.ts';

/**
 * Splits the last two nodes of a level evenly when the last is under its minimum, so that bulk-built trees
 * respect the same bounds as edited ones.
 */
const evenOutTail = <K, V>(nodes: TreeNode<K, V>[]): void => {
  const last = nodes.at(-1);
  if (nodes.length < 2 || last === undefined) return;
  const minimum = last.kind === 'leaf' ? MIN_LEAF : MIN_BRANCH;
  const slots = last.kind === 'leaf' ? last.keys.length : last.children.length;
  if (slots >= minimum) return;
  const previous = nodes[nodes.length - 2] as TreeNode<K, V>;
  const [first, second] = halveNode(joinSiblings(previous, last, last.keys[0] as K, null), null);
  nodes.splice(nodes.length - 2, 2, first, second);
};

/** Builds a frozen tree from strictly ascending entries; throws `UnsortedInputError` otherwise. */
export const buildTree = <K, V>(entries: Iterable<readonly [K, V]>, compare: Comparator<K>): TreeNode<K, V> => {
  let level: TreeNode<K, V>[] = [];
  let keys: K[] = [];
  let values: V[] = [];
  let previous: K | undefined;
  let position = 0;
  for (const [key, value] of entries) {
    if (position > 0 && compare(previous as K, key) >= 0) throw new UnsortedInputError(position);
    previous = key;
    position += 1;
    keys.push(key);
    values.push(value);
    if (keys.length === MAX_LEAF) {
      // slice() trims the arrays' spare capacity, which push() over-allocates.
      level.push(new LeafNode(null, keys.slice(), values.slice()));
      keys = [];
      values = [];
    }
  }
  if (keys.length > 0 || level.length === 0) level.push(new LeafNode(null, keys.slice(), values.slice()));
  evenOutTail(level);
  while (level.length > 1) {
    const parents: TreeNode<K, V>[] = [];
    for (let start = 0; start < level.length; start += MAX_BRANCH) {
      const children = level.slice(start, start + MAX_BRANCH);
      const sizes = children.map(entryCount);
      const separators = children.map((child) => child.keys[0] as K);
      parents.push(new BranchNode(null, separators, children, sizes, sumSizes(sizes)));
    }
    evenOutTail(parents);
    level = parents;
  }
  return level[0] as TreeNode<K, V>;
};
