/**
 * @module legacy-rest/instance-existence
 * Whether the instance a request addresses exists. A non-presence container exists as soon as
 * its parent does (it only structures data, RFC 7950 §7.5.1), so a POST below an empty one is
 * not refused; list entries and presence containers must be there.
 * @see shared/spec/legacy-rest.md §7 (404 on absent targets)
 */
import type { DataTree, InstanceNode, InstancePath, ListInstance, Slot } from '../data/index.ts';
import { findEntry, getChild, resolveInstancePath } from '../data/index.ts';

/** True when the instance at `path` is stored (an empty non-presence container is not). */
export const isStored = (root: DataTree, path: InstancePath): boolean =>
  path.length === 0 || resolveInstancePath(root, path) !== undefined;

/** True when every list entry and presence container on `path` exists and a leaf or leaf-list target is set. */
export const exists = (root: DataTree, path: InstancePath): boolean => {
  let node: InstanceNode | undefined = root;
  for (const [index, step] of path.entries()) {
    const child: Slot = node === undefined ? undefined : getChild(node, step.schema);
    switch (step.schema.kind) {
      case 'list':
        if (step.keys === undefined) return index === path.length - 1 && child !== undefined;
        node = child === undefined ? undefined : findEntry(child as ListInstance, step.keys);
        if (node === undefined) return false;
        break;
      case 'container':
        if (child === undefined && step.schema.presence !== undefined) return false;
        node = child as InstanceNode | undefined;
        break;
      default:
        return isStored(root, path);
    }
  }
  return true;
};
