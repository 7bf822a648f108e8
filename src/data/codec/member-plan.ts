/**
 * @module data/codec/member-plan
 * How the read options apply to the members of one inner node: which slots are visited, the
 * sub-selection and level of each, whether defaults below a slot are in use, and the member name
 * of each slot.
 * @see RFC 8040 §4.8.1–§4.8.3, RFC 7950 §7.9.3, RFC 7951 §4
 */

import type { DataSchemaNode, InnerSchemaNode, InstanceNode, Slot, SlotTable } from '../instance/index.ts';
import { defaultsInUse, slotTableOf } from '../instance/index.ts';
import type { FieldsSelector } from '../read/index.ts';
import { isFilteredOut } from '../read/index.ts';
import type { PlanOptions } from './chunk-writer.ts';

/** `true` selects a whole subtree; a selector only the descendants it names. @see RFC 8040 §4.8.3 */
export type Selection = FieldsSelector | true;

const EMPTY_SLOTS: readonly Slot[] = [];

const MEMBER_NAMES = new WeakMap<SlotTable, readonly string[]>();

/** The JSON member name of each slot; module-qualified where the module changes. @see RFC 7951 §4 */
export const memberNamesOf = (table: SlotTable): readonly string[] => {
  let names = MEMBER_NAMES.get(table);
  if (names === undefined) {
    const parentModule = 'kind' in table.parent ? table.parent.module : undefined;
    names = table.nodes.map((node) => (node.module === parentModule ? node.name : `${node.module}:${node.name}`));
    MEMBER_NAMES.set(table, names);
  }
  return names;
};

/** The members of one inner node that the read options keep, with their levels and sub-selections. */
export interface MemberPlan {
  readonly table: SlotTable;
  readonly names: readonly string[];
  readonly slots: readonly Slot[];
  /** How many slots to visit: all of them when defaults are reported, else the stored ones. */
  readonly count: number;
  readonly keyCount: number;
  readonly childLevel: number;
  readonly node: InstanceNode | undefined;
  inUse: ((index: number) => boolean) | undefined;
}

/** Prepares the member walk of `node` (undefined: an absent non-presence container). */
export const planMembers = (
  w: PlanOptions,
  node: InstanceNode | undefined,
  parent: InnerSchemaNode,
  level: number,
): MemberPlan => {
  const table = slotTableOf(parent);
  const slots = node?.slots ?? EMPTY_SLOTS;
  return {
    table,
    names: memberNamesOf(table),
    slots,
    count: w.reportsAll ? table.nodes.length : slots.length,
    keyCount: 'kind' in parent && parent.kind === 'list' ? parent.keys.length : 0,
    childLevel: level + 1,
    node,
    inUse: undefined,
  };
};

/**
 * The sub-selection of slot `index`, or undefined when the read options drop it. Past the depth
 * limit only keys are kept: an entry must stay identifiable. @see RFC 8040 §4.8.2
 */
export const memberSelection = (
  w: PlanOptions,
  plan: MemberPlan,
  index: number,
  selection: Selection,
): Selection | undefined => {
  const isKey = index < plan.keyCount;
  if (selection === true && plan.childLevel > w.depth && !isKey) return undefined;
  const child = plan.table.nodes[index] as DataSchemaNode;
  if (w.content !== 'all' && isFilteredOut(child, w.content, isKey)) return undefined;
  if (selection === true || isKey) return true;
  return selection.get(child);
};

/** The level of a child: below a fields selection, selected nodes count as 1 and ancestors not at all. @see RFC 8040 §4.8.2 */
export const memberLevel = (plan: MemberPlan, selection: Selection, sub: Selection): number =>
  selection === true ? plan.childLevel : sub === true ? 1 : 0;

/** Whether defaults below slot `index` are in use (computed once per node). @see RFC 7950 §7.9.3 */
export const inUseAt = (plan: MemberPlan, index: number): boolean => {
  plan.inUse ??= defaultsInUse(plan.node, plan.table);
  return plan.inUse(index);
};
