/**
 * @module util/persistent/b-tree-build
 * Bottom-up construction of a B+tree from strictly ascending entries in O(n), with every node full.
 */

import {
  BranchNode,
  entryCount,
  LazyValues,
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

/** Builds the branch levels above a level of frozen leaves, up to the root. */
const buildBranches = <K, V>(leaves: TreeNode<K, V>[]): TreeNode<K, V> => {
  let level = leaves;
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

/**
 * Where {@link buildTreeFromArrays} cuts `count` entries into leaves: the end offset of each leaf.
 * Full leaves, except that the last two share their entries evenly when the last would be under
 * its minimum.
 */
const leafEnds = (count: number): number[] => {
  const ends: number[] = [];
  for (let end = MAX_LEAF; end <= count; end += MAX_LEAF) ends.push(end);
  const rest = count % MAX_LEAF;
  if (rest > 0) {
    if (rest < MIN_LEAF && ends.length > 0) ends[ends.length - 1] = count - ((MAX_LEAF + rest) >>> 1);
    ends.push(count);
  }
  return ends;
};

/**
 * The key arrays of the leaves {@link buildTreeFromArrays} makes of `keys`, which must be strictly
 * ascending: with `compare`, throws `UnsortedInputError` when they are not (without, the caller
 * vouches for them). Two trees built from the same keys may share the arrays: frozen leaves are
 * copied before any edit.
 */
export const leafKeyArrays = <K>(keys: readonly K[], compare: Comparator<K> | undefined): K[][] => {
  if (compare !== undefined) {
    for (let position = 1; position < keys.length; position++) {
      if (compare(keys[position - 1] as K, keys[position] as K) >= 0) throw new UnsortedInputError(position);
    }
  }
  let start = 0;
  return leafEnds(keys.length).map((end) => {
    const slice = keys.slice(start, end);
    start = end;
    return slice;
  });
};

/**
 * Builds a frozen tree from the leaf key arrays of {@link leafKeyArrays} and the values of all
 * their keys, in order (`values.length` must be their total length). No per-entry objects are
 * made on the way. With {@link LazyValues}, each leaf reads its values when they are first read.
 */
export const buildTreeFromArrays = <K, V>(
  leafKeys: readonly K[][],
  values: readonly V[] | LazyValues<V>,
): TreeNode<K, V> => {
  if (leafKeys.length === 0) return new LeafNode<K, V>(null, [], []);
  const leaves: TreeNode<K, V>[] = [];
  let start = 0;
  for (const keys of leafKeys) {
    const end = start + keys.length;
    if (values instanceof LazyValues) {
      const { read } = values;
      const from = start;
      leaves.push(LeafNode.lazy(keys, () => read(from, end)));
    } else leaves.push(new LeafNode(null, keys, values.slice(start, end)));
    start = end;
  }
  if (start !== values.length) throw new RangeError(`${values.length} values for ${start} keys`);
  return buildBranches(leaves);
};

/** Builds a frozen tree from strictly ascending entries; throws `UnsortedInputError` otherwise. */
export const buildTree = <K, V>(entries: Iterable<readonly [K, V]>, compare: Comparator<K>): TreeNode<K, V> => {
  const level: TreeNode<K, V>[] = [];
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
  return buildBranches(level);
};
