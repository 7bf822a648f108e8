/**
 * @module yang/compiler/status
 * References between definitions of one module must not go to a "less current" definition:
 * `current` must not reference `deprecated` or `obsolete`, `deprecated` must not reference
 * `obsolete`. As libyang 2.1 does, checked for `uses` → grouping (the `uses` statement's own
 * status), leaf/leaf-list → every typedef of its type chain (union members included) and
 * leafref → target node (the nodes' effective status); identity bases and if-features are not
 * checked. Violations are errors.
 * @see RFC 7950 §7.21.2
 */
import type { SchemaNode, Status } from '../schema/schema-node.ts';
import type { SchemaTree } from '../schema/schema-tree.ts';
import type { SourceLocation, Statement } from '../statement.ts';
import type { TypeSpec } from '../type-spec.ts';
import {
  type CompileContext,
  innerScope,
  lookupDefinition,
  type ModuleContext,
  report,
  type Scope,
  sub,
  subArgument,
  subs,
} from './context.ts';
import { NODE_SOURCES } from './draft.ts';
import { resolveLeafrefPath } from './leafref.ts';
import { BUILTIN_TYPES } from './typedef.ts';

const STATUS_RANK: Readonly<Record<Status, number>> = { current: 0, deprecated: 1, obsolete: 2 };

/** A statement's own `status` (current when absent or invalid). */
const statusOf = (statement: Statement): Status => {
  const value = subArgument(statement, 'status');
  return value === 'deprecated' || value === 'obsolete' ? value : 'current';
};

const checkReference = (
  context: CompileContext,
  from: { readonly name: string; readonly status: Status },
  to: { readonly name: string; readonly status: Status },
  location: SourceLocation,
): void => {
  if (STATUS_RANK[to.status] <= STATUS_RANK[from.status]) return;
  report(
    context,
    'error',
    'invalid-status-reference',
    `${from.status} definition "${from.name}" must not reference ${to.status} definition "${to.name}"`,
    location,
  );
};

/** Every typedef a `type` statement derives from, through typedef chains and union members. */
const typedefChain = (context: CompileContext, type: Statement, scope: Scope, seen = new Set<Statement>()) => {
  const found: { statement: Statement; module: string }[] = [];
  const visit = (statement: Statement, current: Scope): void => {
    for (const member of subs(statement, 'type')) visit(member, current);
    const name = statement.argument ?? '';
    if (!name.includes(':') && BUILTIN_TYPES.has(name)) return;
    const typedef = lookupDefinition(context, current, 'typedefs', name);
    if (typedef === undefined || typedef === 'unknown-prefix' || seen.has(typedef.statement)) return;
    seen.add(typedef.statement);
    found.push({ statement: typedef.statement, module: typedef.scope.file.moduleName });
    const inner = sub(typedef.statement, 'type');
    if (inner !== undefined) visit(inner, typedef.scope);
  };
  visit(type, scope);
  return found;
};

/** `uses` statements of a module's files (groupings included) against the groupings they use. */
const checkUses = (context: CompileContext, module: ModuleContext): void => {
  const walk = (statement: Statement, scope: Scope): void => {
    for (const child of statement.substatements) {
      if (child.prefix !== undefined) continue;
      if (child.keyword === 'uses') {
        const grouping = lookupDefinition(context, scope, 'groupings', child.argument ?? '');
        if (grouping !== undefined && grouping !== 'unknown-prefix' && grouping.scope.file.moduleName === module.name) {
          const name = grouping.statement.argument ?? '';
          checkReference(
            context,
            { name: `uses ${child.argument ?? ''}`, status: statusOf(child) },
            { name, status: statusOf(grouping.statement) },
            child.location,
          );
        }
      }
      walk(child, innerScope(child, scope));
    }
  };
  for (const file of module.files) {
    const scope = module.scopes.get(file);
    if (scope !== undefined) walk(file.statement, scope);
  }
};

/** Leafref targets of a type, union members included. */
const leafrefTargets = (context: CompileContext, tree: SchemaTree, node: SchemaNode, type: TypeSpec): SchemaNode[] => {
  if (type.base === 'union') return type.members.flatMap((member) => leafrefTargets(context, tree, node, member));
  if (type.base !== 'leafref' || type.path === '') return [];
  const target = resolveLeafrefPath(context, tree, node, type);
  return typeof target === 'string' ? [] : [target];
};

/** The typedefs and leafref targets of one leaf or leaf-list. */
const checkNodeReferences = (context: CompileContext, tree: SchemaTree, node: SchemaNode): void => {
  if (node.kind !== 'leaf' && node.kind !== 'leaf-list') return;
  const source = NODE_SOURCES.get(node);
  const type = source === undefined ? undefined : sub(source.statement, 'type');
  if (source !== undefined && type !== undefined) {
    const scope = innerScope(source.statement, source.scope);
    for (const typedef of typedefChain(context, type, scope)) {
      if (typedef.module !== scope.file.moduleName) continue;
      checkReference(
        context,
        node,
        { name: typedef.statement.argument ?? '', status: statusOf(typedef.statement) },
        type.location,
      );
    }
  }
  for (const target of leafrefTargets(context, tree, node, node.type)) {
    if (target.module === node.module) checkReference(context, node, target, node.location);
  }
};

/**
 * Checks status references of the implemented modules: their `uses` statements and the
 * compiled leaves (after effective status and leafrefs are known).
 * @see RFC 7950 §7.21.2
 */
export const checkStatusReferences = (
  context: CompileContext,
  tree: SchemaTree,
  implemented: readonly ModuleContext[],
  nodes: readonly SchemaNode[],
): void => {
  for (const module of implemented) checkUses(context, module);
  const walk = (list: readonly SchemaNode[]): void => {
    for (const node of list) {
      checkNodeReferences(context, tree, node);
      if ('children' in node) walk(node.children);
    }
  };
  walk(nodes);
};
