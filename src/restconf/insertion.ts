/**
 * @module restconf/insertion
 * The `insert` and `point` query parameters: where a POST or PUT places an entry of an
 * `ordered-by user` list or leaf-list, checked against the request's target.
 * @see RFC 8040 §4.8.5, §4.8.6; RFC 7950 §7.7.7
 */
import type { DataSchemaNode, InstancePath, InstancePathStep } from '../data/index.ts';
import { formatInstancePath, isDataSchemaNode } from '../data/index.ts';
import { InvalidValueError, isManagementError } from '../errors/index.ts';
import type { SchemaParent, SchemaTree, YangValue } from '../yang/index.ts';
import { dataChildren, yangValuesEqual } from '../yang/index.ts';
import { parseDataResourcePath } from './data-resource-path.ts';
import type { DataNodeTarget, ResourceTarget } from './resource-target.ts';

/** The values of `insert`. @see RFC 8040 §4.8.5 */
export type InsertWhere = 'first' | 'last' | 'before' | 'after';

/** Where a created or replaced entry goes. @see RFC 8040 §4.8.5, §4.8.6 */
export type Insertion =
  | { readonly where: 'first' | 'last' }
  | { readonly where: 'before' | 'after'; readonly point: DataNodeTarget };

const INSERT_VALUES: readonly InsertWhere[] = ['first', 'last', 'before', 'after'];

/** A query-parameter error: 400 invalid-value of type protocol. @see RFC 8040 §4.8 */
export const queryParameterError = (message: string, path?: string): InvalidValueError =>
  new InvalidValueError(message, path === undefined ? { type: 'protocol' } : { type: 'protocol', path });

const isOrderedByUser = (node: DataSchemaNode): boolean =>
  (node.kind === 'list' || node.kind === 'leaf-list') && node.orderedBy === 'user';

const isEntry = (step: InstancePathStep | undefined): boolean =>
  step !== undefined &&
  ((step.schema.kind === 'list' && step.keys !== undefined) ||
    (step.schema.kind === 'leaf-list' && step.value !== undefined));

const sameValues = (left: readonly YangValue[] | undefined, right: readonly YangValue[] | undefined): boolean =>
  left === right ||
  (left !== undefined &&
    right !== undefined &&
    left.length === right.length &&
    left.every((value, index) => yangValuesEqual(value, right[index] as YangValue)));

const sameStep = (left: InstancePathStep, right: InstancePathStep): boolean =>
  left.schema === right.schema &&
  sameValues(left.keys, right.keys) &&
  sameValues(
    left.value === undefined ? undefined : [left.value],
    right.value === undefined ? undefined : [right.value],
  );

/** True when two instance paths address the same instance. */
export const samePath = (left: InstancePath, right: InstancePath): boolean =>
  left.length === right.length && left.every((step, index) => sameStep(step, right[index] as InstancePathStep));

/** Options of {@link parseInsertion}. */
export interface InsertionContext {
  readonly method: 'POST' | 'PUT';
  readonly target: ResourceTarget;
  readonly schema: SchemaTree;
  /**
   * The request path of the data resource root (e.g. `/admin/api/restconf/data`): a `point`
   * that starts with it is read relative to it. `point` is otherwise an api-path.
   */
  readonly dataRoot?: string;
}

const parsePoint = (text: string, context: InsertionContext): DataNodeTarget => {
  const { dataRoot, schema } = context;
  const apiPath = dataRoot !== undefined && text.startsWith(`${dataRoot}/`) ? text.slice(dataRoot.length) : text;
  if (!apiPath.startsWith('/') || apiPath === '/') {
    throw queryParameterError(
      `point must be the path of a list or leaf-list entry, e.g. /module:list=key, not "${text}"`,
    );
  }
  let target: ResourceTarget;
  try {
    target = parseDataResourcePath(apiPath, schema);
  } catch (error) {
    if (!isManagementError(error)) throw error;
    throw new InvalidValueError(`point: ${error.message}`, {
      type: 'protocol',
      ...(error.path === undefined ? {} : { path: error.path }),
      cause: error,
    });
  }
  if (target.kind !== 'data' || !isEntry(target.path.at(-1)) || !isOrderedByUser(target.node)) {
    throw queryParameterError(
      `point must name one entry of an ordered-by user list or leaf-list, not "${text}"`,
      target.kind === 'data' ? formatInstancePath(target.path) : undefined,
    );
  }
  return target;
};

