/**
 * @module legacy-rest/node-name
 * Node names in legacy paths: `name` or `qualifier:name`, the qualifier being a module name or
 * a module's YANG prefix; an unqualified name must match exactly one candidate.
 * @see shared/spec/legacy-rest.md Decision 2, §3.1
 */
import { MalformedMessageError, UnknownElementError } from '../errors/index.ts';
import type { SchemaTree } from '../yang/index.ts';

const NODE_NAME = /^(?:([A-Za-z_][A-Za-z0-9_.-]*):)?([A-Za-z_][A-Za-z0-9_.-]*)$/;

/** A node name as written in a path segment. */
export interface WrittenName {
  readonly qualifier: string | undefined;
  readonly name: string;
}

/** Parses `[qualifier:]name`; a segment that is no YANG identifier names no node. */
export const parseWrittenName = (text: string, where: string): WrittenName => {
  const match = NODE_NAME.exec(text);
  if (match === null) throw new UnknownElementError(`"${text}" is not a node name, in ${where}`);
  return { qualifier: match[1], name: match[2] as string };
};

/** True when `qualifier` names `module`, by module name or by the module's own prefix. @see spec §3.1 */
export const qualifierNames = (schema: SchemaTree, qualifier: string, module: string): boolean =>
  qualifier === module || schema.modules.get(module)?.prefix === qualifier;

/**
 * The one candidate that `text` names. Several candidates with the name are ambiguous unless the
 * qualifier picks one; none is an unknown element. `where` describes the parent for messages.
 */
export const pickNamed = <N extends { readonly module: string; readonly name: string }>(
  schema: SchemaTree,
  candidates: Iterable<N>,
  text: string,
  where: string,
): N => {
  const { qualifier, name } = parseWrittenName(text, where);
  const matching: N[] = [];
  for (const candidate of candidates) {
    if (candidate.name !== name) continue;
    if (qualifier === undefined || qualifierNames(schema, qualifier, candidate.module)) matching.push(candidate);
  }
  const [first, ...others] = matching;
  if (first === undefined) throw new UnknownElementError(`no node "${text}" in ${where}`);
  if (others.length > 0) {
    const names = matching.map((node) => `${node.module}:${node.name}`).join(', ');
    throw new MalformedMessageError(`"${text}" is ambiguous in ${where}: write one of ${names}`);
  }
  return first;
};
