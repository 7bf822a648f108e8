/**
 * @module data/codec/json/json-encode
 * Instance nodes → RFC 7951 JSON text, as a generator of chunks so that large responses stream.
 * Lists are encoded in batches of entries (plain objects through the native `JSON.stringify`);
 * the walk yields between batches.
 * @see RFC 7951, RFC 8040 §4.8, RFC 6243
 */
import type { ListNode, SchemaTree } from '../../../yang/index.ts';
import type {
  DataSchemaNode,
  DataTree,
  InnerSchemaNode,
  InstanceNode,
  ListEntry,
  ListInstance,
  Slot,
} from '../../instance/index.ts';
import { slotTableOf } from '../../instance/index.ts';
import type { AccessScope, ReadOptions } from '../../read/index.ts';
import { entryAccessOf, hasVisibleContent } from '../../read/index.ts';
import { memberLevel, memberNamesOf, memberSelection, planMembers } from '../index.ts';
import { jsonArrayElements } from './json-array-elements.ts';
import type { JsonObject, Selection } from './json-encode-object.ts';
import { addAbsent, addMember, addPlannedMember, plainObject, simpleObject } from './json-encode-object.ts';
import { JsonWriter } from './json-writer.ts';

/**
 * What to encode: a whole DataTree (an object of top-level members), or one node as a single
 * member: a container, a list (ListInstance) or one entry (ListEntry), a leaf, a leaf-list
 * (`[value]` for one entry), anydata. An absent target (`value` undefined) yields its defaults, if any.
 */
export type EncodeTarget = DataTree | { readonly schema: DataSchemaNode; readonly value: Slot };

/** Options of {@link encodeJson}. */
export interface EncodeJsonOptions extends ReadOptions {
  /** Chunks are handed out once this many characters are pending (default 16384). */
  readonly chunkSize?: number;
}

type Chunks = Generator<string, void, undefined>;

/** Entries encoded per `JSON.stringify` call. */
const BATCH = 64;

const HAS_LISTS = new WeakMap<InnerSchemaNode, boolean>();

/** True when instances of `parent` can hold list entries, i.e. can be large. */
const holdsLists = (parent: InnerSchemaNode): boolean => {
  let result = HAS_LISTS.get(parent);
  if (result === undefined) {
    result = slotTableOf(parent).nodes.some(
      (node) => node.kind === 'list' || (node.kind === 'container' && holdsLists(node)),
    );
    HAS_LISTS.set(parent, result);
  }
  return result;
};

/** Appends the members of a plain object to an object being written. */
const writeMembers = (w: JsonWriter, members: JsonObject, first: boolean): boolean => {
  let none = first;
  for (const key in members) {
    w.out += `${none ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(members[key])}`;
    none = false;
  }
  return none;
};

function* writeObject(
  w: JsonWriter,
  node: InstanceNode | undefined,
  parent: InnerSchemaNode,
  level: number,
  selection: Selection,
  access: AccessScope,
): Chunks {
  if (!holdsLists(parent) || w.hold > 0) {
    w.out += JSON.stringify(plainObject(w, node, parent, level, selection, access));
    return;
  }
  const plan = planMembers(w, node, parent, level);
  w.out += '{';
  let first = true;
  for (let index = 0; index < plan.count; index++) {
    const sub = memberSelection(w, plan, index, selection);
    if (sub === undefined) continue;
    const child = plan.table.nodes[index] as DataSchemaNode;
    const childAccess = access === true ? true : access.child(child);
    if (childAccess === undefined) continue;
    const value = plan.slots[index];
    const childLevel = memberLevel(plan, selection, sub);
    if (value !== undefined && (child.kind === 'list' || (child.kind === 'container' && holdsLists(child)))) {
      const member = `${first ? '' : ','}${JSON.stringify(plan.names[index])}:`;
      if (child.kind === 'list') {
        const list = value as ListInstance;
        if (yield* writeEntries(w, child, list.entries.values(), false, childLevel, sub, childAccess, member))
          first = false;
        continue;
      }
      if (childAccess !== true && childAccess.structural && !hasVisibleContent(value, child, childAccess)) continue;
      w.out += member;
      first = false;
      yield* writeObject(w, value as InstanceNode, child, childLevel, sub, childAccess);
      continue;
    }
    const members: JsonObject = {};
    addPlannedMember(w, members, plan, index, childLevel, sub, childAccess);
    first = writeMembers(w, members, first);
  }
  w.out += '}';
}

/**
 * Writes entries of a list (`single`: the one entry a request targets) as an array; with
 * `member`, the member name is written before it, and nothing at all when the reader may see
 * no entry. Returns whether anything was written.
 */
function* writeEntries(
  w: JsonWriter,
  schema: ListEntry['schema'],
  entries: Iterable<ListEntry>,
  single: boolean,
  level: number,
  sub: Selection,
  access: AccessScope,
  member?: string,
): Generator<string, boolean, undefined> {
  const streams = holdsLists(schema);
  const simple = w.simple;
  const table = slotTableOf(schema);
  const names = memberNamesOf(table);
  let opened = false;
  const open = (): void => {
    if (!opened) w.out += `${member ?? ''}[`;
    opened = true;
  };
  if (member === undefined) open();
  let first = true;
  let batch: JsonObject[] = [];
  for (const entry of entries) {
    const entryAccess = entryAccessOf(schema, entry, access, single);
    if (entryAccess === undefined) continue;
    if (streams) {
      open();
      if (!first) w.out += ',';
      yield* writeObject(w, entry, schema, level, sub, entryAccess);
    } else {
      batch.push(
        simple && entryAccess === true
          ? simpleObject(w, entry, table, names)
          : plainObject(w, entry, schema, level, sub, entryAccess),
      );
      if (batch.length < BATCH) continue;
      open();
      w.out += `${first ? '' : ','}${JSON.stringify(batch).slice(1, -1)}`;
      batch = [];
    }
    first = false;
    const chunk = w.flush();
    if (chunk !== undefined) yield chunk;
  }
  if (batch.length > 0) {
    open();
    w.out += `${first ? '' : ','}${JSON.stringify(batch).slice(1, -1)}`;
  }
  if (!opened) return false;
  w.out += ']';
  return true;
}

