/**
 * @module restconf/uri-value
 * Typed values of list keys and leaf-list entries written in a URI. RFC 8040 asks for the
 * canonical form; identityrefs are read as `module:identity` (the JSON form), and, as the
 * identity service's clients write them, also as `prefix:identity` with a module's own prefix,
 * or as a bare identity name when exactly one module defines a suitable identity of that name.
 * @see RFC 8040 §3.5.3, RFC 7951 §6.8, docs/restconf.md (identityref keys)
 */
import { InvalidValueError } from '../errors/index.ts';
import type {
  LeafListNode,
  LeafNode,
  SchemaTree,
  TypeCheckFailure,
  TypeSpec,
  ValueContext,
  YangValue,
} from '../yang/index.ts';
import { isTypeCheckFailure, parseLexical } from '../yang/index.ts';

interface SchemaNames {
  /** Module prefix → module names declaring it. */
  readonly modulesByPrefix: ReadonlyMap<string, readonly string[]>;
  /** Identity name → modules defining an identity of that name. */
  readonly identityModules: ReadonlyMap<string, readonly string[]>;
}

const NAMES = new WeakMap<SchemaTree, SchemaNames>();

const push = (map: Map<string, string[]>, key: string, value: string): void => {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
};

const namesOf = (schema: SchemaTree): SchemaNames => {
  let names = NAMES.get(schema);
  if (names === undefined) {
    const modulesByPrefix = new Map<string, string[]>();
    const identityModules = new Map<string, string[]>();
    for (const module of schema.modules.values()) {
      push(modulesByPrefix, module.prefix, module.name);
      for (const name of module.identities.keys()) push(identityModules, name, module.name);
    }
    names = { modulesByPrefix, identityModules };
    NAMES.set(schema, names);
  }
  return names;
};

const CONTEXTS = new WeakMap<SchemaTree, Map<string, ValueContext>>();

/**
 * The value context of URI text for values of nodes in `module`: a qualifier is a module name
 * or, failing that, the prefix of exactly one loaded module; unqualified names belong to `module`.
 */
export const uriValueContext = (schema: SchemaTree, module: string): ValueContext => {
  let byModule = CONTEXTS.get(schema);
  if (byModule === undefined) {
    byModule = new Map();
    CONTEXTS.set(schema, byModule);
  }
  let context = byModule.get(module);
  if (context === undefined) {
    const { modulesByPrefix } = namesOf(schema);
    context = {
      resolvePrefix: (prefix) => {
        if (prefix === '') return undefined;
        if (schema.modules.has(prefix)) return prefix;
        const modules = modulesByPrefix.get(prefix);
        return modules?.length === 1 ? modules[0] : undefined;
      },
      prefixOf: (name) => name,
      findIdentity: (name, identity) => schema.modules.get(name)?.identities.get(identity),
      defaultModule: module,
    };
    byModule.set(module, context);
  }
  return context;
};

const involvesIdentityref = (type: TypeSpec): boolean =>
  type.base === 'identityref' ||
  (type.base === 'union' && type.members.some(involvesIdentityref)) ||
  (type.base === 'leafref' && type.target !== undefined && involvesIdentityref(type.target));

/**
 * A bare identity name that the node's own module does not define as a fitting identity: the
 * fitting identities of that name in other modules, tried one by one.
 */
const parseBareIdentity = (
  node: LeafNode | LeafListNode,
  text: string,
  schema: SchemaTree,
  context: ValueContext,
): { readonly module: string; readonly value: YangValue }[] => {
  const fits: { readonly module: string; readonly value: YangValue }[] = [];
  for (const module of namesOf(schema).identityModules.get(text) ?? []) {
    const value = parseLexical(node.type, `${module}:${text}`, context);
    if (!isTypeCheckFailure(value)) fits.push({ module, value });
  }
  return fits;
};

/**
 * Parses the (percent-decoded) URI text of a value of `node`; `what` and `path` describe the
 * place for the InvalidValueError thrown when the text does not fit the type (`path` may be a
 * function, called only then).
 */
export const parseUriValue = (
  node: LeafNode | LeafListNode,
  text: string,
  schema: SchemaTree,
  what: string,
  errorPath: string | (() => string),
): YangValue => {
  const context = uriValueContext(schema, node.module);
  const result: YangValue | TypeCheckFailure = parseLexical(node.type, text, context);
  if (!isTypeCheckFailure(result)) return result;
  const path = typeof errorPath === 'string' ? errorPath : errorPath();
  if (!text.includes(':') && involvesIdentityref(node.type)) {
    const fits = parseBareIdentity(node, text, schema, context);
    const [only] = fits;
    if (only !== undefined && fits.length === 1) return only.value;
    if (fits.length > 1) {
      const choices = fits.map((fit) => `${fit.module}:${text}`).join(', ');
      throw new InvalidValueError(
        `${what}: identity "${text}" is ambiguous; write it with its module name: ${choices}`,
        {
          path,
        },
      );
    }
  }
  throw new InvalidValueError(`${what}: ${result.message}`, {
    path,
    ...(result.appTag === undefined ? {} : { appTag: result.appTag }),
  });
};
