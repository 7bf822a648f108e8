/**
 * @module yang/compiler/leafref
 * Resolution of leafref `path`s against the compiled tree: each step must name an existing
 * node (an error otherwise, as in libyang), the target must be a leaf or leaf-list, and its
 * type becomes the leafref's `target`. Prefixes resolve through the imports of the file the
 * path is written in (a submodule's own).
 * @see RFC 7950 §9.9.2
 */
import type { SchemaNode } from '../schema/schema-node.ts';
import type { SchemaTree } from '../schema/schema-tree.ts';
import type { LeafrefTypeSpec, TypeSpec } from '../type-spec.ts';
import { type CompileContext, report } from './context.ts';
import { draft, keepPathPrefixes, pathPrefixesOf } from './draft.ts';

/** The data parent of a node (choice and case skipped). */
const dataParent = (node: SchemaNode): SchemaNode | undefined => {
  let current = node.parent;
  while (current !== undefined && (current.kind === 'choice' || current.kind === 'case')) current = current.parent;
  return current;
};

/** Resolves a leafref path from a context node; a string is the reason it failed. */
export const resolveLeafrefPath = (
  context: CompileContext,
  tree: SchemaTree,
  contextNode: SchemaNode,
  spec: LeafrefTypeSpec,
): SchemaNode | string => {
  const prefixes = pathPrefixesOf(spec) ?? tree.modules.get(spec.pathModule)?.prefixes;
  const path = spec.path.replace(/\[[^\]]*\]/g, '').replace(/\s+/g, '');
  const absolute = path.startsWith('/');
  let current: SchemaNode | undefined = absolute ? undefined : contextNode;
  for (const step of path.split('/').filter((part) => part !== '')) {
    if (step === '..') {
      if (current === undefined) return 'path goes above the root';
      current = dataParent(current);
      continue;
    }
    if (step === '.' || step.startsWith('current()')) continue;
    const colon = step.indexOf(':');
    const prefix = colon < 0 ? undefined : step.slice(0, colon);
    const name = colon < 0 ? step : step.slice(colon + 1);
    const module = prefix === undefined ? contextNode.module : prefixes?.get(prefix);
    if (module === undefined) return `unknown prefix "${prefix ?? ''}"`;
    const index =
      current === undefined ? tree.dataChildIndex : 'dataChildIndex' in current ? current.dataChildIndex : undefined;
    let next = index?.get(`${module}:${name}`);
    if (next === undefined && (current?.kind === 'rpc' || current?.kind === 'action')) {
      next = name === 'input' ? current.input : name === 'output' ? current.output : undefined;
    }
    if (next === undefined) {
      if (tree.modules.get(module)?.implemented === false) context.missingModules.add(module);
      return `node "${step}" not found`;
    }
    current = next;
  }
  if (current === undefined || (current.kind !== 'leaf' && current.kind !== 'leaf-list'))
    return 'target is not a leaf or leaf-list';
  return current;
};

/** Resolves every leafref in the tree and sets `target`; reports dangling paths. */
export const resolveLeafrefs = (context: CompileContext, tree: SchemaTree, nodes: readonly SchemaNode[]): void => {
  const resolving = new Set<SchemaNode>();
  const resolveType = (node: SchemaNode, type: TypeSpec): TypeSpec => {
    if (type.base === 'union') {
      const members = type.members.map((member) => resolveType(node, member));
      return members.every((member, index) => member === type.members[index]) ? type : { ...type, members };
    }
    if (type.base !== 'leafref' || type.path === '') return type;
    const target = resolveLeafrefPath(context, tree, node, type);
    if (typeof target === 'string') {
      report(
        context,
        'error',
        'leafref-target-not-found',
        `leafref path "${type.path}" of "${node.name}": ${target}`,
        node.location,
      );
      return type;
    }
    if (target.kind !== 'leaf' && target.kind !== 'leaf-list') return type;
    if (resolving.has(target)) {
      report(context, 'error', 'circular-leafref', `leafref "${node.name}" refers to itself`, node.location);
      return type;
    }
    resolving.add(node);
    resolveNode(target);
    resolving.delete(node);
    return keepPathPrefixes(type, { ...type, target: target.type });
  };
  const done = new Set<SchemaNode>();
  const resolveNode = (node: SchemaNode): void => {
    if (done.has(node)) return;
    done.add(node);
    if (node.kind === 'leaf' || node.kind === 'leaf-list') draft(node).type = resolveType(node, node.type);
  };
  const walk = (list: readonly SchemaNode[]): void => {
    for (const node of list) {
      resolveNode(node);
      if ('children' in node) walk(node.children);
    }
  };
  walk(nodes);
};
