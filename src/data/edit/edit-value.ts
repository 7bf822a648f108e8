/**
 * @module data/edit/edit-value
 * The value of an edit checked against its target: the instance shape the codecs give for each
 * kind of target, and list keys that agree with the target path.
 * @see RFC 8040 §4.5 (key values in the body must be those of the URI), RFC 8072 §2.5 (`value`)
 */
import { InvalidValueError } from '../../errors/index.ts';
import type { LeafListNode, ListNode, YangValue } from '../../yang/index.ts';
import { yangValuesEqual } from '../../yang/index.ts';
import type { DataSchemaNode, InstanceNode, InstancePath, ListEntry, ListInstance, Slot } from '../instance/index.ts';
import { entryKeyOf, formatInstancePath, isInstanceNode, keyValuesOf } from '../instance/index.ts';
import { nodeFromSlots } from './edit-cases.ts';

const at = (target: InstancePath): { readonly path: string } => ({ path: formatInstancePath(target) });

const isObject = (value: Slot): boolean => typeof value === 'object' && value !== null;

/** True when `value` is an inner instance node of `schema`. */
export const isInstanceOf = <S extends InstanceNode['schema']>(value: Slot, schema: S): value is InstanceNode<S> =>
  isObject(value) && 'slots' in (value as object) && (value as InstanceNode).schema === schema;

const isListInstanceOf = (value: Slot, schema: ListNode): value is ListInstance =>
  isObject(value) &&
  !isInstanceNode(value) &&
  'entries' in (value as object) &&
  (value as ListInstance).schema === schema;

/** `entry` with the key leaves it lacks taken from `keys`; InvalidValueError when a key it has differs. */
const withPathKeys = (entry: ListEntry, keys: readonly YangValue[], target: InstancePath): ListEntry => {
  let slots: Slot[] | undefined;
  keys.forEach((key, index) => {
    if (entry.slots[index] !== undefined) return;
    slots ??= entry.slots.slice();
    slots[index] = key;
  });
  const filled = slots === undefined ? entry : nodeFromSlots(entry.schema, slots);
  const { schema } = entry;
  if (entryKeyOf(schema, keyValuesOf(filled)) !== entryKeyOf(schema, keys))
    throw new InvalidValueError(
      `the key leaves of the new entry of list ${schema.name} differ from the keys in its path`,
      at(target),
    );
  return filled;
};

/**
 * The new entry of a list-entry target: a ListEntry, or a ListInstance holding just that entry (the
 * list as decoded from a body such as `{"m:list": [{…}]}`). Key leaves the entry lacks are taken
 * from the path; keys that differ from the path are an InvalidValueError.
 */
export const entryValue = (
  schema: ListNode,
  keys: readonly YangValue[],
  value: Slot,
  target: InstancePath,
): ListEntry => {
  let entry: ListEntry;
  if (isListInstanceOf(value, schema)) {
    const { size } = value.entries;
    if (size !== 1)
      throw new InvalidValueError(`the value of one entry of list ${schema.name} holds ${size} entries`, at(target));
    entry = (value.entries.at(0) as [string, ListEntry])[1];
  } else if (isInstanceOf(value, schema)) {
    entry = value;
  } else {
    throw new TypeError(`the value of an entry of list ${schema.name} must be a list entry`);
  }
  return withPathKeys(entry, keys, target);
};

/**
 * The new value of a leaf-list-entry target: the value itself, or a one-value leaf-list (as
 * decoded from `{"m:leaf-list": [v]}`). A value other than the one in the path is an InvalidValueError.
 */
export const leafListEntryValue = (
  schema: LeafListNode,
  pathValue: YangValue,
  value: Slot,
  target: InstancePath,
): YangValue => {
  if (yangValuesEqual(value as YangValue, pathValue)) return pathValue;
  if (Array.isArray(value) && value.length === 1 && yangValuesEqual(value[0] as YangValue, pathValue)) return pathValue;
  throw new InvalidValueError(`the value of leaf-list ${schema.name} differs from the value in its path`, at(target));
};

/** The value of a target that is one whole slot (leaf, container, anydata, a whole list or leaf-list). */
export const slotValue = (schema: DataSchemaNode, value: Slot): Slot => {
  switch (schema.kind) {
    case 'container':
      if (!isInstanceOf(value, schema))
        throw new TypeError(`the value of container ${schema.name} must be its instance`);
      return value;
    case 'list':
      if (!isListInstanceOf(value, schema))
        throw new TypeError(`the value of list ${schema.name} must be a list instance`);
      return value;
    case 'leaf-list':
      if (!Array.isArray(value))
        throw new TypeError(`the value of leaf-list ${schema.name} must be an array of values`);
      return value;
    case 'leaf':
    case 'anydata':
    case 'anyxml':
      return value;
  }
};