/**
 * Encodes `target` as RFC 7951 JSON, yielding chunks of text. Levels for `depth` start at 1 for
 * the target node (for a DataTree, at its top-level nodes). @see RFC 7951, RFC 8040 §4.8
 */
export function* encodeJson(target: EncodeTarget, schema: SchemaTree, options: EncodeJsonOptions = {}): Chunks {
  const w = new JsonWriter(schema, options);
  // With content=nonconfig, emptiness is known only after a subtree is built: no streaming then.
  if (w.content === 'nonconfig') w.hold = 1;
  const selection: Selection = options.fields ?? true;
  const access = options.access ?? true;
  if ('slots' in target) {
    yield* writeObject(w, target, target.schema, 0, selection, access);
  } else {
    const { schema: node, value } = target;
    const member = `${node.module}:${node.name}`;
    if (value !== undefined && node.kind === 'list') {
      w.out += `{${JSON.stringify(member)}:`;
      const single = 'slots' in (value as object);
      const entries = single ? [value as ListEntry] : (value as ListInstance).entries.values();
      yield* writeEntries(w, node, entries, single, 1, selection, access);
      w.out += '}';
    } else if (value !== undefined && node.kind === 'container' && holdsLists(node)) {
      w.out += `{${JSON.stringify(member)}:`;
      yield* writeObject(w, value as InstanceNode, node, 1, selection, access);
      w.out += '}';
    } else {
      const members: JsonObject = {};
      if (value === undefined) {
        if (w.reportsAll) addAbsent(w, members, node, member, 1, selection, access);
      } else addMember(w, members, node, value, member, undefined, 0, 1, selection, access);
      w.out += JSON.stringify(members);
    }
  }
  if (w.out.length > 0) yield w.out;
}

/**
 * Encodes some entries of `list` as the JSON array of its member value (no member name), yielding
 * chunks of text: a large list written in parts, each of which `decodeJsonEntries` reads back.
 * @see RFC 7951 §5.4
 */
export function* encodeJsonEntries(
  list: ListNode,
  entries: Iterable<ListEntry>,
  schema: SchemaTree,
  options: EncodeJsonOptions = {},
): Chunks {
  const w = new JsonWriter(schema, options);
  if (w.content === 'nonconfig') w.hold = 1;
  yield* writeEntries(w, list, entries, false, 1, options.fields ?? true, options.access ?? true);
  if (w.out.length > 0) yield w.out;
}

/**
 * The texts of `entries` of `list` one by one, each as {@link encodeJsonEntries} writes it
 * between the commas of its array: the array of all of them is `[` + the texts joined by `,` +
 * `]`. For a writer that keeps the text of each entry apart. The texts are slices of one
 * string: it is held as long as one of them is.
 */
export const encodeJsonEntryTexts = (
  list: ListNode,
  entries: readonly ListEntry[],
  schema: SchemaTree,
  options: EncodeJsonOptions = {},
): string[] => {
  const w = new JsonWriter(schema, options);
  if (holdsLists(list) || w.content === 'nonconfig' || options.access !== undefined)
    return entries.map((entry) => {
      let text = '';
      for (const chunk of encodeJsonEntries(list, [entry], schema, options)) text += chunk;
      return text.slice(1, -1);
    });
  const table = slotTableOf(list);
  const names = memberNamesOf(table);
  const selection = options.fields ?? true;
  const objects = entries.map((entry) =>
    w.simple ? simpleObject(w, entry, table, names) : plainObject(w, entry, list, 1, selection, true),
  );
  // One call for all (about twice as fast as one per entry), cut into the entries' texts.
  return jsonArrayElements(JSON.stringify(objects));
};

/** The whole JSON text of {@link encodeJson}. */
export const encodeJsonString = (target: EncodeTarget, schema: SchemaTree, options: EncodeJsonOptions = {}): string => {
  const chunks: string[] = [];
  for (const chunk of encodeJson(target, schema, options)) chunks.push(chunk);
  return chunks.join('');
};

/**
 * The JSON object of one list entry exactly as {@link encodeJson} writes it inside
 * `{"<module>:<list>":[…]}` when it encodes `{ schema: list, value: entry }` — in one piece, for
 * the fast paths of GET of one entry. Undefined where that takes more than the plain case (read
 * options that filter, content=nonconfig, an entry that holds lists): the caller then uses
 * {@link encodeJsonString}.
 */
export const encodeJsonEntryObject = (
  list: ListNode,
  entry: ListEntry,
  schema: SchemaTree,
  options: EncodeJsonOptions = {},
): string | undefined => {
  if (holdsLists(list)) return undefined;
  const w = new JsonWriter(schema, options);
  if (!w.simple || w.content === 'nonconfig' || options.access !== undefined) return undefined;
  const table = slotTableOf(list);
  return JSON.stringify(simpleObject(w, entry, table, memberNamesOf(table)));
};
