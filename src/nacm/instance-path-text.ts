/**
 * @module nacm/instance-path-text
 * Reads back the instance paths the server itself writes (`error-path`, paths named in error
 * messages) so that access control can tell whether the reader may see what they point at.
 * @see RFC 7951 §6.11 (instance-identifier in JSON), RFC 8341 §3.4.5
 */
import type { DataSchemaNode, InstancePath, InstancePathStep } from '../data/index.ts';
import { isDataSchemaNode } from '../data/index.ts';
import { isManagementError } from '../errors/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import { parseRulePath } from './rule-path.ts';

/**
 * The instance path of an instance-identifier text naming one data node (every list key
 * given); undefined for anything else (an operation's input, a malformed text).
 */
export const parseInstancePathText = (schema: SchemaTree, text: string): InstancePath | undefined => {
  let steps: ReturnType<typeof parseRulePath>;
  try {
    steps = parseRulePath(schema, text);
  } catch (error) {
    if (isManagementError(error)) return undefined;
    throw error;
  }
  const path: InstancePathStep[] = [];
  for (const step of steps) {
    const [node, ...others] = step.nodes ?? [];
    if (node === undefined || others.length > 0 || !isDataSchemaNode(node)) return undefined;
    const schemaNode: DataSchemaNode = node;
    if (schemaNode.kind === 'list' && step.keys.has(schemaNode)) {
      const keys = step.keys.get(schemaNode) ?? [];
      if (keys.some((key) => key === undefined)) return undefined;
      path.push({ schema: schemaNode, keys: keys as NonNullable<(typeof keys)[number]>[] });
    } else if (schemaNode.kind === 'leaf-list' && step.values.has(schemaNode)) {
      path.push({ schema: schemaNode, value: step.values.get(schemaNode) as NonNullable<InstancePathStep['value']> });
    } else path.push({ schema: schemaNode });
  }
  return path;
};
