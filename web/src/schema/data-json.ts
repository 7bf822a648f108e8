/**
 * @module web/schema/data-json
 * Reading RFC 7951 JSON instance data against the schema: a child's member (qualified only
 * where the module changes), the RESTCONF `fields` expression that selects a node's own values
 * (everything but the lists below it, which are read page by page), and the entry of a list
 * answer.
 * @see RFC 7951 §4, RFC 8040 §4.8.3
 */
import type { SchemaNode } from './schema-model.ts';
import { dataChildren } from './schema-model.ts';

/** A JSON object of instance data. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** The member of `child` in `data`, the instance of a node of module `parentModule`. */
export const memberValue = (
  data: JsonObject | undefined,
  child: SchemaNode,
  parentModule: string | undefined,
): unknown => {
  if (data === undefined) return undefined;
  const qualified = `${child.module}:${child.name}`;
  if (qualified in data) return data[qualified];
  return child.module === parentModule ? data[child.name] : undefined;
};

/** The annotations (`@`) of an object, e.g. a list page's `remaining`. @see RFC 7952 §5.2 */
export const annotationsOf = (data: unknown): JsonObject | undefined =>
  typeof data === 'object' && data !== null && '@' in data ? ((data as JsonObject)['@'] as JsonObject) : undefined;

/**
 * The `fields` expression selecting every leaf, leaf-list and anydata of `node` and of the
 * containers below it (not the lists): one view's worth of data. Empty when there is none.
 */
export const viewFields = (node: SchemaNode): string => {
  const parts: string[] = [];
  for (const child of dataChildren(node)) {
    const name = child.module === node.module ? child.name : `${child.module}:${child.name}`;
    if (child.kind === 'leaf' || child.kind === 'leaf-list' || child.kind === 'anydata' || child.kind === 'anyxml')
      parts.push(name);
    else if (child.kind === 'container') {
      const inner = viewFields(child);
      parts.push(inner === '' ? name : `${name}(${inner})`);
    }
  }
  return parts.join(';');
};

/** The instance object of a GET of a container or list entry (`{"m:name": {…}}` or `{"m:name": [{…}]}`). */
export const resourceObject = (body: unknown, node: SchemaNode): JsonObject | undefined => {
  const member = (body as JsonObject | undefined)?.[`${node.module}:${node.name}`];
  if (Array.isArray(member)) return member[0] as JsonObject | undefined;
  return member as JsonObject | undefined;
};

/** The entries of a GET of a whole list. */
export const listEntries = (body: unknown, node: SchemaNode): readonly JsonObject[] => {
  const member = (body as JsonObject | undefined)?.[`${node.module}:${node.name}`];
  return Array.isArray(member) ? (member as JsonObject[]) : [];
};

/** The key values of an entry, as text, in key order. */
export const keyValuesOf = (entry: JsonObject, list: SchemaNode): string[] =>
  (list.raw.keys ?? []).map((key) => {
    const value = entry[key];
    return value === undefined || value === null ? '' : String(value);
  });
