/**
 * @module nacm/readable-diff
 * A diff as a reader may see it, for showing rollback files: changes to nodes they may not read
 * are left out, created and deleted subtrees keep only their visible part, and a position
 * naming an entry they may not read is dropped (a move relative to one is left out).
 * @see RFC 8341 §3.4.5 (denied nodes are silently left out)
 */
import type { DataChange, DataDiff, EntryPosition, InstancePath, InstancePathStep } from '../data/index.ts';
import type { YangValue } from '../yang/index.ts';
import type { AccessDecisions } from './access-decisions.ts';
import { pruneSlot } from './visible-content.ts';

/** The path of the sibling a position names, or undefined for "first". */
const anchorPath = (path: InstancePath, position: EntryPosition): InstancePath | undefined => {
  if (position.after === null) return undefined;
  const last = path.at(-1) as InstancePathStep;
  const step: InstancePathStep =
    last.schema.kind === 'list'
      ? { schema: last.schema, keys: position.after as readonly YangValue[] }
      : { schema: last.schema, value: position.after as YangValue };
  return [...path.slice(0, -1), step];
};

const readablePosition = (decisions: AccessDecisions, path: InstancePath, position: EntryPosition): boolean => {
  const anchor = anchorPath(path, position);
  return anchor === undefined || decisions.mayRead(anchor);
};

const readableChange = (decisions: AccessDecisions, change: DataChange): DataChange | undefined => {
  const node = change.path.at(-1)?.schema;
  if (node === undefined) return undefined;
  switch (change.kind) {
    case 'create':
    case 'delete': {
      const access = decisions.readAccess(change.path);
      const slot = change.kind === 'create' ? change.value : change.old;
      const visible = pruneSlot(slot, node, access);
      if (visible === undefined) return undefined;
      const { position, ...rest } = change;
      const keep = position !== undefined && readablePosition(decisions, change.path, position);
      const shown = change.kind === 'create' ? { ...rest, value: visible } : { ...rest, old: visible };
      return (keep ? { ...shown, position } : shown) as DataChange;
    }
    case 'modify':
      return decisions.mayRead(change.path) ? change : undefined;
    case 'move':
      return decisions.readAccess(change.path) !== undefined &&
        readablePosition(decisions, change.path, change.from) &&
        readablePosition(decisions, change.path, change.to)
        ? change
        : undefined;
  }
};

/** The changes of `diff` the reader may see. */
export const readableDiff = (decisions: AccessDecisions, diff: DataDiff): DataDiff =>
  decisions.permitsAll ? diff : { changes: diff.changes.flatMap((change) => readableChange(decisions, change) ?? []) };
