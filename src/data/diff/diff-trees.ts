/**
 * @module data/diff/diff-trees
 * Computes the diff of two instance trees. Slots are compared by reference first, so that unchanged
 * (shared) subtrees cost nothing, and lists through the structural diff of their B+trees: two versions of a
 * 1,000,000-entry list that differ in one entry are compared in O(log n).
 *
 * Order of the changes: document order, except that within one node the deletions of its children come
 * first (so that switching a choice's case deletes before it creates), and within one list the deletions
 * come first, then creations, moves and changes of entries in the new order. Deleted entries of lists and
 * leaf-lists are deleted last-first, so that each names its original predecessor. Created and deleted
 * entries carry their position (the entry before them) in every list and leaf-list: in an ordered-by user
 * one it is part of the data; in an ordered-by system one it is where the entry stands, so that applying
 * the diff (a replay, another node of a cluster, a rollback) puts it where the tree it came from has it.
 * Only ordered-by user lists and leaf-lists report moves.
 * @see RFC 7950 §7.7.7, §7.9
 */
import type { DiffStatistics, SequencePlacement } from '../../util/index.ts';
import { KeyedSequence } from '../../util/index.ts';
import type { LeafListNode, ListNode, YangValue } from '../../yang/index.ts';
import { yangValuesEqual } from '../../yang/index.ts';
import type {
  AnydataValue,
  DataSchemaNode,
  InstanceNode,
  InstancePath,
  InstancePathStep,
  LeafListValues,
  ListEntry,
  ListInstance,
  Slot,
} from '../instance/index.ts';
import { compareEntryKeys, isVacantSlot, keyValuesOf, slotTableOf } from '../instance/index.ts';
import type { DataChange, DataDiff, EntryPosition } from './diff.ts';
import { anydataEqual, canonicalValues, slotsEqual } from './diff-equal.ts';

/** The state of one diff: the changes found so far, and an optional counter of the nodes read. */
interface DiffContext {
  readonly changes: DataChange[];
  readonly stats: DiffStatistics | undefined;
}

/** How the entries of a list or leaf-list are addressed, placed and compared. */
interface EntryKind<V> {
  readonly step: (value: V) => InstancePathStep;
  readonly anchor: (value: V) => EntryPosition['after'];
  /** Reports the changes inside an entry present on both sides under one key (lists only). */
  readonly nested?: (path: InstancePath, old: V, value: V) => void;
}

const childPath = (path: InstancePath, step: InstancePathStep): InstancePath => [...path, step];

/** The diff of the entries of one list or leaf-list, as sequences keyed by entry key. */
const diffEntries = <V>(
  ctx: DiffContext,
  path: InstancePath,
  before: KeyedSequence<string, V>,
  after: KeyedSequence<string, V>,
  userOrdered: boolean,
  kind: EntryKind<V>,
): void => {
  const { changes } = ctx;
  const positionIn = (sequence: KeyedSequence<string, V>, index: number): EntryPosition => ({
    after: index <= 0 ? null : kind.anchor((sequence.at(index - 1) as [string, V])[1]),
  });
  const create = (value: V, index: number): void => {
    changes.push({
      kind: 'create',
      path: childPath(path, kind.step(value)),
      value: value as Slot,
      position: positionIn(after, index),
    });
  };
  if (after.size === 0 || before.size === 0) {
    if (before.size === 0) {
      let index = 0;
      for (const [, value] of after) create(value, index++);
      return;
    }
    const entries = [...before];
    for (let index = entries.length - 1; index >= 0; index--) {
      const value = (entries[index] as [string, V])[1];
      const old = value as Slot;
      changes.push({
        kind: 'delete',
        path: childPath(path, kind.step(value)),
        old,
        position: positionIn(before, index),
      });
    }
    return;
  }
  const diff = before.diff(after, { order: userOrdered, stats: ctx.stats });
  for (const key of [...diff.removed].reverse()) {
    const old = before.get(key) as V;
    changes.push({
      kind: 'delete',
      path: childPath(path, kind.step(old)),
      old: old as Slot,
      position: positionIn(before, before.indexOf(key)),
    });
  }
  // The list as it is between the changes, to name where a moved entry comes from.
  let current: KeyedSequence<string, V> | undefined;
  if (diff.moved.length > 0) {
    current = before;
    for (const key of diff.removed) current = current.delete(key);
  }
  for (const { key, old, value, added, moved } of diff.updates) {
    if (!added && !moved && kind.nested === undefined) continue;
    if (!userOrdered) {
      if (added) create(value, after.indexOf(key));
      else kind.nested?.(childPath(path, kind.step(value)), old as V, value);
      continue;
    }
    const index = added || moved ? after.indexOf(key) : -1;
    const placement: SequencePlacement<string> =
      index <= 0 ? { insert: 'first' } : { insert: 'after', point: (after.at(index - 1) as [string, V])[0] };
    if (added) {
      create(value, index);
      current = current?.insert(key, value, placement);
      continue;
    }
    if (moved && current !== undefined) {
      const at = current.indexOf(key);
      const predecessor = at === 0 ? undefined : (current.at(at - 1) as [string, V])[0];
      // A move that earlier moves have made unnecessary is left out.
      if (predecessor !== ('point' in placement ? placement.point : undefined)) {
        changes.push({
          kind: 'move',
          path: childPath(path, kind.step(value)),
          from: positionIn(current, at),
          to: positionIn(after, index),
        });
        current = current.move(key, placement);
      }
    }
    if (kind.nested !== undefined && old !== value) kind.nested(childPath(path, kind.step(value)), old as V, value);
  }
};

const EMPTY_ENTRIES: KeyedSequence<string, ListEntry> = KeyedSequence.empty(compareEntryKeys);

