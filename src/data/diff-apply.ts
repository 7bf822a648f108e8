/**
 * @module data/diff-apply
 * Applies a diff to a tree, change by change, each in O(depth · log n). In strict mode (the default) every
 * change must match the tree it meets: a created node must be absent, a deleted or modified one present
 * with exactly the expected old value (compared by value, as a diff may come back from text), a moved entry
 * and its new predecessor present. A mismatch throws an OperationFailedError naming the node: this is how
 * a selective rollback reports conflicts. Without strict, changes apply as far as they can: a create
 * overwrites, a delete or move of an absent node is skipped, a missing predecessor puts a new entry last.
 * @see RFC 8072 §2.5, RFC 7950 §7.7.7
 */
import { OperationFailedError } from '../errors/index.ts';
import type { SequencePlacement } from '../util/index.ts';
import type { ListNode, YangValue } from '../yang/index.ts';
import { yangValuesEqual } from '../yang/index.ts';
import type { DataChange, DataDiff, EntryPosition } from './diff.ts';
import { instancesEqual, isVacantSlot, slotsEqual } from './diff-equal.ts';
import { entryKeyOf } from './entry-key.ts';
import { formatInstancePath } from './format-instance-path.ts';
import type { InstanceNode, LeafListValues, ListEntry, ListInstance, Slot, SlotValue } from './instance-node.ts';
import { emptyInstance, getChild, setChild } from './instance-node.ts';
import type { InstancePath, InstancePathStep } from './instance-path.ts';
import { entryWithKeys, updateAt } from './instance-path.ts';
import { emptyListInstance, findEntry, putEntry } from './list-instance.ts';
import type { DataSchemaNode } from './slot-table.ts';

/** Options of {@link applyDiff}. */
export interface ApplyDiffOptions {
  /** Every change must match the tree it meets (default true). */
  readonly strict?: boolean;
}

/** What one change is applied with. */
interface Application {
  readonly change: DataChange;
  readonly strict: boolean;
}

const conflict = (change: DataChange, reason: string): OperationFailedError => {
  const path = formatInstancePath(change.path);
  return new OperationFailedError(`cannot ${change.kind} ${path}: ${reason}`, { path });
};

/** The old value a delete or modify expects. */
const expectedOld = (change: DataChange): Slot => ('old' in change ? change.old : undefined);

/** The path of the first missing parent on the way that is not a non-presence container, if any. */
const missingParent = (root: InstanceNode, parents: InstancePath): InstancePath | undefined => {
  let node: InstanceNode | undefined = root;
  for (let index = 0; index < parents.length; index++) {
    const step = parents[index] as InstancePathStep;
    const { schema } = step;
    let next: InstanceNode | undefined;
    if (node !== undefined) {
      const slot: Slot = getChild(node, schema);
      next =
        schema.kind === 'list' && step.keys !== undefined && slot !== undefined
          ? findEntry(slot as ListInstance, step.keys)
          : (slot as InstanceNode | undefined);
    }
    if (next === undefined && !(schema.kind === 'container' && schema.presence === undefined))
      return parents.slice(0, index + 1);
    node = next;
  }
  return undefined;
};

/** A leaf, container, anydata, or a whole keyless list or leaf-list. */
const applyToSlot = (parent: InstanceNode, schema: DataSchemaNode, { change, strict }: Application): InstanceNode => {
  const current = getChild(parent, schema);
  const present = !isVacantSlot(schema, current);
  switch (change.kind) {
    case 'create':
      if (strict && present) throw conflict(change, 'it already exists');
      return setChild(parent, schema, change.value as SlotValue<DataSchemaNode>);
    case 'delete':
    case 'modify':
      if (!present) {
        if (strict) throw conflict(change, 'it does not exist');
        if (change.kind === 'delete') return parent;
      } else if (strict && !slotsEqual(schema, current, expectedOld(change))) {
        throw conflict(change, 'its value is not the one the change expects');
      }
      return setChild(
        parent,
        schema,
        change.kind === 'delete' ? undefined : (change.value as SlotValue<DataSchemaNode>),
      );
    case 'move':
      throw new TypeError(`a move needs a list or leaf-list entry, not ${schema.kind} ${schema.name}`);
  }
};

/** Where `position` puts an entry in a list, or undefined when its predecessor is missing. */
const listPlacement = (
  schema: ListNode,
  list: ListInstance,
  position: EntryPosition | undefined,
): SequencePlacement<string> | undefined => {
  if (position === undefined || schema.orderedBy !== 'user') return { insert: 'last' };
  if (position.after === null) return { insert: 'first' };
  const point = entryKeyOf(schema, position.after as readonly YangValue[]);
  return list.entries.has(point) ? { insert: 'after', point } : undefined;
};

