/**
 * @module restconf/query-parameters
 * The query parameters of a RESTCONF request, checked against the method and the target: each
 * at most once, each only with the methods RFC 8040's table allows, none unknown.
 * @see RFC 8040 §4.8 (table), §4.8.1–§4.8.9; docs/restconf.md (rollback-* parameters)
 */
import type { InnerSchemaNode, ListPagination, ReadOptions } from '../data/index.ts';
import {
  formatInstancePath,
  parseContentFilter,
  parseDepth,
  parseDirection,
  parseFields,
  parseLimit,
  parseOffset,
  parseSortBy,
  parseWhere,
  parseWithDefaultsMode,
} from '../data/index.ts';
import { OperationNotSupportedError } from '../errors/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { Insertion } from './insertion.ts';
import { parseInsertion, queryParameterError } from './insertion.ts';
import type { QueryPair } from './query-string.ts';
import { splitQueryString } from './query-string.ts';
import type { ResourceTarget } from './resource-target.ts';

/** The HTTP methods RESTCONF defines. @see RFC 8040 §4 */
export type RestconfMethod = 'OPTIONS' | 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The query parameters this server accepts: RFC 8040's and the product's `rollback-*`. */
export type QueryParameterName =
  | 'content'
  | 'depth'
  | 'fields'
  | 'with-defaults'
  | 'insert'
  | 'point'
  | 'rollback-comment'
  | 'rollback-label'
  | 'rollback-id'
  | PaginationParameterName;

/** The list pagination parameters. @see draft-ietf-netconf-list-pagination-rc §2.3 */
export type PaginationParameterName =
  | 'limit'
  | 'offset'
  | 'direction'
  | 'sort-by'
  | 'where'
  | 'cursor'
  | 'locale'
  | 'sublist-limit';

const PAGINATION_PARAMETERS: readonly PaginationParameterName[] = [
  'limit',
  'offset',
  'direction',
  'sort-by',
  'where',
  'cursor',
  'locale',
  'sublist-limit',
];

