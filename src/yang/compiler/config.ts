/**
 * @module yang/compiler/config
 * Effective `config` and `status` (inherited from the parent), the "config true under config
 * false" rule, and the per-node child indexes with the duplicate-identifier rule.
 * @see RFC 7950 §7.21.1, §7.21.2, §6.2.1
 */
import type { InteriorNode, SchemaNode, Status } from '../schema/schema-node.ts';
import { type CompileContext, report } from './context.ts';
import { draft, NODE_SOURCES } from './draft.ts';

const STATUS_RANK: Readonly<Record<Status, number>> = { current: 0, deprecated: 1, obsolete: 2 };

/** Sets effective config and status on a subtree, top-down. */
export const inheritConfigAndStatus = (
  context: CompileContext,
  node: SchemaNode,
  parentConfig: boolean,
  parentStatus: Status,
  inOperation: boolean,
): void => {
  const source = NODE_SOURCES.get(node);
  const operation = inOperation || node.kind === 'rpc' || node.kind === 'action' || node.kind === 'notification';
  let config = parentConfig;
  if (operation) config = false;
  else if (source?.explicitConfig !== undefined) {
    if (source.explicitConfig && !parentConfig) {
      report(
        context,
        'error',
        'config-under-config-false',
        `"${node.name}" is config true under a config false node`,
        node.location,
      );
    }
    config = source.explicitConfig;
  }
  const explicitStatus = source?.explicitStatus;
  const status =
    explicitStatus !== undefined && STATUS_RANK[explicitStatus] >= STATUS_RANK[parentStatus]
      ? explicitStatus
      : parentStatus;
  if (explicitStatus !== undefined && STATUS_RANK[explicitStatus] < STATUS_RANK[parentStatus]) {
    report(
      context,
      'error',
      'status-conflict',
      `"${node.name}" is ${explicitStatus} under a ${parentStatus} node`,
      node.location,
    );
  }
  draft(node).config = config;
  draft(node).status = status;
  if ('children' in node)
    for (const child of node.children) inheritConfigAndStatus(context, child, config, status, operation);
};

/** Builds `childIndex` and `dataChildIndex` of a node, reporting sibling duplicates. @see RFC 7950 §6.2.1 */
export const indexChildren = (
  context: CompileContext,
  node:
    | InteriorNode
    | { children: readonly SchemaNode[]; childIndex: Map<string, SchemaNode>; dataChildIndex: Map<string, SchemaNode> },
): void => {
  const childIndex = node.childIndex as Map<string, SchemaNode>;
  const dataIndex = node.dataChildIndex as Map<string, SchemaNode>;
  childIndex.clear();
  dataIndex.clear();
  const seen = new Map<string, SchemaNode>();
  const reportDuplicates = !('kind' in node) || (node.kind !== 'choice' && node.kind !== 'case');
  const claim = (child: SchemaNode): void => {
    if (!reportDuplicates) return;
    const key = `${child.module}:${child.name}`;
    const previous = seen.get(key);
    if (previous !== undefined && previous !== child) {
      report(
        context,
        'error',
        'duplicate-identifier',
        `duplicate identifier "${child.name}" (also at line ${previous.location.line})`,
        child.location,
      );
    } else seen.set(key, child);
  };
  const addData = (children: readonly SchemaNode[]): void => {
    for (const child of children) {
      if (child.kind === 'case') {
        addData(child.children);
        continue;
      }
      if (child.kind === 'input' || child.kind === 'output') continue;
      claim(child);
      if (child.kind === 'choice') {
        addData(child.children);
        continue;
      }
      const key = `${child.module}:${child.name}`;
      if (!dataIndex.has(key)) dataIndex.set(key, child);
      if (!dataIndex.has(child.name)) dataIndex.set(child.name, child);
    }
  };
  for (const child of node.children) {
    const key = `${child.module}:${child.name}`;
    if (childIndex.has(key) && 'kind' in node && node.kind === 'choice') {
      report(context, 'error', 'duplicate-identifier', `duplicate case "${child.name}"`, child.location);
    }
    if (!childIndex.has(key)) childIndex.set(key, child);
  }
  if ('kind' in node && node.kind === 'choice') {
    for (const child of node.children) if (child.kind === 'case') addData(child.children);
    return;
  }
  addData(node.children);
};

/** Indexes every interior node of a subtree. */
export const indexSubtree = (context: CompileContext, node: SchemaNode): void => {
  if (!('children' in node)) return;
  indexChildren(context, node);
  for (const child of node.children) indexSubtree(context, child);
};
