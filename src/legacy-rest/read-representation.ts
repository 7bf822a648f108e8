/**
 * @module legacy-rest/read-representation
 * One entry point for the body of a GET on a datastore or data resource: the read options of
 * the query, the body shape, `offset`/`limit` on collections, and the JSON or XML renderer.
 * @see shared/spec/legacy-rest.md Decisions 3–4, §5, §6
 */
import type { AccessScope, DataTree, EncodeTarget, ListInstance, Slot } from '../data/index.ts';
import { entryAccessOf, listInstanceFromEntries } from '../data/index.ts';
import type { SchemaTree, YangValue } from '../yang/index.ts';
import { formatKeypath, formatLegacyUrl } from './format-path.ts';
import { renderLegacyJson } from './json-representation.ts';
import type { LegacyFormat } from './legacy-names.ts';
import { LEGACY_REST_ROOT } from './legacy-names.ts';
import { isCollectionPath } from './media-types.ts';
import type { LegacyQuery } from './query-parameters.ts';
import { legacyReadOptions } from './read-plan.ts';
import type { ReadShape, ReadTarget } from './read-target.ts';
import type { LegacyResource } from './resource-path.ts';
import { renderLegacyXml } from './xml-representation.ts';

/** A datastore or data resource. */
export type ReadableResource = Extract<LegacyResource, { readonly kind: 'datastore' | 'data' }>;

/** A read to render. */
export interface LegacyRead {
  readonly schema: SchemaTree;
  readonly resource: ReadableResource;
  /**
   * The data: the whole tree for a datastore; for a data resource the instance at its path
   * (`resolveInstancePath`), undefined when absent (the handler answers 404 before rendering,
   * except for an empty collection).
   */
  readonly value: DataTree | Slot;
  readonly query: LegacyQuery;
  readonly format: LegacyFormat;
  /** What the user may see of `value` (NACM); everything when omitted. @see RFC 8341 §3.4.5 */
  readonly access?: AccessScope;
}

/** The entries `offset` to `offset + limit` of a list. @see spec Decision 4 (offset/limit) */
export const pageOfList = (list: ListInstance, offset = 0, limit?: number): ListInstance =>
  offset === 0 && (limit === undefined || limit >= list.entries.size)
    ? list
    : listInstanceFromEntries(list.schema, [
        ...list.entries.slice(Math.min(offset, list.entries.size), limit === undefined ? undefined : offset + limit),
      ]);

/** The entries of a list the user may see: pages count only those. @see RFC 8341 §3.4.5 */
const visibleEntries = (list: ListInstance, access: AccessScope | undefined): ListInstance =>
  access === undefined || access === true
    ? list
    : listInstanceFromEntries(
        list.schema,
        [...list.entries].filter(([, entry]) => entryAccessOf(list.schema, entry, access, false) !== undefined),
      );

const shapeOf = (resource: ReadableResource): ReadShape => {
  if (resource.kind === 'datastore') return 'datastore';
  if (isCollectionPath(resource.path)) return 'collection';
  const last = resource.path.at(-1);
  return last?.schema.kind === 'list' ? 'entry' : 'node';
};

const encodeTargetOf = (read: LegacyRead, shape: ReadShape): EncodeTarget => {
  const { resource, value, query } = read;
  if (resource.kind === 'datastore') return value as DataTree;
  const last = resource.path.at(-1);
  if (last === undefined) throw new TypeError('a data resource has a non-empty path');
  if (shape === 'collection' && value !== undefined) {
    const visible = visibleEntries(value as ListInstance, read.access);
    return { schema: last.schema, value: pageOfList(visible, query.offset, query.limit) };
  }
  // One leaf-list entry is encoded as a leaf-list holding only it.
  if (last.schema.kind === 'leaf-list' && last.value !== undefined && value !== undefined) {
    return { schema: last.schema, value: [value as YangValue] };
  }
  return { schema: last.schema, value: value as Slot };
};

/**
 * The body of a read, as chunks: `{"data": …}` / `<data xmlns="http://tail-f.com/ns/rest">` for a
 * datastore, `collection` for a list, an object for one list entry, the node's member or
 * element otherwise; depth, select, with-defaults, operations links and verbose annotations as
 * the query says. @see spec Decisions 3–4
 */
export const renderLegacyRead = (read: LegacyRead): Generator<string, void, undefined> => {
  const { schema, resource, query, format } = read;
  const planned = legacyReadOptions(schema, resource, query);
  const options = read.access === undefined || read.access === true ? planned : { ...planned, access: read.access };
  const shape = shapeOf(resource);
  const target: ReadTarget = {
    shape,
    url:
      resource.kind === 'datastore'
        ? `${LEGACY_REST_ROOT}/${resource.datastore}`
        : formatLegacyUrl(schema, resource.datastore, resource.path),
    keypath: resource.kind === 'datastore' ? '/' : formatKeypath(schema, resource.path),
    running: resource.kind === 'datastore' && resource.datastore === 'running',
  };
  const annotations = { schema, operations: query.operations, verbose: query.verbose };
  const encodeTarget = encodeTargetOf(read, shape);
  return format === 'json'
    ? renderLegacyJson(encodeTarget, target, options, annotations)
    : renderLegacyXml(encodeTarget, target, options, annotations);
};

/** The whole body of {@link renderLegacyRead}. */
export const renderLegacyReadString = (read: LegacyRead): string => [...renderLegacyRead(read)].join('');
