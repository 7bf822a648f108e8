/**
 * @module nacm/write-check
 * The write check of a transaction, on its diff: every created node needs `create`, every
 * deleted node `delete` (a created or deleted subtree is checked node by node, unless every
 * node below is permitted anyway), a changed leaf and a moved entry `update`. Non-presence
 * containers exist only through their children and need no access of their own; the nodes on
 * the path of a change are not changed and need none either.
 * @see RFC 8341 §3.2.2 (access operations), §3.4.5 (data node access validation)
 */
import type {
  DataChange,
  DataDiff,
  InstanceNode,
  InstancePath,
  LeafListValues,
  ListInstance,
  Slot,
} from '../data/index.ts';
import { childrenOf, entriesOf, keyValuesOf } from '../data/index.ts';
import type { YangValue } from '../yang/index.ts';
import type { DeniedWrite } from './access-decisions.ts';
import type { WriteOperation } from './access-operation.ts';
import type { Scope } from './rule-scope.ts';
import { entryAccess, memberAccess } from './scope-access.ts';

/** Finds the resolved scope of a path for one operation. */
export type ScopeLookup = (operation: WriteOperation, path: InstancePath) => Scope;

const isInner = (value: Slot): value is InstanceNode =>
  typeof value === 'object' && value !== null && 'slots' in value && 'schema' in value;

/** The first node of the subtree `value` at `path` (of resolved `scope`) the operation may not touch. */
const deniedIn = (scope: Scope, value: Slot, path: InstancePath): InstancePath | undefined => {
  const node = scope.node;
  if (!('kind' in node)) return undefined;
  if (node.kind === 'leaf-list' && Array.isArray(value) && path.at(-1)?.value === undefined) {
    for (const item of value as LeafListValues)
      if (scope.value(item).self() !== 'permit') return [...path.slice(0, -1), { schema: node, value: item }];
    return undefined;
  }
  if (node.kind === 'list' && !isInner(value)) {
    for (const entry of entriesOf(value as ListInstance)) {
      const keys = keyValuesOf(entry);
      const found = deniedIn(scope.entry(keys), entry, [...path.slice(0, -1), { schema: node, keys }]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (node.kind !== 'container' && node.kind !== 'list') return scope.self() === 'permit' ? undefined : path;
  const transparent = node.kind === 'container' && node.presence === undefined;
  if ((transparent ? memberAccess(scope) : entryAccess(scope)) === true) return undefined;
  if (!transparent && scope.self() !== 'permit') return path;
  if (!isInner(value)) return undefined;
  for (const [child, slot] of childrenOf(value)) {
    const childScope = scope.child(child);
    let found: InstancePath | undefined;
    if (child.kind === 'list') {
      for (const entry of entriesOf(slot as ListInstance)) {
        const keys = keyValuesOf(entry);
        found = deniedIn(childScope.entry(keys), entry, [...path, { schema: child, keys }]);
        if (found !== undefined) break;
      }
    } else if (child.kind === 'leaf-list') {
      const denied = (slot as LeafListValues).find((item) => childScope.value(item as YangValue).self() !== 'permit');
      if (denied !== undefined) found = [...path, { schema: child, value: denied }];
    } else found = deniedIn(childScope, slot, [...path, { schema: child }]);
    if (found !== undefined) return found;
  }
  return undefined;
};

const deniedChange = (lookup: ScopeLookup, change: DataChange): DeniedWrite | undefined => {
  switch (change.kind) {
    case 'create':
    case 'delete': {
      const operation = change.kind;
      const value = change.kind === 'create' ? change.value : change.old;
      const path = deniedIn(lookup(operation, change.path), value, change.path);
      return path === undefined ? undefined : { operation, path };
    }
    case 'modify':
    case 'move':
      return lookup('update', change.path).self() === 'permit' ? undefined : { operation: 'update', path: change.path };
  }
};

/** The first change of `diff` (in order) that may not be made. @see RFC 8341 §3.4.5 */
export const findDeniedWrite = (lookup: ScopeLookup, diff: DataDiff): DeniedWrite | undefined => {
  for (const change of diff.changes) {
    const denied = deniedChange(lookup, change);
    if (denied !== undefined) return denied;
  }
  return undefined;
};
