/**
 * @module data/diff/diff-apply-entries
 * Applying changes to the entries of one list. The rules (what is a conflict, where an entry goes) are
 * written once over an `EntryStore`: a persistent keyed sequence, edited in O(log n) per change, or, for a
 * run of changes that is large next to the list, a linked chain of the entries, edited in O(1) per change
 * and turned back into a sequence in one O(n log n) build. Replaying a diff that adds or removes most of a
 * large list so costs a few microseconds per entry, not a path copy in three B+trees.
 * @see RFC 7950 §7.7.7, RFC 8040 §4.8.5
 */
import type { SequencePlacement } from '../../util/index.ts';
import { KeyedSequence } from '../../util/index.ts';
import type { ListNode, YangValue } from '../../yang/index.ts';
import type { InstanceNode, InstancePathStep, ListEntry, ListInstance } from '../instance/index.ts';
import { compareEntryKeys, emptyListInstance, entryKeyOf, getChild, setChild } from '../instance/index.ts';
import type { DataChange, EntryPosition } from './diff.ts';
import type { Application } from './diff-apply-support.ts';
import { conflict, expectedOld } from './diff-apply-support.ts';
import { instancesEqual } from './diff-equal.ts';

/** The entries of one list while changes are applied to them. */
interface EntryStore {
  get(key: string): ListEntry | undefined;
  has(key: string): boolean;
  delete(key: string): void;
  /** Adds an absent key at `placement` (its point is present). */
  insert(key: string, entry: ListEntry, placement: SequencePlacement<string>): void;
  /** Replaces the entry of a present key where it stands. */
  set(key: string, entry: ListEntry): void;
}

/** A store over a persistent sequence: each change is one O(log n) edit. */
class SequenceStore implements EntryStore {
  entries: KeyedSequence<string, ListEntry>;

  constructor(entries: KeyedSequence<string, ListEntry>) {
    this.entries = entries;
  }

  get(key: string): ListEntry | undefined {
    return this.entries.get(key);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  delete(key: string): void {
    this.entries = this.entries.delete(key);
  }

  insert(key: string, entry: ListEntry, placement: SequencePlacement<string>): void {
    this.entries = this.entries.insert(key, entry, placement);
  }

  set(key: string, entry: ListEntry): void {
    this.entries = this.entries.set(key, entry);
  }
}

/** One entry in a {@link ChainStore}. */
interface Link {
  readonly key: string;
  entry: ListEntry;
  previous: Link | undefined;
  next: Link | undefined;
}

/** A store over a doubly linked chain of the entries with a key index: O(1) per change, O(n) to build. */
class ChainStore implements EntryStore {
  readonly #links = new Map<string, Link>();
  #first: Link | undefined;
  #last: Link | undefined;

  constructor(entries: KeyedSequence<string, ListEntry>) {
    entries.forEach((entry, key) => {
      this.#link({ key, entry, previous: undefined, next: undefined }, this.#last);
    });
  }

  get(key: string): ListEntry | undefined {
    return this.#links.get(key)?.entry;
  }

  has(key: string): boolean {
    return this.#links.has(key);
  }

  delete(key: string): void {
    const link = this.#links.get(key);
    if (link === undefined) return;
    this.#links.delete(key);
    if (link.previous === undefined) this.#first = link.next;
    else link.previous.next = link.next;
    if (link.next === undefined) this.#last = link.previous;
    else link.next.previous = link.previous;
  }

  insert(key: string, entry: ListEntry, placement: SequencePlacement<string>): void {
    const link: Link = { key, entry, previous: undefined, next: undefined };
    let previous: Link | undefined;
    if ('point' in placement) {
      const point = this.#links.get(placement.point);
      previous = placement.insert === 'after' ? point : point?.previous;
    } else previous = placement.insert === 'first' ? undefined : this.#last;
    this.#link(link, previous);
  }

  set(key: string, entry: ListEntry): void {
    const link = this.#links.get(key);
    if (link !== undefined) link.entry = entry;
  }

