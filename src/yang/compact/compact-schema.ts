/**
 * @module yang/compact/compact-schema
 * Builds the compact schema (compact-schema-format.ts) of a compiled schema tree: modules,
 * identities, the data tree and the RPCs, each node with what a generic client needs to render
 * and check it. An optional access function (NACM, supplied by the management layer) annotates
 * each node and leaves out what the user may read nothing of.
 * @see RFC 7950 §7 (the statements), docs/compact-schema.md
 */
import type { SchemaNode, XPathConstraint } from '../schema/schema-node.ts';
import type { SchemaTree } from '../schema/schema-tree.ts';
import type {
  CompactConstraint,
  CompactIdentity,
  CompactNode,
  CompactNodeKind,
  CompactSchema,
} from './compact-schema-format.ts';
import { COMPACT_SCHEMA_FORMAT } from './compact-schema-format.ts';
import { compactType } from './compact-type.ts';

/** Every access letter: create, read, update, delete, exec. */
export const ALL_ACCESS = 'crudx';

/** Options of {@link compactSchema}. */
export interface CompactSchemaOptions {
  /** The YANG library content-id of the module set. */
  readonly contentId: string;
  /**
   * The access of the requesting user to a data node or operation, given the data nodes and
   * operations from the top down to it (choices and cases left out): letters of `crudx`. A node
   * without `r` (an operation without `x`) is left out with its subtree. Everything when omitted.
   */
  readonly accessOf?: (path: readonly SchemaNode[]) => string;
}

/**
 * The compact form of `must`s or (with `when`) `when`s of `node`. A `when` is evaluated on the
 * parent unless it is a data node's own (one of an augment, a uses, a choice or a case is not).
 * @see RFC 7950 §7.21.5
 */
const constraintsOf = (
  schema: SchemaTree,
  node: SchemaNode,
  constraints: readonly XPathConstraint[],
  when = false,
): CompactConstraint[] =>
  constraints.map((constraint) => ({
    xpath: constraint.xpath,
    ...(constraint.prefixModule === node.module ? {} : { module: constraint.prefixModule }),
    ...(constraint.prefixes === undefined ||
    constraint.prefixes === schema.modules.get(constraint.prefixModule)?.prefixes
      ? {}
      : { prefixes: Object.fromEntries(constraint.prefixes) }),
    ...(when && !(isDataOrOperation(node) && constraint.own === true) ? { context: 'parent' as const } : {}),
    ...(constraint.errorMessage === undefined ? {} : { 'error-message': constraint.errorMessage }),
    ...(constraint.errorAppTag === undefined ? {} : { 'error-app-tag': constraint.errorAppTag }),
  }));

const isSecret = (node: SchemaNode): boolean =>
  (node.kind === 'leaf' || node.kind === 'leaf-list') &&
  node.extensions.some((extension) => extension.module === 'ietf-netconf-acm' && extension.name === 'default-deny-all');

const isDataOrOperation = (node: SchemaNode): boolean =>
  node.kind !== 'choice' && node.kind !== 'case' && node.kind !== 'input' && node.kind !== 'output';

/** The descendant path of `leaf` below `list`, module-qualified where the module changes. */
const relativePath = (list: SchemaNode, leaf: SchemaNode): string => {
  const parts: SchemaNode[] = [];
  for (let current: SchemaNode | undefined = leaf; current !== undefined && current !== list; current = current.parent)
    if (current.kind !== 'choice' && current.kind !== 'case') parts.push(current);
  let module = list.module;
  return parts
    .reverse()
    .map((part) => {
      const text = part.module === module ? part.name : `${part.module}:${part.name}`;
      module = part.module;
      return text;
    })
    .join('/');
};

class Builder {
  readonly #schema: SchemaTree;
  readonly #accessOf: ((path: readonly SchemaNode[]) => string) | undefined;

  constructor(schema: SchemaTree, options: CompactSchemaOptions) {
    this.#schema = schema;
    this.#accessOf = options.accessOf;
  }

