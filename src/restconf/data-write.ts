/**
 * @module restconf/data-write
 * The writes of plain RESTCONF: POST creates a child of the target (201 with an absolute
 * `Location`), PUT creates (201) or replaces (204) the target, a plain PATCH merges into an
 * existing target (204), DELETE removes an existing one (204). A write whose target is absent
 * (POST's parent, PATCH's and DELETE's target) is 409 `data-missing`. Each is one commit; its
 * preconditions are evaluated inside the transaction, against the state it changes.
 * @see RFC 8040 §4.4.1, §4.5, §4.6, §4.7, §4.8.5–4.8.6, §7; RFC 6241 §7.2 (delete: data-missing)
 */

import type {
  ContainerInstance,
  DataEdit,
  DataSchemaNode,
  DataTree,
  EditPlacement,
  InnerSchemaNode,
  InstanceNode,
  InstancePath,
  InstancePathStep,
  LeafListValues,
  ListInstance,
  Slot,
} from '../data/index.ts';
import {
  applyEdit,
  childrenOf,
  formatInstancePath,
  instanceExists,
  isInstanceStored,
  keyValuesOf,
} from '../data/index.ts';
import {
  DataExistsError,
  DataMissingError,
  InvalidValueError,
  PreconditionFailedError,
  ResourceDeniedError,
} from '../errors/index.ts';
import { evaluatePreconditions } from '../http/index.ts';
import type { CommitNote, EditContext } from '../management/index.ts';
import type { SchemaTree, YangValue } from '../yang/index.ts';
import { decodeChildren, decodeDatastoreBody, targetSlot } from './body-decoding.ts';
import { isCollection } from './data-read.ts';
import { formatApiPath } from './format-api-path.ts';
import type { Insertion } from './insertion.ts';
import { checkInsertedNode } from './insertion.ts';
import type { RestconfQuery } from './query-parameters.ts';
import type { DataNodeTarget, DatastoreTarget } from './resource-target.ts';
import type { RestconfExchange } from './restconf-exchange.ts';
import { answerWrite, resultEncoding } from './write-result.ts';

/** The commit note of a write: `rollback-label` and `rollback-comment`. */
export const noteOf = (query: RestconfQuery): CommitNote => ({
  ...(query.rollbackLabel === undefined ? {} : { label: query.rollbackLabel }),
  ...(query.rollbackComment === undefined ? {} : { comment: query.rollbackComment }),
});

/** The edit placement of `insert` and `point`. @see RFC 8040 §4.8.5–4.8.6 */
export const placementOf = (insertion: Insertion | undefined): EditPlacement | undefined => {
  if (insertion === undefined) return undefined;
  if (!('point' in insertion)) return { insert: insertion.where };
  const step = insertion.point.path.at(-1) as InstancePathStep;
  return { insert: insertion.where, point: (step.keys ?? step.value) as readonly YangValue[] | YangValue };
};

/** Fails with 412 unless the request's preconditions hold for the resource at `path` in `root`. */
export const checkWritePreconditions = (
  exchange: RestconfExchange,
  root: DataTree,
  path: InstancePath,
  context: EditContext,
): void => {
  const present = isInstanceStored(root, path);
  try {
    evaluatePreconditions(exchange.request, {
      exists: present,
      version: present ? context.versionOf(path) : undefined,
    });
  } catch (error) {
    // Failing on a target the user may not read would tell whether it exists: with the target's
    // path, the management layer refuses it as it refuses any request touching hidden data.
    if (error instanceof PreconditionFailedError && context.isHidden(path))
      throw new PreconditionFailedError(error.message, { type: 'protocol', path: formatInstancePath(path) });
    throw error;
  }
};

/** The schema node whose instances hold the children of the instance at `path`. */
export const schemaOfPath = (schema: SchemaTree, path: InstancePath): InnerSchemaNode =>
  path.length === 0 ? schema : ((path.at(-1) as InstancePathStep).schema as InnerSchemaNode);

