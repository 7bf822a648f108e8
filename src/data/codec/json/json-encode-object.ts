/**
 * @module data/codec/json/json-encode-object
 * The core of the JSON encoder: turns an inner node into a plain JSON-ready object (member names,
 * RFC 7951 value forms, read options applied) for the native `JSON.stringify`, which is several
 * times faster than concatenating strings in script. The streaming layer batches these objects.
 * @see RFC 7951 §4–§6, RFC 8040 §4.8, RFC 6243 §3
 */
import type { LeafListNode, LeafNode, YangValue } from '../../../yang/index.ts';
import type {
  DataSchemaNode,
  InnerSchemaNode,
  InstanceNode,
  LeafListValues,
  ListEntry,
  ListInstance,
  Slot,
  SlotTable,
} from '../../instance/index.ts';
import { hasDefaults, leafDefault, leafListDefaults, slotTableOf } from '../../instance/index.ts';
import type { AccessScope } from '../../read/index.ts';
import { entryAccessOf, hasVisibleContent } from '../../read/index.ts';
import type { MemberPlan, Selection } from '../index.ts';
import {
  arePresentDefaults,
  inUseAt,
  isPresentDefault,
  memberLevel,
  memberNamesOf,
  memberSelection,
  planMembers,
} from '../index.ts';
import type { JsonWriter } from './json-writer.ts';
import { DEFAULT_TAG } from './json-writer.ts';

export type { Selection } from '../index.ts';

/** A JSON object under construction (member order is insertion order: no member name is an array index). */
export type JsonObject = Record<string, unknown>;

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
  const isDefault = isPresentDefault(w.schema, schema, value, plan, index);
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
  const isDefault = arePresentDefaults(w.schema, schema, values, plan, index);
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
  access: AccessScope = true,
): void => {
  switch (child.kind) {
    case 'leaf': {
      const value = leafDefault(w.schema, child);
      if (value !== undefined) addLeaf(w, out, child, value, member, true);
      return;
    }
    case 'leaf-list': {
      const defaults = leafListDefaults(w.schema, child);
      const values = access === true ? defaults : access.values(defaults);
      if (values.length > 0) addLeafList(w, out, child, values, member, true);
      return;
    }
    case 'container':
      if (child.presence === undefined && hasDefaults(child))
        addContainer(w, out, child, undefined, member, level, sub, access);
      return;
    default:
      return;
  }
};

/**
 * The plain JSON object of an inner node (undefined `node`: an absent non-presence container),
 * with the members `access` lets the reader see.
 */
export const plainObject = (
  w: JsonWriter,
  node: InstanceNode | undefined,
  parent: InnerSchemaNode,
  level: number,
  selection: Selection,
  access: AccessScope = true,
): JsonObject => {
  const out: JsonObject = {};
  if (w.simple && node !== undefined && access === true) {
    const table = slotTableOf(parent);
    return simpleObject(w, node, table, memberNamesOf(table));
  }
  const plan = planMembers(w, node, parent, level);
  for (let index = 0; index < plan.count; index++) {
    const sub = memberSelection(w, plan, index, selection);
    if (sub === undefined) continue;
    const childAccess = access === true ? true : access.child(plan.table.nodes[index] as DataSchemaNode);
    if (childAccess !== undefined)
      addPlannedMember(w, out, plan, index, memberLevel(plan, selection, sub), sub, childAccess);
  }
  return out;
};

/**
 * The plain object of a node when no read option filters anything: every stored slot as it is.
 * Callers encoding many entries of one list pass the table and names once.
 */
export const simpleObject = (
  w: JsonWriter,
  node: InstanceNode,
  table: SlotTable,
  names: readonly string[],
): JsonObject => {
  const out: JsonObject = {};
  const { nodes } = table;
  const { slots } = node;
  for (let index = 0; index < slots.length; index++) {
    const value = slots[index];
    if (value !== undefined)
      addMember(w, out, nodes[index] as DataSchemaNode, value, names[index] as string, undefined, index, 0, true);
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
  access: AccessScope = true,
): void => {
  const child = plan.table.nodes[index] as DataSchemaNode;
  const member = plan.names[index] as string;
  const value = plan.slots[index];
  if (value === undefined) {
    if (w.reportsAll && inUseAt(plan, index)) addAbsent(w, out, child, member, level, sub, access);
  } else addMember(w, out, child, value, member, plan, index, level, sub, access);
};

/** Adds one present child to `out`, as much of it as `access` lets the reader see. */
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
  access: AccessScope = true,
): void => {
  switch (child.kind) {
    case 'leaf':
      addPresentLeaf(w, out, child, value as YangValue, member, plan, index);
      return;
    case 'leaf-list': {
      const values = access === true ? (value as LeafListValues) : access.values(value as LeafListValues);
      if (values.length > 0) addPresentLeafList(w, out, child, values, member, plan, index);
      return;
    }
    case 'container':
      if (access !== true && access.structural && !hasVisibleContent(value, child, access)) return;
      addContainer(w, out, child, value as InstanceNode, member, level, sub, access);
      return;
    case 'list': {
      const single = 'slots' in (value as object);
      const entries = single ? [value as ListEntry] : (value as ListInstance).entries.values();
      const array: JsonObject[] = [];
      for (const entry of entries) {
        const entryAccess = entryAccessOf(child, entry, access, single);
        if (entryAccess !== undefined) array.push(plainObject(w, entry, child, level, sub, entryAccess));
      }
      if (array.length > 0 || access === true) out[member] = array;
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
  access: AccessScope = true,
): void => {
  const object = plainObject(w, node, schema, level, sub, access);
  const keep = w.content !== 'nonconfig' || (schema.kind === 'container' && schema.presence !== undefined);
  if (keep || Object.keys(object).length > 0) out[member] = object;
};
