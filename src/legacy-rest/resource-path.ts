/**
 * @module legacy-rest/resource-path
 * Resolves a legacy REST path (relative to `/admin/api/rest`) to the resource it names: the api
 * root, a datastore, a data node (with its InstancePath), an action, an RPC, the rollback
 * operation, the rollback listing or one rollback file.
 * @see shared/spec/legacy-rest.md Decisions 1–2, §2, §3
 */
import type { InnerSchemaNode, InstancePath, InstancePathStep } from '../data/index.ts';
import { formatInstancePath, slotTableOf } from '../data/index.ts';
import {
  InvalidValueError,
  isManagementError,
  MalformedMessageError,
  ResourceNotFoundError,
  UnknownElementError,
} from '../errors/index.ts';
import { memoPerOwner } from '../util/index.ts';
import type { LeafListNode, LeafNode, ListNode, OperationNode, SchemaTree, YangValue } from '../yang/index.ts';
import { offeredRpcs } from './api-root.ts';
import { parsePathValue } from './key-values.ts';
import type { LegacyDatastore } from './legacy-names.ts';
import { pickNamed } from './node-name.ts';
import type { PathSegment } from './path-segments.ts';
import { percentDecode, segmentValue, splitKeyValues, splitPath } from './path-segments.ts';

/** A resource of the legacy API. @see spec Decision 1 */
export type LegacyResource =
  /** `/admin/api/rest` */
  | { readonly kind: 'api' }
  /** `/running`, `/operational` */
  | { readonly kind: 'datastore'; readonly datastore: LegacyDatastore }
  /** `/running/<path>`: a container, list (collection), list entry, leaf, leaf-list or leaf-list entry */
  | { readonly kind: 'data'; readonly datastore: LegacyDatastore; readonly path: InstancePath }
  /** `<data path>/_operations/<action>` */
  | {
      readonly kind: 'action';
      readonly datastore: LegacyDatastore;
      readonly path: InstancePath;
      readonly action: OperationNode;
    }
  /** `/operations/<module>:<rpc>` */
  | { readonly kind: 'rpc'; readonly rpc: OperationNode }
  /** `/running/_rollback` */
  | { readonly kind: 'rollback-apply' }
  /** `/rollbacks` */
  | { readonly kind: 'rollbacks' }
  /** `/rollbacks/<n>`: the rolling index, 0 = newest */
  | { readonly kind: 'rollback-file'; readonly index: number };

/** The kinds of {@link LegacyResource}. */
export type LegacyResourceKind = LegacyResource['kind'];

const OPERATIONS_SEGMENT = '_operations';
const ROLLBACK_SEGMENT = '_rollback';
const ROLLBACK_INDEX = /^(?:0|[1-9][0-9]{0,8})$/;

const notFound = (rawPath: string): ResourceNotFoundError =>
  new ResourceNotFoundError(`no resource ${rawPath === '' ? '/' : rawPath} in the legacy REST API`);

/** Human text of where the walk is, for messages. */
const describe = (datastore: LegacyDatastore, segments: readonly PathSegment[], upTo: number): string =>
  `/${[datastore, ...segments.slice(0, upTo).map((segment) => segment.text)].join('/')}`;

/** A key or leaf-list value, its type errors given the error-path of the list or leaf-list. */
const valueAt = (schema: SchemaTree, node: LeafNode | LeafListNode, text: string, errorPath: string): YangValue => {
  try {
    return parsePathValue(schema, node, text);
  } catch (error) {
    if (!isManagementError(error) || error.path !== undefined) throw error;
    throw new InvalidValueError(error.message, {
      path: errorPath,
      ...(error.appTag === undefined ? {} : { appTag: error.appTag }),
    });
  }
};

/** True when instances of `step` have children that a further step can name. */
const innerSchemaOf = (step: InstancePathStep): InnerSchemaNode | undefined => {
  const { schema } = step;
  if (schema.kind === 'container') return schema;
  if (schema.kind === 'list' && step.keys !== undefined) return schema;
  return undefined;
};

