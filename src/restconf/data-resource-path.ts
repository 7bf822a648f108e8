/**
 * @module restconf/data-resource-path
 * Resolves the api-path below `{+restconf}/data` against the schema: each segment to a schema
 * node, list keys and leaf-list values to typed values, the whole to the datastore, a data node,
 * an action of an instance, or an RPC. Whether the instance exists is not asked here (the
 * handler answers a missing one); a path the schema cannot have is 400, and so is a first node
 * without its module name.
 * @see RFC 8040 §3.5.3, §7 (status codes), docs/restconf.md (data resource paths)
 */
import type { DataSchemaNode, InstancePath, InstancePathStep } from '../data/index.ts';
import { formatInstancePath, isDataSchemaNode } from '../data/index.ts';
import { InvalidValueError, UnknownElementError } from '../errors/index.ts';
import { memoPerOwner } from '../util/index.ts';
import type { ListNode, OperationNode, SchemaNode, SchemaParent, SchemaTree, YangValue } from '../yang/index.ts';
import type { ApiPathSegment } from './api-path-syntax.ts';
import { parseApiPathSegment, segmentName, splitApiPath, splitKeyValues } from './api-path-syntax.ts';
import { percentDecode } from './percent-decoding.ts';
import type { DataResourceTarget } from './resource-target.ts';
import { operationPathText } from './resource-target.ts';
import { lookupChild, unqualifiedTopError } from './schema-lookup.ts';
import { parseUriValue } from './uri-value.ts';

const describe = (node: SchemaNode): string => `${node.kind} ${node.name}`;

/**
 * The key values of an entry of `list` (below `path`) from the raw text after `=` in a path
 * segment: one value per key, comma-separated and percent-encoded. @see RFC 8040 §3.5.3
 */
export const listKeys = (list: ListNode, rawValue: string, schema: SchemaTree, path: InstancePath): YangValue[] => {
  const listPath = (): string => formatInstancePath([...path, { schema: list }]);
  if (list.keys.length === 0) {
    throw new InvalidValueError(`list ${list.name} has no keys, so its entries cannot be addressed one by one`, {
      path: listPath(),
    });
  }
  const texts = splitKeyValues(rawValue);
  if (texts.length !== list.keys.length) {
    const names = list.keys.map((key) => key.name).join(', ');
    throw new InvalidValueError(
      `list ${list.name} has ${list.keys.length} key${list.keys.length === 1 ? '' : 's'} (${names}), ` +
        `but the path gives ${texts.length} value${texts.length === 1 ? '' : 's'}; separate them with "," and write a "," inside a value as %2C`,
      { path: listPath() },
    );
  }
  return list.keys.map((key, index) =>
    parseUriValue(key, texts[index] as string, schema, `key ${key.name} of list ${list.name}`, listPath),
  );
};

/** The instance-path step of a data node segment. @see RFC 8040 §3.5.3 */
const stepOf = (
  node: DataSchemaNode,
  segment: ApiPathSegment,
  schema: SchemaTree,
  path: InstancePath,
): InstancePathStep => {
  const { rawValue } = segment;
  if (rawValue === undefined) return { schema: node };
  switch (node.kind) {
    case 'list':
      return { schema: node, keys: listKeys(node, rawValue, schema, path) };
    case 'leaf-list': {
      // RFC 8040 wants reserved characters in the value percent-encoded; a raw comma is kept as part of it.
      const text = percentDecode(rawValue, `the value of leaf-list ${node.name}`);
      const nodePath = (): string => formatInstancePath([...path, { schema: node }]);
      return { schema: node, value: parseUriValue(node, text, schema, `leaf-list ${node.name}`, nodePath) };
    }
    default:
      throw new InvalidValueError(
        `${describe(node)} takes no "=" in the path; only list entries (keys) and leaf-list entries (a value) do`,
        { path: formatInstancePath([...path, { schema: node }]) },
      );
  }
};

const checkCanHaveChildren = (step: InstancePathStep, path: InstancePath, next: ApiPathSegment): void => {
  const { schema: node } = step;
  const here = formatInstancePath(path);
  if (node.kind === 'container') return;
  if (node.kind === 'list') {
    if (step.keys !== undefined) return;
    throw new InvalidValueError(
      `list ${node.name} needs its key values (${node.keys.map((key) => key.name).join(', ')}) before ${segmentName(next)}: write ${node.name}=<keys>`,
      { path: here },
    );
  }
  throw new UnknownElementError(`${describe(node)} has no child nodes, so ${segmentName(next)} cannot follow it`, {
    path: here,
  });
};

const operationTarget = (
  operation: OperationNode,
  segment: ApiPathSegment,
  rest: readonly ApiPathSegment[],
  path: InstancePath,
): DataResourceTarget => {
  const pathText = operationPathText(path, operation);
  if (segment.rawValue !== undefined) {
    throw new InvalidValueError(`${operation.kind} ${operation.name} takes no "=" in the path`, { path: pathText });
  }
  const [next] = rest;
  if (next !== undefined) {
    throw new UnknownElementError(
      `${operation.kind} ${operation.name} is an operation resource; nothing (here ${segmentName(next)}) can follow it`,
      { path: pathText },
    );
  }
  // The instance is complete: a list step without keys cannot be followed by anything (see checkCanHaveChildren).
  return operation.kind === 'rpc' ? { kind: 'rpc', rpc: operation } : { kind: 'action', path, action: operation };
};

