/**
 * @module restconf/resource-target
 * What a RESTCONF request URI addresses once resolved against the schema: the datastore, a
 * data node (one instance, or all entries of a list or leaf-list), an action on an instance,
 * an RPC, or the operations resource itself.
 * @see RFC 8040 §3.3 (datastore), §3.5 (data), §3.6 (operations)
 */
import type { DataSchemaNode, InstancePath } from '../data/index.ts';
import { formatInstancePath } from '../data/index.ts';
import type { OperationNode } from '../yang/index.ts';

/** `{+restconf}/data` itself: the whole datastore. @see RFC 8040 §3.3 */
export interface DatastoreTarget {
  readonly kind: 'datastore';
  readonly path: InstancePath;
}

/**
 * A data node. The last step of `path` is `node`; for a list (leaf-list) without keys (value) it
 * means every entry, which RFC 8040 does not define as a data resource: the handlers decide
 * which methods accept it. @see RFC 8040 §3.5
 */
export interface DataNodeTarget {
  readonly kind: 'data';
  readonly path: InstancePath;
  readonly node: DataSchemaNode;
}

/** An action of the instance at `path` (a container or a list entry). @see RFC 8040 §3.6, RFC 7950 §7.15 */
export interface ActionTarget {
  readonly kind: 'action';
  readonly path: InstancePath;
  readonly action: OperationNode;
}

/** A top-level RPC. @see RFC 8040 §3.6 */
export interface RpcTarget {
  readonly kind: 'rpc';
  readonly rpc: OperationNode;
}

/** `{+restconf}/operations` itself, which lists the RPCs. @see RFC 8040 §3.3.2 */
export interface OperationsResourceTarget {
  readonly kind: 'operations';
}

/** A resource without a data path: the API root or `yang-library-version`. @see RFC 8040 §3.1, §3.3.3 */
export interface ApiTarget {
  readonly kind: 'api';
}

/** What a path below `{+restconf}/data` addresses. @see RFC 8040 §3.5.3 */
export type DataResourceTarget = DatastoreTarget | DataNodeTarget | ActionTarget | RpcTarget;

/** What a path below `{+restconf}/operations` addresses. @see RFC 8040 §3.6 */
export type OperationTarget = OperationsResourceTarget | RpcTarget | ActionTarget;

/** Any resolved RESTCONF resource, e.g. the target that query parameters are checked against. */
export type ResourceTarget = DataResourceTarget | OperationTarget | ApiTarget;

/** The `error-path` of an operation: its parent instance's path plus the qualified operation name. @see RFC 8040 §7.1 */
export const operationPathText = (parent: InstancePath, operation: OperationNode): string => {
  const last = parent.at(-1)?.schema.module;
  const name = last === operation.module ? operation.name : `${operation.module}:${operation.name}`;
  return parent.length === 0 ? `/${name}` : `${formatInstancePath(parent)}/${name}`;
};