/** A keyless list or a leaf-list with a repeated value (state data only) changes as a whole. */
const diffWhole = (ctx: DiffContext, path: InstancePath, schema: DataSchemaNode, old: Slot, value: Slot): void => {
  const at = childPath(path, { schema });
  if (isVacantSlot(schema, old)) ctx.changes.push({ kind: 'create', path: at, value });
  else if (isVacantSlot(schema, value)) ctx.changes.push({ kind: 'delete', path: at, old });
  else if (!slotsEqual(schema, old, value)) ctx.changes.push({ kind: 'modify', path: at, old, value });
};

const diffList = (
  ctx: DiffContext,
  path: InstancePath,
  schema: ListNode,
  old: ListInstance | undefined,
  value: ListInstance | undefined,
): void => {
  if (schema.keys.length === 0) {
    diffWhole(ctx, path, schema, old, value);
    return;
  }
  diffEntries(ctx, path, old?.entries ?? EMPTY_ENTRIES, value?.entries ?? EMPTY_ENTRIES, schema.orderedBy === 'user', {
    step: (entry) => ({ schema, keys: keyValuesOf(entry) }),
    anchor: (entry) => keyValuesOf(entry),
    nested: (entryPath, before, after) => {
      diffInner(ctx, entryPath, before, after);
    },
  });
};

/** The values of a leaf-list keyed by canonical form; undefined when a value repeats (state data only). */
const leafListSequence = (
  schema: LeafListNode,
  values: LeafListValues | undefined,
): KeyedSequence<string, YangValue> | undefined => {
  const list = values ?? [];
  const keys = canonicalValues(schema, list);
  if (new Set(keys).size !== keys.length) return undefined;
  return KeyedSequence.fromOrdered(
    keys.map((key, index) => [key, list[index] as YangValue] as const),
    compareEntryKeys,
  );
};

const diffLeafList = (
  ctx: DiffContext,
  path: InstancePath,
  schema: LeafListNode,
  old: LeafListValues | undefined,
  value: LeafListValues | undefined,
): void => {
  const before = leafListSequence(schema, old);
  const after = leafListSequence(schema, value);
  if (before === undefined || after === undefined) {
    diffWhole(ctx, path, schema, old, value);
    return;
  }
  diffEntries(ctx, path, before, after, schema.orderedBy === 'user', {
    step: (item) => ({ schema, value: item }),
    anchor: (item) => item,
  });
};

/** Reports the changes of one child slot (`old` or `value` undefined when absent on that side). */
const diffSlot = (ctx: DiffContext, path: InstancePath, schema: DataSchemaNode, old: Slot, value: Slot): void => {
  switch (schema.kind) {
    case 'list':
      diffList(ctx, path, schema, old as ListInstance | undefined, value as ListInstance | undefined);
      return;
    case 'leaf-list':
      diffLeafList(ctx, path, schema, old as LeafListValues | undefined, value as LeafListValues | undefined);
      return;
    default:
      break;
  }
  const at = childPath(path, { schema });
  if (old === undefined) {
    ctx.changes.push({ kind: 'create', path: at, value });
    return;
  }
  if (value === undefined) {
    ctx.changes.push({ kind: 'delete', path: at, old });
    return;
  }
  switch (schema.kind) {
    case 'container':
      diffInner(ctx, at, old as InstanceNode, value as InstanceNode);
      return;
    case 'leaf':
      if (!yangValuesEqual(old as YangValue, value as YangValue))
        ctx.changes.push({ kind: 'modify', path: at, old, value });
      return;
    case 'anydata':
    case 'anyxml':
      if (!anydataEqual(old as AnydataValue, value as AnydataValue))
        ctx.changes.push({ kind: 'modify', path: at, old, value });
      return;
  }
};

/** The changes below two versions of one inner node: deletions of children first, then the rest. */
function diffInner(ctx: DiffContext, path: InstancePath, before: InstanceNode, after: InstanceNode): void {
  if (before === after) return;
  if (ctx.stats !== undefined) ctx.stats.nodesVisited += 1;
  const { nodes } = slotTableOf(before.schema);
  const length = Math.max(before.slots.length, after.slots.length);
  const present = (schema: DataSchemaNode, value: Slot): Slot => (isVacantSlot(schema, value) ? undefined : value);
  for (let index = 0; index < length; index++) {
    const schema = nodes[index] as DataSchemaNode;
    const old = before.slots[index];
    if (old === after.slots[index] || present(schema, after.slots[index]) !== undefined) continue;
    if (present(schema, old) !== undefined) diffSlot(ctx, path, schema, old, undefined);
  }
  for (let index = 0; index < length; index++) {
    const schema = nodes[index] as DataSchemaNode;
    const old = present(schema, before.slots[index]);
    const value = present(schema, after.slots[index]);
    if (old === value || value === undefined) continue;
    diffSlot(ctx, path, schema, old, value);
  }
}

/**
 * The diff of two instances of one inner schema node, with `stats` counting the instance and B+tree nodes
 * read (for tests of the cost); see {@link diffTrees}.
 */
export const diffTreesCounting = (
  before: InstanceNode,
  after: InstanceNode,
  stats: DiffStatistics | undefined,
): DataDiff => {
  if (before.schema !== after.schema) throw new TypeError('diffTrees needs two instances of the same schema node');
  const ctx: DiffContext = { changes: [], stats };
  diffInner(ctx, [], before, after);
  return { changes: ctx.changes };
};

/**
 * The changes that turn `before` into `after` (two instances of one inner schema node, usually two
 * DataTrees), with paths relative to them; see the module comment for their order.
 */
export const diffTrees = (before: InstanceNode, after: InstanceNode): DataDiff =>
  diffTreesCounting(before, after, undefined);
