/**
 * @module data/edit/edit-merge
 * The deep merge of the `merge` operation: leaf and anydata values are overwritten, containers and
 * list entries merged child by child, lists merged by key (new entries last), leaf-lists united
 * (new values last). Unchanged nodes are kept as they are, so merging a tree into itself returns it.
 * @see RFC 6241 §7.2 (merge), RFC 8040 §4.6.1 (plain patch), RFC 7950 §7.9 (one case per choice)
 */
import { isDeepStrictEqual } from 'node:util';
import type { LeafListNode, YangValue } from '../../yang/index.ts';
import { toCanonical, yangValuesEqual } from '../../yang/index.ts';
import type { DataSchemaNode, InstanceNode, LeafListValues, ListInstance, Slot } from '../instance/index.ts';
import { isVacantSlot, slotTableOf } from '../instance/index.ts';
import { clearOtherCases, nodeFromSlots } from './edit-cases.ts';

/** The values of `existing` followed by those of `incoming` it lacks; `existing` itself when none. */
export const uniteLeafLists = (
  schema: LeafListNode,
  existing: LeafListValues,
  incoming: LeafListValues,
): LeafListValues => {
  const seen = new Set(existing.map((value) => toCanonical(schema.type, value)));
  let united: YangValue[] | undefined;
  for (const value of incoming) {
    const canonical = toCanonical(schema.type, value);
    if (seen.has(canonical)) continue;
    seen.add(canonical);
    united ??= [...existing];
    united.push(value);
  }
  return united ?? existing;
};

/** Entries of `incoming` merged into `existing` by key, in O(m log n) for m incoming entries. */
const mergeLists = (existing: ListInstance, incoming: ListInstance): ListInstance => {
  // Keyless lists (state data only) have positional keys that do not identify entries: replaced.
  if (existing.schema.keys.length === 0) return incoming;
  let entries = existing.entries;
  for (const [key, entry] of incoming.entries) {
    const old = entries.get(key);
    entries = entries.set(key, old === undefined ? entry : mergeInstances(old, entry));
  }
  return entries === existing.entries ? existing : { schema: existing.schema, entries };
};

/** `incoming` merged into `existing`, two instances of one schema node `child`. */
export const mergeSlots = (child: DataSchemaNode, existing: Slot, incoming: Slot): Slot => {
  if (existing === undefined || existing === incoming) return incoming;
  switch (child.kind) {
    case 'leaf':
      return yangValuesEqual(existing as YangValue, incoming as YangValue) ? existing : incoming;
    case 'anydata':
    case 'anyxml':
      return isDeepStrictEqual(existing, incoming) ? existing : incoming;
    case 'leaf-list':
      return uniteLeafLists(child, existing as LeafListValues, incoming as LeafListValues);
    case 'container':
      return mergeInstances(existing as InstanceNode, incoming as InstanceNode);
    case 'list':
      return mergeLists(existing as ListInstance, incoming as ListInstance);
  }
};

/**
 * `incoming` merged into `existing` (two instances of one inner schema node): each child present
 * in `incoming` is merged into the same child of `existing`; a child that becomes present removes
 * the nodes of the other cases of its choices. `existing` itself when nothing changes.
 */
export const mergeInstances = <S extends InstanceNode['schema']>(
  existing: InstanceNode<S>,
  incoming: InstanceNode<S>,
): InstanceNode<S> => {
  if (existing === incoming) return existing;
  const table = slotTableOf(existing.schema);
  const slots: Slot[] = existing.slots.slice();
  let changed = false;
  incoming.slots.forEach((value, index) => {
    if (value === undefined) return;
    const child = table.nodes[index] as DataSchemaNode;
    const before = slots[index];
    const merged = mergeSlots(child, before, value);
    const stored = isVacantSlot(child, merged) ? undefined : merged;
    if (stored === before) return;
    slots[index] = stored;
    changed = true;
    if (stored !== undefined && table.hasChoices) clearOtherCases(table, slots, index);
  });
  return changed ? nodeFromSlots(existing.schema, slots) : existing;
};
