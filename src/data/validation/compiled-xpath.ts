/**
 * @module data/validation/compiled-xpath
 * A `must`/`when` expression ready to evaluate over the accessible tree: the parsed expression
 * (parsed once by the compiler), the module of unprefixed names and the prefix table of the file
 * it is written in, and the YANG hooks (`re-match`, `derived-from`).
 * @see RFC 7950 §6.4.1, §7.5.3, §7.21.5, §10
 */
import type { XPathContext, XPathExpression } from '../../xpath/index.ts';
import { evaluateXPathBoolean, parseXPath } from '../../xpath/index.ts';
import type { Identity, SchemaTree, XPathConstraint } from '../../yang/index.ts';
import { compileXsdRegex, isIdentityValue } from '../../yang/index.ts';
import type { AccessibleNode, InstanceNavigator } from '../instance/index.ts';

/** An expression with everything needed to evaluate it. */
export interface CompiledXPath {
  /** The expression as written, for messages. */
  readonly text: string;
  readonly expression: XPathExpression | undefined;
  /** The module of unprefixed names: the module of the node the statement applies to. @see RFC 7950 §6.4.1 */
  readonly defaultModule: string;
  /** prefix → module name in the file the expression is written in. */
  readonly prefixes: ReadonlyMap<string, string>;
  readonly schema: SchemaTree;
}

const isXPathExpression = (value: unknown): value is XPathExpression =>
  typeof value === 'object' && value !== null && 'kind' in value;

const parseOrUndefined = (text: string): XPathExpression | undefined => {
  try {
    return parseXPath(text);
  } catch {
    return undefined;
  }
};

/** Compiles a constraint of a node of module `nodeModule`. */
export const compileConstraint = (
  schema: SchemaTree,
  constraint: XPathConstraint,
  nodeModule: string,
): CompiledXPath => ({
  text: constraint.xpath,
  expression: isXPathExpression(constraint.expression) ? constraint.expression : parseOrUndefined(constraint.xpath),
  defaultModule: nodeModule,
  prefixes: constraint.prefixes ?? schema.modules.get(constraint.prefixModule)?.prefixes ?? new Map(),
  schema,
});

/** Compiles a path written in `module`'s file (a leafref path) as an expression. */
export const compilePath = (
  schema: SchemaTree,
  text: string,
  prefixModule: string,
  nodeModule: string,
): CompiledXPath => ({
  text,
  expression: parseOrUndefined(text),
  defaultModule: nodeModule,
  prefixes: schema.modules.get(prefixModule)?.prefixes ?? new Map(),
  schema,
});

const derivesFrom = (identity: Identity, base: Identity): boolean =>
  identity.bases.some((direct) => direct === base || derivesFrom(direct, base));

const identityOfNode = (schema: SchemaTree, node: AccessibleNode, text: string): Identity | undefined => {
  const value = node.value;
  if (value !== undefined && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    if (isIdentityValue(value as never)) {
      const identity = value as { module: string; name: string };
      return schema.identities.get(`${identity.module}:${identity.name}`);
    }
  }
  return schema.identities.get(text);
};

const contexts = new WeakMap<CompiledXPath, Omit<XPathContext<AccessibleNode>, 'node' | 'current'>>();

const baseContext = (
  xpath: CompiledXPath,
  navigator: InstanceNavigator,
): Omit<XPathContext<AccessibleNode>, 'node' | 'current'> => {
  const known = contexts.get(xpath);
  if (known !== undefined && known.navigator === navigator) return known;
  const { schema, prefixes, defaultModule } = xpath;
  const context: Omit<XPathContext<AccessibleNode>, 'node' | 'current'> = {
    navigator,
    resolvePrefix: (prefix) => prefixes.get(prefix),
    defaultNamespace: defaultModule,
    translateRegex: compileXsdRegex,
    isDerivedFrom: (value, qname, orSelf, node) => {
      const colon = qname.indexOf(':');
      const module = colon < 0 ? defaultModule : prefixes.get(qname.slice(0, colon));
      const base = schema.identities.get(`${module ?? ''}:${colon < 0 ? qname : qname.slice(colon + 1)}`);
      const identity = identityOfNode(schema, node, value);
      if (base === undefined || identity === undefined) return false;
      return (orSelf && identity === base) || derivesFrom(identity, base);
    },
  };
  contexts.set(xpath, context);
  return context;
};

/**
 * Evaluates `xpath` to a boolean with `node` as context and `current()` node; an expression that
 * cannot be evaluated counts as false (the compiler has already reported it).
 */
export const evaluateCondition = (
  xpath: CompiledXPath,
  navigator: InstanceNavigator,
  node: AccessibleNode,
  current: AccessibleNode = node,
): boolean => {
  if (xpath.expression === undefined) return false;
  try {
    return evaluateXPathBoolean(xpath.expression, { ...baseContext(xpath, navigator), node, current });
  } catch {
    return false;
  }
};
