/**
 * @module data/diff/diff-apply-support
 * What every part of `applyDiff` shares: the conflict error, the expected old value of a change, and the
 * parents a change needs.
 * @see RFC 8040 §7.1 (error-path)
 */
import { OperationFailedError } from '../../errors/index.ts';
import type { InstanceNode, InstancePath, InstancePathStep, ListInstance, Slot } from '../instance/index.ts';
import { emptyInstance, entryWithKeys, findEntry, formatInstancePath, getChild } from '../instance/index.ts';
import type { DataChange } from './diff.ts';

/** One change and how strictly it is applied. */
export interface Application {
  readonly change: DataChange;
  readonly strict: boolean;
}

/** The error of a change that does not match the tree, naming the node. */
export const conflict = (change: DataChange, reason: string): OperationFailedError => {
  const path = formatInstancePath(change.path);
  return new OperationFailedError(`cannot ${change.kind} ${path}: ${reason}`, { path });
};

/** The old value a delete or modify expects. */
export const expectedOld = (change: DataChange): Slot => ('old' in change ? change.old : undefined);

/** The path of the first missing parent on the way that is not a non-presence container, if any. */
export const missingParent = (root: InstanceNode, parents: InstancePath): InstancePath | undefined => {
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

/** An empty instance of the inner node a parent step names. */
export const emptyParent = (step: InstancePathStep): InstanceNode => {
  const { schema } = step;
  if (schema.kind === 'list' && step.keys !== undefined) return entryWithKeys(schema, step.keys);
  if (schema.kind === 'container') return emptyInstance(schema);
  throw new TypeError(`step ${schema.name} has no children`);
};
