/**
 * @module nacm/visible-content
 * Instance data as a reader may see it, for the few places that need the data itself rather
 * than an encoding of it (rollback file contents): `pruneSlot` builds the visible part,
 * sharing every subtree that is visible whole (data's `hasVisibleContent` only asks whether
 * anything is).
 * @see RFC 8341 §3.4.5
 */
import type {
  AccessScope,
  DataSchemaNode,
  InstanceNode,
  LeafListValues,
  ListEntry,
  ListInstance,
  Slot,
} from '../data/index.ts';
import { childrenOf, listInstanceFromEntries, setChild } from '../data/index.ts';

const isInner = (value: Slot): value is InstanceNode =>
  typeof value === 'object' && value !== null && 'slots' in value && 'schema' in value;

const isKey = (node: DataSchemaNode): boolean => node.kind === 'leaf' && node.isKey;

const pruneInner = (node: InstanceNode, access: AccessScope | undefined): InstanceNode | undefined => {
  if (access === undefined) return undefined;
  if (access === true) return node;
  let result = node;
  let shown = false;
  for (const [child, slot] of childrenOf(node)) {
    const pruned = pruneSlot(slot, child, access.child(child));
    if (pruned !== slot) result = setChild(result, child, pruned as never);
    if (pruned !== undefined && !isKey(child)) shown = true;
  }
  return access.structural && !shown ? undefined : result;
};

/**
 * The part of `slot` (the instance of `node`: a leaf's value, a leaf-list, a container, a list
 * or one entry of it) the reader may see under `access`; undefined when none.
 */
export const pruneSlot = (slot: Slot, node: DataSchemaNode, access: AccessScope | undefined): Slot => {
  if (access === undefined || slot === undefined) return undefined;
  if (access === true) return slot;
  switch (node.kind) {
    case 'leaf-list': {
      const values = access.values(slot as LeafListValues);
      return values.length === 0 ? undefined : values;
    }
    case 'container':
      return pruneInner(slot as InstanceNode, access);
    case 'list': {
      if (isInner(slot)) return pruneInner(slot, access);
      const entries: (readonly [string, ListEntry])[] = [];
      let changed = false;
      for (const [key, entry] of (slot as ListInstance).entries) {
        const pruned = pruneInner(entry, access.entry(entry)) as ListEntry | undefined;
        if (pruned !== entry) changed = true;
        if (pruned !== undefined) entries.push([key, pruned]);
      }
      if (entries.length === 0) return undefined;
      return changed ? listInstanceFromEntries(node, entries) : slot;
    }
    default:
      return slot;
  }
};

/** The datastore root (or any inner instance) as the reader may see it. */
export const pruneInstance = <N extends InstanceNode>(node: N, access: AccessScope | undefined): N | undefined =>
  pruneInner(node, access) as N | undefined;
