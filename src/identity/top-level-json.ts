/**
 * @module identity/top-level-json
 * Reads one top-level node of a configuration tree as plain RFC 7951 JSON, for the few places
 * that look into the identity model's configuration (admin accounts, authentication settings).
 */
import type { DataSchemaNode, DataTree, ReadOptions } from '../data/index.ts';
import { encodeJsonString, getChild, isDataSchemaNode } from '../data/index.ts';

/** The schema of top-level node `module:name` of `schema`'s tree, or undefined when it has none. */
const topLevelSchema = (schema: DataTree['schema'], module: string, name: string): DataSchemaNode | undefined =>
  schema.children.find(
    (node): node is DataSchemaNode => isDataSchemaNode(node) && node.module === module && node.name === name,
  );

/**
 * The instance objects of top-level nodes `names` (`[module, name]`) in `root`, in that order
 * (undefined where absent). Trees are persistent: a commit that changed nothing below a node keeps
 * its object, so equal objects mean equal content, and whatever is read from those nodes alone can
 * be kept until one of them is another object.
 */
export const topLevelNodes = (root: DataTree, names: readonly (readonly [string, string])[]): readonly unknown[] =>
  names.map(([module, name]) => {
    const schema = topLevelSchema(root.schema, module, name);
    return schema === undefined ? undefined : getChild(root, schema);
  });

/** True when two results of {@link topLevelNodes} hold the same objects. */
export const sameNodes = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((node, index) => node === b[index]);

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
  const schema = topLevelSchema(root.schema, module, name);
  if (schema === undefined) return undefined;
  const value = getChild(root, schema);
  if (value === undefined) return undefined;
  const json = JSON.parse(encodeJsonString({ schema, value }, root.schema, options)) as Record<string, unknown>;
  return json[`${module}:${name}`] as Record<string, unknown> | undefined;
};
