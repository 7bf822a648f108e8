/**
 * @module web/schema/data-path
 * Paths to data instances: a list of steps (a node, with key values for a list entry or the
 * value for a leaf-list entry), written as RESTCONF api-paths for requests and as the UI's
 * location, and read back from api-paths and from the RFC 7951 instance-identifiers of
 * `error-path`.
 * @see RFC 8040 §3.5.3 (api-path), RFC 7951 §6.11 (instance-identifier)
 */
import type { SchemaModel, SchemaNode } from './schema-model.ts';
import { dataParent } from './schema-model.ts';

/** One step: a data node; for a list entry its key values, for a leaf-list entry its value (JSON text form). */
export interface PathStep {
  readonly node: SchemaNode;
  readonly keys?: readonly string[];
  readonly value?: string;
}

/** A path from the top of the datastore. */
export type DataPath = readonly PathStep[];

/** A key value or leaf-list value in an api-path. @see RFC 8040 §3.5.3.1 */
const encodeValue = (value: string): string => encodeURIComponent(value);

/** The api-path of `path` (below `{+restconf}/data`), module names where the module changes. */
export const apiPath = (path: DataPath): string => {
  let module: string | undefined;
  return path
    .map((step) => {
      const name = step.node.module === module ? step.node.name : `${step.node.module}:${step.node.name}`;
      module = step.node.module;
      if (step.keys !== undefined) return `/${name}=${step.keys.map(encodeValue).join(',')}`;
      if (step.value !== undefined) return `/${name}=${encodeValue(step.value)}`;
      return `/${name}`;
    })
    .join('');
};

/** A string that identifies a path (for maps and comparisons). */
export const pathKey = (path: DataPath): string =>
  path
    .map(
      (step) =>
        `/${step.node.module}:${step.node.name}${step.keys === undefined ? '' : `[${step.keys.map((key) => JSON.stringify(key)).join(',')}]`}${step.value === undefined ? '' : `[.=${JSON.stringify(step.value)}]`}`,
    )
    .join('');

const sameValues = (a: readonly string[] | undefined, b: readonly string[] | undefined): boolean =>
  a === undefined || (b !== undefined && a.length === b.length && a.every((value, index) => value === b[index]));

/**
 * True when `prefix` is `path` or an ancestor of it. A list step without keys (a leaf-list step
 * without a value) in `prefix` stands for all its entries.
 */
export const isPrefixOf = (prefix: DataPath, path: DataPath): boolean =>
  prefix.length <= path.length &&
  prefix.every((step, index) => {
    const other = path[index] as PathStep;
    return (
      step.node === other.node &&
      sameValues(step.keys, other.keys) &&
      (step.value === undefined || step.value === other.value)
    );
  });

/** The data path of `node` whose parent instance is at `parent`. */
export const childPath = (parent: DataPath, node: SchemaNode, keys?: readonly string[]): DataPath => [
  ...parent,
  keys === undefined ? { node } : { node, keys },
];

/**
 * Reads an api-path (`/base:profiles/profile=a,b/settings`) against the schema; undefined when
 * it names nothing. An unqualified name below the top is looked up in the parent's module first.
 */
export const parseApiPath = (model: SchemaModel, text: string): DataPath | undefined => {
  const steps: PathStep[] = [];
  let parent: SchemaNode | undefined;
  let module: string | undefined;
  for (const segment of text.split('/').filter((part) => part !== '')) {
    const equals = segment.indexOf('=');
    const name = decodeURIComponent(equals < 0 ? segment : segment.slice(0, equals));
    const colon = name.indexOf(':');
    if (colon >= 0) module = name.slice(0, colon);
    const local = colon >= 0 ? name.slice(colon + 1) : name;
    const node = model.child(parent, local, colon >= 0 ? module : undefined) ?? model.child(parent, local);
    if (node === undefined) return undefined;
    module = node.module;
    if (equals < 0) steps.push({ node });
    else if (node.kind === 'list')
      steps.push({
        node,
        keys: segment
          .slice(equals + 1)
          .split(',')
          .map(decodeURIComponent),
      });
    else steps.push({ node, value: decodeURIComponent(segment.slice(equals + 1)) });
    parent = node;
  }
  return steps;
};

/** Reads one quoted literal of an instance-identifier predicate at `index`. */
const readLiteral = (text: string, index: number): { value: string; end: number } | undefined => {
  const quote = text[index];
  if (quote !== "'" && quote !== '"') return undefined;
  const end = text.indexOf(quote, index + 1);
  return end < 0 ? undefined : { value: text.slice(index + 1, end), end: end + 1 };
};

/**
 * Reads an RFC 7951 instance-identifier (`/m:a/b[k='v']/c[.='x']`, an error-path) against the
 * schema; undefined when it names nothing known. Keys are taken in the list's key order.
 */
export const parseInstanceIdentifier = (model: SchemaModel, text: string): DataPath | undefined => {
  const steps: PathStep[] = [];
  let parent: SchemaNode | undefined;
  let index = 0;
  while (index < text.length) {
    if (text[index] !== '/') return undefined;
    const match = /^\/(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)/.exec(text.slice(index));
    if (match === null) return undefined;
    index += match[0].length;
    const node = model.child(parent, match[2] as string, match[1]) ?? model.child(parent, match[2] as string);
    if (node === undefined) return undefined;
    const keys = new Map<string, string>();
    let value: string | undefined;
    while (text[index] === '[') {
      const predicate = /^\[\s*(?:([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)|(\.))\s*=\s*/.exec(text.slice(index));
      if (predicate === null) {
        // A positional predicate ([1]): keyless lists, which the UI does not address.
        const close = text.indexOf(']', index);
        if (close < 0) return undefined;
        index = close + 1;
        continue;
      }
      const literal = readLiteral(text, index + predicate[0].length);
      if (literal === undefined) return undefined;
      if (predicate[3] === '.') value = literal.value;
      else keys.set(predicate[2] as string, literal.value);
      index = literal.end;
      while (text[index] === ' ') index++;
      if (text[index] !== ']') return undefined;
      index++;
    }
    const keyNames = node.raw.keys ?? [];
    if (node.kind === 'list' && keyNames.length > 0 && keyNames.every((key) => keys.has(key)))
      steps.push({ node, keys: keyNames.map((key) => keys.get(key) as string) });
    else if (value !== undefined) steps.push({ node, value });
    else steps.push({ node });
    parent = node;
  }
  return steps;
};

/** A readable form of a path for people: names and key values. */
export const describePath = (path: DataPath, from = 0): string =>
  path
    .slice(from)
    .map((step) =>
      step.keys !== undefined
        ? `${step.node.name} ${step.keys.join(', ')}`
        : step.value !== undefined
          ? `${step.node.name} ${step.value}`
          : step.node.name,
    )
    .join(' › ');

/** The path of the nearest instance that has its own resource view: a container or list entry. */
export const viewPathOf = (path: DataPath): DataPath => {
  let end = path.length;
  while (end > 0) {
    const step = path[end - 1] as PathStep;
    const kind = step.node.kind;
    if (kind === 'container' || (kind === 'list' && step.keys !== undefined)) break;
    end--;
  }
  return path.slice(0, end);
};

/** The member name of `node` in RFC 7951 JSON below a parent of module `parentModule`. @see RFC 7951 §4 */
export const memberName = (node: SchemaNode, parentModule: string | undefined): string =>
  node.module === parentModule ? node.name : `${node.module}:${node.name}`;

/** The module of the data parent of `node` (undefined at the top). */
export const parentModuleOf = (node: SchemaNode): string | undefined => dataParent(node)?.module;
