/**
 * @module data/edit/edit-spine
 * The walk of an edit down its target path: the parent of the target is edited and every node on
 * the way up is rebuilt (missing containers and list entries are created), so an edit costs
 * O(depth · log n) whatever the size of the lists it passes through.
 * @see RFC 6241 §7.2 (merge creates the ancestors of its target), RFC 7950 §7.9
 */

import type {
  DataSchemaNode,
  InstanceNode,
  InstancePath,
  InstancePathStep,
  ListEntry,
  ListInstance,
  SlotValue,
} from '../instance/index.ts';
import {
  emptyInstance,
  emptyListInstance,
  entryKeyOf,
  entryWithKeys,
  getChild,
  setChild,
  slotTableOf,
} from '../instance/index.ts';
import { withoutOtherCases } from './edit-cases.ts';

/**
 * `node` with `child` set to `value` (undefined or an empty non-presence container, list or
 * leaf-list deletes it); when the child is present afterwards, the nodes of the other cases of its
 * choices are removed. `node` itself when nothing changes. @see RFC 7950 §7.9
 */
export const setMember = <S extends InstanceNode['schema'], N extends DataSchemaNode>(
  node: InstanceNode<S>,
  child: N,
  value: SlotValue<N> | undefined,
): InstanceNode<S> => {
  const next = setChild(node, child, value);
  if (next === node) return node;
  const table = slotTableOf(node.schema);
  if (!table.hasChoices) return next;
  const index = table.indexOf.get(child) as number;
  return next.slots[index] === undefined ? next : withoutOtherCases(next, index);
};

const rebuild = (
  node: InstanceNode,
  path: InstancePath,
  depth: number,
  edit: (parent: InstanceNode) => InstanceNode,
  create: boolean,
): InstanceNode | undefined => {
  if (depth === path.length - 1) return edit(node);
  const step = path[depth] as InstancePathStep;
  const { schema } = step;
  if (schema.kind === 'container') {
    const current = getChild(node, schema);
    if (current === undefined && !create) return undefined;
    const next = rebuild(current ?? emptyInstance(schema), path, depth + 1, edit, create);
    if (next === undefined) return undefined;
    return next === current ? node : setMember(node, schema, next as SlotValue<typeof schema>);
  }
  if (schema.kind === 'list' && step.keys !== undefined) {
    const list: ListInstance = getChild(node, schema) ?? emptyListInstance(schema);
    const key = entryKeyOf(schema, step.keys);
    const current = list.entries.get(key);
    if (current === undefined && !create) return undefined;
    const next = rebuild(current ?? entryWithKeys(schema, step.keys), path, depth + 1, edit, create) as ListEntry;
    if (next === undefined) return undefined;
    // A new entry goes last; the edit below cannot change its keys (key leaves are not editable).
    return next === current ? node : setMember(node, schema, { schema, entries: list.entries.set(key, next) });
  }
  throw new TypeError(`step ${(path[depth + 1] as InstancePathStep).schema.name} follows a step that has no children`);
};

/**
 * A new root in which the parent of the last step of `path` (a non-empty path) is replaced by
 * `edit(parent)`. Missing ancestors are created when `create` is set; otherwise the result is
 * undefined when one is missing. `root` itself when nothing changes.
 */
export const editParentOf = <N extends InstanceNode>(
  root: N,
  path: InstancePath,
  edit: (parent: InstanceNode) => InstanceNode,
  create: boolean,
): N | undefined => rebuild(root, path, 0, edit, create) as N | undefined;
