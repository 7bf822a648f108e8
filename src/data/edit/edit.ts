/**
 * @module data/edit/edit
 * Edits of instance trees with NETCONF/RESTCONF semantics: create, delete, remove, merge, replace,
 * and YANG Patch's insert and move. An edit returns a new root (the old one stays valid) and costs
 * O(depth · log n) for one entry of an n-entry list.
 * @see RFC 6241 §7.2 (operations), RFC 8040 §4.4–4.8.6, RFC 8072 §2.5, RFC 7950 §7.8.6, §7.9
 */
import {
  BadElementError,
  DataExistsError,
  DataMissingError,
  InvalidValueError,
  MissingElementError,
} from '../../errors/index.ts';
import type { LeafListNode, LeafNode, ListNode, YangValue } from '../../yang/index.ts';
import { toCanonical } from '../../yang/index.ts';
import type {
  DataSchemaNode,
  InstanceNode,
  InstancePath,
  InstancePathStep,
  LeafListValues,
  ListInstance,
  Slot,
  SlotValue,
} from '../instance/index.ts';
import {
  emptyInstance,
  emptyListInstance,
  entryKeyOf,
  formatInstancePath,
  getChild,
  isEmptyInstance,
} from '../instance/index.ts';
import { mergeInstances, mergeSlots } from './edit-merge.ts';
import type { EditPlacement } from './edit-placement.ts';
import { LAST, moveValue, placeValue, sequencePlacement } from './edit-placement.ts';
import { editParentOf, setMember } from './edit-spine.ts';
import { entryValue, isInstanceOf, leafListEntryValue, slotValue } from './edit-value.ts';

export type { EditPlacement } from './edit-placement.ts';

/** An edit operation: NETCONF's five and YANG Patch's insert and move. @see RFC 8072 §2.5 */
export type EditOperation = 'create' | 'delete' | 'remove' | 'merge' | 'replace' | 'insert' | 'move';

/** One edit of an instance tree. @see RFC 8072 §2.5 (the `edit` list of a YANG Patch) */
export interface DataEdit {
  readonly operation: EditOperation;
  /**
   * The node edited: for a list entry the path ends with a list step with keys; for a leaf-list
   * value, a step with `value`. Empty path = the datastore root (replace/merge of the whole tree).
   */
  readonly target: InstancePath;
  /** The new instance of the target (as the codecs decode it) for create, merge, replace and insert. */
  readonly value?: Slot;
  /** For insert and move, and for create/replace/merge of a new entry of an ordered-by user list or leaf-list (RESTCONF insert/point). */
  readonly placement?: EditPlacement;
}

/** The error details that locate an error at an edit's target. */
export const at = (target: InstancePath): { readonly path: string } => ({ path: formatInstancePath(target) });

const describe = (schema: DataSchemaNode): string => `${schema.kind} ${schema.name}`;

/** True for a step naming one entry: a list step with keys or a leaf-list step with a value. */
const isEntryStep = (step: InstancePathStep): boolean =>
  (step.schema.kind === 'list' && step.keys !== undefined) ||
  (step.schema.kind === 'leaf-list' && step.value !== undefined);

const isUserOrderedEntry = (step: InstancePathStep): boolean =>
  isEntryStep(step) && (step.schema as ListNode | LeafListNode).orderedBy === 'user';

const needsValue = (operation: EditOperation): boolean =>
  operation === 'create' || operation === 'merge' || operation === 'replace' || operation === 'insert';

/**
 * The value of an edit that needs one. The codecs decode an empty non-presence container, list or
 * leaf-list as absent, so for those no value means an empty one; for the others it is a
 * MissingElementError.
 */
export const requiredValue = (edit: DataEdit, step: InstancePathStep): Slot => {
  if (edit.value !== undefined) return edit.value;
  if (!isEntryStep(step)) {
    const { schema } = step;
    if (schema.kind === 'container') return emptyInstance(schema);
    if (schema.kind === 'list') return emptyListInstance(schema);
    if (schema.kind === 'leaf-list') return [];
  }
  throw new MissingElementError(`the ${edit.operation} edit has no value`, at(edit.target));
};

/** Rejects edits that do not apply to the target, before anything is looked up. */
export const checkEdit = (root: InstanceNode, edit: DataEdit, step: InstancePathStep): void => {
  const { operation, target, placement } = edit;
  const { schema } = step;
  // Inside an operation's input or output every node is config false; there the check is moot.
  const operationData = 'kind' in root.schema && (root.schema.kind === 'input' || root.schema.kind === 'output');
  if (!schema.config && !operationData)
    throw new InvalidValueError(`${describe(schema)} is state data (config false) and cannot be edited`, at(target));
  if ((operation === 'insert' || operation === 'move') && !isUserOrderedEntry(step))
    throw new BadElementError(
      `${operation} applies only to an entry of an ordered-by user list or leaf-list, not to ${describe(schema)}`,
      at(target),
    );
  if (placement !== undefined) {
    if (!isUserOrderedEntry(step))
      throw new InvalidValueError(
        `insert and point apply only to an entry of an ordered-by user list or leaf-list, not to ${describe(schema)}`,
        at(target),
      );
    if (operation === 'delete' || operation === 'remove')
      throw new InvalidValueError(`a ${operation} edit takes no insert or point`, at(target));
  }
  if (needsValue(operation)) requiredValue(edit, step);
};

