/**
 * @module data/codec/json/json-decode
 * RFC 7951 JSON (already `JSON.parse`d) → instance nodes. Values are parsed once here into typed
 * values; every problem is a ManagementError with its error-path.
 * @see RFC 7951 §4–§6, RFC 8040 §7
 */
import {
  InvalidValueError,
  MalformedMessageError,
  type ManagementError,
  MissingElementError,
  UnknownElementError,
  UnknownNamespaceError,
} from '../../../errors/index.ts';
import type { CaseNode, ChoiceNode, LeafListNode, LeafNode, ListNode, YangValue } from '../../../yang/index.ts';
import {
  dataChildren,
  hasForbiddenCharacter,
  isTypeCheckFailure,
  parseJson,
  yangValuesEqual,
} from '../../../yang/index.ts';
import type {
  AnydataValue,
  DataSchemaNode,
  InnerSchemaNode,
  InstanceNode,
  ListEntry,
  Slot,
  SlotTable,
} from '../../instance/index.ts';
import {
  closeInstance,
  emptyInstance,
  entryKeyOf,
  listInstanceFromArrays,
  openInstance,
  slotChildByName,
  slotTableOf,
} from '../../instance/index.ts';
import type { DecodeJsonOptions } from './decode-state.ts';
import { DecodeState } from './decode-state.ts';
import { JsonArrayText } from './json-array-text.ts';

export type { DecodeJsonOptions } from './decode-state.ts';

const isObject = (raw: unknown): raw is Readonly<Record<string, unknown>> =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw);

const jsonKind = (raw: unknown): string =>
  raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw === 'object' ? 'an object' : `a ${typeof raw}`;

const describe = (schema: DataSchemaNode): string => `${schema.kind} ${schema.name}`;

/** Decodes a leaf value. @see RFC 7951 §6 */
const decodeLeafValue = (schema: LeafNode | LeafListNode, raw: unknown, state: DecodeState): YangValue => {
  const { type } = schema;
  // Fast paths for the commonest unrestricted types; the codec gives the same result, slower.
  if (
    typeof raw === 'string' &&
    type.base === 'string' &&
    type.length === undefined &&
    type.patterns.length === 0 &&
    !hasForbiddenCharacter(raw)
  )
    return raw;
  if (typeof raw === 'boolean' && type.base === 'boolean') return raw;
  if (raw === null)
    throw state.error(InvalidValueError, `${describe(schema)} cannot be null (an empty leaf is [null])`);
  if (isObject(raw)) throw state.error(InvalidValueError, `${describe(schema)} takes a value, not an object`);
  const value = parseJson(schema.type, raw, state.context(schema.module));
  if (!isTypeCheckFailure(value)) return value;
  const details = value.appTag === undefined ? {} : { appTag: value.appTag };
  throw new InvalidValueError(value.message, { ...details, path: state.pathText() });
};

const decodeLeafList = (schema: LeafListNode, raw: unknown, state: DecodeState): YangValue[] => {
  if (!Array.isArray(raw))
    throw state.error(InvalidValueError, `${describe(schema)} must be a JSON array, not ${jsonKind(raw)}`);
  const values: YangValue[] = [];
  for (const item of raw as readonly unknown[]) {
    const value = decodeLeafValue(schema, item, state);
    // Configuration leaf-lists hold each value once. @see RFC 7950 §7.7
    if (schema.config && values.some((known) => yangValuesEqual(known, value))) {
      throw state.error(InvalidValueError, `${describe(schema)} has the value ${JSON.stringify(item)} more than once`);
    }
    values.push(value);
  }
  return values;
};

/**
 * Decodes the items of a list's array into `entries` and their entry keys into `keys`, from index
 * `start` on; returns the index after the last.
 */
