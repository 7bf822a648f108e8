/**
 * @module restconf/schema-lookup
 * Finds the schema node an api-identifier names below a parent. RFC 8040 requires the module
 * name on the first segment and wherever the module changes. The first segment is checked by
 * the path parser ({@link unqualifiedTopError}); below it, as the identity service's clients
 * expect, a name without its module is also accepted when exactly one node of that name exists
 * there.
 * @see RFC 8040 §3.5.3 (api-identifier), docs/restconf.md (module names below the top)
 */
import { InvalidValueError, UnknownElementError, UnknownNamespaceError } from '../errors/index.ts';
import type { SchemaNode, SchemaParent, SchemaTree } from '../yang/index.ts';
import { dataChildren } from '../yang/index.ts';
import type { ApiPathSegment } from './api-path-syntax.ts';
import { segmentName } from './api-path-syntax.ts';

const TOP_BY_NAME = new WeakMap<SchemaTree, ReadonlyMap<string, readonly SchemaNode[]>>();

// Top-level nodes by local name: data nodes, RPCs and notifications of every implemented module.
const topLevelByName = (schema: SchemaTree): ReadonlyMap<string, readonly SchemaNode[]> => {
  let byName = TOP_BY_NAME.get(schema);
  if (byName === undefined) {
    const map = new Map<string, SchemaNode[]>();
    for (const node of [...dataChildren(schema), ...schema.rpcs, ...schema.notifications]) {
      const list = map.get(node.name);
      if (list === undefined) map.set(node.name, [node]);
      else if (!list.includes(node)) list.push(node);
    }
    byName = map;
    TOP_BY_NAME.set(schema, byName);
  }
  return byName;
};

const candidatesByName = (parent: SchemaParent, schema: SchemaTree, name: string): readonly SchemaNode[] =>
  parent === schema
    ? (topLevelByName(schema).get(name) ?? [])
    : dataChildren(parent).filter((child) => child.name === name);

/** The error for an unqualified name that several modules define at one place (400 invalid-value). */
export const ambiguousNameError = (name: string, choices: readonly string[], path: string): InvalidValueError =>
  new InvalidValueError(`"${name}" is ambiguous here; write it with its module name: ${choices.join(', ')}`, { path });

/**
 * The error for a first path segment without its module name (RFC 8040 §3.5.3): 400
 * `invalid-value` naming the qualified names it could mean, or `unknown-element` when no module
 * has a top-level node of that name.
 */
export const unqualifiedTopError = (
  segment: ApiPathSegment,
  schema: SchemaTree,
): InvalidValueError | UnknownElementError => {
  const candidates = candidatesByName(schema, schema, segment.name);
  if (candidates.length === 0)
    return new UnknownElementError(`the schema has no node named ${segment.name} at the top of the data tree`, {
      path: '/',
    });
  const names = candidates.map((node) => `${node.module}:${node.name}`);
  return new InvalidValueError(
    `"${segment.name}" needs its module name: the first node of a path is written module:name (RFC 8040 §3.5.3), here ${names.join(' or ')}`,
    { path: '/' },
  );
};

/** Where a lookup happens: the parent, the module names are inherited from, and the error-path of the parent. */
export interface LookupScope {
  readonly schema: SchemaTree;
  readonly parent: SchemaParent;
  /** The module of the parent node; undefined at the top. */
  readonly module: string | undefined;
  /** The parent's error-path (`/` at the top), computed only for an error. */
  readonly parentPath: () => string;
}

/**
 * The child of `scope.parent` that `segment` names (choices and cases are looked through):
 * UnknownNamespaceError for a module that is not loaded, UnknownElementError for a name the
 * schema has not there, InvalidValueError for an unqualified name that several modules define.
 */
export const lookupChild = (segment: ApiPathSegment, scope: LookupScope): SchemaNode => {
  const { schema, parent } = scope;
  const parentPath = (): string => scope.parentPath();
  const where = (): string => (parentPath() === '/' ? 'at the top of the data tree' : `below ${parentPath()}`);
  if (segment.module !== undefined) {
    if (!schema.modules.has(segment.module)) {
      throw new UnknownNamespaceError(`no module named "${segment.module}" is loaded`, { path: parentPath() });
    }
    const node = parent.dataChildIndex.get(`${segment.module}:${segment.name}`);
    if (node === undefined) {
      throw new UnknownElementError(`the schema has no node ${segmentName(segment)} ${where()}`, {
        path: parentPath(),
      });
    }
    return node;
  }
  if (scope.module !== undefined) {
    const node = parent.dataChildIndex.get(`${scope.module}:${segment.name}`);
    if (node !== undefined) return node;
  }
  const candidates = candidatesByName(parent, schema, segment.name);
  const [only] = candidates;
  if (only === undefined) {
    throw new UnknownElementError(`the schema has no node named ${segment.name} ${where()}`, { path: parentPath() });
  }
  if (candidates.length > 1) {
    throw ambiguousNameError(
      segment.name,
      candidates.map((node) => `${node.module}:${node.name}`),
      parentPath(),
    );
  }
  return only;
};
