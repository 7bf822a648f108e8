/**
 * @module management/operation-handler
 * The action and RPC framework: a module binds a handler to an operation's schema node; the
 * management layer validates the input against the schema before the handler runs and the
 * output before it is returned, and attributes any commit the handler makes to the request.
 * @see RFC 7950 §7.14 (rpc), §7.15 (action), RFC 8040 §3.6
 */
import type { AccessScope, DataDiff, DataTree, InstancePath, OperationData, Slot } from '../data/index.ts';
import { getChild, isDataSchemaNode } from '../data/index.ts';
import type { CommitAttribution, CommitOutcome, NodeVersion, Snapshot } from '../datastore/index.ts';
import type { OperationNode, YangValue } from '../yang/index.ts';
import type { Session } from './session.ts';

/** What a change function may consult besides the tree it changes. */
export interface EditContext {
  /** The snapshot the change starts from. */
  readonly snapshot: Snapshot;
  /** The commit that last changed the resource at `path` in that snapshot (ETag, Last-Modified). */
  versionOf(path: InstancePath): NodeVersion;
  /**
   * True when the user may read nothing at `path`. An error about such a node must carry its
   * path: the management layer then refuses it like any request touching hidden data, so that
   * it cannot tell whether the node exists (a failed If-Match, say). @see RFC 8341 §3.4.5
   */
  isHidden(path: InstancePath): boolean;
}

/** Computes the new configuration from the latest one; throws a ManagementError to change nothing. */
export type EditChange = (root: DataTree, context: EditContext) => DataTree | Promise<DataTree>;

/** What a write came to. */
export interface EditResult {
  /** The new commit's fixed number (the id of its rollback file); undefined when nothing changed. */
  readonly fixedNumber: number | undefined;
  readonly diff: DataDiff;
}

/** What a handler is given. */
export interface OperationContext {
  readonly session: Session;
  readonly operation: OperationNode;
  /** The instance path of an action's parent; empty for an RPC. */
  readonly parentPath: InstancePath;
  /** The input, decoded and checked against the schema (defaults are not filled in). */
  readonly input: OperationData;
  /**
   * Commits a change attributed to the request (user, interface, rollback comment and label);
   * the invocation reports the commit's fixed number.
   */
  commit(change: EditChange): Promise<EditResult>;
  /**
   * Runs a datastore-level function that makes one commit with the attribution given to it (e.g.
   * `applyRollback`); the commit passes the same access checks and is reported like {@link commit}'s.
   */
  commitWith(run: (attribution: CommitAttribution) => Promise<CommitOutcome>): Promise<EditResult>;
  /** `diff` without what the session may not read, for outputs that show data. @see RFC 8341 §3.4.5 */
  readable(diff: DataDiff): DataDiff;
  /**
   * What the session may read of the instance at `path` (`true` all, undefined nothing), for
   * outputs that repeat data. @see RFC 8341 §3.4.5
   */
  readAccess(path: InstancePath): AccessScope | undefined;
}

/**
 * An operation's output: decoded instance data, or RFC 7951 JSON of the output's members
 * (`{"last-reset": "…"}`); undefined (or empty) for none.
 */
export type OperationOutput = OperationData | Readonly<Record<string, unknown>> | undefined;

/** Runs one operation. Throws a ManagementError to fail it. */
export type OperationHandler = (context: OperationContext) => OperationOutput | Promise<OperationOutput>;

/** The value of the leaf named `name` (local name) directly in `data`, undefined when absent. */
export const leafValueOf = (data: OperationData, name: string): YangValue | undefined => {
  const child = data.schema.dataChildIndex.get(name);
  if (child === undefined || !isDataSchemaNode(child) || child.kind !== 'leaf') return undefined;
  return getChild(data, child) as YangValue | undefined;
};

/** True when `slot` is decoded instance data (as opposed to raw JSON). */
export const isInstanceData = (slot: OperationOutput | Slot): slot is OperationData =>
  typeof slot === 'object' && slot !== null && 'slots' in slot && 'schema' in slot;
