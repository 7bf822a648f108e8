/**
 * @module data/edit/edit-placement
 * Where an entry of an `ordered-by user` list or leaf-list goes: `insert` first, last, or before
 * or after the entry named by `point`. A point that names no entry is a `missing-instance` error.
 * @see RFC 8040 §4.8.5–4.8.6, RFC 8072 §2.5 (`where`, `point`), RFC 7950 §7.8.6, §15.7
 */
import { InvalidValueError, MissingInstanceError } from '../../errors/index.ts';
import type { SequencePlacement } from '../../util/index.ts';
import type { LeafListNode, ListNode, YangValue } from '../../yang/index.ts';
import { yangValuesEqual } from '../../yang/index.ts';
import type { InstancePath, LeafListValues, ListInstance } from '../instance/index.ts';
import { entryKeyOf, formatInstancePath } from '../instance/index.ts';

/** Where an ordered-by user entry goes: the point is the key values of a list entry or a leaf-list value. */
export type EditPlacement =
  | { readonly insert: 'first' | 'last' }
  | { readonly insert: 'before' | 'after'; readonly point: readonly YangValue[] | YangValue };

/** The placement of new entries when none is given. @see RFC 8040 §4.8.5 (default `last`) */
export const LAST: EditPlacement = Object.freeze({ insert: 'last' });

const sibling = (target: InstancePath, step: InstancePath[number]): string =>
  formatInstancePath([...target.slice(0, -1), step]);

const at = (target: InstancePath): { readonly path: string } => ({ path: formatInstancePath(target) });

/**
 * The key values a list point names: an array of key values in `key` order, or, for a list with
 * one key, the bare key value when that is not an array.
 */
const pointKeys = (schema: ListNode, point: readonly YangValue[] | YangValue, target: InstancePath): YangValue[] => {
  const keys = Array.isArray(point) ? [...(point as readonly YangValue[])] : [point as YangValue];
  if (keys.length !== schema.keys.length)
    throw new InvalidValueError(
      `the point of list ${schema.name} needs ${schema.keys.length} key values, not ${keys.length}`,
      at(target),
    );
  return keys;
};

/**
 * The keyed-sequence placement of `placement` in `list` (the list of the target entry, absent when
 * empty). Throws MissingInstanceError when the point names no entry.
 */
export const sequencePlacement = (
  schema: ListNode,
  list: ListInstance | undefined,
  placement: EditPlacement,
  target: InstancePath,
): SequencePlacement<string> => {
  if (!('point' in placement)) return placement;
  const keys = pointKeys(schema, placement.point, target);
  const point = entryKeyOf(schema, keys);
  if (list === undefined || !list.entries.has(point))
    throw new MissingInstanceError(
      `the point ${sibling(target, { schema, keys })} of the ${placement.insert} placement is not an entry of list ${schema.name}`,
      at(target),
    );
  return { insert: placement.insert, point };
};

const indexOfValue = (values: LeafListValues, value: YangValue): number =>
  values.findIndex((candidate) => yangValuesEqual(candidate, value));

/** The position of a leaf-list point in `values` (the bare value, or the value in a one-element array). */
const pointIndex = (
  schema: LeafListNode,
  values: LeafListValues,
  point: readonly YangValue[] | YangValue,
  target: InstancePath,
): number => {
  let index = indexOfValue(values, point as YangValue);
  if (index < 0 && Array.isArray(point) && point.length === 1) index = indexOfValue(values, point[0] as YangValue);
  if (index < 0)
    throw new MissingInstanceError(`the point of the placement is not a value of leaf-list ${schema.name}`, at(target));
  return index;
};

/**
 * `values` (which lack `value`) with `value` placed by `placement`. Throws MissingInstanceError
 * when the point names no value.
 */
export const placeValue = (
  schema: LeafListNode,
  values: LeafListValues,
  value: YangValue,
  placement: EditPlacement,
  target: InstancePath,
): LeafListValues => {
  switch (placement.insert) {
    case 'first':
      return [value, ...values];
    case 'last':
      return [...values, value];
    case 'before':
    case 'after': {
      const index = pointIndex(schema, values, placement.point, target) + (placement.insert === 'after' ? 1 : 0);
      return [...values.slice(0, index), value, ...values.slice(index)];
    }
  }
};

/** `values` with the value at `index` moved by `placement`; `values` itself when the point is that value. */
export const moveValue = (
  schema: LeafListNode,
  values: LeafListValues,
  index: number,
  placement: EditPlacement,
  target: InstancePath,
): LeafListValues => {
  if ('point' in placement && pointIndex(schema, values, placement.point, target) === index) return values;
  const value = values[index] as YangValue;
  const moved = placeValue(
    schema,
    values.filter((_, position) => position !== index),
    value,
    placement,
    target,
  );
  return moved.every((item, position) => item === values[position]) ? values : moved;
};
