/**
 * @module data/diff/diff-apply
 * Applies a diff to a tree, change by change, each in O(depth · log n) (long runs of changes to the entries of
 * one list go through `diff-apply-entries.ts` as a batch). In strict mode (the default) every
 * change must match the tree it meets: a created node must be absent, a deleted or modified one present
 * with exactly the expected old value (compared by value, as a diff may come back from text), a moved entry
 * and its new predecessor present. A mismatch throws an OperationFailedError naming the node: this is how
 * a selective rollback reports conflicts. Without strict, changes apply as far as they can: a create
 * overwrites, a delete or move of an absent node is skipped, a missing predecessor puts a new entry last.
 * @see RFC 8072 §2.5, RFC 7950 §7.7.7
 */
import type { ListNode, YangValue } from '../../yang/index.ts';
import { yangValuesEqual } from '../../yang/index.ts';
import type { DataSchemaNode, InstanceNode, InstancePathStep, LeafListValues, SlotValue } from '../instance/index.ts';
import { formatInstancePath, getChild, isVacantSlot, setChild, updateAt } from '../instance/index.ts';
import type { DataChange, DataDiff, EntryPosition } from './diff.ts';
import { applyEntryChanges, entryRunEnd } from './diff-apply-entries.ts';
import type { Application } from './diff-apply-support.ts';
import { conflict, emptyParent, expectedOld, missingParent } from './diff-apply-support.ts';
import { slotsEqual } from './diff-equal.ts';

/** Options of {@link applyDiff}. */
export interface ApplyDiffOptions {
  /** Every change must match the tree it meets (default true). */
  readonly strict?: boolean;
}

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

/**
 * Index at which `position` puts a leaf-list value, or undefined when its predecessor is missing (in a
 * system-ordered leaf-list the value then goes last: there a position only repeats where it stood).
 */
const leafListIndex = (
  values: LeafListValues,
  position: EntryPosition | undefined,
  userOrdered: boolean,
): number | undefined => {
  if (position === undefined) return values.length;
  if (position.after === null) return 0;
  const anchor = values.findIndex((item) => yangValuesEqual(item, position.after as YangValue));
  if (anchor >= 0) return anchor + 1;
  return userOrdered ? undefined : values.length;
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
  if (schema.kind === 'list' && step.keys !== undefined)
    return applyEntryChanges(parent, schema, [application.change], application.strict);
  if (schema.kind === 'leaf-list' && step.value !== undefined)
    return applyToLeafListValue(parent, schema, step.value, application);
  return applyToSlot(parent, schema, application);
};

/** Applies `changes` (one change, or a run on the entries of one list) that share their parent path. */
const applyChanges = <N extends InstanceNode>(root: N, changes: readonly DataChange[], strict: boolean): N => {
  const first = changes[0] as DataChange;
  const { path } = first;
  const step = path.at(-1);
  if (step === undefined) throw new TypeError('a change needs a path of at least one step');
  const parents = path.slice(0, -1);
  const missing = missingParent(root, parents);
  if (missing !== undefined) {
    if (strict) throw conflict(first, `${formatInstancePath(missing)} does not exist`);
    if (changes.length > 1) return changes.reduce((tree, change) => applyChanges(tree, [change], strict), root);
    if (first.kind === 'delete' || first.kind === 'move') return root;
  }
  return updateAt(root, parents, (slot) => {
    const parent =
      parents.length === 0
        ? root
        : ((slot as InstanceNode | undefined) ?? emptyParent(parents.at(-1) as InstancePathStep));
    if (changes.length > 1) return applyEntryChanges(parent, step.schema as ListNode, changes, strict);
    return applyToParent(parent, step, { change: first, strict });
  });
};

/**
 * Applies the changes of `diff` to `root` in order and returns the new root (`root` stays valid). In strict
 * mode (default) a change that does not match the tree throws an OperationFailedError whose error-path
 * names the node; see the module comment.
 */
export const applyDiff = <N extends InstanceNode>(root: N, diff: DataDiff, options: ApplyDiffOptions = {}): N => {
  const strict = options.strict ?? true;
  const { changes } = diff;
  let tree = root;
  for (let index = 0; index < changes.length; ) {
    const end = entryRunEnd(changes, index);
    if (end > index) {
      tree = applyChanges(tree, changes.slice(index, end), strict);
      index = end;
    } else tree = applyChanges(tree, [changes[index++] as DataChange], strict);
  }
  return tree;
};
