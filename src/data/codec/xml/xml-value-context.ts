/**
 * @module data/codec/xml/xml-value-context
 * The ValueContexts of XML-encoded values. Reading, a prefix in an identityref or
 * instance-identifier is the XML namespace prefix bound in scope at the element holding the
 * value, mapped to the module of that namespace. Writing, every module a value names gets a
 * prefix (the module's own YANG prefix unless that clashes) declared on the element itself.
 * @see RFC 7950 §9.10.3, §9.13.2; Namespaces in XML 1.0 §6.1
 */
import { escapeXmlAttribute } from '../../../util/index.ts';
import type { SchemaTree, TypeSpec, ValueContext } from '../../../yang/index.ts';
import type { XmlNamespaceScope } from './xml-parse.ts';
import { resolveXmlPrefix } from './xml-parse.ts';

const NEEDS_PREFIXES = new WeakMap<TypeSpec, boolean>();

/** True when values of `type` may name modules in XML (identityref, instance-identifier, through unions and leafrefs). */
export const needsPrefixes = (type: TypeSpec): boolean => {
  let result = NEEDS_PREFIXES.get(type);
  if (result === undefined) {
    switch (type.base) {
      case 'identityref':
      case 'instance-identifier':
        result = true;
        break;
      case 'union':
        result = type.members.some(needsPrefixes);
        break;
      case 'leafref':
        result = type.target !== undefined && needsPrefixes(type.target);
        break;
      default:
        result = false;
    }
    NEEDS_PREFIXES.set(type, result);
  }
  return result;
};

const PLAIN_CONTEXTS = new WeakMap<SchemaTree, Map<string, ValueContext>>();

const findIdentityIn = (schema: SchemaTree): ValueContext['findIdentity'] => {
  return (module, name) => schema.modules.get(module)?.identities.get(name);
};

const noPrefixes = (): undefined => undefined;

/** The (cached) context of values that name no module, for nodes of `module`. */
export const plainXmlContext = (schema: SchemaTree, module: string): ValueContext => {
  let byModule = PLAIN_CONTEXTS.get(schema);
  if (byModule === undefined) {
    byModule = new Map();
    PLAIN_CONTEXTS.set(schema, byModule);
  }
  let context = byModule.get(module);
  if (context === undefined) {
    context = {
      resolvePrefix: noPrefixes,
      prefixOf: noPrefixes,
      findIdentity: findIdentityIn(schema),
      defaultModule: module,
    };
    byModule.set(module, context);
  }
  return context;
};

/**
 * The context of a value read from an element whose namespace declarations are `scope`: a prefix
 * (or `''`, the default namespace) maps to the module whose namespace it is bound to. @see RFC 7950 §9.10.3
 */
export const xmlReadContext = (schema: SchemaTree, scope: XmlNamespaceScope, module: string): ValueContext => ({
  resolvePrefix: (prefix) => {
    const uri = resolveXmlPrefix(scope, prefix);
    return uri === undefined ? undefined : schema.modulesByNamespace.get(uri)?.name;
  },
  prefixOf: noPrefixes,
  findIdentity: findIdentityIn(schema),
  defaultModule: module,
});

const RESERVED = /^(?:xml|wd$)/i;

/**
 * A context for writing one value at a time: each module the value names gets a prefix, and
 * {@link PrefixBinder.declarations} gives the `xmlns:…` attributes to put on the element.
 * `wd` is never chosen, so that it stays free for the with-defaults attribute. @see RFC 6243 §6
 */
export class PrefixBinder implements ValueContext {
  readonly defaultModule = '';
  readonly #schema: SchemaTree;
  readonly #prefixes = new Map<string, string>();
  readonly #taken = new Set<string>();

  constructor(schema: SchemaTree) {
    this.#schema = schema;
  }

  resolvePrefix(): undefined {
    return undefined;
  }

  findIdentity(module: string, name: string): ReturnType<ValueContext['findIdentity']> {
    return this.#schema.modules.get(module)?.identities.get(name);
  }

  prefixOf(module: string): string | undefined {
    const known = this.#prefixes.get(module);
    if (known !== undefined) return known;
    const compiled = this.#schema.modules.get(module);
    if (compiled === undefined) return undefined;
    const wanted = RESERVED.test(compiled.prefix) ? `p${compiled.prefix}` : compiled.prefix;
    let prefix = wanted;
    for (let suffix = 2; this.#taken.has(prefix); suffix++) prefix = `${wanted}${suffix}`;
    this.#prefixes.set(module, prefix);
    this.#taken.add(prefix);
    return prefix;
  }

  /** Clears the bindings, before the next value. */
  reset(): void {
    this.#prefixes.clear();
    this.#taken.clear();
  }

  /** The namespace declarations the last value needs, as attribute text (`xmlns:p="…"` each). */
  declarations(): string {
    let text = '';
    for (const [module, prefix] of this.#prefixes) {
      const namespace = this.#schema.modules.get(module)?.namespace ?? '';
      text += ` xmlns:${prefix}="${escapeXmlAttribute(namespace)}"`;
    }
    return text;
  }
}
