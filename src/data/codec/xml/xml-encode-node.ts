/**
 * @module data/codec/xml/xml-encode-node
 * The core of the XML encoder: writes the children of an inner node as elements, with the read
 * options applied exactly as the JSON encoder applies them (the same member plans), into the
 * writer's pending text. The streaming layer calls it per list entry.
 * @see RFC 7950 §7, RFC 8040 §4.8, RFC 6243 §3
 */
import type { LeafListNode, LeafNode, YangValue } from '../../../yang/index.ts';
import type {
  AnydataValue,
  DataSchemaNode,
  InnerSchemaNode,
  InstanceNode,
  LeafListValues,
  ListEntry,
  ListInstance,
  Slot,
} from '../../instance/index.ts';
import { hasDefaults, leafDefault, leafListDefaults, slotTableOf } from '../../instance/index.ts';
import type { AccessScope } from '../../read/index.ts';
import { entryAccessOf, hasVisibleContent } from '../../read/index.ts';
import type { MemberPlan, Selection } from '../index.ts';
import { arePresentDefaults, inUseAt, isPresentDefault, memberLevel, memberSelection, planMembers } from '../index.ts';
import { writeAnydata } from './xml-anydata.ts';
import type { TagSet, XmlWriter } from './xml-writer.ts';
import { tagsOf } from './xml-writer.ts';

/** Writes a present leaf unless `trim` drops it as equal to its in-use default. @see RFC 6243 §3.2 */
const writePresentLeaf = (
  w: XmlWriter,
  schema: LeafNode,
  value: YangValue,
  start: string,
  end: string,
  plan: MemberPlan | undefined,
  index: number,
): void => {
  if (w.withDefaults === 'explicit') {
    w.leaf(schema, value, start, end, false);
    return;
  }
  const isDefault = isPresentDefault(w.schema, schema, value, plan, index);
  if (!(isDefault && w.withDefaults === 'trim')) w.leaf(schema, value, start, end, isDefault);
};

/** Writes a present leaf-list; values equal to the defaults count as defaults (trim, tagged). @see RFC 6243 §3 */
const writePresentLeafList = (
  w: XmlWriter,
  schema: LeafListNode,
  values: LeafListValues,
  start: string,
  end: string,
  plan: MemberPlan | undefined,
  index: number,
): void => {
  let isDefault = false;
  if (w.withDefaults !== 'explicit') {
    isDefault = arePresentDefaults(w.schema, schema, values, plan, index);
    if (isDefault && w.withDefaults === 'trim') return;
  }
  for (const value of values) w.leaf(schema, value, start, end, isDefault);
};

/** Writes the in-use default of an absent child (report-all modes only). @see RFC 6243 §3.1 */
export const writeAbsent = (
  w: XmlWriter,
  child: DataSchemaNode,
  start: string,
  end: string,
  level: number,
  sub: Selection,
  access: AccessScope = true,
): void => {
  switch (child.kind) {
    case 'leaf': {
      const value = leafDefault(w.schema, child);
      if (value !== undefined) w.leaf(child, value, start, end, true);
      return;
    }
    case 'leaf-list': {
      const defaults = leafListDefaults(w.schema, child);
      for (const value of access === true ? defaults : access.values(defaults)) w.leaf(child, value, start, end, true);
      return;
    }
    case 'container':
      if (child.presence === undefined && hasDefaults(child))
        writeContainer(w, child, undefined, start, end, level, sub, access);
      return;
    default:
      return;
  }
};

/**
 * Writes the children of an inner node (undefined `node`: an absent non-presence container) as
 * elements: those `access` lets the reader see.
 */
export const writeChildren = (
  w: XmlWriter,
  node: InstanceNode | undefined,
  parent: InnerSchemaNode,
  level: number,
  selection: Selection,
  tags: TagSet,
  access: AccessScope = true,
): void => {
  if (w.simple && node !== undefined && access === true) {
    writeSimple(w, node, tags);
    return;
  }
  const plan = planMembers(w, node, parent, level);
  for (let index = 0; index < plan.count; index++) {
    const sub = memberSelection(w, plan, index, selection);
    if (sub === undefined) continue;
    const childAccess = access === true ? true : access.child(plan.table.nodes[index] as DataSchemaNode);
    if (childAccess !== undefined)
      writePlannedMember(w, plan, index, memberLevel(plan, selection, sub), sub, tags, childAccess);
  }
};

