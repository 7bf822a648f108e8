/**
 * @module data/instance/instance-existence
 * Whether the instance a request addresses exists, as both APIs judge it. A non-presence
 * container exists as soon as its parent does (RFC 7950 §7.5.1: it only structures data), so
 * a POST below an empty one or a PATCH of it is not refused; list entries and presence
 * containers must be there.
 * @see RFC 8040 §4.4.1 (POST), §4.6 (PATCH), §4.7 (DELETE)
 */

import type { DataTree, InstanceNode, ListInstance, Slot } from './instance-node.ts';
import { getChild } from './instance-node.ts';
import type { InstancePath } from './instance-path.ts';
import { resolveInstancePath } from './instance-path.ts';
import { findEntry } from './list-instance.ts';

/** True when the instance at `path` is stored (a strict test: an empty non-presence container is absent). */
export const isInstanceStored = (root: DataTree, path: InstancePath): boolean =>
  path.length === 0 || resolveInstancePath(root, path) !== undefined;

/** True when every list entry and presence container on `path` exists, and a leaf or leaf-list target is set. */
export const instanceExists = (root: DataTree, path: InstancePath): boolean => {
  let node: InstanceNode | undefined = root;
  for (const [index, step] of path.entries()) {
    const child: Slot = node === undefined ? undefined : getChild(node, step.schema);
    switch (step.schema.kind) {
      case 'list':
        if (child === undefined) return false;
        if (step.keys === undefined) return index === path.length - 1;
        node = findEntry(child as ListInstance, step.keys);
        if (node === undefined) return false;
        break;
      case 'container':
        if (child === undefined && step.schema.presence !== undefined) return false;
        node = child as InstanceNode | undefined;
        break;
      default:
        return isInstanceStored(root, path);
    }
  }
  return true;
};
