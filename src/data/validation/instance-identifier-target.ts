/**
 * @module data/validation/instance-identifier-target
 * Follows an instance-identifier value over the accessible tree (defaults included, as libyang
 * finds them), for `require-instance` and `deref()`.
 * @see RFC 7950 §9.13
 */
import type { InstanceIdentifier } from '../../yang/index.ts';
import type { AccessibleNode, InstanceNavigator } from '../instance/index.ts';
import { isDataSchemaNode, slotTableOf } from '../instance/index.ts';

const childNodes = (
  navigator: InstanceNavigator,
  parent: AccessibleNode,
  module: string,
  name: string,
): readonly AccessibleNode[] => {
  if (parent.inner === undefined) return [];
  const schema = parent.inner.schema.dataChildIndex.get(`${module}:${name}`);
  if (schema === undefined || !isDataSchemaNode(schema)) return [];
  const index = slotTableOf(parent.inner.schema).indexOf.get(schema);
  return index === undefined ? [] : navigator.slotNodes(parent, index);
};

/** The nodes an instance-identifier selects (normally one; none when the target is absent). @see RFC 7950 §9.13 */
export const instanceIdentifierTargets = (
  navigator: InstanceNavigator,
  value: InstanceIdentifier,
): readonly AccessibleNode[] => {
  let nodes: readonly AccessibleNode[] = [navigator.rootNode];
  for (const step of value.steps) {
    let next: AccessibleNode[] = [];
    for (const parent of nodes) next.push(...childNodes(navigator, parent, step.module, step.name));
    for (const predicate of step.predicates) {
      switch (predicate.kind) {
        case 'position':
          next = next.slice(predicate.position - 1, predicate.position);
          break;
        case 'leaf-list':
          next = next.filter((node) => navigator.stringValue(node) === predicate.value);
          break;
        case 'key':
          next = next.filter((node) =>
            childNodes(navigator, node, predicate.module, predicate.name).some(
              (key) => navigator.stringValue(key) === predicate.value,
            ),
          );
          break;
      }
    }
    nodes = next;
    if (nodes.length === 0) break;
  }
  return nodes;
};
