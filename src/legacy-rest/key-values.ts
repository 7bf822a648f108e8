/**
 * @module legacy-rest/key-values
 * Typed values of list keys and leaf-list entries written in legacy paths: the lexical (XML)
 * form of the leaf's type, with identityref prefixes that may be a module name, a YANG prefix,
 * or absent when the bare identity name is unambiguous.
 * @see shared/spec/legacy-rest.md Decision 2, §3.2; RFC 7950 §9.10.3
 */
import { InvalidValueError } from '../errors/index.ts';
import type { Identity, LeafListNode, LeafNode, SchemaTree, TypeSpec, ValueContext, YangValue } from '../yang/index.ts';
import { isTypeCheckFailure, parseLexical } from '../yang/index.ts';

/** The module a qualifier stands for, seen from `module`: a module name, one of its import prefixes, or a unique prefix. */
export const resolveQualifier = (schema: SchemaTree, qualifier: string, module: string): string | undefined => {
  if (schema.modules.has(qualifier)) return qualifier;
  const imported = schema.modules.get(module)?.prefixes.get(qualifier);
  if (imported !== undefined) return imported;
  let found: string | undefined;
  for (const candidate of schema.modules.values()) {
    if (candidate.prefix !== qualifier) continue;
    if (found !== undefined) return undefined;
    found = candidate.name;
  }
  return found;
};

const CONTEXTS = new WeakMap<SchemaTree, Map<string, ValueContext>>();

/** The (cached) context for values held by nodes of `module`. */
const pathValueContext = (schema: SchemaTree, module: string): ValueContext => {
  let byModule = CONTEXTS.get(schema);
  if (byModule === undefined) {
    byModule = new Map();
    CONTEXTS.set(schema, byModule);
  }
  let context = byModule.get(module);
  if (context === undefined) {
    context = {
      resolvePrefix: (prefix) => (prefix === '' ? undefined : resolveQualifier(schema, prefix, module)),
      prefixOf: (name) => schema.modules.get(name)?.prefix,
      findIdentity: (name, identity) => schema.modules.get(name)?.identities.get(identity),
      defaultModule: module,
    };
    byModule.set(module, context);
  }
  return context;
};

/** The bases of an identityref type, looking through leafrefs; undefined for other types. */
const identityrefBases = (type: TypeSpec): readonly Identity[] | undefined => {
  if (type.base === 'identityref') return type.bases;
  if (type.base === 'leafref' && type.target !== undefined) return identityrefBases(type.target);
  return undefined;
};

const isDerivedFrom = (identity: Identity, base: Identity): boolean => {
  const pending = [...identity.bases];
  const seen = new Set<Identity>();
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.module === base.module && next.name === base.name) return true;
    if (!seen.has(next)) {
      seen.add(next);
      pending.push(...next.bases);
    }
  }
  return false;
};

/**
 * A bare identity name qualified with the module of the one identity of that name that fits
 * the bases; the text itself when it is qualified, or when none or several fit.
 */
const qualifyBareIdentity = (schema: SchemaTree, bases: readonly Identity[], text: string): string => {
  if (text.includes(':')) return text;
  const fitting: Identity[] = [];
  for (const identity of schema.identities.values()) {
    if (identity.name === text && bases.every((base) => isDerivedFrom(identity, base))) fitting.push(identity);
  }
  if (fitting.length > 1) {
    const names = fitting.map((identity) => `${identity.module}:${identity.name}`).join(', ');
    throw new InvalidValueError(`the identity "${text}" is ambiguous: write one of ${names}`);
  }
  return fitting[0] === undefined ? text : `${fitting[0].module}:${fitting[0].name}`;
};

/** Parses the text of a key or leaf-list value written in a path against the node's type. @see spec §3.2 */
export const parsePathValue = (schema: SchemaTree, node: LeafNode | LeafListNode, text: string): YangValue => {
  const bases = identityrefBases(node.type);
  const lexical = bases === undefined ? text : qualifyBareIdentity(schema, bases, text);
  const result = parseLexical(node.type, lexical, pathValueContext(schema, node.module), { origin: 'xml' });
  if (isTypeCheckFailure(result)) {
    throw new InvalidValueError(`bad value "${text}" for ${node.name}: ${result.message}`, {
      ...(result.appTag === undefined ? {} : { appTag: result.appTag }),
    });
  }
  return result;
};