/** The error of a delete or move of an absent target. @see RFC 6241 §7.2 (delete: data-missing) */
export const missing = (edit: DataEdit, schema: DataSchemaNode): DataMissingError =>
  new DataMissingError(`${describe(schema)} does not exist`, at(edit.target));

/** Edits a target that is one whole slot: a leaf, container, anydata, or a whole list or leaf-list. */
const editSlot = (parent: InstanceNode, step: InstancePathStep, edit: DataEdit): InstanceNode => {
  const { schema } = step;
  const current = getChild(parent, schema) as Slot;
  switch (edit.operation) {
    case 'create':
      if (current !== undefined) throw new DataExistsError(`${describe(schema)} already exists`, at(edit.target));
      return setMember(parent, schema, slotValue(schema, requiredValue(edit, step)) as SlotValue<DataSchemaNode>);
    case 'delete':
      if (current === undefined) throw missing(edit, schema);
      return setMember(parent, schema, undefined);
    case 'remove':
      return setMember(parent, schema, undefined);
    case 'merge':
      return setMember(
        parent,
        schema,
        mergeSlots(schema, current, slotValue(schema, requiredValue(edit, step))) as SlotValue<DataSchemaNode>,
      );
    case 'replace': {
      const value = slotValue(schema, requiredValue(edit, step));
      // An equal leaf value keeps the stored one, so that the tree is unchanged.
      const kept = schema.kind === 'leaf' ? mergeSlots(schema, current, value) : value;
      return setMember(parent, schema, kept as SlotValue<DataSchemaNode>);
    }
    case 'insert':
    case 'move':
      throw new BadElementError(`${edit.operation} does not apply to ${describe(schema)}`, at(edit.target));
  }
};

/**
 * Edits a key leaf of a list entry. Its value is fixed by the entry's path: setting the same value
 * changes nothing, another value is an InvalidValueError, and deleting it alone a BadElementError.
 */
const editKeyLeaf = (parent: InstanceNode, schema: LeafNode, step: InstancePathStep, edit: DataEdit): InstanceNode => {
  const current = getChild(parent, schema) as YangValue;
  switch (edit.operation) {
    case 'create':
    case 'insert':
      throw new DataExistsError(`the key leaf ${schema.name} exists with its list entry`, at(edit.target));
    case 'delete':
    case 'remove':
    case 'move':
      throw new BadElementError(
        `the key leaf ${schema.name} cannot be ${edit.operation === 'move' ? 'moved' : 'deleted'}; edit its list entry`,
        at(edit.target),
      );
    case 'merge':
    case 'replace':
      if (toCanonical(schema.type, requiredValue(edit, step) as YangValue) !== toCanonical(schema.type, current))
        throw new InvalidValueError(
          `the key leaf ${schema.name} cannot be changed; delete the entry and create another`,
          at(edit.target),
        );
      return parent;
  }
};

/** Edits one entry of a list, keeping the list's order (and placing new entries). */
const editEntry = (
  parent: InstanceNode,
  schema: ListNode,
  keys: readonly YangValue[],
  step: InstancePathStep,
  edit: DataEdit,
): InstanceNode => {
  const { target, placement } = edit;
  const list = getChild(parent, schema);
  const entries = (list ?? emptyListInstance(schema)).entries;
  const key = entryKeyOf(schema, keys);
  const current = entries.get(key);
  let next = entries;
  switch (edit.operation) {
    case 'create':
    case 'insert':
      if (current !== undefined)
        throw new DataExistsError(`the entry of list ${schema.name} already exists`, at(target));
      next = entries.insert(
        key,
        entryValue(schema, keys, requiredValue(edit, step), target),
        sequencePlacement(schema, list, placement ?? LAST, target),
      );
      break;
    case 'delete':
      if (current === undefined) throw missing(edit, schema);
      next = entries.delete(key);
      break;
    case 'remove':
      next = entries.delete(key);
      break;
    case 'merge':
    case 'replace': {
      const entry = entryValue(schema, keys, requiredValue(edit, step), target);
      if (current === undefined) {
        next = entries.insert(key, entry, sequencePlacement(schema, list, placement ?? LAST, target));
        break;
      }
      next = entries.set(key, edit.operation === 'merge' ? mergeInstances(current, entry) : entry);
      // A placement moves an existing entry. @see RFC 7950 §7.8.6
      if (placement !== undefined)
        next = next.move(key, sequencePlacement(schema, { schema, entries: next }, placement, target));
      break;
    }
    case 'move':
      if (current === undefined) throw missing(edit, schema);
      next = entries.move(key, sequencePlacement(schema, list, placement ?? LAST, target));
      break;
  }
  if (next === entries) return parent;
  return setMember(parent, schema, { schema, entries: next } satisfies ListInstance);
};

