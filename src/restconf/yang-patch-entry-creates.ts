/**
 * @module restconf/yang-patch-entry-creates
 * The commonest long YANG Patch — one `create` per list entry, each with a target such as
 * `/entry=name` and the entry as its value (`{"m:entry": [{…}]}`) — resolved without an edit
 * object per edit. The route of `/entry` (the list and the path of its parent) is resolved once
 * per patch, not per edit; each edit's keys are parsed from the text after `=`, and its entry is
 * decoded on its own (not inside a decoded parent and a one-entry list). Consecutive such edits of
 * one list become an {@link EntryCreateRun}: parallel arrays of edit-ids, entry keys and entries,
 * which `applyEntryCreates` builds into the list as a PUT builds one.
 *
 * Exactness: an edit is taken this way only when the general resolution would give the same
 * target and value without an error (a config list with keys, a JSON value holding exactly that
 * list's member with exactly one entry object, the entry's key leaves agreeing with the path).
 * Anything else — another form, an XML value, any error on the way — is left to the general
 * resolution, which gives the same answer it always gave.
 * @see RFC 8072 §2.5 (edit target, value), RFC 8040 §3.5.3 (list keys in a path)
 */
import type { DecodeJsonOptions, EntryCreates, InstancePath, InstancePathStep, ListEntry } from '../data/index.ts';
import { decodeJsonEntries, entryKeyOf, entryValue, keyValuesOf } from '../data/index.ts';
import type { ListNode, SchemaTree, YangValue } from '../yang/index.ts';
import { listKeys } from './data-resource-path.ts';
import type { PatchEdit } from './yang-patch-document.ts';
import { EntryCreateEdit } from './yang-patch-document.ts';

const SLASH = 47;

/** At most this many distinct target prefixes are remembered per patch (then edits resolve the general way). */
const ROUTE_LIMIT = 64;

/** A list reached from the patch's target by a prefix such as `/entry`. */
interface EntryRoute {
  /** Where the list's parent is. */
  readonly parentPath: InstancePath;
  readonly list: ListNode;
  /** The list's member name in a JSON value: `module:name`. @see RFC 7951 §4 */
  readonly member: string;
  /** The options of decoding its entries. */
  readonly options: DecodeJsonOptions;
}

/** A create of one list entry, resolved. */
interface EntryCreate {
  readonly route: EntryRoute;
  /** The key values from the target path; undefined when they are the very values of the entry's key leaves. */
  readonly keys: readonly YangValue[] | undefined;
  /** The entry key (`entryKeyOf` of the keys). */
  readonly entryKey: string;
  readonly entry: ListEntry;
}

const COMMA = 44;
const PERCENT = 37;

/**
 * The value of the entry's one key leaf, a string, when the key text of its target (the text
 * after `=`) is exactly that value: then `listKeys` would give just that value, so it is not
 * parsed again (and the entry key is the entry's own string, not a copy kept beside it). The
 * text holds no "," (one value) and no "%" (nothing to decode), so it is the key's one value as
 * written; a key of base type string parses URI text and a JSON string alike (the same
 * forbidden characters, length and patterns), and the JSON decoder has accepted this very string
 * for this very key leaf. Undefined in every other case (then the keys are parsed from the text).
 * @see RFC 8040 §3.5.3
 */
const ownKeyValue = (list: ListNode, keyText: string, entry: ListEntry): string | undefined => {
  if (list.keys.length !== 1 || list.keys[0]?.type.base !== 'string' || entry.slots[0] !== keyText) return undefined;
  for (let at = 0; at < keyText.length; at++) {
    const code = keyText.charCodeAt(at);
    if (code === COMMA || code === PERCENT) return undefined;
  }
  return entry.slots[0] as string;
};

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Below this many expected creates a run's arrays grow as they are filled. */
const PRESIZE_FROM = 1024;

/** An array of `capacity` slots to be filled by index, or an empty one to grow when the capacity is small. */
const arrayFor = <T>(capacity: number): T[] => (capacity >= PRESIZE_FROM ? new Array<T>(capacity) : []);

/**
 * Creates of entries of one list, consecutive in the patch, with their edit-ids. A run made with
 * the number of edits still to come has its arrays allocated whole at once (a million-entry run's
 * arrays grown push by push were copied some twenty times, each time into fresh memory), and cut
 * to its size by {@link close} when the run ends.
 */
export class EntryCreateRun implements EntryCreates {
  readonly parentPath: InstancePath;
  readonly list: ListNode;
  readonly route: EntryRoute;
  readonly editIds: string[];
  readonly keys: string[];
  readonly entries: ListEntry[];
  /** The target's key values, where they are not the very values of the entry's key leaves. */
  readonly #pathKeys = new Map<number, readonly YangValue[]>();
  #size = 0;

  /** `capacity`: how many creates the run may hold at most (the edits left in the patch), when known. */
  constructor(route: EntryRoute, capacity = 0) {
    this.route = route;
    this.parentPath = route.parentPath;
    this.list = route.list;
    this.editIds = arrayFor(capacity);
    this.keys = arrayFor(capacity);
    this.entries = arrayFor(capacity);
  }

  /** Number of creates. */
  get size(): number {
    return this.#size;
  }

  add(editId: string, create: EntryCreate): void {
    const { keys, entry } = create;
    const index = this.#size++;
    this.editIds[index] = editId;
    this.keys[index] = create.entryKey;
    this.entries[index] = entry;
    if (keys === undefined) return;
    for (let position = 0; position < keys.length; position++) {
      if (keys[position] !== entry.slots[position]) {
        this.#pathKeys.set(index, keys);
        break;
      }
    }
  }

