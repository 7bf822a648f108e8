/**
 * @module data/codec/xml/xml-decode-frame
 * The frames of the streaming XML decoder: resolving an element name against the node being
 * decoded, and finishing a node once its end tag is read (lists built, empty non-presence
 * containers dropped, choices checked).
 * @see RFC 7950 §7, §7.9 (choice), RFC 7950 §7.8 (list keys)
 */
import {
  InvalidValueError,
  MalformedMessageError,
  UnknownElementError,
  UnknownNamespaceError,
} from '../../../errors/index.ts';
import type { CaseNode, ChoiceNode } from '../../../yang/index.ts';
import type {
  ContainerInstance,
  DataSchemaNode,
  InnerSchemaNode,
  InstanceNode,
  Slot,
  SlotTable,
} from '../../instance/index.ts';
import {
  emptyInstance,
  instanceFromSlots,
  isEmptyInstance,
  keyValuesOf,
  listInstanceFromEntries,
  slotChildByName,
  slotTableOf,
} from '../../instance/index.ts';
import type { Frame, PendingList, ResolvedMember, XmlDecodeState } from './xml-decode-state.ts';

/** How messages name a node. */
export const describe = (schema: DataSchemaNode): string => `${schema.kind} ${schema.name}`;

/** Per parent: local name (or namespace and local name, for a second namespace) → resolution, made once. */
const MEMBERS = new WeakMap<SlotTable, Map<string, ResolvedMember>>();

const membersOf = (table: SlotTable): Map<string, ResolvedMember> => {
  let members = MEMBERS.get(table);
  if (members === undefined) {
    members = new Map();
    MEMBERS.set(table, members);
  }
  return members;
};

/** A frame for an instance of `parent`; `member` says where it sits in the enclosing frame. */
export const newFrame = (
  parent: InnerSchemaNode,
  member: ResolvedMember | undefined,
  inherited: string | undefined,
  position: number,
): Frame => {
  const table = slotTableOf(parent);
  return {
    parent,
    table,
    cache: membersOf(table),
    slots: [],
    lists: undefined,
    member,
    inherited,
    position,
    children: 0,
  };
};

/** Resolves a child element of `frame` by namespace and local name. @see RFC 7950 §7 */
export const resolveMember = (
  frame: Frame,
  local: string,
  namespace: string,
  state: XmlDecodeState,
): ResolvedMember => {
  const { cache, table } = frame;
  const known = cache.get(local);
  if (known !== undefined && known.namespace === namespace && namespace !== '') return known;
  const qualified = `${namespace} ${local}`;
  const second = cache.get(qualified);
  if (second !== undefined) return second;
  let module: string;
  if (namespace === '') {
    if (frame.inherited === undefined)
      throw state.error(
        MalformedMessageError,
        `element <${local}> is in no namespace; it must be in its module's namespace (RFC 7950 §7)`,
      );
    module = frame.inherited;
  } else {
    const compiled = state.schema.modulesByNamespace.get(namespace);
    if (compiled === undefined)
      throw state.error(UnknownNamespaceError, `no loaded module has the namespace "${namespace}" (of <${local}>)`);
    module = compiled.name;
  }
  const child = slotChildByName(table.parent, module, local);
  if (child === undefined) throw state.error(UnknownElementError, `no data node ${module}:${local} is defined here`);
  const resolved: ResolvedMember = { child, index: table.indexOf.get(child) as number, module, namespace };
  // Names come from requests: only names of real children are remembered, so the cache stays bounded.
  if (namespace !== '') cache.set(known === undefined ? local : qualified, resolved);
  return resolved;
};

/** Builds a list from its gathered entries; the first entry whose key repeats is reported. */
const finishList = (pending: PendingList, state: XmlDecodeState): Slot => {
  const { schema, keyed } = pending;
  try {
    return listInstanceFromEntries(schema, keyed);
  } catch (error) {
    // Building the sequence finds duplicate keys for free; only then is the first duplicate located.
    const seen = new Set<string>();
    for (const [key, entry] of keyed) {
      if (seen.has(key)) {
        const message = `${describe(schema)} has two entries with the same key`;
        throw state.error(InvalidValueError, message, { schema, keys: keyValuesOf(entry) });
      }
      seen.add(key);
    }
    throw error;
  }
};

/** Rejects instances of two cases of one choice. @see RFC 7950 §7.9 */
const checkCases = (table: SlotTable, slots: readonly Slot[], state: XmlDecodeState): void => {
  const chosen = new Map<ChoiceNode, CaseNode>();
  slots.forEach((slot, index) => {
    if (slot === undefined) return;
    for (const caseNode of table.cases[index] ?? []) {
      const choice = caseNode.parent as ChoiceNode;
      const other = chosen.get(choice);
      if (other !== undefined && other !== caseNode) {
        throw state.error(
          InvalidValueError,
          `choice ${choice.name} has nodes of both case ${other.name} and case ${caseNode.name}`,
        );
      }
      chosen.set(choice, caseNode);
    }
  });
};

/** The instance node of a frame whose end tag was read (the frame is still the innermost, for error-paths). */
export const finishFrame = (frame: Frame, state: XmlDecodeState): InstanceNode => {
  const { slots, table, lists } = frame;
  if (lists !== undefined) for (const [index, pending] of lists) slots[index] = finishList(pending, state);
  for (let index = 0; index < slots.length; index++) {
    const child = table.nodes[index] as DataSchemaNode;
    const slot = slots[index];
    if (
      slot !== undefined &&
      child.kind === 'container' &&
      child.presence === undefined &&
      isEmptyInstance(slot as ContainerInstance)
    )
      slots[index] = undefined;
  }
  if (table.hasChoices) checkCases(table, slots, state);
  // A copy of exactly the used length: an array grown by index assignment keeps spare capacity.
  let end = slots.length;
  while (end > 0 && slots[end - 1] === undefined) end--;
  return end === 0 ? emptyInstance(frame.parent) : instanceFromSlots(frame.parent, slots, end);
};
