/**
 * @module yang/compiler/sibling-order
 * Where a new child goes among its siblings, as libyang orders them (so that tree diagrams and
 * data follow yanglint): a module's nodes stay together; the parent's own module comes first,
 * then the modules that augmented it, by module name; each module's nodes in the order added.
 * Actions and notifications are ordered among themselves (libyang keeps them in lists of their own).
 * @see RFC 7950 §7.17
 */
import type { SchemaNode } from '../schema/schema-node.ts';

/** The separate sibling lists libyang keeps: data nodes, actions, notifications. */
const category = (node: SchemaNode): string =>
  node.kind === 'action' ? 'action' : node.kind === 'notification' ? 'notification' : 'data';

/**
 * The index in `siblings` at which to insert `node`, a child of a parent node of module
 * `parentModule` (undefined for a detached holder: appended).
 */
export const insertionIndex = (
  siblings: readonly SchemaNode[],
  parentModule: string | undefined,
  node: SchemaNode,
): number => {
  const same = siblings.flatMap((sibling, index) => (category(sibling) === category(node) ? [index] : []));
  const lastIndex = same[same.length - 1];
  if (lastIndex === undefined || parentModule === undefined) return siblings.length;
  if (siblings[lastIndex]?.module === node.module) return lastIndex + 1;
  if (parentModule === node.module) {
    // The parent's own node after augments: right after the parent's own nodes.
    const firstForeign = same.find((index) => siblings[index]?.module !== node.module);
    return firstForeign ?? lastIndex + 1;
  }
  // An augmenting node: after its module's last node, a node of a module of smaller name, or
  // the parent's own last node, searching back from the end.
  for (const index of [...same].reverse()) {
    const module = siblings[index]?.module ?? '';
    if (module === node.module || module < node.module || module === parentModule) return index + 1;
  }
  return same[0] ?? siblings.length;
};
