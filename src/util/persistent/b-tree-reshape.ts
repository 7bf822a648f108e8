/**
 * @module util/persistent/b-tree-reshape
 * Joining two sibling nodes and halving one node: the steps behind merges, refills and bulk-build tails.
 */
import { BranchNode, type EditToken, LeafNode, sumSizes, type TreeNode } from './b-tree-node.ts';

/**
 * Concatenates two adjacent siblings into one (possibly oversized) node. `rightLowerBound` is the parent's
 * separator for `right`, which replaces the right branch's unused `keys[0]`.
 */
export const joinSiblings = <K, V>(
  left: TreeNode<K, V>,
  right: TreeNode<K, V>,
  rightLowerBound: K,
  owner: EditToken | null,
): TreeNode<K, V> => {
  if (left.kind === 'leaf' && right.kind === 'leaf') {
    return new LeafNode(owner, left.keys.concat(right.keys), left.values.concat(right.values));
  }
  if (left.kind === 'branch' && right.kind === 'branch') {
    const rightKeys = right.keys.slice();
    rightKeys[0] = rightLowerBound;
    return new BranchNode(
      owner,
      left.keys.concat(rightKeys),
      left.children.concat(right.children),
      left.sizes.concat(right.sizes),
      left.size + right.size,
    );
  }
  throw new Error('B+tree invariant broken: siblings at different depths');
};

/** Splits a node into two halves; the second one's `keys[0]` is the separator between them. */
export const halveNode = <K, V>(node: TreeNode<K, V>, owner: EditToken | null): [TreeNode<K, V>, TreeNode<K, V>] => {
  if (node.kind === 'leaf') {
    const at = node.keys.length >>> 1;
    return [
      new LeafNode(owner, node.keys.slice(0, at), node.values.slice(0, at)),
      new LeafNode(owner, node.keys.slice(at), node.values.slice(at)),
    ];
  }
  const at = node.children.length >>> 1;
  const leftSizes = node.sizes.slice(0, at);
  const rightSizes = node.sizes.slice(at);
  return [
    new BranchNode(owner, node.keys.slice(0, at), node.children.slice(0, at), leftSizes, sumSizes(leftSizes)),
    new BranchNode(owner, node.keys.slice(at), node.children.slice(at), rightSizes, sumSizes(rightSizes)),
  ];
};
