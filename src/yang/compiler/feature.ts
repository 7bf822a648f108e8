/**
 * @module yang/compiler/feature
 * Features: which are enabled (per `LoadedModule.features`, and only if their own if-features
 * hold), and evaluation of `if-feature` expressions with `and`, `or`, `not` and parentheses.
 * @see RFC 7950 §7.20.1, §7.20.2
 */
import type { Statement } from '../statement.ts';
import {
  type CompileContext,
  type ModuleContext,
  moduleContextOfPrefix,
  report,
  type SourceFile,
  splitQualifiedName,
  subs,
} from './context.ts';

/** A parsed if-feature expression. @see RFC 7950 §7.20.2 (if-feature-expr) */
export type IfFeatureExpression =
  | { readonly op: 'feature'; readonly name: string }
  | { readonly op: 'not'; readonly operand: IfFeatureExpression }
  | { readonly op: 'and' | 'or'; readonly left: IfFeatureExpression; readonly right: IfFeatureExpression };

/** Parses an if-feature argument; undefined when malformed. @see RFC 7950 §14 (if-feature-expr) */
export const parseIfFeature = (text: string): IfFeatureExpression | undefined => {
  const tokens = text.match(/\(|\)|[^\s()]+/g) ?? [];
  let position = 0;
  const parseOr = (): IfFeatureExpression | undefined => {
    let left = parseAnd();
    while (left !== undefined && tokens[position] === 'or') {
      position++;
      const right = parseAnd();
      left = right === undefined ? undefined : { op: 'or', left, right };
    }
    return left;
  };
  const parseAnd = (): IfFeatureExpression | undefined => {
    let left = parseFactor();
    while (left !== undefined && tokens[position] === 'and') {
      position++;
      const right = parseFactor();
      left = right === undefined ? undefined : { op: 'and', left, right };
    }
    return left;
  };
  const parseFactor = (): IfFeatureExpression | undefined => {
    const token = tokens[position++];
    if (token === undefined || token === ')' || token === 'and' || token === 'or') return undefined;
    if (token === 'not') {
      const operand = parseFactor();
      return operand === undefined ? undefined : { op: 'not', operand };
    }
    if (token === '(') {
      const inner = parseOr();
      return tokens[position++] === ')' ? inner : undefined;
    }
    return { op: 'feature', name: token };
  };
  const expression = parseOr();
  return position === tokens.length ? expression : undefined;
};

/** Evaluates a feature by module and name; resolving recursively with cycle detection. */
const featureEnabled = (
  context: CompileContext,
  module: ModuleContext,
  name: string,
  visiting: Set<string>,
): boolean | undefined => {
  const known = module.features.get(name);
  if (known !== undefined) return known;
  const definition = module.featureStatements.get(name);
  if (definition === undefined) return undefined;
  const key = `${module.name}:${name}`;
  if (visiting.has(key)) {
    report(
      context,
      'error',
      'circular-feature',
      `feature "${name}" depends on itself through if-feature`,
      definition.statement.location,
    );
    module.features.set(name, false);
    return false;
  }
  visiting.add(key);
  const listed =
    module.allFeatures === true || module.loaded.features === 'all' || module.loaded.features.includes(name);
  const conditions = subs(definition.statement, 'if-feature').every((ifFeature) =>
    evaluateIfFeature(context, definition.file, ifFeature, visiting),
  );
  visiting.delete(key);
  const enabled = listed && conditions;
  module.features.set(name, enabled);
  return enabled;
};

/** Evaluates one `if-feature` statement in a file's prefix context; reports unknown features. @see RFC 7950 §7.20.2 */
export const evaluateIfFeature = (
  context: CompileContext,
  file: SourceFile,
  statement: Statement,
  visiting: Set<string> = new Set(),
): boolean => {
  const expression = parseIfFeature(statement.argument ?? '');
  if (expression === undefined) {
    report(
      context,
      'error',
      'invalid-if-feature',
      `invalid if-feature expression "${statement.argument ?? ''}"`,
      statement.location,
    );
    return false;
  }
  const evaluate = (node: IfFeatureExpression): boolean => {
    switch (node.op) {
      case 'not':
        return !evaluate(node.operand);
      case 'and':
        return evaluate(node.left) && evaluate(node.right);
      case 'or':
        return evaluate(node.left) || evaluate(node.right);
      case 'feature': {
        const { prefix, name } = splitQualifiedName(node.name);
        const module = moduleContextOfPrefix(context, file, prefix);
        if (module === undefined) {
          report(
            context,
            'error',
            'unknown-prefix',
            `unknown prefix "${prefix ?? ''}" in if-feature`,
            statement.location,
          );
          return false;
        }
        const enabled = featureEnabled(context, module, name, visiting);
        if (enabled === undefined) {
          report(context, 'error', 'unknown-feature', `unknown feature "${node.name}"`, statement.location);
          return false;
        }
        return enabled;
      }
    }
  };
  return evaluate(expression);
};

/** True when every `if-feature` of a statement holds. */
export const ifFeaturesHold = (context: CompileContext, file: SourceFile, statement: Statement): boolean =>
  subs(statement, 'if-feature').every((ifFeature) => evaluateIfFeature(context, file, ifFeature));

/** Computes the enabled state of every feature of every module. @see RFC 7950 §7.20.1 */
export const resolveFeatures = (context: CompileContext): void => {
  for (const module of context.modules.values()) {
    for (const name of module.featureStatements.keys()) featureEnabled(context, module, name, new Set());
  }
};