  /** Cuts the arrays to the creates added (after the last one; before the run is applied). */
  close(): void {
    const size = this.#size;
    if (this.editIds.length !== size) {
      this.editIds.length = size;
      this.keys.length = size;
      this.entries.length = size;
    }
  }

  targetOf(index: number): InstancePath {
    const keys = this.#pathKeys.get(index) ?? keyValuesOf(this.entries[index] as ListEntry);
    return [...this.parentPath, { schema: this.list, keys } satisfies InstancePathStep];
  }
}

/** Resolves `create` edits of list entries through routes remembered for one patch. */
export class EntryCreateResolver {
  readonly #schema: SchemaTree;
  /** Resolves a target prefix relative to the patch's target the general way (throws when it cannot). */
  readonly #resolvePrefix: (prefix: string) => InstancePath;
  readonly #routes = new Map<string, EntryRoute | null>();
  /** The prefix looked up last, and its route. */
  #last: { readonly prefix: string; readonly route: EntryRoute | null } | undefined;
  /** Scratch arrays of one edit's decode, reused. */
  readonly #items: unknown[] = [undefined];
  readonly #entryKeys: string[] = [];
  readonly #entries: ListEntry[] = [];

  constructor(schema: SchemaTree, resolvePrefix: (prefix: string) => InstancePath) {
    this.#schema = schema;
    this.#resolvePrefix = resolvePrefix;
  }

  #routeOf(prefix: string): EntryRoute | null {
    const route = this.#route(prefix);
    this.#last = { prefix, route };
    return route;
  }

  #route(prefix: string): EntryRoute | null {
    const known = this.#routes.get(prefix);
    if (known !== undefined) return known;
    let route: EntryRoute | null = null;
    try {
      const path = this.#resolvePrefix(prefix);
      const step = path.at(-1);
      const list = step?.schema;
      if (list?.kind === 'list' && step?.keys === undefined && list.config && list.keys.length > 0) {
        const parentPath = Object.freeze(path.slice(0, -1));
        route = {
          parentPath,
          list,
          member: `${list.module}:${list.name}`,
          options: { schema: this.#schema, config: true, path: parentPath },
        };
      }
    } catch {
      // The general resolution reports the error.
    }
    if (this.#routes.size < ROUTE_LIMIT) this.#routes.set(prefix, route);
    return route;
  }

  /**
   * The create of one list entry that `edit` is, or undefined when it is another edit or the
   * general resolution would find an error (then resolve it the general way).
   */
  resolve(edit: PatchEdit): EntryCreate | undefined {
    const { target } = edit;
    const read = edit instanceof EntryCreateEdit ? edit : undefined;
    // (An edit read as an EntryCreateEdit is a create of a JSON value without a point.)
    const value = read === undefined ? edit.value : undefined;
    if (read === undefined && (edit.operation !== 'create' || value?.encoding !== 'json' || edit.point !== undefined))
      return undefined;
    const equals = target.indexOf('=');
    // The `=` must end a node name of the last segment ("/=x" is malformed, not a key of the parent).
    if (
      equals < 2 ||
      target.charCodeAt(0) !== SLASH ||
      target.charCodeAt(equals - 1) === SLASH ||
      target.lastIndexOf('/') > equals
    )
      return undefined;
    // Consecutive edits of one list share their prefix: it is looked up once, not sliced and hashed per edit.
    const last = this.#last;
    const route =
      last !== undefined && equals === last.prefix.length && target.startsWith(last.prefix)
        ? last.route
        : this.#routeOf(target.slice(0, equals));
    if (route === null) return undefined;
    const items = this.#items;
    if (read !== undefined) {
      // Read from the text in its commonest form: one member holding one object (see entryCreateEditOf).
      if (read.member !== route.member) return undefined;
      items[0] = read.entry;
    } else {
      if (value?.encoding !== 'json') return undefined;
      const json = value.json;
      if (!isObject(json)) return undefined;
      let found: unknown;
      let members = 0;
      for (const member in json) {
        if (++members > 1 || member !== route.member || !Object.hasOwn(json, member)) return undefined;
        found = json[member];
      }
      if (!Array.isArray(found) || found.length !== 1 || !isObject(found[0])) return undefined;
      items[0] = found[0];
    }
    const entryKeys = this.#entryKeys;
    const entries = this.#entries;
    try {
      const { list, parentPath } = route;
      const keyText = target.slice(equals + 1);
      entryKeys.length = 0;
      entries.length = 0;
      // Any error (a bad entry, a bad key) leaves the edit to the general resolution, which
      // reports it as it always did; so the keys are parsed after the entry, only when needed.
      decodeJsonEntries(list, items, route.options, entryKeys, entries, 0);
      const decoded = entries[0] as ListEntry;
      const own = ownKeyValue(list, keyText, decoded);
      // The entry's own key value: entryValue would return the entry as it is (the keys agree).
      if (own !== undefined) return { route, keys: undefined, entryKey: own, entry: decoded };
      const keys = listKeys(list, keyText, this.#schema, parentPath);
      const path: InstancePath = [...parentPath, { schema: list, keys }];
      return { route, keys, entryKey: entryKeyOf(list, keys), entry: entryValue(list, keys, decoded, path) };
    } catch {
      return undefined;
    } finally {
      items[0] = undefined;
      entries.length = 0;
    }
  }
}