/** Edits one value of a leaf-list (a plain array: O(size of the leaf-list)). */
const editLeafListValue = (
  parent: InstanceNode,
  schema: LeafListNode,
  pathValue: YangValue,
  step: InstancePathStep,
  edit: DataEdit,
): InstanceNode => {
  const { target, placement } = edit;
  const values: LeafListValues = getChild(parent, schema) ?? [];
  const canonical = toCanonical(schema.type, pathValue);
  const index = values.findIndex((value) => toCanonical(schema.type, value) === canonical);
  let next = values;
  switch (edit.operation) {
    case 'create':
    case 'insert':
      if (index >= 0) throw new DataExistsError(`leaf-list ${schema.name} already has this value`, at(target));
      next = placeValue(
        schema,
        values,
        leafListEntryValue(schema, pathValue, requiredValue(edit, step), target),
        placement ?? LAST,
        target,
      );
      break;
    case 'delete':
    case 'remove':
      if (index >= 0) next = values.filter((_, position) => position !== index);
      else if (edit.operation === 'delete') throw missing(edit, schema);
      break;
    case 'merge':
    case 'replace': {
      const value = leafListEntryValue(schema, pathValue, requiredValue(edit, step), target);
      if (index < 0) next = placeValue(schema, values, value, placement ?? LAST, target);
      else if (placement !== undefined) next = moveValue(schema, values, index, placement, target);
      break;
    }
    case 'move':
      if (index < 0) throw missing(edit, schema);
      next = moveValue(schema, values, index, placement ?? LAST, target);
      break;
  }
  return next === values ? parent : setMember(parent, schema, next);
};

/** Edits the child named by `step` of `parent`. */
const editChild = (parent: InstanceNode, step: InstancePathStep, edit: DataEdit): InstanceNode => {
  const { schema } = step;
  if (schema.kind === 'list' && step.keys !== undefined) return editEntry(parent, schema, step.keys, step, edit);
  if (schema.kind === 'leaf-list' && step.value !== undefined)
    return editLeafListValue(parent, schema, step.value, step, edit);
  if (schema.kind === 'leaf' && schema.isKey && 'kind' in parent.schema && parent.schema.kind === 'list')
    return editKeyLeaf(parent, schema, step, edit);
  return editSlot(parent, step, edit);
};

/** Edits the whole tree (an empty target path). */
const editRoot = <N extends InstanceNode>(root: N, edit: DataEdit): N => {
  const { operation, target } = edit;
  if (operation === 'insert' || operation === 'move')
    throw new BadElementError(`${operation} does not apply to the datastore root`, at(target));
  if (edit.placement !== undefined)
    throw new InvalidValueError('insert and point do not apply to the datastore root', at(target));
  const value = (): N => {
    const given = edit.value;
    if (given === undefined) throw new MissingElementError(`the ${operation} edit has no value`, at(target));
    if (!isInstanceOf(given, root.schema))
      throw new TypeError('the value of the root must be a node of the same schema');
    return given as N;
  };
  switch (operation) {
    case 'create':
      if (!isEmptyInstance(root)) throw new DataExistsError('the datastore is not empty', at(target));
      return value();
    case 'delete':
      if (isEmptyInstance(root)) throw new DataMissingError('the datastore is empty', at(target));
      return emptyInstance(root.schema) as N;
    case 'remove':
      return isEmptyInstance(root) ? root : (emptyInstance(root.schema) as N);
    case 'merge':
      return mergeInstances(root, value()) as N;
    case 'replace':
      return value();
  }
};

/**
 * Applies one edit to `root` and returns the new root (`root` itself when nothing changes; `root`
 * stays valid either way). Throws a ManagementError located at the target when the edit does not
 * apply: DataExistsError (create/insert of a present node), DataMissingError (delete/move of an
 * absent one), MissingInstanceError (a point naming no entry), BadElementError (insert/move of
 * something that is not an ordered-by user entry), InvalidValueError (placement where none applies,
 * keys that differ from the path, config false targets), MissingElementError (no value).
 * @see RFC 6241 §7.2, RFC 8072 §2.5
 */
export const applyEdit = <N extends InstanceNode>(root: N, edit: DataEdit): N => {
  const { target, operation } = edit;
  const step = target[target.length - 1];
  if (step === undefined) return editRoot(root, edit);
  checkEdit(root, edit, step);
  // Only the operations that give the target a value create its missing ancestors.
  const edited = editParentOf(root, target, (parent) => editChild(parent, step, edit), needsValue(operation));
  if (edited !== undefined) return edited;
  if (operation === 'remove') return root;
  throw missing(edit, step.schema);
};
