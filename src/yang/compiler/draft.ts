/**
 * @module yang/compiler/draft
 * Compile-time mutability of schema nodes: the public node types are readonly; the compiler
 * builds them as drafts and keeps compile-only facts (explicit config/status, source statements)
 * in side tables.
 */

import type { InteriorNode, SchemaNode, Status, XPathConstraint } from '../schema/schema-node.ts';
import type { Statement } from '../statement.ts';
import type { Scope, SourceFile } from './context.ts';

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

/**
 * Side table: interior node (or detached holder) → children left out by a false `if-feature`,
 * name → keyword; name `*` when a disabled `uses` left out nodes of unknown names.
 */
const PRUNED = new WeakMap<object, Map<string, string>>();

/** Records that a child `name` (`*`: any) of `parent`, a `keyword` statement, was disabled by if-feature. */
export const recordPruned = (parent: object, name: string, keyword: string): void => {
  const names = PRUNED.get(parent) ?? new Map<string, string>();
  names.set(name, keyword);
  PRUNED.set(parent, names);
};

/** Data definition keywords whose nodes an `augment` adds. */
const DATA_DEFINITIONS: ReadonlySet<string> = new Set([
  'container',
  'leaf',
  'leaf-list',
  'list',
  'choice',
  'case',
  'anydata',
  'anyxml',
  'action',
  'notification',
]);

/**
 * Records the nodes an `augment` disabled by a false if-feature would have added to `target`
 * (any name for a `uses`), so that statements reaching them are ignored too. Under a choice, a
 * node stands for its shorthand case, which a path names before the node.
 * @see RFC 7950 §7.9.2, §7.17
 */
export const recordPrunedAugment = (target: SchemaNode, augment: Statement): void => {
  for (const child of augment.substatements) {
    if (child.prefix !== undefined) continue;
    if (child.keyword === 'uses') recordPruned(target, '*', 'uses');
    else if (DATA_DEFINITIONS.has(child.keyword)) {
      recordPruned(target, child.argument ?? '', target.kind === 'choice' ? 'case' : child.keyword);
    }
  }
};

/** Hands the disabled children recorded on a detached holder to the real parent. */
export const movePruned = (holder: object, parent: object): void => {
  for (const [name, keyword] of PRUNED.get(holder) ?? []) recordPruned(parent, name, keyword);
};

/** The keyword of a child `name` of `parent` disabled by if-feature (`uses` for any name under a disabled uses). */
export const prunedKeyword = (parent: object, name: string): string | undefined => {
  const names = PRUNED.get(parent);
  return names?.get(name) ?? names?.get('*');
};

/** Side table: node → where it came from. */
export const NODE_SOURCES = new WeakMap<SchemaNode, NodeSource>();

/**
 * The prefix table a leafref spec's `path` was written with (a submodule's own imports), kept
 * across the copies that derive types from it. @see RFC 7950 §7.1.5, §9.9.2
 */
const PATH_PREFIXES = new WeakMap<object, ReadonlyMap<string, string>>();

/** Records the prefix table of a leafref spec's path. */
export const setPathPrefixes = (spec: object, prefixes: ReadonlyMap<string, string>): void => {
  PATH_PREFIXES.set(spec, prefixes);
};

/** The prefix table of a leafref spec's path, if the compiler recorded one. */
export const pathPrefixesOf = (spec: object): ReadonlyMap<string, string> | undefined => PATH_PREFIXES.get(spec);

/** Returns `copy` after giving it the path prefix table of `original`. */
export const keepPathPrefixes = <T extends object>(original: object, copy: T): T => {
  const prefixes = PATH_PREFIXES.get(original);
  if (prefixes !== undefined) PATH_PREFIXES.set(copy, prefixes);
  return copy;
};

/**
 * Builds an XPath constraint (`must`/`when`) from its statement, with the prefix table of the
 * file it is written in (a submodule resolves prefixes through its own imports).
 * @see RFC 7950 §7.5.3, §7.1.5
 */
export const constraintOf = (statement: Statement, file: SourceFile): XPathConstraint => {
  const errorMessage = statement.substatements.find(
    (s) => s.keyword === 'error-message' && s.prefix === undefined,
  )?.argument;
  const errorAppTag = statement.substatements.find(
    (s) => s.keyword === 'error-app-tag' && s.prefix === undefined,
  )?.argument;
  return {
    xpath: statement.argument ?? '',
    prefixModule: file.moduleName,
    prefixes: file.prefixes,
    ...(errorMessage === undefined ? {} : { errorMessage }),
    ...(errorAppTag === undefined ? {} : { errorAppTag }),
    location: statement.location,
  };
};
