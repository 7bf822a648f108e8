/**
 * @module data/read-access
 * What a reader may see below the target of a read, as the encoders consult it member by
 * member: access control (NACM) answers it, the encoders only follow it. `true` stands for a
 * whole subtree the reader may see, so that readers allowed everything cost nothing.
 * @see RFC 8341 §3.4.5 (denied nodes are left out of a reply), RFC 8040 §4.3
 */
import type { LeafListValues, ListEntry } from './instance-node.ts';
import type { DataSchemaNode } from './slot-table.ts';

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
