/**
 * @module data/validation/schema-walk
 * Small schema helpers for validation: data parents (choice and case skipped), depths, case
 * chains, and the `when` conditions that decide whether an instance may exist.
 * @see RFC 7950 §7.9 (choice and case are not data nodes), §7.21.5
 */
import type { CaseNode, ChoiceNode, ContainerNode, ListNode, SchemaNode, SchemaTree } from '../../yang/index.ts';
import type { DataSchemaNode } from '../instance/index.ts';
import { isDataSchemaNode } from '../instance/index.ts';

/** A data node or the datastore root. */
export type DataLevel = DataSchemaNode | SchemaTree;

/** The data parent of a schema node: the nearest ancestor that is a data node, else the root. */
export const dataParentOf = (schema: SchemaTree, node: SchemaNode): DataLevel => {
  let current = node.parent;
  while (current !== undefined && (current.kind === 'choice' || current.kind === 'case')) current = current.parent;
  return current !== undefined && isDataSchemaNode(current) ? current : schema;
};

/** Number of data ancestors plus one; 0 for the root. */
export const depthOf = (schema: SchemaTree, node: DataLevel): number => {
  let depth = 0;
  for (let current: DataLevel = node; current !== schema; current = dataParentOf(schema, current as SchemaNode))
    depth++;
  return depth;
};

/** The data ancestor-or-self of `node` at `depth` (the root at 0). */
export const ancestorAtDepth = (schema: SchemaTree, node: DataLevel, depth: number): DataLevel => {
  let current = node;
  for (let level = depthOf(schema, node); level > depth; level--) current = dataParentOf(schema, current as SchemaNode);
  return current;
};

/** True when `ancestor` is `node` or one of its data ancestors. */
export const isAncestorOrSelf = (schema: SchemaTree, ancestor: DataLevel, node: DataLevel): boolean => {
  for (let current: DataLevel = node; ; current = dataParentOf(schema, current as SchemaNode)) {
    if (current === ancestor) return true;
    if (current === schema) return false;
  }
};

/** The data nodes from just below `ancestor` down to `node`, outermost first. */
export const dataChainBelow = (schema: SchemaTree, ancestor: DataLevel, node: DataLevel): DataSchemaNode[] => {
  const chain: DataSchemaNode[] = [];
  for (let current = node; current !== ancestor; current = dataParentOf(schema, current as SchemaNode)) {
    if (current === schema) throw new TypeError('not a descendant');
    chain.push(current as DataSchemaNode);
  }
  return chain.reverse();
};

/** The cases between `node` and its data parent, outermost first. */
export const caseChainOf = (node: SchemaNode): CaseNode[] => {
  const chain: CaseNode[] = [];
  for (let current = node.parent; current !== undefined && (current.kind === 'choice' || current.kind === 'case'); ) {
    if (current.kind === 'case') chain.push(current);
    current = current.parent;
  }
  return chain.reverse();
};

/** The slots of `parent` that sit inside `choice` (at any case depth). */
export const slotsInChoice = (table: { readonly cases: readonly (readonly CaseNode[])[] }, choice: ChoiceNode) =>
  table.cases.flatMap((chain, index) => (chain.some((caseNode) => caseNode.parent === choice) ? [index] : []));

/** A data level whose instances hold children: the root, a container, a list. */
export type InnerLevel = SchemaTree | ContainerNode | ListNode;

/** Narrows a data level to an inner node (root, container, list). */
export const isInnerLevel = (level: DataLevel): level is InnerLevel =>
  !('kind' in level) || level.kind === 'container' || level.kind === 'list';
