/**
 * @module yang/schema/yang-data
 * Lookups of data templates (`rc:yang-data`, `sx:structure`): by the extension's argument, or by
 * the qualified name of a top-level node, which is the member name of a JSON message body.
 * @see RFC 8040 §8, RFC 8791, RFC 7951 §4
 */
import type { SchemaNode } from './schema-node.ts';
import type { SchemaTree, YangDataStructure } from './schema-tree.ts';

/** The template `module:name` (`ietf-restconf`, `yang-errors`). @see RFC 8040 §8 */
export const findYangData = (schema: SchemaTree, module: string, name: string): YangDataStructure | undefined =>
  schema.yangData.get(`${module}:${name}`);

/** A template's top-level data node with the template that holds it. */
export interface YangDataNode {
  readonly structure: YangDataStructure;
  readonly node: SchemaNode;
}

/**
 * The top-level data node named `module:name` of any template of `module`, e.g.
 * `ietf-yang-patch:yang-patch` or `ietf-restconf:errors` (the first template wins).
 * @see RFC 7951 §4
 */
export const findYangDataNode = (schema: SchemaTree, qualifiedName: string): YangDataNode | undefined => {
  const colon = qualifiedName.indexOf(':');
  if (colon < 0) return undefined;
  const module = qualifiedName.slice(0, colon);
  for (const structure of schema.yangData.values()) {
    if (structure.module !== module) continue;
    const node = structure.dataChildIndex.get(qualifiedName);
    if (node !== undefined) return { structure, node };
  }
  return undefined;
};
