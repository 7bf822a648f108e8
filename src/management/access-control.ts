/**
 * @module management/access-control
 * The seam where NACM (RFC 8341) plugs into the management layer: the target of every read,
 * the diff of every write and every operation invocation are put to an AccessControl before
 * anything is returned or committed. Until NACM lands, {@link ALLOW_ALL} permits everything.
 * @see RFC 8341 §3.4 (access control enforcement), DESIGN §2.6
 */
import type { DataDiff, InstancePath } from '../data/index.ts';
import type { OperationNode } from '../yang/index.ts';
import type { Session } from './session.ts';

/**
 * Access decisions for one server. Each check throws AccessDeniedError (403) to refuse; a
 * read filter for the nodes below a permitted target is NACM's to add.
 */
export interface AccessControl {
  /** True when every check passes for everyone: the management layer then skips computing diffs for it. */
  readonly permitsEverything: boolean;
  /** May `session` read the resource at `path` (the datastore when empty)? @see RFC 8341 §3.4.5 */
  checkRead(session: Session, path: InstancePath): void | Promise<void>;
  /** May `session` make the changes of `diff`? Checked before the commit is made durable. @see RFC 8341 §3.4.5 */
  checkWrite(session: Session, diff: DataDiff): void | Promise<void>;
  /** May `session` invoke `operation` (an RPC, or an action of the instance at `parentPath`)? @see RFC 8341 §3.4.4 */
  checkOperation(session: Session, operation: OperationNode, parentPath: InstancePath): void | Promise<void>;
}

/** Permits everything: the default until NACM is configured. */
export const ALLOW_ALL: AccessControl = Object.freeze({
  permitsEverything: true,
  checkRead: () => undefined,
  checkWrite: () => undefined,
  checkOperation: () => undefined,
});