const decodeEntriesInto = (
  schema: ListNode,
  items: JsonArrayText | readonly unknown[],
  module: string,
  state: DecodeState,
  keys: string[],
  entries: ListEntry[],
  start: number,
): number => {
  let next = start;
  const lazy = items instanceof JsonArrayText ? items : undefined;
  const keyCount = schema.keys.length;
  const keyValues: YangValue[] = [];
  for (let position = 0; position < items.length; position++) {
    const item = lazy === undefined ? (items as readonly unknown[])[position] : lazy.item(position);
    state.enterEntry(item);
    if (!isObject(item))
      throw state.error(
        InvalidValueError,
        `an entry of ${describe(schema)} must be a JSON object, not ${jsonKind(item)}`,
      );
    const entry = decodeInner(schema, item, module, state);
    let key: string;
    if (keyCount === 0) {
      key = `#${next}`;
    } else {
      keyValues.length = 0;
      for (let index = 0; index < keyCount; index++) {
        const value = entry.slots[index] as YangValue | undefined;
        if (value === undefined) {
          const missing = schema.keys[index] as LeafNode;
          throw state.error(MissingElementError, `an entry of ${describe(schema)} lacks its key leaf ${missing.name}`);
        }
        keyValues.push(value);
      }
      key = entryKeyOf(schema, keyValues);
    }
    keys[next] = key;
    entries[next] = entry;
    next++;
  }
  state.enterEntry(undefined);
  return next;
};

const decodeList = (schema: ListNode, raw: unknown, module: string, state: DecodeState): Slot => {
  // A long list's entries may still be text (see read-json-lazily.ts): each is parsed when reached.
  if (!(raw instanceof JsonArrayText) && !Array.isArray(raw))
    throw state.error(InvalidValueError, `${describe(schema)} must be a JSON array, not ${jsonKind(raw)}`);
  const items = raw as JsonArrayText | readonly unknown[];
  const keys: string[] = [];
  const entries: ListEntry[] = [];
  decodeEntriesInto(schema, items, module, state, keys, entries, 0);
  if (keys.length === 0) return undefined;
  try {
    return listInstanceFromArrays(schema, keys, entries);
  } catch (error) {
    // Building the sequence finds duplicate keys for free; only then is the first duplicate located.
    const seen = new Set<string>();
    for (const [index, key] of keys.entries()) {
      if (seen.has(key)) {
        state.enterEntry(items instanceof JsonArrayText ? items.item(index) : items[index]);
        throw state.error(InvalidValueError, `${describe(schema)} has two entries with the same key`);
      }
      seen.add(key);
    }
    throw error;
  }
};

const decodeChild = (schema: DataSchemaNode, raw: unknown, module: string, state: DecodeState): Slot => {
  switch (schema.kind) {
    case 'leaf':
      return decodeLeafValue(schema, raw, state);
    case 'leaf-list': {
      const values = decodeLeafList(schema, raw, state);
      return values.length === 0 ? undefined : values;
    }
    case 'container': {
      if (!isObject(raw))
        throw state.error(InvalidValueError, `${describe(schema)} must be a JSON object, not ${jsonKind(raw)}`);
      const node = decodeInner(schema, raw, module, state);
      return schema.presence === undefined && node.slots.length === 0 ? undefined : node;
    }
    case 'list':
      return decodeList(schema, raw, module, state);
    case 'anydata':
      if (!isObject(raw))
        throw state.error(InvalidValueError, `${describe(schema)} must be a JSON object, not ${jsonKind(raw)}`);
      return raw as AnydataValue;
    case 'anyxml':
      return raw as AnydataValue;
  }
};

