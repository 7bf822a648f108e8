/**
 * @module identity/top-level-json
 * Reads one top-level node of a configuration tree as plain RFC 7951 JSON, for the few places
 * that look into the identity model's configuration (admin accounts, authentication settings).
 */
import type { DataSchemaNode, DataTree, ReadOptions } from '../data/index.ts';
import { encodeJsonString, getChild, isDataSchemaNode } from '../data/index.ts';

/**
 * The JSON object of top-level node `module:name` in `root` (members unqualified), or undefined
 * when absent. `options` as for a read (e.g. `withDefaults: 'report-all'` to see default values).
 */
export const topLevelJson = (
  root: DataTree,
  module: string,
  name: string,
  options: ReadOptions = {},
): Record<string, unknown> | undefined => {
  const schema = root.schema.children.find(
    (node): node is DataSchemaNode => isDataSchemaNode(node) && node.module === module && node.name === name,
  );
  if (schema === undefined) return undefined;
  const value = getChild(root, schema);
  if (value === undefined) return undefined;
  const json = JSON.parse(encodeJsonString({ schema, value }, root.schema, options)) as Record<string, unknown>;
  return json[`${module}:${name}`] as Record<string, unknown> | undefined;
};
