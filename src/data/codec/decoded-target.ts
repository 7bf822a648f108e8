/**
 * @module data/codec/decoded-target
 * The new value of a write's target, taken from the decoded children of its parent: the body of
 * a PUT or PATCH on a data resource must hold the target node and nothing else.
 * @see RFC 8040 §4.5 (PUT), §4.6.1 (plain PATCH)
 */
import { InvalidValueError } from '../../errors/index.ts';
import type { DataSchemaNode, InstanceNode, InstancePath, Slot } from '../instance/index.ts';
import { childrenOf, formatInstancePath, getChild } from '../instance/index.ts';

/**
 * The target's instance in `decoded`, which must hold `node` and nothing else: 400 invalid-value
 * otherwise. `given` names the body's top-level members: an empty non-presence container decodes
 * to nothing, and counts as given when its name is there. `noun` names the body in messages.
 */
export const decodedTarget = (
  decoded: InstanceNode,
  node: DataSchemaNode,
  path: InstancePath,
  given: readonly string[],
  noun: string,
): Slot => {
  const here = { path: formatInstancePath(path) };
  for (const [child] of childrenOf(decoded)) {
    if (child !== node)
      throw new InvalidValueError(
        `the ${noun} must hold only the target ${node.kind} ${node.name}, not also ${child.kind} ${child.name}`,
        here,
      );
  }
  const value = getChild(decoded, node);
  if (value === undefined && (node.kind !== 'container' || !given.includes(node.name)))
    throw new InvalidValueError(`the ${noun} must hold the target ${node.kind} ${node.name}`, here);
  return value as Slot;
};