/** Writes every stored slot of a node as it is, when no read option filters anything. */
const writeSimple = (w: XmlWriter, node: InstanceNode, tags: TagSet): void => {
  const { nodes } = slotTableOf(node.schema);
  const { slots } = node;
  const { starts, ends } = tags;
  for (let index = 0; index < slots.length; index++) {
    const value = slots[index];
    if (value !== undefined) {
      const child = nodes[index] as DataSchemaNode;
      writeMember(w, child, value, starts[index] as string, ends[index] as string, undefined, index, 0, true);
    }
  }
};

/** Writes slot `index` of a planned node (its default, when absent and reported). */
export const writePlannedMember = (
  w: XmlWriter,
  plan: MemberPlan,
  index: number,
  level: number,
  sub: Selection,
  tags: TagSet,
  access: AccessScope = true,
): void => {
  const child = plan.table.nodes[index] as DataSchemaNode;
  const start = tags.starts[index] as string;
  const end = tags.ends[index] as string;
  const value = plan.slots[index];
  if (value === undefined) {
    if (w.reportsAll && inUseAt(plan, index)) writeAbsent(w, child, start, end, level, sub, access);
  } else writeMember(w, child, value, start, end, plan, index, level, sub, access);
};

/** Writes one present child, as much of it as `access` lets the reader see: `start` is its open start tag, `end` its end tag. */
export const writeMember = (
  w: XmlWriter,
  child: DataSchemaNode,
  value: Slot,
  start: string,
  end: string,
  plan: MemberPlan | undefined,
  index: number,
  level: number,
  sub: Selection,
  access: AccessScope = true,
): void => {
  switch (child.kind) {
    case 'leaf':
      writePresentLeaf(w, child, value as YangValue, start, end, plan, index);
      return;
    case 'leaf-list': {
      const values = access === true ? (value as LeafListValues) : access.values(value as LeafListValues);
      if (values.length > 0) writePresentLeafList(w, child, values, start, end, plan, index);
      return;
    }
    case 'container':
      if (access !== true && access.structural && !hasVisibleContent(value, child, access)) return;
      writeContainer(w, child, value as InstanceNode, start, end, level, sub, access);
      return;
    case 'list': {
      const single = 'slots' in (value as object);
      const entries = single ? [value as ListEntry] : (value as ListInstance).entries.values();
      const tags = tagsOf(w.schema, slotTableOf(child));
      for (const entry of entries) {
        const entryAccess = entryAccessOf(child, entry, access, single);
        if (entryAccess === undefined) continue;
        w.out += `${start}>`;
        writeChildren(w, entry, child, level, sub, tags, entryAccess);
        w.out += end;
      }
      return;
    }
    case 'anydata':
    case 'anyxml': {
      const namespace = w.schema.modules.get(child.module)?.namespace ?? '';
      w.out += writeAnydata(w.schema, value as AnydataValue, start, end, namespace);
      return;
    }
  }
};

/** Writes a container; with content=nonconfig one without state data is left out. @see RFC 8040 §4.8.1 */
export const writeContainer = (
  w: XmlWriter,
  schema: InnerSchemaNode & DataSchemaNode,
  node: InstanceNode | undefined,
  start: string,
  end: string,
  level: number,
  sub: Selection,
  access: AccessScope = true,
): void => {
  const tags = tagsOf(w.schema, slotTableOf(schema));
  const keep = w.content !== 'nonconfig' || (schema.kind === 'container' && schema.presence !== undefined);
  if (keep) {
    w.out += `${start}>`;
    writeChildren(w, node, schema, level, sub, tags, access);
    w.out += end;
    return;
  }
  // Emptiness is known only once the children are written: they go to a text of their own.
  const outer = w.out;
  w.out = '';
  writeChildren(w, node, schema, level, sub, tags, access);
  const inner = w.out;
  w.out = inner === '' ? outer : `${outer}${start}>${inner}${end}`;
};
