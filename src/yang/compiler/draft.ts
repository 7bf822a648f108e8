/**
 * @module yang/compiler/draft
 * Compile-time mutability of schema nodes: the public node types are readonly; the compiler
 * builds them as drafts and keeps compile-only facts (explicit config/status, source statements)
 * in side tables.
 */

import type { InteriorNode, SchemaNode, Status, XPathConstraint } from '../schema/schema-node.ts';
import type { Statement } from '../statement.ts';
import type { Scope } from './context.ts';

/** A writable view of a readonly node type. */
export type Draft<T> = { -readonly [K in keyof T]: T[K] };

/** Writable view of a node. */
export const draft = <T extends SchemaNode>(node: T): Draft<T> => node as Draft<T>;

/** Writable children list of an interior node. */
export const childList = (node: InteriorNode): SchemaNode[] => node.children as SchemaNode[];

/** Compile-only facts about a node. */
export interface NodeSource {
  readonly statement: Statement;
  readonly scope: Scope;
  explicitConfig: boolean | undefined;
  explicitStatus: Status | undefined;
}

/** Side table: node → where it came from. */
export const NODE_SOURCES = new WeakMap<SchemaNode, NodeSource>();

/** Builds an XPath constraint (`must`/`when`) from its statement. @see RFC 7950 §7.5.3 */
export const constraintOf = (statement: Statement, prefixModule: string): XPathConstraint => {
  const errorMessage = statement.substatements.find(
    (s) => s.keyword === 'error-message' && s.prefix === undefined,
  )?.argument;
  const errorAppTag = statement.substatements.find(
    (s) => s.keyword === 'error-app-tag' && s.prefix === undefined,
  )?.argument;
  return {
    xpath: statement.argument ?? '',
    prefixModule,
    ...(errorMessage === undefined ? {} : { errorMessage }),
    ...(errorAppTag === undefined ? {} : { errorAppTag }),
    location: statement.location,
  };
};
