/**
 * @module legacy-rest/operation-links
 * The `operations` links of the legacy representations: each node with actions lists them as
 * name → URL (`<node URL>/_operations/<action>`); the running datastore lists `rollback`.
 * @see shared/spec/legacy-rest.md Decision 4, §2, §5.6
 */
import type { DataSchemaNode, InnerSchemaNode } from '../data/index.ts';
import { slotTableOf } from '../data/index.ts';
import type { OperationNode } from '../yang/index.ts';
import { LEGACY_REST_ROOT } from './legacy-names.ts';

/** The name → URL map of the running datastore's built-in operations. @see spec §2 */
export const datastoreOperationLinks = (): Readonly<Record<string, string>> => ({
  rollback: `${LEGACY_REST_ROOT}/running/_rollback`,
});

const ACTIONS = new WeakMap<InnerSchemaNode, readonly OperationNode[]>();

/** The actions defined directly in `node`. */
export const actionsOf = (node: InnerSchemaNode): readonly OperationNode[] => {
  let actions = ACTIONS.get(node);
  if (actions === undefined) {
    actions = node.children.filter((child): child is OperationNode => child.kind === 'action');
    ACTIONS.set(node, actions);
  }
  return actions;
};

/** The `operations` map of a node at `url`; undefined when it has no actions. @see spec §5.6 */
export const operationLinksOf = (node: InnerSchemaNode, url: string): Record<string, string> | undefined => {
  const actions = actionsOf(node);
  if (actions.length === 0) return undefined;
  const links: Record<string, string> = {};
  for (const action of actions) links[action.name] = `${url}/_operations/${action.name}`;
  return links;
};

const HAS_ACTIONS = new WeakMap<InnerSchemaNode, boolean>();

/** True when `node` or a container or list below it has actions: only then does a walk need to descend. */
export const hasActionsAtOrBelow = (node: InnerSchemaNode): boolean => {
  let result = HAS_ACTIONS.get(node);
  if (result === undefined) {
    result =
      actionsOf(node).length > 0 ||
      slotTableOf(node).nodes.some(
        (child: DataSchemaNode) => (child.kind === 'container' || child.kind === 'list') && hasActionsAtOrBelow(child),
      );
    HAS_ACTIONS.set(node, result);
  }
  return result;
};