/** Options of {@link parseDataResourcePath}. */
export interface DataResourcePathOptions {
  /** The schema parent below which the path starts; the datastore root by default. */
  readonly start?: { readonly parent: SchemaParent; readonly path: InstancePath };
  /**
   * Accept a first node without its module name when the path turns out to name an action (the
   * identity service's `/operations/<data path>` extension); anywhere else it is still 400.
   */
  readonly unqualifiedActionPath?: boolean;
}

/** A path up to a list, resolved once: the steps before the list, and the list. */
interface ListRoute {
  readonly before: InstancePath;
  readonly list: ListNode;
}

/** At most this many list routes are kept per schema (then they are forgotten and learnt again). */
const ROUTE_LIMIT = 256;

/**
 * The route of `prefix` (an api-path ending in a list's name, without keys), resolved on first
 * use and remembered; null when the path does not resolve to a list (or fails).
 */
const listRouteOf = memoPerOwner(ROUTE_LIMIT, (schema: SchemaTree, prefix: string): ListRoute | null => {
  try {
    const target = resolvePath(prefix, schema, {});
    if (target.kind === 'data' && target.node.kind === 'list')
      return { before: Object.freeze(target.path.slice(0, -1)), list: target.node };
  } catch {
    // The whole path is resolved the general way, which reports the error.
  }
  return null;
});

/**
 * The target of `/…/list=keys` (keys in the last segment only) through the remembered route of
 * `/…/list`: the schema is looked up once per list, not per request (GET of one entry by key is
 * the commonest request). Undefined when the path has another form; the general resolution then
 * answers it, errors included. Gives what the general resolution gives.
 */
export const listEntryTarget = (apiPath: string, schema: SchemaTree): DataResourceTarget | undefined => {
  const equals = apiPath.indexOf('=');
  // The `=` must end a node name of the last segment ("/=x" is malformed, not a key of the parent).
  if (equals < 0 || apiPath.lastIndexOf('/') > equals || !apiPath.startsWith('/') || apiPath[equals - 1] === '/')
    return undefined;
  const route = listRouteOf(schema, apiPath.slice(0, equals));
  if (route === null) return undefined;
  const { before, list } = route;
  const step: InstancePathStep = { schema: list, keys: listKeys(list, apiPath.slice(equals + 1), schema, before) };
  return { kind: 'data', path: [...before, step], node: list };
};

/**
 * Resolves the api-path after `{+restconf}/data` — raw text such as `/example-jukebox:jukebox/
 * library/artist=Foo%20Fighters`, or its raw (still percent-encoded) segments. Throws
 * MalformedMessageError (syntax, percent-encoding), UnknownNamespaceError (module),
 * UnknownElementError (node) or InvalidValueError (key count, key type, "=" where none belongs),
 * each with the error-path of the deepest node known. @see RFC 8040 §3.5.3
 */
export const parseDataResourcePath = (
  apiPath: string | readonly string[],
  schema: SchemaTree,
  options: DataResourcePathOptions = {},
): DataResourceTarget =>
  (typeof apiPath === 'string' && options.start === undefined && options.unqualifiedActionPath !== true
    ? listEntryTarget(apiPath, schema)
    : undefined) ?? resolvePath(apiPath, schema, options);

/** The general resolution of {@link parseDataResourcePath}. */
const resolvePath = (
  apiPath: string | readonly string[],
  schema: SchemaTree,
  options: DataResourcePathOptions,
): DataResourceTarget => {
  const segments = typeof apiPath === 'string' ? splitApiPath(apiPath) : apiPath.map(parseApiPathSegment);
  const path: InstancePathStep[] = [...(options.start?.path ?? [])];
  let parent: SchemaParent = options.start?.parent ?? schema;
  // RFC 8040 §3.5.3: a node whose parent is the datastore MUST be written module:name.
  const first = segments[0];
  const unqualified = options.start === undefined && first !== undefined && first.module === undefined;
  if (unqualified && options.unqualifiedActionPath !== true) throw unqualifiedTopError(first, schema);
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] as ApiPathSegment;
    const last = path.at(-1);
    const node = lookupChild(segment, {
      schema,
      parent,
      module: last?.schema.module,
      parentPath: () => formatInstancePath(path),
    });
    if (node.kind === 'rpc' || node.kind === 'action') {
      const target = operationTarget(node, segment, segments.slice(index + 1), path);
      if (unqualified && target.kind !== 'action') throw unqualifiedTopError(first as ApiPathSegment, schema);
      return target;
    }
    if (!isDataSchemaNode(node)) {
      throw new InvalidValueError(`${describe(node)} is not a data resource`, {
        path: formatInstancePath(path),
      });
    }
    const step = stepOf(node, segment, schema, path);
    path.push(step);
    const next = segments[index + 1];
    if (next !== undefined) checkCanHaveChildren(step, path, next);
    if (node.kind === 'container' || node.kind === 'list') parent = node;
  }
  const last = path.at(-1);
  return last === undefined ? { kind: 'datastore', path } : { kind: 'data', path, node: last.schema };
};
