/**
 * @module xpath/evaluator
 * Evaluates a parsed expression against a navigator. The AST is walked directly (no
 * re-parsing), and the focus (node, position, size) is passed as arguments rather than
 * allocated per step. @see W3C XPath 1.0 §2–3
 */
import type { Axis, Step, XPathExpression } from './ast.ts';
import { collectAxis, REVERSE_AXES, type ResolvedNodeTest } from './axes.ts';
import { compareXPathValues } from './compare.ts';
import { sortDocumentOrder } from './document-order.ts';
import type { EvaluationEnv } from './evaluation-env.ts';
import { FUNCTION_LIBRARY } from './function-library.ts';
import type { XPathContext } from './xpath-context.ts';
import { XPathEvaluationError } from './xpath-evaluation-error.ts';
import { isNodeSet, toXPathBoolean, toXPathNumber, type XPathNodeSet, type XPathValue } from './xpath-value.ts';

/** Axes whose result, from a set of nodes none of which contains another, is again such a set in order. */
const FLAT_PRESERVING_AXES: ReadonlySet<Axis> = new Set<Axis>(['child', 'attribute', 'self']);
/** Axes whose result from a single node contains no node together with one of its ancestors. */
const FLAT_FROM_ONE_AXES: ReadonlySet<Axis> = new Set<Axis>([
  'child',
  'attribute',
  'self',
  'parent',
  'following-sibling',
  'preceding-sibling',
]);

/** Evaluates `expression` in `context`; node-sets come back in document order without duplicates. @see W3C XPath 1.0 §3 */
export function evaluateXPath<N>(expression: XPathExpression, context: XPathContext<N>): XPathValue<N> {
  const env: EvaluationEnv<N> = {
    context,
    navigator: context.navigator,
    current: context.current === undefined ? context.node : context.current,
  };
  return evaluate(expression, env, context.node, 1, 1);
}

/** Evaluates `expression` and converts the result with `boolean()`, as `must` and `when` need. @see RFC 7950 §7.5.3 */
export function evaluateXPathBoolean<N>(expression: XPathExpression, context: XPathContext<N>): boolean {
  return toXPathBoolean(evaluateXPath(expression, context));
}

function evaluate<N>(
  expression: XPathExpression,
  env: EvaluationEnv<N>,
  node: N,
  position: number,
  size: number,
): XPathValue<N> {
  switch (expression.kind) {
    case 'path': {
      const start = expression.absolute ? env.navigator.root(node) : node;
      return evaluateSteps(expression.steps, env, [start], true);
    }
    case 'filter-path': {
      const nodes = requireNodeSet(evaluate(expression.filter, env, node, position, size));
      return evaluateSteps(expression.steps, env, nodes, nodes.length <= 1);
    }
    case 'filter': {
      const nodes = requireNodeSet(evaluate(expression.primary, env, node, position, size));
      return applyPredicates(expression.predicates, env, nodes);
    }
    case 'union': {
      const nodes: N[] = [];
      for (const operand of expression.operands) {
        for (const member of requireNodeSet(evaluate(operand, env, node, position, size))) nodes.push(member);
      }
      return sortDocumentOrder(env.navigator, nodes);
    }
    case 'binary':
      return evaluateBinary(expression, env, node, position, size);
    case 'negate':
      return -toXPathNumber(evaluate(expression.operand, env, node, position, size), env.navigator);
    case 'literal':
    case 'number':
      return expression.value;
    case 'variable': {
      const name =
        expression.prefix === undefined ? expression.localName : `${expression.prefix}:${expression.localName}`;
      const value = env.context.variables?.get(name);
      if (value === undefined) throw new XPathEvaluationError(`Unknown variable "$${name}"`);
      return value;
    }
    case 'function': {
      const implementation = FUNCTION_LIBRARY.get(expression.name);
      if (implementation === undefined) throw new XPathEvaluationError(`Unknown function "${expression.name}"`);
      const args: XPathValue<N>[] = [];
      for (const arg of expression.args) args.push(evaluate(arg, env, node, position, size));
      return implementation(env, node, position, size, args);
    }
  }
}

function evaluateBinary<N>(
  expression: Extract<XPathExpression, { kind: 'binary' }>,
  env: EvaluationEnv<N>,
  node: N,
  position: number,
  size: number,
): boolean | number {
  const { operator } = expression;
  const left = evaluate(expression.left, env, node, position, size);
  switch (operator) {
    case 'or':
      return toXPathBoolean(left) || toXPathBoolean(evaluate(expression.right, env, node, position, size));
    case 'and':
      return toXPathBoolean(left) && toXPathBoolean(evaluate(expression.right, env, node, position, size));
    case '=':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compareXPathValues(operator, left, evaluate(expression.right, env, node, position, size), env.navigator);
    default:
      break;
  }
  const a = toXPathNumber(left, env.navigator);
  const b = toXPathNumber(evaluate(expression.right, env, node, position, size), env.navigator);
  switch (operator) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case 'div':
      return a / b;
    case 'mod':
      // Truncating remainder, the sign following the dividend: JavaScript's % exactly.
      return a % b;
  }
}

