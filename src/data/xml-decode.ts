/**
 * @module data/xml-decode
 * RFC 7950 XML → instance nodes, the counterpart of `decodeJson` with the same options, errors
 * and error-paths. Elements are matched by namespace (the module's) and local name; list entries
 * and leaf-list values are repeated elements, a list entry's keys may come in any order.
 * @see RFC 7950 §7 (XML encoding of each node kind), §9 (lexical forms), RFC 8040 §7
 */
import {
  InvalidValueError,
  MalformedMessageError,
  MissingElementError,
  UnknownElementError,
  UnknownNamespaceError,
} from '../errors/index.ts';
import type { CaseNode, ChoiceNode, LeafListNode, LeafNode, ListNode, YangValue } from '../yang/index.ts';
import { isTypeCheckFailure, parseLexical, yangValuesEqual } from '../yang/index.ts';
import { entryKeyOf } from './entry-key.ts';
import type { ContainerInstance, InstanceNode, ListEntry, Slot } from './instance-node.ts';
import { emptyInstance, instanceFromSlots, isEmptyInstance } from './instance-node.ts';
import { listInstanceFromEntries } from './list-instance.ts';
import type { DataSchemaNode, InnerSchemaNode, SlotTable } from './slot-table.ts';
import { slotChildByName, slotTableOf } from './slot-table.ts';
import { anydataFromXml } from './xml-anydata.ts';
import type { DecodeXmlOptions } from './xml-decode-state.ts';
import { XmlDecodeState } from './xml-decode-state.ts';
import type { XmlElement } from './xml-parse.ts';
import { hasText, parseXmlElements } from './xml-parse.ts';
import type { XmlWrapper } from './xml-wrapper.ts';
import { XML_DOCUMENT_WRAPPERS } from './xml-wrapper.ts';

export type { DecodeXmlOptions } from './xml-decode-state.ts';

/** Options of {@link decodeXmlDocument}. */
export interface DecodeXmlDocumentOptions extends DecodeXmlOptions {
  /** The root elements taken as wrappers of the datastore's top-level nodes (default {@link XML_DOCUMENT_WRAPPERS}). */
  readonly wrappers?: readonly XmlWrapper[];
}

const describe = (schema: DataSchemaNode): string => `${schema.kind} ${schema.name}`;

/** Decodes the text of a leaf or leaf-list element. @see RFC 7950 §7.6.1, §9 */
const decodeLeafValue = (schema: LeafNode | LeafListNode, element: XmlElement, state: XmlDecodeState): YangValue => {
  if (element.children.length > 0)
    throw state.error(InvalidValueError, `${describe(schema)} takes a value, not elements`);
  const { type } = schema;
  const { text } = element;
  // Fast path for the commonest unrestricted type; the codec gives the same result, slower.
  if (type.base === 'string' && type.length === undefined && type.patterns.length === 0) return text;
  const value = parseLexical(type, text, state.context(schema, element));
  if (!isTypeCheckFailure(value)) return value;
  const details = value.appTag === undefined ? {} : { appTag: value.appTag };
  throw new InvalidValueError(value.message, { ...details, path: state.pathText() });
};

/** Rejects text among the child elements of an inner node. */
const requireElementsOnly = (schema: DataSchemaNode, element: XmlElement, state: XmlDecodeState): void => {
  if (hasText(element)) throw state.error(InvalidValueError, `${describe(schema)} holds child elements, not text`);
};

/** The entries of one list gathered from its (possibly scattered) elements, with their entry keys. */
interface PendingList {
  readonly schema: ListNode;
  readonly keyed: (readonly [string, ListEntry])[];
  readonly elements: XmlElement[];
}