/** Rejects instances of two cases of one choice. @see RFC 7950 §7.9 */
const checkCases = (table: SlotTable, slots: readonly Slot[], state: DecodeState): void => {
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

/** A member name resolved against a parent: the child, its slot and its module. */
interface ResolvedMember {
  readonly child: DataSchemaNode;
  readonly index: number;
  readonly module: string;
}

/** Per parent and inherited module: member name → resolution, so each distinct name is resolved once. */
const MEMBERS = new WeakMap<SlotTable, Map<string | undefined, Map<string, ResolvedMember>>>();

const membersOf = (table: SlotTable, module: string | undefined): Map<string, ResolvedMember> => {
  let byModule = MEMBERS.get(table);
  if (byModule === undefined) {
    byModule = new Map();
    MEMBERS.set(table, byModule);
  }
  let members = byModule.get(module);
  if (members === undefined) {
    members = new Map();
    byModule.set(module, members);
  }
  return members;
};

/** The error for an unqualified member at the top, naming the qualified names it could mean. @see RFC 7951 §4 */
const unqualifiedMember = (parent: InnerSchemaNode, member: string, state: DecodeState): ManagementError => {
  const names = dataChildren(parent)
    .filter((child) => child.name === member)
    .map((child) => `"${child.module}:${child.name}"`);
  const hint = names.length === 0 ? '' : `: write ${names.join(' or ')}`;
  return state.error(
    MalformedMessageError,
    `member "${member}" needs its module name: a top-level member is written "module:name" (RFC 7951 §4)${hint}`,
  );
};

const resolveMember = (
  table: SlotTable,
  cache: Map<string, ResolvedMember>,
  member: string,
  module: string | undefined,
  state: DecodeState,
): ResolvedMember => {
  const known = cache.get(member);
  if (known !== undefined) return known;
  const colon = member.indexOf(':');
  let memberModule: string;
  let name: string;
  if (colon < 0) {
    if (module === undefined) throw unqualifiedMember(table.parent, member, state);
    memberModule = module;
    name = member;
  } else {
    memberModule = member.slice(0, colon);
    name = member.slice(colon + 1);
    if (!state.schema.modules.has(memberModule))
      throw state.error(UnknownNamespaceError, `no module named ${memberModule} is loaded`);
  }
  const child = slotChildByName(table.parent, memberModule, name);
  if (child === undefined)
    throw state.error(UnknownElementError, `no data node ${memberModule}:${name} is defined here`);
  const resolved: ResolvedMember = { child, index: table.indexOf.get(child) as number, module: memberModule };
  // Names come from requests: only names of real children are remembered, so the cache stays bounded.
  cache.set(member, resolved);
  return resolved;
};

/** Decodes the members of one JSON object into the slots of an inner node of `parent`. */
const decodeInner = <S extends InnerSchemaNode>(
  parent: S,
  raw: Readonly<Record<string, unknown>>,
  module: string | undefined,
  state: DecodeState,
): InstanceNode<S> => {
  const table = slotTableOf(parent);
  // Filled in place and closed after its last slot in use: no scratch array copied into the node.
  const slots = openInstance(parent, table.nodes.length);
  const members = membersOf(table, module);
  for (const member in raw) {
    // Metadata annotations (`@name`, RFC 7952 §5.2) carry no data of their own; they are not kept.
    if (member.charCodeAt(0) === 64) continue;
    const { child, index, module: childModule } = resolveMember(table, members, member, module, state);
    state.push(child);
    if (state.config && !child.config) {
      throw state.error(InvalidValueError, `${describe(child)} is state data (config false) and cannot be configured`);
    }
    if (slots[index] !== undefined) throw state.error(InvalidValueError, `${describe(child)} is given more than once`);
    slots[index] = decodeChild(child, raw[member], childModule, state);
    state.pop();
  }
  if (table.hasChoices) checkCases(table, slots, state);
  // A node of exactly the used length (no trailing holes).
  let end = slots.length;
  while (end > 0 && slots[end - 1] === undefined) end--;
  return end === 0 ? emptyInstance(parent) : closeInstance<S>(slots, end);
};

/**
 * Decodes list entries given as JSON (the items of the list member's array, e.g. one part of a
 * large list written by `encodeJsonEntries`) into `entries` and their entry keys into `keys`,
 * from index `start` on (default: appended; arrays allocated whole beforehand fill faster than
 * growing ones); returns the index after the last. `options.path` is where the list's parent
 * sits. Keys are not compared here: `listInstanceFromArrays` finds duplicates when the list is
 * built. @see RFC 7951 §5.4
 */
export const decodeJsonEntries = (
  list: ListNode,
  items: readonly unknown[],
  options: DecodeJsonOptions,
  keys: string[],
  entries: ListEntry[],
  start: number = keys.length,
): number => {
  const state = new DecodeState(options);
  if (state.config && !list.config) {
    throw state.error(InvalidValueError, `${describe(list)} is state data (config false) and cannot be configured`);
  }
  state.push(list);
  const next = decodeEntriesInto(list, items, list.module, state, keys, entries, start);
  state.pop();
  return next;
};

/**
 * Decodes a JSON object whose members are children of `parent` (the datastore root, a container,
 * a list entry, an input or output) into an instance node. @see RFC 7951 §4
 */
export const decodeJson = <S extends InnerSchemaNode>(
  parent: S,
  json: unknown,
  options: DecodeJsonOptions,
): InstanceNode<S> => {
  const state = new DecodeState(options);
  if (!isObject(json)) throw state.error(MalformedMessageError, `expected a JSON object, not ${jsonKind(json)}`);
  const inherited = (options.qualifiedTop ?? true) || !('kind' in parent) ? undefined : parent.module;
  return decodeInner(parent, json, inherited, state);
};