const applyToEntry = (
  parent: InstanceNode,
  schema: ListNode,
  keys: readonly YangValue[],
  { change, strict }: Application,
): InstanceNode => {
  const list = (getChild(parent, schema) as ListInstance | undefined) ?? emptyListInstance(schema);
  const key = entryKeyOf(schema, keys);
  const existing = list.entries.get(key);
  const store = (entries: ListInstance['entries']): InstanceNode => setChild(parent, schema, { schema, entries });
  switch (change.kind) {
    case 'create': {
      if (existing !== undefined && strict) throw conflict(change, 'it already exists');
      const rest = existing === undefined ? list : { schema, entries: list.entries.delete(key) };
      const placement = listPlacement(schema, rest, change.position);
      if (placement === undefined && strict) throw conflict(change, 'the entry it follows does not exist');
      const entry = change.value as ListEntry;
      if (placement === undefined || placement.insert === 'last')
        return setChild(parent, schema, putEntry(rest, entry));
      return store(rest.entries.insert(key, entry, placement));
    }
    case 'delete':
    case 'modify':
      if (existing === undefined) {
        if (strict) throw conflict(change, 'it does not exist');
        if (change.kind === 'delete') return parent;
      } else if (strict && !instancesEqual(existing, expectedOld(change) as InstanceNode)) {
        throw conflict(change, 'its value is not the one the change expects');
      }
      if (change.kind === 'delete') return store(list.entries.delete(key));
      return setChild(parent, schema, putEntry(list, change.value as ListEntry));
    case 'move': {
      if (existing === undefined) {
        if (strict) throw conflict(change, 'it does not exist');
        return parent;
      }
      const placement = listPlacement(schema, list, change.to);
      if (placement === undefined) {
        if (strict) throw conflict(change, 'the entry it should follow does not exist');
        return parent;
      }
      return store(list.entries.move(key, placement));
    }
  }
};

/** Index at which `position` puts a leaf-list value, or undefined when its predecessor is missing. */
const leafListIndex = (
  values: LeafListValues,
  position: EntryPosition | undefined,
  userOrdered: boolean,
): number | undefined => {
  if (position === undefined || !userOrdered) return values.length;
  if (position.after === null) return 0;
  const anchor = values.findIndex((item) => yangValuesEqual(item, position.after as YangValue));
  return anchor < 0 ? undefined : anchor + 1;
};

const applyToLeafListValue = (
  parent: InstanceNode,
  schema: DataSchemaNode & { readonly kind: 'leaf-list' },
  value: YangValue,
  { change, strict }: Application,
): InstanceNode => {
  const values = (getChild(parent, schema) as LeafListValues | undefined) ?? [];
  const index = values.findIndex((item) => yangValuesEqual(item, value));
  const without = index < 0 ? values : values.filter((_, position) => position !== index);
  const userOrdered = schema.orderedBy === 'user';
  const store = (next: YangValue[]): InstanceNode => setChild(parent, schema, next);
  switch (change.kind) {
    case 'create': {
      if (index >= 0 && strict) throw conflict(change, 'it already exists');
      const at = leafListIndex(without, change.position, userOrdered);
      if (at === undefined && strict) throw conflict(change, 'the value it follows does not exist');
      const next = [...without];
      next.splice(at ?? next.length, 0, change.value as YangValue);
      return store(next);
    }
    case 'delete':
    case 'modify':
      if (index < 0) {
        if (strict) throw conflict(change, 'it does not exist');
        if (change.kind === 'delete') return parent;
      } else if (strict && !yangValuesEqual(values[index] as YangValue, expectedOld(change) as YangValue)) {
        throw conflict(change, 'its value is not the one the change expects');
      }
      if (change.kind === 'delete') return store([...without]);
      return store(
        index < 0
          ? [...values, change.value as YangValue]
          : values.map((item, at) => (at === index ? (change.value as YangValue) : item)),
      );
    case 'move': {
      if (index < 0) {
        if (strict) throw conflict(change, 'it does not exist');
        return parent;
      }
      const at = leafListIndex(without, change.to, userOrdered);
      if (at === undefined) {
        if (strict) throw conflict(change, 'the value it should follow does not exist');
        return parent;
      }
      const next = [...without];
      next.splice(at, 0, values[index] as YangValue);
      return store(next);
    }
  }
};

/** The parent node with the change applied to its child named by `step`. */
const applyToParent = (parent: InstanceNode, step: InstancePathStep, application: Application): InstanceNode => {
  const { schema } = step;
  if (schema.kind === 'list' && step.keys !== undefined) return applyToEntry(parent, schema, step.keys, application);
  if (schema.kind === 'leaf-list' && step.value !== undefined)
    return applyToLeafListValue(parent, schema, step.value, application);
  return applyToSlot(parent, schema, application);
};

/** An empty instance of the inner node a parent step names. */
const emptyParent = (step: InstancePathStep): InstanceNode => {
  const { schema } = step;
  if (schema.kind === 'list' && step.keys !== undefined) return entryWithKeys(schema, step.keys);
  if (schema.kind === 'container') return emptyInstance(schema);
  throw new TypeError(`step ${schema.name} has no children`);
};

const applyChange = <N extends InstanceNode>(root: N, change: DataChange, strict: boolean): N => {
  const { path } = change;
  const step = path.at(-1);
  if (step === undefined) throw new TypeError('a change needs a path of at least one step');
  const parents = path.slice(0, -1);
  const missing = missingParent(root, parents);
  if (missing !== undefined) {
    if (strict) throw conflict(change, `${formatInstancePath(missing)} does not exist`);
    if (change.kind === 'delete' || change.kind === 'move') return root;
  }
  const application: Application = { change, strict };
  return updateAt(root, parents, (slot) => {
    const parent =
      parents.length === 0
        ? root
        : ((slot as InstanceNode | undefined) ?? emptyParent(parents.at(-1) as InstancePathStep));
    return applyToParent(parent, step, application);
  });
};

/**
 * Applies the changes of `diff` to `root` in order and returns the new root (`root` stays valid). In strict
 * mode (default) a change that does not match the tree throws an OperationFailedError whose error-path
 * names the node; see the module comment.
 */
export const applyDiff = <N extends InstanceNode>(root: N, diff: DataDiff, options: ApplyDiffOptions = {}): N => {
  const strict = options.strict ?? true;
  let tree = root;
  for (const change of diff.changes) tree = applyChange(tree, change, strict);
  return tree;
};