const decodeEntry = (
  schema: ListNode,
  element: XmlElement,
  module: string | undefined,
  state: XmlDecodeState,
): { readonly key: string | undefined; readonly entry: ListEntry } => {
  state.enterEntry(element);
  requireElementsOnly(schema, element, state);
  const entry = decodeChildren(schema, element.children, module, state);
  const keyCount = schema.keys.length;
  if (keyCount === 0) return { key: undefined, entry };
  const keyValues: YangValue[] = [];
  for (let index = 0; index < keyCount; index++) {
    const value = entry.slots[index] as YangValue | undefined;
    if (value === undefined) {
      const missing = schema.keys[index] as LeafNode;
      throw state.error(MissingElementError, `an entry of ${describe(schema)} lacks its key leaf ${missing.name}`);
    }
    keyValues.push(value);
  }
  return { key: entryKeyOf(schema, keyValues), entry };
};

/** Builds a list from its gathered entries; the first entry whose key repeats is reported. */
const finishList = (pending: PendingList, state: XmlDecodeState): Slot => {
  const { schema, keyed, elements } = pending;
  try {
    return listInstanceFromEntries(schema, keyed);
  } catch (error) {
    // Building the sequence finds duplicate keys for free; only then is the first duplicate located.
    const seen = new Set<string>();
    for (const [index, [key]] of keyed.entries()) {
      if (seen.has(key)) {
        state.push(schema);
        state.enterEntry(elements[index]);
        throw state.error(InvalidValueError, `${describe(schema)} has two entries with the same key`);
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

/** An element name resolved against a parent: the child, its slot, its module and the namespace it came in. */
interface ResolvedMember {
  readonly child: DataSchemaNode;
  readonly index: number;
  readonly module: string;
  readonly namespace: string;
}

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

const resolveMember = (
  table: SlotTable,
  cache: Map<string, ResolvedMember>,
  element: XmlElement,
  inherited: string | undefined,
  state: XmlDecodeState,
): ResolvedMember => {
  const { namespace, local } = element;
  const known = cache.get(local);
  if (known !== undefined && known.namespace === namespace && namespace !== '') return known;
  const qualified = `${namespace} ${local}`;
  const second = cache.get(qualified);
  if (second !== undefined) return second;
  let module: string;
  if (namespace === '') {
    if (inherited === undefined)
      throw state.error(
        MalformedMessageError,
        `element <${local}> is in no namespace; it must be in its module's namespace (RFC 7950 §7)`,
      );
    module = inherited;
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

/** Decodes one child element into `slots` (leaf-lists and lists gather their entries). */
const decodeMember = (
  element: XmlElement,
  member: ResolvedMember,
  slots: Slot[],
  lists: Map<number, PendingList> | undefined,
  inherited: string | undefined,
  state: XmlDecodeState,
): void => {
  const { child, index } = member;
  switch (child.kind) {
    case 'leaf-list': {
      const value = decodeLeafValue(child, element, state);
      let values = slots[index] as YangValue[] | undefined;
      if (values === undefined) {
        values = [];
        slots[index] = values;
      }
      // Configuration leaf-lists hold each value once. @see RFC 7950 §7.7
      if (child.config && values.some((known) => yangValuesEqual(known, value)))
        throw state.error(InvalidValueError, `${describe(child)} has the value "${element.text}" more than once`);
      values.push(value);
      return;
    }
    case 'list': {
      let pending = lists?.get(index);
      if (pending === undefined) {
        pending = { schema: child, keyed: [], elements: [] };
        (lists as Map<number, PendingList>).set(index, pending);
      }
      const { key, entry } = decodeEntry(child, element, inherited, state);
      pending.keyed.push([key ?? `#${pending.keyed.length}`, entry]);
      pending.elements.push(element);
      return;
    }
    default:
      break;
  }
  if (slots[index] !== undefined) throw state.error(InvalidValueError, `${describe(child)} is given more than once`);
  switch (child.kind) {
    case 'leaf':
      slots[index] = decodeLeafValue(child, element, state);
      return;
    case 'container':
      requireElementsOnly(child, element, state);
      // Kept even when empty until the node is finished, so that a repeated container is seen.
      slots[index] = decodeChildren(child, element.children, inherited, state);
      return;
    case 'anydata':
    case 'anyxml':
      slots[index] = anydataFromXml(state.schema, element);
      return;
  }
};

/** Decodes child elements of an inner node of `parent`; `inherited` is the module of elements in no namespace. */
const decodeChildren = <S extends InnerSchemaNode>(
  parent: S,
  elements: readonly XmlElement[],
  inherited: string | undefined,
  state: XmlDecodeState,
): InstanceNode<S> => {
  const table = slotTableOf(parent);
  const slots: Slot[] = [];
  let lists: Map<number, PendingList> | undefined;
  const inherits = state.options.qualifiedTop === false;
  const cache = membersOf(table);
  for (const element of elements) {
    const member = resolveMember(table, cache, element, inherited, state);
    const { child } = member;
    if (child.kind === 'list') lists ??= new Map();
    state.push(child);
    if (state.config && !child.config) {
      throw state.error(InvalidValueError, `${describe(child)} is state data (config false) and cannot be configured`);
    }
    decodeMember(element, member, slots, lists, inherits ? member.module : undefined, state);
    state.pop();
  }
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
  return end === 0 ? emptyInstance(parent) : instanceFromSlots(parent, slots.slice(0, end));
};

/** The module of elements in no namespace at the top, when `qualifiedTop` is false. */
const topModule = (parent: InnerSchemaNode, options: DecodeXmlOptions): string | undefined =>
  (options.qualifiedTop ?? true) || !('kind' in parent) ? undefined : parent.module;

/**
 * Decodes XML elements that are children of `parent` (the datastore root, a container, a list
 * entry, an input or output) into an instance node. The text is one element, or several in a row
 * (an XML fragment) when it has no XML declaration. @see RFC 7950 §7
 */
export const decodeXml = <S extends InnerSchemaNode>(
  parent: S,
  xmlText: string,
  options: DecodeXmlOptions,
): InstanceNode<S> => {
  const state = new XmlDecodeState(options);
  return decodeChildren(parent, parseXmlElements(xmlText), topModule(parent, options), state);
};

const isWrapper = (root: XmlElement, parent: InnerSchemaNode, options: DecodeXmlDocumentOptions): boolean => {
  if (!('kind' in parent)) {
    const wrappers = options.wrappers ?? XML_DOCUMENT_WRAPPERS;
    return wrappers.some((wrapper) => wrapper.name === root.local && (wrapper.namespace ?? '') === root.namespace);
  }
  if (parent.kind !== 'input' && parent.kind !== 'output') return false;
  const namespace = options.schema.modules.get(parent.module)?.namespace;
  return (
    root.local === parent.kind &&
    (root.namespace === namespace || (root.namespace === '' && !(options.qualifiedTop ?? true)))
  );
};

/**
 * Decodes a whole document for `parent`: a datastore wrapped in one of `options.wrappers`
 * (`<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf">`, `<config>`, …), an operation's
 * `<input>` or `<output>` in its module's namespace, or else — like {@link decodeXml} — the
 * child elements themselves. @see RFC 8040 §3.3.1, §3.6.1
 */
export const decodeXmlDocument = <S extends InnerSchemaNode>(
  parent: S,
  xmlText: string,
  options: DecodeXmlDocumentOptions,
): InstanceNode<S> => {
  const state = new XmlDecodeState(options);
  const elements = parseXmlElements(xmlText);
  const root = elements.length === 1 ? (elements[0] as XmlElement) : undefined;
  if (root !== undefined && isWrapper(root, parent, options)) {
    if (hasText(root)) throw state.error(MalformedMessageError, `<${root.local}> holds child elements, not text`);
    return decodeChildren(parent, root.children, topModule(parent, options), state);
  }
  return decodeChildren(parent, elements, topModule(parent, options), state);
};
