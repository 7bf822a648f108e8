/**
 * @module data/read/read-access
 * What a reader may see below the target of a read, as the encoders consult it member by
 * member: access control (NACM) answers it, the encoders only follow it. `true` stands for a
 * whole subtree the reader may see, so that readers allowed everything cost nothing.
 * @see RFC 8341 §3.4.5 (denied nodes are left out of a reply), RFC 8040 §4.3
 */
import type { DataSchemaNode, InstanceNode, LeafListValues, ListEntry, ListInstance, Slot } from '../instance/index.ts';
import { slotTableOf } from '../instance/index.ts';

/**
 * The access to one instance (or, for a list or leaf-list, to its entries) that the reader may
 * see in part: each child is decided on its own.
 */
export interface ReadAccess {
  /** The access to child `node` of this instance: `true` all of it, undefined none of it. */
  child(node: DataSchemaNode): AccessScope | undefined;
  /** For the access to a list: the access to one of its entries (undefined: hidden). */
  entry(entry: ListEntry): AccessScope | undefined;
  /** For the access to a leaf-list: the values the reader may see, in order. */
  values(values: LeafListValues): LeafListValues;
  /**
   * True when the reader may not see the instance itself, only descendants of it: the
   * instance is shown (with its keys) only around a descendant that is shown.
   */
  readonly structural: boolean;
}

/** The access to a subtree: `true` when every node of it may be seen. */
export type AccessScope = ReadAccess | true;

const isInner = (value: Slot): value is InstanceNode =>
  typeof value === 'object' && value !== null && 'slots' in value && 'schema' in value;

const isKey = (node: DataSchemaNode): boolean => node.kind === 'leaf' && node.isKey;

const innerHasVisible = (node: InstanceNode, access: AccessScope | undefined): boolean => {
  if (access === undefined) return false;
  if (access === true || !access.structural) return true;
  for (let index = 0; index < node.slots.length; index++) {
    const slot = node.slots[index];
    if (slot === undefined) continue;
    const child = slotTableOf(node.schema).nodes[index] as DataSchemaNode;
    if (!isKey(child) && hasVisibleContent(slot, child, access.child(child))) return true;
  }
  return false;
};

/**
 * True when the reader may see something of `slot` (the instance of `node`: a value, a
 * leaf-list, a container, a list or one entry of it) under `access`. A structural instance
 * counts only when something below it is visible; the walk stops at the first visible node.
 */
export const hasVisibleContent = (slot: Slot, node: DataSchemaNode, access: AccessScope | undefined): boolean => {
  if (access === undefined || slot === undefined) return false;
  if (access === true) return true;
  switch (node.kind) {
    case 'leaf-list':
      return access.values(slot as LeafListValues).length > 0;
    case 'container':
      return innerHasVisible(slot as InstanceNode, access);
    case 'list':
      if (isInner(slot)) return innerHasVisible(slot, access);
      for (const entry of (slot as ListInstance).entries.values())
        if (innerHasVisible(entry, access.entry(entry))) return true;
      return false;
    default:
      return true;
  }
};

/**
 * The access of one entry of a list member: a single entry (a target) carries its own access,
 * the entries of a list are decided one by one; undefined when the reader may not see it (a
 * structural entry with nothing visible below it included).
 */
export const entryAccessOf = (
  schema: ListEntry['schema'],
  entry: ListEntry,
  access: AccessScope,
  single: boolean,
): AccessScope | undefined => {
  if (access === true) return true;
  const entryAccess = single ? access : access.entry(entry);
  if (entryAccess === undefined || entryAccess === true || !entryAccess.structural) return entryAccess;
  return hasVisibleContent(entry, schema, entryAccess) ? entryAccess : undefined;
};
