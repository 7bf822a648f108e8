/**
 * @module yang/schema
 * The compiled schema tree (re-exports only). May import: yang/statement, yang/type-spec.
 */
export type * from './schema-node.ts';
export { assertNever, isInteriorNode } from './schema-node.ts';
export type * from './schema-tree.ts';
export { childByName, dataChildren, isDataNode, schemaPath } from './navigation.ts';
export type { SchemaParent } from './navigation.ts';
