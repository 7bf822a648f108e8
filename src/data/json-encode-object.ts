/**
 * @module data/json-encode-object
 * The core of the JSON encoder: turns an inner node into a plain JSON-ready object (member names,
 * RFC 7951 value forms, read options applied) for the native `JSON.stringify`, which is several
 * times faster than concatenating strings in script. The streaming layer batches these objects.
 * @see RFC 7951 §4–§6, RFC 8040 §4.8, RFC 6243 §3
 */
import type { LeafListNode, LeafNode, YangValue } from '../yang/index.ts';
import { yangValuesEqual } from '../yang/index.ts';
import { isFilteredOut } from './content-filter.ts';
import { defaultsInUse, hasDefaults, leafDefault, leafListDefaults } from './default-values.ts';
import type { FieldsSelector } from './fields-selector.ts';
import type { InstanceNode, LeafListValues, ListEntry, ListInstance, Slot } from './instance-node.ts';
import type { JsonWriter } from './json-writer.ts';
import { DEFAULT_TAG, memberNamesOf } from './json-writer.ts';
import type { DataSchemaNode, InnerSchemaNode, SlotTable } from './slot-table.ts';
import { slotTableOf } from './slot-table.ts';

/** `true` selects a whole subtree; a selector only the descendants it names. @see RFC 8040 §4.8.3 */
export type Selection = FieldsSelector | true;

/** A JSON object under construction (member order is insertion order: no member name is an array index). */
export type JsonObject = Record<string, unknown>;

const EMPTY_SLOTS: readonly Slot[] = [];

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
  w: JsonWriter,
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
  w: JsonWriter,
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
const inUseAt = (plan: MemberPlan, index: number): boolean => {
  plan.inUse ??= defaultsInUse(plan.node, plan.table);
  return plan.inUse(index);
};

const addLeaf = (
  w: JsonWriter,
  out: JsonObject,
  schema: LeafNode,
  value: YangValue,
  member: string,
  isDefault: boolean,
): void => {
  out[member] = w.value(schema, value);
  if (isDefault && w.tagged) out[`@${member}`] = DEFAULT_TAG;
};

/** Adds a leaf-list member (with one default tag per entry in report-all-tagged mode). @see RFC 7952 §5.2.2 */
export const addLeafList = (
  w: JsonWriter,
  out: JsonObject,
  schema: LeafListNode,
  values: LeafListValues,
  member: string,
  isDefault: boolean,
): void => {
  out[member] = w.values(schema, values);
  if (isDefault && w.tagged) out[`@${member}`] = values.map(() => DEFAULT_TAG);
};

/** Adds a present leaf unless `trim` drops it as equal to its in-use default. @see RFC 6243 §3.2 */
export const addPresentLeaf = (
  w: JsonWriter,
  out: JsonObject,
  schema: LeafNode,
  value: YangValue,
  member: string,
  plan: MemberPlan | undefined,
  index: number,
): void => {
  if (w.withDefaults === 'explicit') {
    out[member] = w.value(schema, value);
    return;
  }
  const fallback = leafDefault(w.schema, schema);
  const isDefault =
    fallback !== undefined && (plan === undefined || inUseAt(plan, index)) && yangValuesEqual(fallback, value);
  if (!(isDefault && w.withDefaults === 'trim')) addLeaf(w, out, schema, value, member, isDefault);
};

/** Adds a present leaf-list; values equal to the defaults count as defaults (trim, tagged). @see RFC 6243 §3 */
const addPresentLeafList = (
  w: JsonWriter,
  out: JsonObject,
  schema: LeafListNode,
  values: LeafListValues,
  member: string,
  plan: MemberPlan | undefined,
  index: number,
): void => {
  if (w.withDefaults === 'explicit') {
    out[member] = w.values(schema, values);
    return;
  }
  const defaults = leafListDefaults(w.schema, schema);
  const isDefault =
    defaults.length === values.length &&
    defaults.every((value, position) => yangValuesEqual(value, values[position] as YangValue)) &&
    (plan === undefined || inUseAt(plan, index));
  if (!(isDefault && w.withDefaults === 'trim')) addLeafList(w, out, schema, values, member, isDefault);
};