/** Walks the data segments below a datastore into an InstancePath (and an action, when the path ends in one). */
const resolveDataPath = (
  schema: SchemaTree,
  datastore: LegacyDatastore,
  segments: readonly PathSegment[],
): { path: InstancePath; action?: OperationNode } => {
  const path: InstancePathStep[] = [];
  let parent: InnerSchemaNode = schema;
  let index = 0;
  while (index < segments.length) {
    const segment = segments[index] as PathSegment;
    const where = describe(datastore, segments, index);
    if (segment.text === OPERATIONS_SEGMENT) {
      const actionSegment = segments[index + 1];
      if (path.length === 0 || actionSegment === undefined || index + 2 !== segments.length) {
        throw new MalformedMessageError(
          `${OPERATIONS_SEGMENT} must follow a data node and name one action, in ${where}`,
        );
      }
      const actions = parent.children.filter((child): child is OperationNode => child.kind === 'action');
      return { path, action: pickNamed(schema, actions, actionSegment.text, where, formatInstancePath(path)) };
    }
    const child = pickNamed(schema, slotTableOf(parent).nodes, segment.text, where, formatInstancePath(path));
    index++;
    if (datastore === 'running' && !child.config) {
      throw new ResourceNotFoundError(
        `${describe(datastore, segments, index)} is state data, not configuration: read it under /operational`,
      );
    }
    const next = segments[index];
    let step: InstancePathStep = { schema: child };
    if (child.kind === 'list' && next !== undefined && next.text !== OPERATIONS_SEGMENT) {
      const errorPath = formatInstancePath([...path, { schema: child }]);
      if (child.keys.length === 0) {
        throw new InvalidValueError(
          `the entries of the keyless list ${child.name} cannot be addressed, in ${describe(datastore, segments, index)}`,
          { path: errorPath },
        );
      }
      const texts = splitKeyValues(next);
      if (texts.length !== child.keys.length) {
        throw new InvalidValueError(
          `list ${child.name} has ${child.keys.length} key(s) (${child.keys.map((key) => key.name).join(',')}), ` +
            `the path gives ${texts.length}: "${next.text}"`,
          { path: errorPath },
        );
      }
      step = {
        schema: child,
        keys: child.keys.map((key, position) => valueAt(schema, key, texts[position] as string, errorPath)),
      };
      index++;
    } else if (child.kind === 'leaf-list' && next !== undefined) {
      const errorPath = formatInstancePath([...path, { schema: child }]);
      step = { schema: child, value: valueAt(schema, child, segmentValue(next), errorPath) };
      index++;
    }
    path.push(step);
    const inner = innerSchemaOf(step);
    if (inner === undefined) {
      const rest = segments[index];
      if (rest === undefined) break;
      const errorPath = { path: formatInstancePath(path) };
      if (child.kind === 'list') {
        throw new InvalidValueError(`${rest.text} follows list ${child.name} without its key values`, errorPath);
      }
      throw new UnknownElementError(
        `${child.name} has no child nodes, in ${describe(datastore, segments, index + 1)}`,
        errorPath,
      );
    }
    parent = inner;
  }
  return { path };
};

const resolveDatastore = (
  schema: SchemaTree,
  datastore: LegacyDatastore,
  segments: readonly PathSegment[],
): LegacyResource => {
  if (segments.length === 0) return { kind: 'datastore', datastore };
  if (segments.length === 1 && datastore === 'running' && segments[0]?.text === ROLLBACK_SEGMENT) {
    return { kind: 'rollback-apply' };
  }
  const { path, action } = resolveDataPath(schema, datastore, segments);
  return action === undefined ? { kind: 'data', datastore, path } : { kind: 'action', datastore, path, action };
};

/** A path up to a keyed list, resolved once: the list's resource (its path ends in the list). */
interface ListRoute {
  readonly datastore: LegacyDatastore;
  readonly before: InstancePath;
  readonly list: ListNode;
  /** The error-path of a bad key: the list's. */
  readonly errorPath: string;
}

/** At most this many list routes are kept per schema (then they are forgotten and learnt again). */
const ROUTE_LIMIT = 256;
const QUOTE = /"|%22/i;

