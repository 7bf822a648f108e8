/**
 * @module data/edit/apply-entry-creates
 * A run of `create` edits of entries of one list, given as parallel arrays (entry keys and
 * entries) rather than one edit object each: what a YANG Patch that creates a million entries
 * becomes. Into an empty list the entries are built in one go, as a PUT builds a list (sorting
 * the keys once instead of a B-tree insertion per entry); into a list with entries each is
 * inserted in a batch. Either way the result and the first error are those of the same edits
 * applied one after the other: an entry that exists already, or that an earlier edit of the run
 * created, is a `data-exists` error of the first such edit.
 * @see RFC 8072 §2 (edits in order, all or nothing), RFC 6241 §7.2 (create: data-exists)
 */
import { DataExistsError } from '../../errors/index.ts';
import type { ListNode } from '../../yang/index.ts';
import type { InstanceNode, InstancePath, ListEntry, ListInstance } from '../instance/index.ts';
import {
  emptyListInstance,
  formatInstancePath,
  getChild,
  isInstanceNode,
  listInstanceFromArrays,
  resolveInstancePath,
} from '../instance/index.ts';
import { editParentOf, setMember } from './edit-spine.ts';

/** Creates of entries of one list, in order. */
export interface EntryCreates {
  /** Where the list's parent is. */
  readonly parentPath: InstancePath;
  /** The list (config true, with keys). */
  readonly list: ListNode;
  /** The entry key of each entry (`entryKeyOf` of its key leaves, which match its target's keys). */
  readonly keys: readonly string[];
  /** The new entries, with their key leaves. */
  readonly entries: readonly ListEntry[];
  /** The target of create `index` (for its error). */
  targetOf(index: number): InstancePath;
}

/** The error of a create whose list entry exists. @see RFC 6241 §7.2 */
export const entryExistsError = (list: ListNode, target: InstancePath): DataExistsError =>
  new DataExistsError(`the entry of list ${list.name} already exists`, { path: formatInstancePath(target) });

/** The position of the first key that an earlier position holds too, or -1. */
const firstRepeated = (keys: readonly string[]): number => {
  const seen = new Set<string>();
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    if (seen.has(key)) return index;
    seen.add(key);
  }
  return -1;
};

/**
 * Applies the creates to `root` and returns the new root (missing ancestors of the list are
 * created, as the first create would create them). `failed(index)` is called with the position of
 * the create that fails, before its error is thrown; `root` stays valid either way.
 */
export const applyEntryCreates = <N extends InstanceNode>(
  root: N,
  creates: EntryCreates,
  failed: (index: number) => void,
): N => {
  const { parentPath, list: schema, keys, entries } = creates;
  const parent = parentPath.length === 0 ? root : resolveInstancePath(root, parentPath);
  const list: ListInstance =
    (isInstanceNode(parent) ? getChild(parent, schema) : undefined) ?? emptyListInstance(schema);
  const exists = (index: number): DataExistsError => {
    failed(index);
    return entryExistsError(schema, creates.targetOf(index));
  };
  let built: ListInstance;
  if (list.entries.size === 0) {
    try {
      built = listInstanceFromArrays(schema, keys, entries);
    } catch (error) {
      // The build finds a repeated key for free; only then is the first repeat located.
      const repeated = firstRepeated(keys);
      if (repeated < 0) throw error;
      throw exists(repeated);
    }
  } else {
    const sequence = list.entries.withMutations((draft) => {
      for (let index = 0; index < keys.length; index++) {
        const key = keys[index] as string;
        if (draft.has(key)) throw exists(index);
        draft.set(key, entries[index] as ListEntry);
      }
    });
    built = { schema, entries: sequence };
  }
  return editParentOf(root, [...parentPath, { schema }], (node) => setMember(node, schema, built), true) as N;
};
