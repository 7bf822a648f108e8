/**
 * @module nacm/access-decisions
 * What the management layer asks NACM about one user: may they read this, make these changes,
 * invoke this operation, receive this notification. {@link PERMIT_ALL} answers yes to
 * everything: NACM disabled, the server's own (recovery) session, or a rule set that permits
 * everything before it denies anything.
 * @see RFC 8341 §3.4 (access control enforcement procedures)
 */
import type { AccessScope, DataDiff, InstancePath } from '../data/index.ts';
import type { NotificationNode, OperationNode, SchemaNode } from '../yang/index.ts';
import type { WriteOperation } from './access-operation.ts';

/** The first change of a transaction that may not be made. */
export interface DeniedWrite {
  readonly operation: WriteOperation;
  /** The node the refused access is to (the changed node or a node in its subtree). */
  readonly path: InstancePath;
}

/** The access decisions of one user under one NACM configuration. */
export interface AccessDecisions {
  /** True when every access is permitted: the callers skip every check. */
  readonly permitsAll: boolean;
  /**
   * What the user may read of the instance(s) at `path` (the datastore when empty; every entry
   * for a list without keys): `true` everything, undefined nothing. @see RFC 8341 §3.4.5
   */
  readAccess(path: InstancePath): AccessScope | undefined;
  /** May the user read the node at `path` itself? @see RFC 8341 §3.4.5 */
  mayRead(path: InstancePath): boolean;
  /** May the user make `operation` on the node at `path` itself? @see RFC 8341 §3.4.5 */
  mayWrite(operation: WriteOperation, path: InstancePath): boolean;
  /** The first access of `diff` the user may not make, if any. @see RFC 8341 §3.4.5 */
  deniedWrite(diff: DataDiff): DeniedWrite | undefined;
  /**
   * May the user invoke `operation`: an RPC (empty `parentPath`), or the action of the instance
   * at `parentPath` (which needs read access to every node on the path)? @see RFC 8341 §3.4.4, §3.4
   */
  mayInvoke(operation: OperationNode, parentPath: InstancePath): boolean;
  /** May the user receive `notification`? @see RFC 8341 §3.4.6 */
  mayReceive(notification: NotificationNode): boolean;
  /**
   * What the user may do with a schema node, whatever the instance, for clients that show what
   * they can do before they try: the data nodes and operations from the top down to the node
   * (choices and cases left out) → letters of `crudx` (create, read — something in the subtree —
   * update, delete, exec). Rules with key or value predicates are taken to permit; the server
   * still decides each request. @see RFC 8341 §3.2.2 (access operations)
   */
  schemaAccess(path: readonly SchemaNode[]): string;
}

/** Permits everything. */
export const PERMIT_ALL: AccessDecisions = Object.freeze({
  permitsAll: true,
  readAccess: (): AccessScope => true,
  mayRead: () => true,
  mayWrite: () => true,
  deniedWrite: () => undefined,
  mayInvoke: () => true,
  mayReceive: () => true,
  schemaAccess: () => 'crudx',
});
