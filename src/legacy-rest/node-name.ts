/**
 * @module legacy-rest/node-name
 * Node names in legacy paths: `name` or `qualifier:name`, the qualifier being a module name or
 * a module's YANG prefix; an unqualified name must match exactly one candidate.
 * @see shared/spec/legacy-rest.md Decision 2, §3.1
 */
import { InvalidValueError, UnknownElementError, UnknownNamespaceError } from '../errors/index.ts';
import type { SchemaTree } from '../yang/index.ts';

const detailsOf = (errorPath: string | undefined): { path?: string } =>
  errorPath === undefined ? {} : { path: errorPath };

/** True when `qualifier` is a module name or some module's prefix. */
const isKnownQualifier = (schema: SchemaTree, qualifier: string): boolean =>
  schema.modules.has(qualifier) || [...schema.modules.values()].some((module) => module.prefix === qualifier);

const NODE_NAME = /^(?:([A-Za-z_][A-Za-z0-9_.-]*):)?([A-Za-z_][A-Za-z0-9_.-]*)$/;

/** A node name as written in a path segment. */
export interface WrittenName {
  readonly qualifier: string | undefined;
  readonly name: string;
}

/** Parses `[qualifier:]name`; a segment that is no YANG identifier names no node. */
export const parseWrittenName = (text: string, where: string, errorPath?: string): WrittenName => {
  const match = NODE_NAME.exec(text);
  if (match === null) {
    throw new UnknownElementError(`"${text}" is not a node name, in ${where}`, detailsOf(errorPath));
  }
  return { qualifier: match[1], name: match[2] as string };
};

/** True when `qualifier` names `module`, by module name or by the module's own prefix. @see spec §3.1 */
export const qualifierNames = (schema: SchemaTree, qualifier: string, module: string): boolean =>
  qualifier === module || schema.modules.get(module)?.prefix === qualifier;

/**
 * The one candidate that `text` names. Several candidates with the name are ambiguous
 * (invalid-value) unless the qualifier picks one; a qualifier that is no module name or prefix
 * is an unknown namespace; no candidate is an unknown element. `where` describes the parent for
 * messages, `errorPath` is its error-path.
 */
export const pickNamed = <N extends { readonly module: string; readonly name: string }>(
  schema: SchemaTree,
  candidates: Iterable<N>,
  text: string,
  where: string,
  errorPath?: string,
): N => {
  const { qualifier, name } = parseWrittenName(text, where, errorPath);
  if (qualifier !== undefined && !isKnownQualifier(schema, qualifier)) {
    throw new UnknownNamespaceError(`no module is named or prefixed "${qualifier}", in ${where}`, detailsOf(errorPath));
  }
  const matching: N[] = [];
  for (const candidate of candidates) {
    if (candidate.name !== name) continue;
    if (qualifier === undefined || qualifierNames(schema, qualifier, candidate.module)) matching.push(candidate);
  }
  const [first, ...others] = matching;
  if (first === undefined) throw new UnknownElementError(`no node "${text}" in ${where}`, detailsOf(errorPath));
  if (others.length > 0) {
    const names = matching.map((node) => `${node.module}:${node.name}`).join(', ');
    throw new InvalidValueError(`"${text}" is ambiguous in ${where}: write one of ${names}`, detailsOf(errorPath));
  }
  return first;
};
