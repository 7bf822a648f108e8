/**
 * @module data/validation/literal-canonicalization
 * A literal compared with `=` or `!=` to leaves is rewritten, once, into the canonical form of
 * the leaves' type, read with the prefixes of the expression's module: `. = 'sys:radius'` then
 * matches an identityref whose canonical value is `ietf-system:radius`. libyang does the same
 * when it compares a node-set with a string; a literal that is not a value of the type is kept.
 * @see RFC 7950 §9.10.3 (identityref in XPath), §6.4.1
 */
import type { LiteralExpression, Step, XPathExpression } from '../../xpath/index.ts';
import type { SchemaTree, TypeSpec, ValueContext } from '../../yang/index.ts';
import { isTypeCheckFailure, parseLexical, toCanonical } from '../../yang/index.ts';
import type { CompiledXPath } from './compiled-xpath.ts';
import type { DataLevel } from './schema-walk.ts';
import { comparedLiterals } from './xpath-reads.ts';

const canonicalText = (type: TypeSpec, text: string, context: ValueContext): string | undefined => {
  const value = parseLexical(type, text, context);
  if (isTypeCheckFailure(value)) return undefined;
  try {
    return toCanonical(type, value);
  } catch {
    return undefined;
  }
};

const rewriteStep = (step: Step, replace: (literal: LiteralExpression) => XPathExpression): Step => ({
  ...step,
  predicates: step.predicates.map((predicate) => rewrite(predicate, replace)),
});

/** A copy of `expression` with some literals replaced. */
const rewrite = (
  expression: XPathExpression,
  replace: (literal: LiteralExpression) => XPathExpression,
): XPathExpression => {
  switch (expression.kind) {
    case 'literal':
      return replace(expression);
    case 'path':
      return { ...expression, steps: expression.steps.map((step) => rewriteStep(step, replace)) };
    case 'filter-path':
      return {
        ...expression,
        filter: rewrite(expression.filter, replace),
        steps: expression.steps.map((step) => rewriteStep(step, replace)),
      };
    case 'filter':
      return {
        ...expression,
        primary: rewrite(expression.primary, replace),
        predicates: expression.predicates.map((predicate) => rewrite(predicate, replace)),
      };
    case 'union':
      return { ...expression, operands: expression.operands.map((operand) => rewrite(operand, replace)) };
    case 'binary':
      return { ...expression, left: rewrite(expression.left, replace), right: rewrite(expression.right, replace) };
    case 'negate':
      return { ...expression, operand: rewrite(expression.operand, replace) };
    case 'function':
      return { ...expression, args: expression.args.map((arg) => rewrite(arg, replace)) };
    case 'number':
    case 'variable':
      return expression;
  }
};

/** `xpath` with its compared literals in the canonical form of the leaves they are compared to. */
export const canonicalizeLiterals = (schema: SchemaTree, xpath: CompiledXPath, context: DataLevel): CompiledXPath => {
  const { expression } = xpath;
  if (expression === undefined) return xpath;
  const valueContext: ValueContext = {
    resolvePrefix: (prefix) => (prefix === '' ? xpath.defaultModule : xpath.prefixes.get(prefix)),
    prefixOf: (module) => module,
    findIdentity: (module, name) => schema.modules.get(module)?.identities.get(name),
    defaultModule: xpath.defaultModule,
  };
  const replacements = new Map<LiteralExpression, string>();
  for (const [literal, levels] of comparedLiterals(schema, xpath, context)) {
    const texts = new Set<string | undefined>();
    for (const level of levels) {
      const type = 'kind' in level && (level.kind === 'leaf' || level.kind === 'leaf-list') ? level.type : undefined;
      texts.add(type === undefined ? undefined : canonicalText(type, literal.value, valueContext));
    }
    const [text] = texts;
    if (texts.size === 1 && text !== undefined && text !== literal.value) replacements.set(literal, text);
  }
  if (replacements.size === 0) return xpath;
  return {
    ...xpath,
    expression: rewrite(expression, (literal) => {
      const text = replacements.get(literal);
      return text === undefined ? literal : { kind: 'literal', value: text };
    }),
  };
};