function requireNodeSet<N>(value: XPathValue<N>): XPathNodeSet<N> {
  if (isNodeSet(value)) return value;
  throw new XPathEvaluationError(`Expected a node-set, not a ${typeof value}`);
}

/** Applies location steps to a node-set in document order; `flat` says no node contains another. */
function evaluateSteps<N>(
  steps: readonly Step[],
  env: EvaluationEnv<N>,
  start: readonly N[],
  flat: boolean,
): XPathNodeSet<N> {
  let nodes = start;
  let isFlat = flat;
  for (const step of steps) {
    if (nodes.length === 0) return nodes;
    const test = resolveNodeTest(step, env);
    const reverse = REVERSE_AXES.has(step.axis);
    const direct = step.predicates.length === 0 && !reverse;
    let out: N[] = [];
    for (const contextNode of nodes) {
      if (direct) {
        collectAxis(env.navigator, contextNode, step.axis, test, out);
        continue;
      }
      const candidates: N[] = [];
      collectAxis(env.navigator, contextNode, step.axis, test, candidates);
      const selected = applyPredicates(step.predicates, env, candidates);
      if (reverse) for (let index = selected.length - 1; index >= 0; index--) out.push(selected[index] as N);
      else for (const member of selected) out.push(member);
    }
    const ordered = nodes.length === 1 || (isFlat && FLAT_PRESERVING_AXES.has(step.axis));
    if (!ordered) out = sortDocumentOrder(env.navigator, out);
    isFlat =
      out.length <= 1 ||
      (nodes.length === 1 ? FLAT_FROM_ONE_AXES.has(step.axis) : isFlat && FLAT_PRESERVING_AXES.has(step.axis));
    nodes = out;
  }
  return nodes;
}

/** Filters `nodes` (in axis order) by each predicate in turn, with proximity positions. @see W3C XPath 1.0 §2.4 */
function applyPredicates<N>(
  predicates: readonly XPathExpression[],
  env: EvaluationEnv<N>,
  nodes: readonly N[],
): readonly N[] {
  let current = nodes;
  for (const predicate of predicates) {
    if (current.length === 0) return current;
    if (predicate.kind === 'number') {
      // `[n]` is by far the commonest predicate: select directly.
      const chosen = current[predicate.value - 1];
      current = chosen === undefined ? [] : [chosen];
      continue;
    }
    const kept: N[] = [];
    const size = current.length;
    for (let index = 0; index < size; index++) {
      const candidate = current[index] as N;
      const value = evaluate(predicate, env, candidate, index + 1, size);
      if (typeof value === 'number' ? value === index + 1 : toXPathBoolean(value)) kept.push(candidate);
    }
    current = kept;
  }
  return current;
}

function resolveNodeTest<N>(step: Step, env: EvaluationEnv<N>): ResolvedNodeTest {
  const { test } = step;
  const principal = step.axis === 'attribute' ? 'attribute' : 'element';
  switch (test.kind) {
    case 'type-test':
      return {
        kind: test.type === 'text' ? 'text' : undefined,
        localName: undefined,
        namespace: undefined,
        never: test.type === 'comment' || test.type === 'processing-instruction',
      };
    case 'wildcard-test': {
      // A bare `*` matches every name (W3C XPath 1.0 §2.3); only `prefix:*` restricts the namespace.
      const namespace = test.prefix === undefined ? undefined : resolveNamespace(test.prefix, env);
      return { kind: principal, localName: undefined, namespace, never: false };
    }
    case 'name-test':
      return {
        kind: principal,
        localName: test.localName,
        namespace: resolveNamespace(test.prefix, env),
        never: false,
      };
  }
}

/** The namespace a name test's prefix stands for; the default namespace without a prefix. @see RFC 7950 §6.4.1 */
function resolveNamespace<N>(prefix: string | undefined, env: EvaluationEnv<N>): string | undefined {
  if (prefix === undefined) return env.context.defaultNamespace;
  const namespace = env.context.resolvePrefix?.(prefix);
  if (namespace === undefined) throw new XPathEvaluationError(`Unknown namespace prefix "${prefix}"`);
  return namespace;
}