const describe = (node: DataSchemaNode): string => `${node.kind} ${node.name}`;

/** The one child a POST body creates, and its instance path. */
const createdChild = (
  decoded: InstanceNode,
  parentPath: InstancePath,
): { readonly node: DataSchemaNode; readonly value: Slot; readonly path: InstancePath } => {
  const children = [...childrenOf(decoded)];
  const [only] = children;
  const where = parentPath.length === 0 ? '/' : formatInstancePath(parentPath);
  if (only === undefined || children.length > 1)
    throw new InvalidValueError(
      `a POST body holds exactly one child resource to create, not ${children.length === 0 ? 'none' : children.map(([node]) => node.name).join(' and ')}`,
      { path: where },
    );
  const [node, value] = only;
  const step: InstancePathStep = { schema: node };
  if (node.kind === 'list') {
    const list = value as ListInstance;
    if (list.entries.size !== 1)
      throw new InvalidValueError(`a POST creates one entry of list ${node.name}, not ${list.entries.size}`, {
        path: formatInstancePath([...parentPath, step]),
      });
    const entry = (list.entries.at(0) as [string, InstanceNode])[1];
    return { node, value: entry, path: [...parentPath, { schema: node, keys: keyValuesOf(entry as never) }] };
  }
  if (node.kind === 'leaf-list') {
    const values = value as LeafListValues;
    if (values.length !== 1)
      throw new InvalidValueError(`a POST creates one value of leaf-list ${node.name}, not ${values.length}`, {
        path: formatInstancePath([...parentPath, step]),
      });
    return { node, value: values[0], path: [...parentPath, { schema: node, value: values[0] as YangValue }] };
  }
  return { node, value, path: [...parentPath, step] };
};

/** POST on the datastore, a container, a list entry, or a whole list: creates one child. @see RFC 8040 §4.4.1 */
export const createData = async (
  exchange: RestconfExchange,
  target: DatastoreTarget | DataNodeTarget,
  query: RestconfQuery,
): Promise<void> => {
  const encoding = resultEncoding(exchange, query);
  // POST on a whole list (no keys) creates an entry of it: the list's parent is the real target.
  const onList = target.kind === 'data' && isCollection(target);
  const parentPath = onList ? target.path.slice(0, -1) : target.path;
  const decoded = decodeChildren(
    schemaOfPath(exchange.schema, parentPath),
    parentPath,
    await exchange.body(),
    exchange.schema,
  );
  exchange.releaseBody();
  const created = createdChild(decoded, parentPath);
  if (onList && created.node !== target.node)
    throw new InvalidValueError(
      `a POST on ${describe(target.node)} creates an entry of it, not ${describe(created.node)}`,
      {
        path: formatInstancePath(target.path),
      },
    );
  if (query.insertion !== undefined) checkInsertedNode(query.insertion, created.node, formatInstancePath(created.path));
  const placement = placementOf(query.insertion);
  const edit: DataEdit = {
    operation: 'create',
    target: created.path,
    value: created.value,
    ...(placement === undefined ? {} : { placement }),
  };
  const result = await exchange.management.edit(
    exchange.session,
    (root, context) => {
      checkWritePreconditions(exchange, root, parentPath, context);
      if (!instanceExists(root, parentPath))
        throw new DataMissingError('the resource to create a child in does not exist: create it first', {
          path: formatInstancePath(parentPath),
        });
      try {
        return applyEdit(root, edit);
      } catch (error) {
        // RFC 8040 §4.4.1 names resource-denied for a POST of an existing resource (erratum
        // 5761, which asked for data-exists, was rejected); YANG Patch keeps data-exists.
        if (error instanceof DataExistsError)
          throw new ResourceDeniedError(`${error.message}: POST creates a resource; use PUT or PATCH to change it`, {
            ...(error.path === undefined ? {} : { path: error.path }),
          });
        throw error;
      }
    },
    noteOf(query),
  );
  const location = exchange.absoluteUrl(`${exchange.dataRoot}${formatApiPath(created.path)}`);
  answerWrite(exchange, encoding, 201, result.fixedNumber, { Location: location });
};

