/**
 * @module yang/compiler/xpath-check
 * Parses every `must`/`when` once (a syntax error is an error) and checks the nodes their
 * location paths name against the schema; a missing node is a warning, as libyang does, and so
 * is a node of the same module less current than the constraint's node (RFC 7950 §7.21.2).
 * Paths using axes other than child/parent/self, or starting from a function, are not checked.
 * @see RFC 7950 §6.4, §7.5.3, §7.21.5
 */

import type { CollectedLocationPath } from '../../xpath/index.ts';
import { collectLocationPaths, parseXPath } from '../../xpath/index.ts';
import type { SchemaNode, Status, XPathConstraint } from '../schema/schema-node.ts';
import type { SchemaTree } from '../schema/schema-tree.ts';
import { type CompileContext, report } from './context.ts';
import { draft } from './draft.ts';

const STATUS_RANK: Readonly<Record<Status, number>> = { current: 0, deprecated: 1, obsolete: 2 };

const dataParent = (node: SchemaNode | undefined): SchemaNode | undefined => {
  let current = node?.parent;
  while (current !== undefined && (current.kind === 'choice' || current.kind === 'case')) current = current.parent;
  return current;
};

/** Whether a path's named nodes exist from `start` (undefined = the root); undefined when not checkable. */
const pathExists = (
  tree: SchemaTree,
  path: CollectedLocationPath,
  start: SchemaNode | undefined,
  defaultModule: string,
  prefixes: ReadonlyMap<string, string> | undefined,
  visited: SchemaNode[],
): boolean | undefined => {
  let current = start;
  for (const step of path.steps) {
    if (step.axis === 'self' && step.test === 'node') continue;
    if (step.axis === 'parent' && step.test === 'node') {
      current = dataParent(current);
      continue;
    }
    if (step.axis !== 'child' || step.test !== 'name' || step.localName === undefined) return undefined;
    const module = step.prefix === undefined ? defaultModule : prefixes?.get(step.prefix);
    if (module === undefined) return false;
    const index =
      current === undefined ? tree.dataChildIndex : 'dataChildIndex' in current ? current.dataChildIndex : undefined;
    let next = index?.get(`${module}:${step.localName}`);
    if (next === undefined && (current?.kind === 'rpc' || current?.kind === 'action')) {
      next = step.localName === 'input' ? current.input : step.localName === 'output' ? current.output : undefined;
    }
    if (next === undefined) return false;
    visited.push(next);
    current = next;
  }
  return true;
};

const checkConstraint = (
  context: CompileContext,
  tree: SchemaTree,
  node: SchemaNode,
  constraint: XPathConstraint,
  kind: 'must' | 'when',
): XPathConstraint => {
  let expression: ReturnType<typeof parseXPath>;
  try {
    expression = parseXPath(constraint.xpath);
  } catch (error) {
    report(
      context,
      'error',
      'invalid-xpath',
      `invalid ${kind} expression "${constraint.xpath}": ${(error as Error).message}`,
      constraint.location,
    );
    return constraint;
  }
  let warned = false;
  for (const path of collectLocationPaths(expression)) {
    if (path.within !== undefined || (path.origin !== 'root' && path.origin !== 'context' && path.origin !== 'current'))
      continue;
    const starts = path.origin === 'root' ? [undefined] : kind === 'when' ? [node, dataParent(node)] : [node];
    const prefixes = constraint.prefixes ?? tree.modules.get(constraint.prefixModule)?.prefixes;
    const visited: SchemaNode[] = [];
    const results = starts.map((start) => pathExists(tree, path, start, constraint.prefixModule, prefixes, visited));
    const older = visited.find(
      (named) => named.module === node.module && STATUS_RANK[named.status] > STATUS_RANK[node.status],
    );
    if (older !== undefined && !warned) {
      warned = true;
      report(
        context,
        'warning',
        'xpath-deprecated-node',
        `${kind} "${constraint.xpath}" of "${node.name}" may refer to ${older.status} node "${older.name}"`,
        constraint.location,
      );
    }
    if (results.includes(undefined) || results.includes(true)) continue;
    report(
      context,
      'warning',
      'xpath-node-not-found',
      `${kind} "${constraint.xpath}" of "${node.name}" names a node that does not exist`,
      constraint.location,
    );
  }
  return { ...constraint, expression };
};

/** Parses and checks every must/when of the given subtrees. */
export const checkXPath = (context: CompileContext, tree: SchemaTree, nodes: readonly SchemaNode[]): void => {
  for (const node of nodes) {
    draft(node).when = node.when.map((when) => checkConstraint(context, tree, node, when, 'when'));
    if ('must' in node) draft(node).must = node.must.map((must) => checkConstraint(context, tree, node, must, 'must'));
    if ('children' in node) checkXPath(context, tree, node.children);
  }
};