const READ: readonly RestconfMethod[] = ['GET', 'HEAD'];
const CREATE: readonly RestconfMethod[] = ['POST', 'PUT'];
const WRITE: readonly RestconfMethod[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The methods each parameter may come with. @see RFC 8040 §4.8 */
export const QUERY_PARAMETER_METHODS: Readonly<Record<QueryParameterName, readonly RestconfMethod[]>> = {
  content: READ,
  depth: READ,
  fields: READ,
  'with-defaults': READ,
  insert: CREATE,
  point: CREATE,
  'rollback-comment': WRITE,
  'rollback-label': WRITE,
  'rollback-id': WRITE,
  limit: READ,
  offset: READ,
  direction: READ,
  'sort-by': READ,
  where: READ,
  cursor: READ,
  locale: READ,
  'sublist-limit': READ,
};

// RFC 8040 defines these for event streams only (stream-query.ts reads them there).
const STREAM_PARAMETERS: ReadonlySet<string> = new Set(['filter', 'start-time', 'stop-time']);

// RFC 8527 §3.2.2 makes it optional; docs/restconf.md (NMDA datastores) says why it is not offered.
const WITH_ORIGIN = 'with-origin';

const isKnown = (name: string): name is QueryParameterName => Object.hasOwn(QUERY_PARAMETER_METHODS, name);

/** The parsed query of one request. */
export interface RestconfQuery {
  /** `content`, `depth`, `fields`, `with-defaults`, as given (GET, HEAD). */
  readonly read: ReadOptions;
  /** `insert` and `point` (POST, PUT). */
  readonly insertion: Insertion | undefined;
  /** `rollback-comment`: stored with the commit. */
  readonly rollbackComment: string | undefined;
  /** `rollback-label`: stored with the commit. */
  readonly rollbackLabel: string | undefined;
  /** `rollback-id=true`: the response reports the new rollback file. */
  readonly rollbackId: boolean;
  /**
   * The page of a whole list or leaf-list (`limit`, `offset`, `direction`, `sort-by`, `where`);
   * undefined when none of them is given. @see draft-ietf-netconf-list-pagination-rc §2.3
   */
  readonly pagination: ListPagination | undefined;
}

/** What {@link parseQuery} checks the parameters against. */
export interface QueryContext {
  readonly method: RestconfMethod;
  readonly target: ResourceTarget;
  readonly schema: SchemaTree;
  /** The request path of `{+restconf}/data`, so that a `point` may also be written as a full path. */
  readonly dataRoot?: string;
}

const fieldsParent = (target: ResourceTarget, schema: SchemaTree): InnerSchemaNode => {
  if (target.kind === 'datastore') return schema;
  if (target.kind === 'data' && (target.node.kind === 'container' || target.node.kind === 'list')) return target.node;
  const what =
    target.kind === 'data'
      ? `${target.node.kind} ${target.node.name}, which has no child nodes`
      : 'a resource that is not data';
  throw queryParameterError(
    `fields selects descendants of a container, a list or the datastore; the target is ${what}`,
    target.kind === 'data' ? formatInstancePath(target.path) : undefined,
  );
};

const parseRollbackId = (text: string): boolean => {
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw queryParameterError(`rollback-id must be true or false, not "${text}"`);
};

const collect = (pairs: Iterable<QueryPair>, method: RestconfMethod): Map<QueryParameterName, string> => {
  const given = new Map<QueryParameterName, string>();
  for (const [name, value] of pairs) {
    if (STREAM_PARAMETERS.has(name)) {
      throw queryParameterError(
        `${name} applies only to event streams: GET of a stream location (restconf-state/streams/stream/access/location)`,
      );
    }
    if (name === WITH_ORIGIN) {
      throw queryParameterError(
        'with-origin (origin metadata, RFC 8527 §3.2.2) is optional and this server does not offer it: its configuration has no origin but intended, and with-defaults=report-all-tagged marks the defaults in use',
      );
    }
    if (!isKnown(name)) {
      throw queryParameterError(
        `unknown query parameter "${name}"; this server knows ${Object.keys(QUERY_PARAMETER_METHODS).join(', ')}`,
      );
    }
    if (given.has(name)) throw queryParameterError(`query parameter ${name} is given more than once`);
    const allowed = QUERY_PARAMETER_METHODS[name];
    if (!allowed.includes(method)) {
      throw queryParameterError(
        `query parameter ${name} is not allowed with ${method}, only with ${allowed.join(', ')}`,
      );
    }
    given.set(name, value);
  }
  return given;
};

const readOptionsOf = (given: ReadonlyMap<QueryParameterName, string>, context: QueryContext): ReadOptions => {
  const content = given.get('content');
  // The API root, the operations resource and what sits beside them hold no configuration or state.
  if (content !== undefined && context.target.kind !== 'datastore' && context.target.kind !== 'data')
    throw queryParameterError('content applies only to the datastore and data resources, below /data');
  const depth = given.get('depth');
  const fields = given.get('fields');
  const withDefaults = given.get('with-defaults');
  const parsedDepth = depth === undefined ? undefined : parseDepth(depth);
  return {
    ...(content === undefined ? {} : { content: parseContentFilter(content) }),
    ...(parsedDepth === undefined ? {} : { depth: parsedDepth }),
    ...(fields === undefined
      ? {}
      : { fields: parseFields(fields, fieldsParent(context.target, context.schema), context.schema) }),
    ...(withDefaults === undefined ? {} : { withDefaults: parseWithDefaultsMode(withDefaults) }),
  };
};

/**
 * The list pagination parameters: only on GET or HEAD of a whole list or leaf-list. `cursor`,
 * `locale` and `sublist-limit` are not offered (501). @see draft-ietf-netconf-list-pagination-rc §2.3
 */
const paginationOf = (
  given: ReadonlyMap<QueryParameterName, string>,
  context: QueryContext,
): ListPagination | undefined => {
  const named = PAGINATION_PARAMETERS.filter((name) => given.has(name));
  if (named.length === 0) return undefined;
  const { target } = context;
  const last = target.kind === 'data' ? target.path.at(-1) : undefined;
  const node =
    target.kind === 'data' &&
    ((target.node.kind === 'list' && last?.keys === undefined) ||
      (target.node.kind === 'leaf-list' && last?.value === undefined))
      ? target.node
      : undefined;
  if (node === undefined || (node.kind !== 'list' && node.kind !== 'leaf-list'))
    throw queryParameterError(
      `${named.join(', ')} page${named.length === 1 ? 's' : ''} a whole list or leaf-list (a path ending in a list without keys); this target is not one`,
      target.kind === 'data' ? formatInstancePath(target.path) : undefined,
    );
  for (const name of ['cursor', 'locale', 'sublist-limit'] as const)
    if (given.has(name))
      throw new OperationNotSupportedError(
        name === 'locale'
          ? 'locale is not offered: sort-by orders text by Unicode code points'
          : `${name} is not offered; page with offset and limit`,
        { type: 'protocol' },
      );
  const text = (name: PaginationParameterName): string | undefined => given.get(name);
  const where = text('where');
  const sortBy = text('sort-by');
  const direction = text('direction');
  const offset = text('offset');
  const limit = text('limit');
  const parsedWhere = where === undefined ? undefined : parseWhere(where, context.schema);
  const parsedSortBy = sortBy === undefined ? undefined : parseSortBy(sortBy, node);
  const parsedLimit = limit === undefined ? undefined : parseLimit(limit);
  return {
    ...(parsedWhere === undefined ? {} : { where: parsedWhere }),
    ...(parsedSortBy === undefined ? {} : { sortBy: parsedSortBy }),
    ...(direction === undefined ? {} : { direction: parseDirection(direction) }),
    ...(offset === undefined ? {} : { offset: parseOffset(offset) }),
    ...(parsedLimit === undefined ? {} : { limit: parsedLimit }),
  };
};

/**
 * Parses the query of a request: a raw query string (preferred: `+` stays a plus sign), or
 * already decoded pairs such as a URLSearchParams. Throws a 400 InvalidValueError naming the
 * parameter for an unknown, repeated, misplaced or malformed one. @see RFC 8040 §4.8
 */
export const parseQuery = (query: string | Iterable<QueryPair>, context: QueryContext): RestconfQuery => {
  const given = collect(typeof query === 'string' ? splitQueryString(query) : query, context.method);
  const { method } = context;
  const insertion =
    method === 'POST' || method === 'PUT'
      ? parseInsertion(given.get('insert'), given.get('point'), {
          method,
          target: context.target,
          schema: context.schema,
          ...(context.dataRoot === undefined ? {} : { dataRoot: context.dataRoot }),
        })
      : undefined;
  const rollbackId = given.get('rollback-id');
  return {
    read: readOptionsOf(given, context),
    insertion,
    rollbackComment: given.get('rollback-comment'),
    rollbackLabel: given.get('rollback-label'),
    rollbackId: rollbackId === undefined ? false : parseRollbackId(rollbackId),
    pagination: paginationOf(given, context),
  };
};
