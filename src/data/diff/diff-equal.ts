/**
 * @module data/diff/diff-equal
 * Deep equality of instances by value: leaf values by `yangValuesEqual`, anydata as JSON (member order
 * ignored), lists by keys and entries, the order of entries counting only for `ordered-by user` lists and
 * leaf-lists. Shared subtrees are equal at once, and two versions of one large list are compared through
 * the structural diff of their B+trees, so the cost follows the difference, not the size.
 * @see RFC 7950 §7.7.7 (ordered-by), §9.1 (canonical values)
 */
import type { LeafListNode, YangValue } from '../../yang/index.ts';
import { toCanonical, yangValuesEqual } from '../../yang/index.ts';
import type {
  AnydataValue,
  DataSchemaNode,
  InstanceNode,
  LeafListValues,
  ListInstance,
  Slot,
} from '../instance/index.ts';
import { isVacantSlot, slotTableOf } from '../instance/index.ts';

/** Equality of two anydata/anyxml values as JSON: arrays in order, object members in any order. */
export const anydataEqual = (left: AnydataValue, right: AnydataValue): boolean => {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item: AnydataValue, index: number) => anydataEqual(item, right[index] as AnydataValue));
  }
  const leftObject = left as { readonly [member: string]: AnydataValue };
  const rightObject = right as { readonly [member: string]: AnydataValue };
  const names = Object.keys(leftObject);
  if (names.length !== Object.keys(rightObject).length) return false;
  return names.every(
    (name) =>
      Object.hasOwn(rightObject, name) &&
      anydataEqual(leftObject[name] as AnydataValue, rightObject[name] as AnydataValue),
  );
};

/** The canonical forms of leaf-list values, for comparing them as sets. @see RFC 7950 §9.1 */
export const canonicalValues = (schema: LeafListNode, values: LeafListValues): string[] =>
  values.map((value) => toCanonical(schema.type, value));

/**
 * Leaf-lists are equal when their values have the same canonical forms (as their paths name them), in the
 * same order for `ordered-by user`, as multisets otherwise.
 */
const leafListsEqual = (schema: LeafListNode, left: LeafListValues, right: LeafListValues): boolean => {
  if (left.length !== right.length) return false;
  if (left.every((value, index) => yangValuesEqual(value, right[index] as YangValue))) return true;
  const leftTexts = canonicalValues(schema, left);
  const rightTexts = canonicalValues(schema, right);
  if (schema.orderedBy !== 'user') {
    leftTexts.sort();
    rightTexts.sort();
  }
  return leftTexts.every((text, index) => text === rightTexts[index]);
};

const listsEqual = (left: ListInstance, right: ListInstance): boolean => {
  if (left.entries === right.entries) return true;
  if (left.entries.size !== right.entries.size) return false;
  if (left.schema.keys.length === 0) {
    // Keyless lists (state data) are sequences: their positional entry keys carry no meaning.
    const rights = right.entries.values();
    for (const entry of left.entries.values())
      if (!instancesEqual(entry, rights.next().value as InstanceNode)) return false;
    return true;
  }
  const diff = left.entries.diff(right.entries, { order: left.schema.orderedBy === 'user' });
  if (diff.added.length > 0 || diff.removed.length > 0 || diff.moved.length > 0) return false;
  return diff.changed.every((key) =>
    instancesEqual(left.entries.get(key) as InstanceNode, right.entries.get(key) as InstanceNode),
  );
};

/** Deep equality of the instances of `schema` held in two slots (absent equals vacant). */
export const slotsEqual = (schema: DataSchemaNode, left: Slot, right: Slot): boolean => {
  if (left === right) return true;
  const leftVacant = isVacantSlot(schema, left);
  const rightVacant = isVacantSlot(schema, right);
  if (leftVacant || rightVacant) return leftVacant && rightVacant;
  switch (schema.kind) {
    case 'leaf':
      return yangValuesEqual(left as YangValue, right as YangValue);
    case 'leaf-list':
      return leafListsEqual(schema, left as LeafListValues, right as LeafListValues);
    case 'container':
      return instancesEqual(left as InstanceNode, right as InstanceNode);
    case 'list':
      return listsEqual(left as ListInstance, right as ListInstance);
    case 'anydata':
    case 'anyxml':
      return anydataEqual(left as AnydataValue, right as AnydataValue);
  }
};

/**
 * Deep equality of two inner instances (trees, containers, list entries) by value, including the order of
 * `ordered-by user` lists and leaf-lists; the order of `ordered-by system` ones does not count.
 */
export const instancesEqual = (left: InstanceNode, right: InstanceNode): boolean => {
  if (left === right) return true;
  if (left.schema !== right.schema) return false;
  const { nodes } = slotTableOf(left.schema);
  const length = Math.max(left.slots.length, right.slots.length);
  for (let index = 0; index < length; index++) {
    if (!slotsEqual(nodes[index] as DataSchemaNode, left.slots[index], right.slots[index])) return false;
  }
  return true;
};
