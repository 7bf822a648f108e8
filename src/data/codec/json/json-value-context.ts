/**
 * @module data/codec/json/json-value-context
 * The ValueContext of JSON-encoded values: prefixes are module names, and unqualified
 * identityrefs belong to the module of the leaf that holds them.
 * @see RFC 7951 §4, §6.8, §6.11
 */
import type { SchemaTree, ValueContext } from '../../../yang/index.ts';

const CONTEXTS = new WeakMap<SchemaTree, Map<string, ValueContext>>();

/** The (cached) JSON value context of `schema` for values of nodes in `module`. @see RFC 7951 §6.8 */
export const jsonValueContext = (schema: SchemaTree, module: string): ValueContext => {
  let byModule = CONTEXTS.get(schema);
  if (byModule === undefined) {
    byModule = new Map();
    CONTEXTS.set(schema, byModule);
  }
  let context = byModule.get(module);
  if (context === undefined) {
    context = {
      resolvePrefix: (prefix) => (schema.modules.has(prefix) ? prefix : undefined),
      prefixOf: (name) => name,
      findIdentity: (name, identity) => schema.modules.get(name)?.identities.get(identity),
      defaultModule: module,
    };
    byModule.set(module, context);
  }
  return context;
};

/** A context that writes every identityref module-qualified (our output always qualifies). @see RFC 7951 §6.8 */
export const qualifyingJsonContext = (schema: SchemaTree): ValueContext => jsonValueContext(schema, '');
