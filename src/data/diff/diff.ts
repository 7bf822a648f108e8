/**
 * @module data/diff/diff
 * Diffs of instance trees as data: the changes that turn one tree into another, in an order in which they
 * can be applied one by one, and their reversal. The datastore keeps them as rollback files.
 * @see RFC 8072 §2.5 (edit operations), RFC 7950 §7.7.7 (ordered-by user)
 */
import type { YangValue } from '../../yang/index.ts';
import type { InstancePath, Slot } from '../instance/index.ts';

/**
 * Position of an entry of an ordered-by user list or leaf-list: after which sibling (null = first). Key
 * values for a list entry, the value for a leaf-list. @see RFC 8040 §4.8.5–4.8.6
 */
export interface EntryPosition {
  readonly after: readonly YangValue[] | YangValue | null;
}

/**
 * One change. Paths are canonical: a list step carries the entry's keys, a leaf-list step its value. A
 * created or deleted subtree is one change holding the whole subtree. `position` is set only for entries of
 * ordered-by user lists and leaf-lists, relative to the tree as it is when the change is applied in order.
 */
export type DataChange =
  | { readonly kind: 'create'; readonly path: InstancePath; readonly value: Slot; readonly position?: EntryPosition }
  | { readonly kind: 'delete'; readonly path: InstancePath; readonly old: Slot; readonly position?: EntryPosition }
  /** A leaf or anydata value changed (or, for state data only, a whole keyless list or a leaf-list with repeated values). */
  | { readonly kind: 'modify'; readonly path: InstancePath; readonly old: Slot; readonly value: Slot }
  /** An entry of an ordered-by user list or leaf-list changed its place. */
  | { readonly kind: 'move'; readonly path: InstancePath; readonly from: EntryPosition; readonly to: EntryPosition };

/** The changes that turn one tree into another, to be applied in order. */
export interface DataDiff {
  readonly changes: readonly DataChange[];
}

/** The diff that changes nothing. */
export const EMPTY_DIFF: DataDiff = Object.freeze({ changes: Object.freeze([]) });

/** True when `diff` changes nothing. */
export const isEmptyDiff = (diff: DataDiff): boolean => diff.changes.length === 0;

const reverseChange = (change: DataChange): DataChange => {
  switch (change.kind) {
    case 'create':
      return change.position === undefined
        ? { kind: 'delete', path: change.path, old: change.value }
        : { kind: 'delete', path: change.path, old: change.value, position: change.position };
    case 'delete':
      return change.position === undefined
        ? { kind: 'create', path: change.path, value: change.old }
        : { kind: 'create', path: change.path, value: change.old, position: change.position };
    case 'modify':
      return { kind: 'modify', path: change.path, old: change.value, value: change.old };
    case 'move':
      return { kind: 'move', path: change.path, from: change.to, to: change.from };
  }
};

/**
 * The diff that undoes `diff`: each change inverted, in reverse order. Positions stay valid because each
 * one names the sibling in the tree as it is between the two changes it sits between.
 * `reverseDiff(reverseDiff(d))` equals `d`.
 */
export const reverseDiff = (diff: DataDiff): DataDiff => {
  const changes: DataChange[] = [];
  for (let index = diff.changes.length - 1; index >= 0; index--)
    changes.push(reverseChange(diff.changes[index] as DataChange));
  return { changes };
};