// The schema parent and instance path of a POST target that can hold new entries.
const postParent = (
  target: ResourceTarget,
  schema: SchemaTree,
): { readonly parent: SchemaParent; readonly path: InstancePath } | undefined => {
  if (target.kind === 'datastore') return { parent: schema, path: target.path };
  if (target.kind !== 'data') return undefined;
  const { node, path } = target;
  if (node.kind === 'container' || (node.kind === 'list' && isEntry(path.at(-1)))) return { parent: node, path };
  return undefined;
};

const checkPutTarget = (target: ResourceTarget, point: DataNodeTarget | undefined): void => {
  if (target.kind !== 'data' || !isEntry(target.path.at(-1)) || !isOrderedByUser(target.node)) {
    throw queryParameterError(
      'insert with PUT applies only to an entry of an ordered-by user list or leaf-list',
      target.kind === 'data' ? formatInstancePath(target.path) : undefined,
    );
  }
  if (point === undefined) return;
  const pointPath = formatInstancePath(point.path);
  if (point.node !== target.node || !samePath(point.path.slice(0, -1), target.path.slice(0, -1))) {
    throw queryParameterError('point must name another entry of the same list as the target', pointPath);
  }
  if (samePath(point.path, target.path)) {
    throw queryParameterError('point names the target itself; it must name another entry', pointPath);
  }
};

const checkPostTarget = (target: ResourceTarget, point: DataNodeTarget | undefined, schema: SchemaTree): void => {
  const found = postParent(target, schema);
  if (found === undefined) {
    throw queryParameterError(
      'insert with POST applies only to the datastore, a container or a list entry that holds an ordered-by user list or leaf-list',
      target.kind === 'data' ? formatInstancePath(target.path) : undefined,
    );
  }
  if (point !== undefined) {
    if (!samePath(point.path.slice(0, -1), found.path)) {
      throw queryParameterError(
        'point must name an entry of a list or leaf-list directly below the target',
        formatInstancePath(point.path),
      );
    }
    return;
  }
  const ordered = dataChildren(found.parent).some((child) => isDataSchemaNode(child) && isOrderedByUser(child));
  if (!ordered) {
    throw queryParameterError(
      'insert applies only where an ordered-by user list or leaf-list is created, and the target has none',
      target.kind === 'data' ? formatInstancePath(target.path) : undefined,
    );
  }
};

/**
 * Parses `insert` and `point` (either may be undefined) for a POST or PUT on `target`; undefined
 * when neither is given. `before`/`after` need a point, a point needs one of them. A POST whose
 * body turns out to create another list than the point's is caught by {@link checkInsertedNode}.
 * @see RFC 8040 §4.8.5, §4.8.6
 */
export const parseInsertion = (
  insert: string | undefined,
  pointText: string | undefined,
  context: InsertionContext,
): Insertion | undefined => {
  if (insert === undefined && pointText === undefined) return undefined;
  const where = INSERT_VALUES.find((value) => value === (insert ?? 'last'));
  if (where === undefined) {
    throw queryParameterError(`insert must be first, last, before or after, not "${insert}"`);
  }
  if (where === 'first' || where === 'last') {
    if (pointText !== undefined) {
      throw queryParameterError(
        insert === undefined
          ? 'point needs insert=before or insert=after'
          : `point needs insert=before or insert=after, not insert=${where}`,
      );
    }
  } else if (pointText === undefined) {
    throw queryParameterError(`insert=${where} needs a point: the path of the entry to insert ${where}`);
  }
  const point = pointText === undefined ? undefined : parsePoint(pointText, context);
  if (context.method === 'PUT') checkPutTarget(context.target, point);
  else checkPostTarget(context.target, point, context.schema);
  return point === undefined ? { where: where as 'first' | 'last' } : { where: where as 'before' | 'after', point };
};

/**
 * Checks, once the body of a POST is decoded, that the node it creates is where `insertion`
 * can place it: an ordered-by user list or leaf-list, and the point's list when there is one.
 * @see RFC 8040 §4.8.5
 */
export const checkInsertedNode = (insertion: Insertion, created: DataSchemaNode, path: string): void => {
  if (!isOrderedByUser(created)) {
    throw queryParameterError(
      `insert applies only to ordered-by user lists and leaf-lists, not ${created.kind} ${created.name}`,
      path,
    );
  }
  if ('point' in insertion && insertion.point.node !== created) {
    throw queryParameterError(
      `point names an entry of ${insertion.point.node.name}, but the body creates ${created.name}`,
      path,
    );
  }
};