  /** The compact node of `node` below a parent of module `parentModule`; undefined when hidden. */
  node(node: SchemaNode, parentModule: string | undefined, path: readonly SchemaNode[]): CompactNode | undefined {
    // Notifications are left out: the server sends none (it has no event streams).
    if (node.kind === 'notification') return undefined;
    const here = isDataOrOperation(node) ? [...path, node] : path;
    let access = ALL_ACCESS;
    if (this.#accessOf !== undefined && isDataOrOperation(node)) {
      access = this.#accessOf(here);
      const needed = node.kind === 'rpc' || node.kind === 'action' ? 'x' : 'r';
      if (!access.includes(needed)) return undefined;
    }
    const children =
      'children' in node ? node.children.flatMap((child) => this.node(child, node.module, here) ?? []) : undefined;
    const result: Record<string, unknown> = {
      kind: node.kind as CompactNodeKind,
      name: node.name,
      ...(node.module === parentModule ? {} : { module: node.module }),
      ...(node.description === undefined ? {} : { description: node.description }),
      ...(node.config || !isDataOrOperation(node) || node.parent?.config === false ? {} : { config: false }),
      ...(node.status === 'current' ? {} : { status: node.status }),
      ...(node.when.length === 0 ? {} : { when: constraintsOf(this.#schema, node, node.when, true) }),
      ...('must' in node && node.must.length > 0 ? { must: constraintsOf(this.#schema, node, node.must) } : {}),
    };
    switch (node.kind) {
      case 'container':
        if (node.presence !== undefined) result.presence = node.presence;
        break;
      case 'list':
        if (node.keys.length > 0) result.keys = node.keys.map((key) => key.name);
        if (node.unique.length > 0)
          result.unique = node.unique.map((leaves) => leaves.map((leaf) => relativePath(node, leaf)));
        if (node.minElements > 0) result['min-elements'] = node.minElements;
        if (node.maxElements !== undefined) result['max-elements'] = node.maxElements;
        if (node.orderedBy === 'user') result['ordered-by'] = 'user';
        break;
      case 'leaf':
        if (node.mandatory) result.mandatory = true;
        result.type = compactType(this.#schema, node, node.type);
        if (node.units !== undefined) result.units = node.units;
        if (node.default !== undefined) result.default = node.default;
        break;
      case 'leaf-list':
        result.type = compactType(this.#schema, node, node.type);
        if (node.units !== undefined) result.units = node.units;
        if (node.defaults.length > 0) result.defaults = node.defaults;
        if (node.minElements > 0) result['min-elements'] = node.minElements;
        if (node.maxElements !== undefined) result['max-elements'] = node.maxElements;
        if (node.orderedBy === 'user') result['ordered-by'] = 'user';
        break;
      case 'choice':
        if (node.mandatory) result.mandatory = true;
        if (node.defaultCase !== undefined) result['default-case'] = node.defaultCase.name;
        break;
      case 'anydata':
      case 'anyxml':
        if (node.mandatory) result.mandatory = true;
        break;
      default:
        break;
    }
    if (isSecret(node)) result.secret = true;
    if (access !== ALL_ACCESS) result.access = access;
    if (children !== undefined && children.length > 0) result.children = children;
    // An operation always has input and output, even when the module leaves them out.
    return result as unknown as CompactNode;
  }
}

/** The compact schema of `schema`. */
export const compactSchema = (schema: SchemaTree, options: CompactSchemaOptions): CompactSchema => {
  const builder = new Builder(schema, options);
  const identities: Record<string, CompactIdentity> = {};
  for (const [name, identity] of [...schema.identities].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    identities[name] = { bases: identity.bases.map((base) => `${base.module}:${base.name}`) };
  return {
    format: COMPACT_SCHEMA_FORMAT,
    'content-id': options.contentId,
    modules: [...schema.modules.values()].map((module) => ({
      name: module.name,
      ...(module.revision === undefined ? {} : { revision: module.revision }),
      namespace: module.namespace,
      prefix: module.prefix,
      implemented: module.implemented,
      prefixes: Object.fromEntries(module.prefixes),
    })),
    identities,
    data: schema.children.flatMap((node) => builder.node(node, undefined, []) ?? []),
    rpcs: schema.rpcs.flatMap((node) => builder.node(node, undefined, []) ?? []),
  };
};
