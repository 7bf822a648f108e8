/**
 * @module yang/compiler/xpath-check
 * Parses `must`/`when` expressions once and checks the nodes they name against the schema
 * (warnings, as libyang does). Waits for the XPath engine (`src/xpath/index.ts`).
 * @see RFC 7950 §6.4
 */
import type { SchemaNode } from '../schema/schema-node.ts';
import type { SchemaTree } from '../schema/schema-tree.ts';
import type { CompileContext } from './context.ts';

/** Checks every must/when of the tree; a no-op until the XPath engine lands. */
export const checkXPath = (_context: CompileContext, _tree: SchemaTree, _nodes: readonly SchemaNode[]): void => {};
