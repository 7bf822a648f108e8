/**
 * @module data/codec/present-default
 * Whether a present leaf or leaf-list holds its in-use default: what with-defaults `trim` leaves
 * out and `report-all-tagged` tags. Both encoders ask it the same way.
 * @see RFC 6243 §3.2 (trim), §3.4 (report-all-tagged), RFC 7950 §7.6.1, §7.7.2 (defaults in use)
 */
import type { LeafListNode, LeafNode, SchemaTree, YangValue } from '../../yang/index.ts';
import { yangValuesEqual } from '../../yang/index.ts';
import type { LeafListValues } from '../instance/index.ts';
import { leafDefault, leafListDefaults } from '../instance/index.ts';
import type { MemberPlan } from './member-plan.ts';
import { inUseAt } from './member-plan.ts';

/** True when `value` is the leaf's default and that default is in use (slot `index` of `plan`). */
export const isPresentDefault = (
  schema: SchemaTree,
  leaf: LeafNode,
  value: YangValue,
  plan: MemberPlan | undefined,
  index: number,
): boolean => {
  const fallback = leafDefault(schema, leaf);
  return fallback !== undefined && (plan === undefined || inUseAt(plan, index)) && yangValuesEqual(fallback, value);
};

/** True when `values` are the leaf-list's defaults, in order, and those defaults are in use. */
export const arePresentDefaults = (
  schema: SchemaTree,
  leafList: LeafListNode,
  values: LeafListValues,
  plan: MemberPlan | undefined,
  index: number,
): boolean => {
  const defaults = leafListDefaults(schema, leafList);
  return (
    defaults.length === values.length &&
    defaults.every((value, position) => yangValuesEqual(value, values[position] as YangValue)) &&
    (plan === undefined || inUseAt(plan, index))
  );
};
