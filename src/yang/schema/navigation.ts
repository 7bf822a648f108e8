/**
 * @module yang/schema/navigation
 * Lookups over the compiled tree that the data layer needs: children by name, data children
 * through choice and case, schema paths.
 * @see RFC 7950 §6.5
 */
import type { InteriorNode, SchemaNode } from './schema-node.ts';
import type { SchemaTree, YangDataStructure } from './schema-tree.ts';

/** The parent of a top-level node is the tree itself (or, for a template's nodes, the template). */
export type SchemaParent = InteriorNode | SchemaTree | YangDataStructure;

/** A data child (through choice/case) named `module:name`, or by local name when `module` is undefined. @see RFC 7950 §7.9 */
export const childByName = (parent: SchemaParent, module: string | undefined, name: string): SchemaNode | undefined =>
  parent.dataChildIndex.get(module === undefined ? name : `${module}:${name}`);

/** The data nodes directly below `parent`, looking through choice and case. @see RFC 7950 §7.9 */
export const dataChildren = (parent: SchemaParent): SchemaNode[] => {
  const out: SchemaNode[] = [];
  const walk = (nodes: readonly SchemaNode[]): void => {
    for (const node of nodes) {
      if (node.kind === 'choice' || node.kind === 'case') walk(node.children);
      else out.push(node);
    }
  };
  walk(parent.children);
  return out;
};

/** True for nodes that appear in instance data (not choice, case, input or output). */
export const isDataNode = (node: SchemaNode): boolean =>
  node.kind !== 'choice' && node.kind !== 'case' && node.kind !== 'input' && node.kind !== 'output';

/**
 * The data path `/module:a/b`: module prefix on the first node and where the module changes;
 * choice and case are skipped. @see RFC 8040 §3.5.3
 */
export const schemaPath = (node: SchemaNode): string => {
  const parts: SchemaNode[] = [];
  for (let current: SchemaNode | undefined = node; current !== undefined; current = current.parent) {
    if (current.kind !== 'choice' && current.kind !== 'case') parts.push(current);
  }
  parts.reverse();
  let previous: string | undefined;
  let path = '';
  for (const part of parts) {
    path += part.module === previous ? `/${part.name}` : `/${part.module}:${part.name}`;
    previous = part.module;
  }
  return path;
};