  /** The entries in chain order, as a new sequence. */
  toSequence(): KeyedSequence<string, ListEntry> {
    const entries: (readonly [string, ListEntry])[] = [];
    for (let link = this.#first; link !== undefined; link = link.next) entries.push([link.key, link.entry]);
    return KeyedSequence.fromOrdered(entries, compareEntryKeys);
  }

  /** Puts `link` right after `previous` (at the start when undefined). */
  #link(link: Link, previous: Link | undefined): void {
    this.#links.set(link.key, link);
    link.previous = previous;
    link.next = previous === undefined ? this.#first : previous.next;
    if (link.next === undefined) this.#last = link;
    else link.next.previous = link;
    if (previous === undefined) this.#first = link;
    else previous.next = link;
  }
}

/**
 * Where `position` puts an entry: last without one, or undefined when the entry it names is missing (or
 * is the entry itself). In a system-ordered list a position is where the entry stood in the tree the diff
 * came from: followed when the entry it names is there, else the entry goes last (never a conflict).
 */
const placementOf = (
  schema: ListNode,
  store: EntryStore,
  key: string,
  position: EntryPosition | undefined,
): SequencePlacement<string> | undefined => {
  if (position === undefined) return { insert: 'last' };
  if (position.after === null) return { insert: 'first' };
  const point = entryKeyOf(schema, position.after as readonly YangValue[]);
  if (point !== key && store.has(point)) return { insert: 'after', point };
  return schema.orderedBy === 'user' ? undefined : { insert: 'last' };
};

/** Applies one change to the entry of `keys` in `store`. */
const applyEntryChange = (
  store: EntryStore,
  schema: ListNode,
  keys: readonly YangValue[],
  application: Application,
): void => {
  const { change, strict } = application;
  const key = entryKeyOf(schema, keys);
  const existing = store.get(key);
  switch (change.kind) {
    case 'create': {
      if (existing !== undefined) {
        if (strict) throw conflict(change, 'it already exists');
        store.delete(key);
      }
      const placement = placementOf(schema, store, key, change.position);
      if (placement === undefined && strict) throw conflict(change, 'the entry it follows does not exist');
      store.insert(key, change.value as ListEntry, placement ?? { insert: 'last' });
      return;
    }
    case 'delete':
    case 'modify':
      if (existing === undefined) {
        if (strict) throw conflict(change, 'it does not exist');
        if (change.kind === 'modify') store.insert(key, change.value as ListEntry, { insert: 'last' });
        return;
      }
      if (strict && !instancesEqual(existing, expectedOld(change) as InstanceNode))
        throw conflict(change, 'its value is not the one the change expects');
      if (change.kind === 'delete') store.delete(key);
      else store.set(key, change.value as ListEntry);
      return;
    case 'move': {
      if (existing === undefined) {
        if (strict) throw conflict(change, 'it does not exist');
        return;
      }
      const after = change.to.after;
      if (after !== null && entryKeyOf(schema, after as readonly YangValue[]) === key) return;
      const placement = placementOf(schema, store, key, change.to);
      if (placement === undefined) {
        if (strict) throw conflict(change, 'the entry it should follow does not exist');
        return;
      }
      store.delete(key);
      store.insert(key, existing, placement);
      return;
    }
  }
};

/** Below this many changes of one list in a row, changes apply one by one. */
const RUN_MINIMUM = 32;

/** True when `change` addresses an entry of a list by its keys. */
const isEntryChange = (change: DataChange): boolean => {
  const step = change.path.at(-1);
  return step !== undefined && step.schema.kind === 'list' && step.keys !== undefined;
};

const sameStep = (left: InstancePathStep, right: InstancePathStep): boolean => {
  if (left.schema !== right.schema) return false;
  if (left.keys === undefined || right.keys === undefined) return left.keys === right.keys;
  const list = left.schema as ListNode;
  return entryKeyOf(list, left.keys) === entryKeyOf(list, right.keys);
};

/**
 * The end (exclusive) of the run of changes from `start` that all address entries of one list instance,
 * when it is long enough to be applied as a batch; `start` otherwise.
 */
export const entryRunEnd = (changes: readonly DataChange[], start: number): number => {
  const first = changes[start] as DataChange;
  if (!isEntryChange(first)) return start;
  const depth = first.path.length;
  let end = start + 1;
  for (; end < changes.length; end++) {
    const change = changes[end] as DataChange;
    if (change.path.length !== depth || !isEntryChange(change)) break;
    if ((change.path[depth - 1] as InstancePathStep).schema !== (first.path[depth - 1] as InstancePathStep).schema)
      break;
    let same = true;
    for (let index = depth - 2; index >= 0 && same; index--)
      same = sameStep(change.path[index] as InstancePathStep, first.path[index] as InstancePathStep);
    if (!same) break;
  }
  return end - start >= RUN_MINIMUM ? end : start;
};

/**
 * `parent` with `changes` (all on entries of its list `schema`, in order) applied; through a chain when they
 * are many next to the list, one by one otherwise.
 */
export const applyEntryChanges = (
  parent: InstanceNode,
  schema: ListNode,
  changes: readonly DataChange[],
  strict: boolean,
): InstanceNode => {
  const list = (getChild(parent, schema) as ListInstance | undefined) ?? emptyListInstance(schema);
  const batch = changes.length > 1 && changes.length * 8 >= list.entries.size;
  const store = batch ? new ChainStore(list.entries) : new SequenceStore(list.entries);
  for (const change of changes) {
    const keys = (change.path.at(-1) as InstancePathStep).keys as readonly YangValue[];
    applyEntryChange(store, schema, keys, { change, strict });
  }
  const entries = store instanceof ChainStore ? store.toSequence() : store.entries;
  return entries === list.entries ? parent : setChild(parent, schema, { schema, entries });
};
