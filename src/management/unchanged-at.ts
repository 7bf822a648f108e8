/**
 * @module management/unchanged-at
 * Whether an edit left the instance at one path as it was, compared by value (an edit may
 * rebuild a subtree with the same content): both absent, or both present and equal.
 */
import type { DataSchemaNode, DataTree, InstanceNode, InstancePath } from '../data/index.ts';
import { instancesEqual, resolveInstancePath, slotsEqual } from '../data/index.ts';

/** True when the instance at `path` is the same in `before` and `after`. */
export const unchangedAt = (before: DataTree, after: DataTree, path: InstancePath): boolean => {
  if (path.length === 0) return instancesEqual(before, after);
  const old = resolveInstancePath(before, path);
  const now = resolveInstancePath(after, path);
  if (old === now) return true;
  if (old === undefined || now === undefined) return false;
  const last = path.at(-1) as InstancePath[number];
  // A list entry is an inner instance; a leaf-list value found in both is the same value.
  if (last.keys !== undefined) return instancesEqual(old as InstanceNode, now as InstanceNode);
  if (last.value !== undefined) return true;
  return slotsEqual(last.schema as DataSchemaNode, old, now);
};