/** The route of `prefix` (a path naming a whole keyed list), resolved on first use and remembered; null when it names something else. */
const listRouteOf = memoPerOwner(ROUTE_LIMIT, (schema: SchemaTree, prefix: string): ListRoute | null => {
  try {
    const resource = resolvePath(schema, prefix);
    const last = resource.kind === 'data' ? resource.path.at(-1) : undefined;
    if (
      resource.kind === 'data' &&
      last?.schema.kind === 'list' &&
      last.keys === undefined &&
      last.schema.keys.length > 0
    )
      return {
        datastore: resource.datastore,
        before: Object.freeze(resource.path.slice(0, -1)),
        list: last.schema,
        errorPath: formatInstancePath([...resource.path.slice(0, -1), { schema: last.schema }]),
      };
  } catch {
    // The whole path is resolved the general way, which reports the error.
  }
  return null;
});

/**
 * The resource of `<list path>/<keys>` through the remembered route of `<list path>`: the schema
 * is looked up once per list, not per request (GET of one entry by key is the commonest request).
 * Undefined when the path has another form (quotes, a trailing `/`, `_operations`); the general
 * resolution then answers it. Gives what the general resolution gives, errors included.
 */
export const listEntryResource = (schema: SchemaTree, rawPath: string): LegacyResource | undefined => {
  const slash = rawPath.lastIndexOf('/');
  // "…//keys" has an empty segment (malformed), which the list's own path would not show.
  if (slash <= 0 || rawPath[slash - 1] === '/' || QUOTE.test(rawPath)) return undefined;
  const raw = rawPath.slice(slash + 1);
  if (raw === '' || raw === OPERATIONS_SEGMENT) return undefined;
  const route = listRouteOf(schema, rawPath.slice(0, slash));
  if (route === null) return undefined;
  const { datastore, before, list, errorPath } = route;
  const segment: PathSegment = { raw, text: percentDecode(raw) };
  const texts = splitKeyValues(segment);
  if (texts.length !== list.keys.length) {
    throw new InvalidValueError(
      `list ${list.name} has ${list.keys.length} key(s) (${list.keys.map((key) => key.name).join(',')}), ` +
        `the path gives ${texts.length}: "${segment.text}"`,
      { path: errorPath },
    );
  }
  const keys = list.keys.map((key, position) => valueAt(schema, key, texts[position] as string, errorPath));
  return { kind: 'data', datastore, path: [...before, { schema: list, keys }] };
};

/**
 * The resource named by `rawPath`, the request path below {@link LEGACY_REST_ROOT} still
 * percent-encoded (`''` or `/` is the api root). Throws a ManagementError: ResourceNotFoundError
 * (404) for paths outside the API's resources and state data under `/running`; for bad data
 * paths (400) MalformedMessageError (syntax), UnknownNamespaceError / UnknownElementError
 * (names), InvalidValueError (key counts, ambiguity, values), with the error-path of the node. @see spec Decisions 1–2
 */
export const resolveLegacyPath = (schema: SchemaTree, rawPath: string): LegacyResource =>
  listEntryResource(schema, rawPath) ?? resolvePath(schema, rawPath);

/** The general resolution of {@link resolveLegacyPath}. */
const resolvePath = (schema: SchemaTree, rawPath: string): LegacyResource => {
  const segments = splitPath(rawPath);
  const [first, ...rest] = segments;
  if (first === undefined) return { kind: 'api' };
  switch (first.text) {
    case 'running':
    case 'operational':
      return resolveDatastore(schema, first.text, rest);
    case 'operations': {
      const [name, ...extra] = rest;
      if (name === undefined || extra.length > 0) throw notFound(rawPath);
      return { kind: 'rpc', rpc: pickNamed(schema, offeredRpcs(schema), name.text, '/operations') };
    }
    case 'rollbacks': {
      if (rest.length === 0) return { kind: 'rollbacks' };
      const [name, ...extra] = rest;
      if (name === undefined || extra.length > 0 || !ROLLBACK_INDEX.test(name.text)) throw notFound(rawPath);
      return { kind: 'rollback-file', index: Number(name.text) };
    }
    default:
      throw notFound(rawPath);
  }
};