/** Adds the in-use default of an absent child (report-all modes only). @see RFC 6243 §3.1 */
export const addAbsent = (
  w: JsonWriter,
  out: JsonObject,
  child: DataSchemaNode,
  member: string,
  level: number,
  sub: Selection,
): void => {
  switch (child.kind) {
    case 'leaf': {
      const value = leafDefault(w.schema, child);
      if (value !== undefined) addLeaf(w, out, child, value, member, true);
      return;
    }
    case 'leaf-list': {
      const values = leafListDefaults(w.schema, child);
      if (values.length > 0) addLeafList(w, out, child, values, member, true);
      return;
    }
    case 'container':
      if (child.presence === undefined && hasDefaults(child))
        addContainer(w, out, child, undefined, member, level, sub);
      return;
    default:
      return;
  }
};

/** The plain JSON object of an inner node (undefined `node`: an absent non-presence container). */
export const plainObject = (
  w: JsonWriter,
  node: InstanceNode | undefined,
  parent: InnerSchemaNode,
  level: number,
  selection: Selection,
): JsonObject => {
  const out: JsonObject = {};
  if (w.simple && node !== undefined) {
    // Plain reads (explicit, all content, no depth or fields): every stored slot as it is.
    const { nodes } = slotTableOf(parent);
    const names = memberNamesOf(slotTableOf(parent));
    const { slots } = node;
    for (let index = 0; index < slots.length; index++) {
      const value = slots[index];
      if (value !== undefined)
        addMember(w, out, nodes[index] as DataSchemaNode, value, names[index] as string, undefined, index, 0, true);
    }
    return out;
  }
  const plan = planMembers(w, node, parent, level);
  for (let index = 0; index < plan.count; index++) {
    const sub = memberSelection(w, plan, index, selection);
    if (sub !== undefined) addPlannedMember(w, out, plan, index, memberLevel(plan, selection, sub), sub);
  }
  return out;
};

/** Adds slot `index` of a planned node to `out` (its default, when absent and reported). */
export const addPlannedMember = (
  w: JsonWriter,
  out: JsonObject,
  plan: MemberPlan,
  index: number,
  level: number,
  sub: Selection,
): void => {
  const child = plan.table.nodes[index] as DataSchemaNode;
  const member = plan.names[index] as string;
  const value = plan.slots[index];
  if (value === undefined) {
    if (w.reportsAll && inUseAt(plan, index)) addAbsent(w, out, child, member, level, sub);
  } else addMember(w, out, child, value, member, plan, index, level, sub);
};

/** Adds one present child to `out`. */
export const addMember = (
  w: JsonWriter,
  out: JsonObject,
  child: DataSchemaNode,
  value: Slot,
  member: string,
  plan: MemberPlan | undefined,
  index: number,
  level: number,
  sub: Selection,
): void => {
  switch (child.kind) {
    case 'leaf':
      addPresentLeaf(w, out, child, value as YangValue, member, plan, index);
      return;
    case 'leaf-list':
      addPresentLeafList(w, out, child, value as LeafListValues, member, plan, index);
      return;
    case 'container':
      addContainer(w, out, child, value as InstanceNode, member, level, sub);
      return;
    case 'list': {
      const entries = 'slots' in (value as object) ? [value as ListEntry] : (value as ListInstance).entries.values();
      const array: JsonObject[] = [];
      for (const entry of entries) array.push(plainObject(w, entry, child, level, sub));
      out[member] = array;
      return;
    }
    case 'anydata':
    case 'anyxml':
      out[member] = value;
      return;
  }
};

/** Adds a container; with content=nonconfig one without state data is left out. @see RFC 8040 §4.8.1 */
export const addContainer = (
  w: JsonWriter,
  out: JsonObject,
  schema: InnerSchemaNode & DataSchemaNode,
  node: InstanceNode | undefined,
  member: string,
  level: number,
  sub: Selection,
): void => {
  const object = plainObject(w, node, schema, level, sub);
  const keep = w.content !== 'nonconfig' || (schema.kind === 'container' && schema.presence !== undefined);
  if (keep || Object.keys(object).length > 0) out[member] = object;
};
