/**
 * @module data/edit/apply-edits
 * A sequence of edits applied in order, all or nothing, with the result and the errors of
 * `applyEdit` one edit after the other. A run of edits of entries of one list (create, merge,
 * replace, delete or remove, without a placement; a YANG Patch that creates a million entries)
 * goes through one batch of that list's entries: each edit costs O(log n) in place instead of a
 * copied path, and the spine above the list is rebuilt once per run.
 * @see RFC 8072 §2 (a YANG Patch is applied as a whole)
 */
import type { ListNode, YangValue } from '../../yang/index.ts';
import type { InstanceNode, InstancePath, InstancePathStep, ListEntry, ListInstance } from '../instance/index.ts';
import { emptyListInstance, entryKeyOf, getChild, isInstanceNode, resolveInstancePath } from '../instance/index.ts';
import { entryExistsError } from './apply-entry-creates.ts';
import type { DataEdit } from './edit.ts';
import { applyEdit, checkEdit, missing, requiredValue } from './edit.ts';
import { mergeInstances } from './edit-merge.ts';
import { editParentOf, setMember } from './edit-spine.ts';
import { entryValue } from './edit-value.ts';

/**
 * Called before edit `index` is applied; `stored()` tells whether its target is stored at that
 * moment. It may throw to stop the edits (a YANG Patch's own errors).
 */
export type BeforeEdit = (index: number, stored: () => boolean) => void;

/** Runs shorter than this are applied edit by edit. */
const MIN_RUN = 8;

/** The list entry an edit of a run targets: its list step, or undefined when the edit cannot join a run. */
const entryStepOf = (edit: DataEdit): (InstancePathStep & { readonly schema: ListNode }) | undefined => {
  if (edit.placement !== undefined || edit.operation === 'insert' || edit.operation === 'move') return undefined;
  const step = edit.target.at(-1);
  if (step === undefined || step.schema.kind !== 'list' || step.keys === undefined) return undefined;
  return step as InstancePathStep & { readonly schema: ListNode };
};

const sameStep = (left: InstancePathStep, right: InstancePathStep): boolean => {
  if (left.schema !== right.schema || left.value !== undefined || right.value !== undefined) return false;
  if (left.keys === undefined || right.keys === undefined) return left.keys === right.keys;
  return entryKeyOf(left.schema as ListNode, left.keys) === entryKeyOf(left.schema as ListNode, right.keys);
};

/** True when `path` and `other` lead through the same nodes to entries of the same list. */
const sameParent = (path: InstancePath, other: InstancePath): boolean => {
  if (path.length !== other.length) return false;
  for (let index = 0; index < path.length - 1; index++) {
    if (!sameStep(path[index] as InstancePathStep, other[index] as InstancePathStep)) return false;
  }
  return (path.at(-1) as InstancePathStep).schema === (other.at(-1) as InstancePathStep).schema;
};

/** The end (exclusive) of the run of edits of entries of one list that starts at `start`. */
const runEnd = (edits: readonly DataEdit[], start: number): number => {
  const first = edits[start] as DataEdit;
  if (entryStepOf(first) === undefined) return start;
  let end = start + 1;
  while (end < edits.length) {
    const edit = edits[end] as DataEdit;
    if (entryStepOf(edit) === undefined || !sameParent(first.target, edit.target)) break;
    end++;
  }
  return end;
};

/** Applies edits `start` … `end - 1` (a run) to `root`; undefined when the list's parent does not exist yet. */
const applyRun = <N extends InstanceNode>(
  root: N,
  edits: readonly DataEdit[],
  start: number,
  end: number,
  before: BeforeEdit | undefined,
): N | undefined => {
  const first = edits[start] as DataEdit;
  const prefix = first.target.slice(0, -1);
  const parent = prefix.length === 0 ? root : resolveInstancePath(root, prefix);
  if (!isInstanceNode(parent)) return undefined;
  const schema = (first.target.at(-1) as InstancePathStep).schema as ListNode;
  const list: ListInstance = getChild(parent, schema) ?? emptyListInstance(schema);
  const entries = list.entries.withMutations((draft) => {
    for (let index = start; index < end; index++) {
      const edit = edits[index] as DataEdit;
      const step = edit.target.at(-1) as InstancePathStep;
      const keys = step.keys as readonly YangValue[];
      const key = entryKeyOf(schema, keys);
      before?.(index, () => draft.has(key));
      checkEdit(root, edit, step);
      switch (edit.operation) {
        case 'create':
          if (draft.has(key)) throw entryExistsError(schema, edit.target);
          draft.set(key, entryValue(schema, keys, requiredValue(edit, step), edit.target));
          break;
        case 'delete':
          if (!draft.has(key)) throw missing(edit, schema);
          draft.delete(key);
          break;
        case 'remove':
          draft.delete(key);
          break;
        case 'merge':
        case 'replace': {
          const entry = entryValue(schema, keys, requiredValue(edit, step), edit.target);
          const current = edit.operation === 'merge' ? draft.get(key) : undefined;
          draft.set(key, current === undefined ? entry : (mergeInstances(current, entry) as ListEntry));
          break;
        }
        default:
          throw new TypeError(`${edit.operation} cannot be part of a run`);
      }
    }
  });
  if (entries === list.entries) return root;
  const edited = setMember(parent, schema, { schema, entries });
  return editParentOf(root, [...prefix, { schema }], () => edited, false);
};

/**
 * Applies `edits` to `root` in order and returns the new root, as `applyEdit` one edit after the
 * other would (the same result, the same first error); `root` stays valid either way.
 * @see RFC 8072 §2
 */
export const applyEdits = <N extends InstanceNode>(root: N, edits: readonly DataEdit[], before?: BeforeEdit): N => {
  let tree = root;
  let index = 0;
  while (index < edits.length) {
    const end = runEnd(edits, index);
    if (end - index >= MIN_RUN) {
      const batched = applyRun(tree, edits, index, end, before);
      if (batched !== undefined) {
        tree = batched;
        index = end;
        continue;
      }
    }
    const edit = edits[index] as DataEdit;
    const current = tree;
    before?.(index, () => edit.target.length === 0 || resolveInstancePath(current, edit.target) !== undefined);
    tree = applyEdit(tree, edit);
    index++;
  }
  return tree;
};
