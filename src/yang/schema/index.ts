/**
 * @module yang/schema
 * The compiled schema tree (re-exports only). May import: yang/statement, yang/type-spec.
 */

export type { SchemaParent } from './navigation.ts';
export { childByName, dataChildren, isDataNode, schemaPath } from './navigation.ts';
export type * from './schema-node.ts';
export { assertNever, isInteriorNode } from './schema-node.ts';
export type * from './schema-tree.ts';
export type { YangDataNode } from './yang-data.ts';
export { findYangData, findYangDataNode } from './yang-data.ts';
