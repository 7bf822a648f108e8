/**
 * @module data/instance/instance-path
 * Instance paths (the data layer's addresses of instances) and zipper-style updates: resolving
 * a path walks down the tree, updating one rebuilds only the spine, in O(depth · log n).
 * @see RFC 8040 §3.5.3 (data resource identifiers), RFC 7950 §9.13
 */
import type { YangValue } from '../../yang/index.ts';
import { yangValuesEqual } from '../../yang/index.ts';
import { entryKeyOf } from './entry-key.ts';
import type { InstanceNode, LeafListValues, ListEntry, ListInstance, Slot, SlotValue } from './instance-node.ts';
import { emptyInstance, getChild, instanceFromSlots, setChild } from './instance-node.ts';
import { deleteEntry, emptyListInstance, findEntry, keyValuesOf, putEntry } from './list-instance.ts';
import type { DataSchemaNode } from './slot-table.ts';

/**
 * One step of an instance path: a data node, with the key values (in `key` order) of one list
 * entry, or the value of one leaf-list entry; without them a list or leaf-list step means all entries.
 */
export interface InstancePathStep {
  readonly schema: DataSchemaNode;
  readonly keys?: readonly YangValue[];
  readonly value?: YangValue;
}

/** A path from an inner node (usually the DataTree) down to an instance. @see RFC 8040 §3.5.3 */
export type InstancePath = readonly InstancePathStep[];

/** A list entry of `schema` holding only its key leaves. @see RFC 7950 §7.8.2 */
export const entryWithKeys = (schema: ListEntry['schema'], keyValues: readonly YangValue[]): ListEntry => {
  if (keyValues.length !== schema.keys.length)
    throw new TypeError(`list ${schema.name} needs ${schema.keys.length} key values`);
  return keyValues.length === 0 ? emptyInstance(schema) : instanceFromSlots(schema, [...keyValues]);
};

const indexInLeafList = (values: LeafListValues, value: YangValue): number =>
  values.findIndex((candidate) => yangValuesEqual(candidate, value));

const stepValue = (slot: Slot, step: InstancePathStep): Slot => {
  if (slot === undefined) return undefined;
  if (step.schema.kind === 'list' && step.keys !== undefined) return findEntry(slot as ListInstance, step.keys);
  if (step.schema.kind === 'leaf-list' && step.value !== undefined) {
    const values = slot as LeafListValues;
    const index = indexInLeafList(values, step.value);
    return index < 0 ? undefined : values[index];
  }
  return slot;
};

const isInnerStep = (step: InstancePathStep): boolean =>
  step.schema.kind === 'container' || (step.schema.kind === 'list' && step.keys !== undefined);

/** The instance at `path` below `node`, undefined when absent. @see RFC 8040 §3.5.3 */
export const resolveInstancePath = (node: InstanceNode, path: InstancePath): Slot => {
  for (let index = 1; index < path.length; index++) {
    if (!isInnerStep(path[index - 1] as InstancePathStep)) {
      throw new TypeError(`step ${(path[index] as InstancePathStep).schema.name} follows a step that has no children`);
    }
  }
  let current: Slot = node;
  for (const step of path) {
    current = stepValue(getChild(current as InstanceNode, step.schema), step);
    if (current === undefined) return undefined;
  }
  return current;
};

const sameKeys = (entry: ListEntry, keyValues: readonly YangValue[]): boolean =>
  entryKeyOf(entry.schema, keyValuesOf(entry)) === entryKeyOf(entry.schema, keyValues);

const updateLeafList = (
  values: LeafListValues | undefined,
  value: YangValue,
  fn: (current: Slot) => Slot,
): LeafListValues => {
  const list = values ?? [];
  const index = indexInLeafList(list, value);
  const current = index < 0 ? undefined : list[index];
  const next = fn(current) as YangValue | undefined;
  if (next === current) return list;
  if (next === undefined) return list.filter((_, position) => position !== index);
  if (index < 0) return [...list, next];
  return list.map((item, position) => (position === index ? next : item));
};

const updateNode = (
  node: InstanceNode,
  path: InstancePath,
  depth: number,
  fn: (current: Slot) => Slot,
): InstanceNode => {
  const step = path[depth] as InstancePathStep;
  const { schema } = step;
  const last = depth === path.length - 1;
  const current = getChild(node, schema);
  if (schema.kind === 'list' && step.keys !== undefined) {
    const list = (current as ListInstance | undefined) ?? emptyListInstance(schema);
    const entry = findEntry(list, step.keys);
    const next = last
      ? (fn(entry) as ListEntry | undefined)
      : updateNode(entry ?? entryWithKeys(schema, step.keys), path, depth + 1, fn);
    if (next === entry) return node;
    if (next === undefined) return setChild(node, schema, deleteEntry(list, step.keys));
    if (!sameKeys(next as ListEntry, step.keys))
      throw new TypeError(`the new entry of ${schema.name} has other keys than its path`);
    return setChild(node, schema, putEntry(list, next as ListEntry));
  }
  if (schema.kind === 'leaf-list' && step.value !== undefined && last) {
    return setChild(node, schema, updateLeafList(current as LeafListValues | undefined, step.value, fn));
  }
  if (last) return setChild(node, schema, fn(current) as SlotValue<typeof schema> | undefined);
  if (schema.kind !== 'container') throw new TypeError(`step ${schema.name} has no children`);
  const child = (current as InstanceNode | undefined) ?? emptyInstance(schema);
  return setChild(node, schema, updateNode(child, path, depth + 1, fn) as SlotValue<typeof schema>);
};

/**
 * A new root in which the instance at `path` is replaced by `fn(current)` (undefined deletes it);
 * missing containers and list entries on the way are created. `root` itself when nothing changes.
 */
export const updateAt = <N extends InstanceNode>(root: N, path: InstancePath, fn: (current: Slot) => Slot): N => {
  if (path.length === 0) {
    const next = fn(root);
    if (next === undefined || next === null || typeof next !== 'object' || !('slots' in next))
      throw new TypeError('the root must stay an inner node');
    return next as N;
  }
  return updateNode(root, path, 0, fn) as N;
};