/**
 * The new value of a PUT or PATCH target from the body, which must hold exactly the target
 * (a list entry with the keys of the URI, a leaf-list value equal to the URI's).
 */
const targetValue = async (exchange: RestconfExchange, target: DataNodeTarget): Promise<Slot> => {
  const parentPath = target.path.slice(0, -1);
  const decoded = decodeChildren(
    schemaOfPath(exchange.schema, parentPath),
    parentPath,
    await exchange.body(),
    exchange.schema,
  );
  return targetSlot(decoded, target.node, target.path);
};

/** PUT: replaces the datastore (204), or creates (201) or replaces (204) a data node. @see RFC 8040 §4.5 */
export const replaceData = async (
  exchange: RestconfExchange,
  target: DatastoreTarget | DataNodeTarget,
  query: RestconfQuery,
): Promise<void> => {
  const encoding = resultEncoding(exchange, query);
  const value: Slot =
    target.kind === 'datastore'
      ? decodeDatastoreBody(await exchange.body(), exchange.schema)
      : await targetValue(exchange, target);
  exchange.releaseBody();
  const placement = placementOf(query.insertion);
  const edit: DataEdit = {
    operation: 'replace',
    target: target.path,
    value: value as ContainerInstance,
    ...(placement === undefined ? {} : { placement }),
  };
  let existed = true;
  const result = await exchange.management.edit(
    exchange.session,
    (root, context) => {
      checkWritePreconditions(exchange, root, target.path, context);
      existed = isInstanceStored(root, target.path);
      return applyEdit(root, edit);
    },
    noteOf(query),
    [target.path],
  );
  if (existed) answerWrite(exchange, encoding, 204, result.fixedNumber);
  else
    answerWrite(exchange, encoding, 201, result.fixedNumber, {
      Location: exchange.absoluteUrl(`${exchange.dataRoot}${formatApiPath(target.path)}`),
    });
};

/** Plain PATCH: merges the body into the datastore or an existing data node (204). @see RFC 8040 §4.6.1 */
export const mergeData = async (
  exchange: RestconfExchange,
  target: DatastoreTarget | DataNodeTarget,
  query: RestconfQuery,
): Promise<void> => {
  const encoding = resultEncoding(exchange, query);
  const value: Slot =
    target.kind === 'datastore'
      ? decodeDatastoreBody(await exchange.body(true), exchange.schema)
      : await targetValue(exchange, target);
  exchange.releaseBody();
  const edit: DataEdit = { operation: 'merge', target: target.path, value };
  const result = await exchange.management.edit(
    exchange.session,
    (root, context) => {
      checkWritePreconditions(exchange, root, target.path, context);
      if (!instanceExists(root, target.path))
        throw new DataMissingError('a plain PATCH merges into an existing resource, and this one does not exist', {
          path: formatInstancePath(target.path),
        });
      return applyEdit(root, edit);
    },
    noteOf(query),
    [target.path],
  );
  answerWrite(exchange, encoding, 204, result.fixedNumber);
};

/** DELETE of an existing data node (204); a missing one is 409 data-missing. @see RFC 8040 §4.7, §7 */
export const deleteData = async (
  exchange: RestconfExchange,
  target: DataNodeTarget,
  query: RestconfQuery,
): Promise<void> => {
  const encoding = resultEncoding(exchange, query);
  const edit: DataEdit = { operation: 'delete', target: target.path };
  const result = await exchange.management.edit(
    exchange.session,
    (root, context) => {
      checkWritePreconditions(exchange, root, target.path, context);
      if (!isInstanceStored(root, target.path))
        throw new DataMissingError('there is nothing to delete at this path', {
          path: formatInstancePath(target.path),
        });
      return applyEdit(root, edit);
    },
    noteOf(query),
    [target.path],
  );
  answerWrite(exchange, encoding, 204, result.fixedNumber);
};
