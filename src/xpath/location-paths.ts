/**
 * @module xpath/location-paths
 * Lists every location path of an expression with where it starts and where it sits, so that
 * the YANG compiler can resolve each one against the schema (as libyang's lyxp_atomize does).
 */
import type { Axis, NodeTest, Step, XPathExpression } from './ast.ts';

/** Where a collected path starts. */
export type LocationPathOrigin =
  /** `/a/b`: the root. */
  | 'root'
  /** `a/b`, `../a`: the context node (for a path in a predicate, the node the predicate filters). */
  | 'context'
  /** `current()/../a`: the node `current()` returns. @see RFC 7950 §10.1.1 */
  | 'current'
  /** `deref(x)/a`, `(a|b)/c`, `$v/a`: whatever another expression selects. */
  | 'expression';

/** One step of a collected path, reduced to what a schema lookup needs. */
export interface CollectedStep {
  readonly axis: Axis;
  /** `name` for `prefix:local` tests, `wildcard` for `*`/`prefix:*`, else the node type (`node`, `text`, …). */
  readonly test: 'name' | 'wildcard' | 'node' | 'text' | 'comment' | 'processing-instruction';
  readonly prefix: string | undefined;
  /** The local name of a name test; undefined otherwise. */
  readonly localName: string | undefined;
  readonly hasPredicates: boolean;
}

/** A location path found in an expression. */
export interface CollectedLocationPath {
  readonly origin: LocationPathOrigin;
  /** True for `origin: 'root'`. */
  readonly absolute: boolean;
  readonly steps: readonly CollectedStep[];
  /** The path's predicate nesting depth: 0 at top level. */
  readonly predicateDepth: number;
  /**
   * For a path inside a step predicate: the path and the index of the step the predicate
   * filters, which is what an `origin: 'context'` path is relative to.
   */
  readonly within: { readonly path: CollectedLocationPath; readonly stepIndex: number } | undefined;
  /** Names of the functions whose arguments contain the path, outermost first. */
  readonly functions: readonly string[];
}

interface Scope {
  readonly predicateDepth: number;
  readonly within: CollectedLocationPath['within'];
  readonly functions: readonly string[];
}

/** Every location path of `expression`, in source order, outer paths before their predicates' paths. */
export function collectLocationPaths(expression: XPathExpression): readonly CollectedLocationPath[] {
  const found: CollectedLocationPath[] = [];
  walk(expression, { predicateDepth: 0, within: undefined, functions: [] }, found);
  return found;
}

function walk(expression: XPathExpression, scope: Scope, found: CollectedLocationPath[]): void {
  switch (expression.kind) {
    case 'path':
      addPath(expression.absolute ? 'root' : 'context', expression.steps, scope, found);
      return;
    case 'filter-path': {
      const origin = originOf(expression.filter);
      if (origin === 'expression') walk(expression.filter, scope, found);
      addPath(origin, expression.steps, scope, found);
      return;
    }
    case 'filter':
      walk(expression.primary, scope, found);
      // The predicates of a filter expression filter whatever the primary selects.
      for (const predicate of expression.predicates) {
        walk(predicate, { ...scope, predicateDepth: scope.predicateDepth + 1, within: undefined }, found);
      }
      return;
    case 'union':
      for (const operand of expression.operands) walk(operand, scope, found);
      return;
    case 'binary':
      walk(expression.left, scope, found);
      walk(expression.right, scope, found);
      return;
    case 'negate':
      walk(expression.operand, scope, found);
      return;
    case 'function': {
      const inner: Scope = { ...scope, functions: [...scope.functions, expression.name] };
      for (const arg of expression.args) walk(arg, inner, found);
      return;
    }
    case 'literal':
    case 'number':
    case 'variable':
      return;
  }
}

/** `current()` starts a current-relative path; anything else is some other expression. */
function originOf(filter: XPathExpression): LocationPathOrigin {
  return filter.kind === 'function' && filter.name === 'current' ? 'current' : 'expression';
}

function addPath(
  origin: LocationPathOrigin,
  steps: readonly Step[],
  scope: Scope,
  found: CollectedLocationPath[],
): void {
  const path: CollectedLocationPath = {
    origin,
    absolute: origin === 'root',
    steps: steps.map(collectStep),
    predicateDepth: scope.predicateDepth,
    within: scope.within,
    functions: scope.functions,
  };
  found.push(path);
  steps.forEach((step, stepIndex) => {
    for (const predicate of step.predicates) {
      walk(
        predicate,
        { predicateDepth: scope.predicateDepth + 1, within: { path, stepIndex }, functions: scope.functions },
        found,
      );
    }
  });
}

function collectStep(step: Step): CollectedStep {
  return { axis: step.axis, ...describeTest(step.test), hasPredicates: step.predicates.length > 0 };
}

function describeTest(test: NodeTest): Pick<CollectedStep, 'test' | 'prefix' | 'localName'> {
  switch (test.kind) {
    case 'name-test':
      return { test: 'name', prefix: test.prefix, localName: test.localName };
    case 'wildcard-test':
      return { test: 'wildcard', prefix: test.prefix, localName: undefined };
    case 'type-test':
      return { test: test.type, prefix: undefined, localName: undefined };
  }
}
