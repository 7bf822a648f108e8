/**
 * @module xpath/evaluation-env
 * The per-evaluation state shared by the evaluator and the function library, and the shape of
 * a function implementation.
 */
import type { XPathContext } from './xpath-context.ts';
import type { XPathNavigator } from './xpath-navigator.ts';
import type { XPathValue } from './xpath-value.ts';

/** State fixed for one `evaluateXPath` call: the caller's context plus resolved defaults. */
export interface EvaluationEnv<N> {
  readonly context: XPathContext<N>;
  readonly navigator: XPathNavigator<N>;
  /** The node `current()` returns. @see RFC 7950 §10.1.1 */
  readonly current: N;
}

/**
 * A library function: receives the focus (context node, position, size) and its evaluated
 * arguments, whose count the parser has already checked. @see W3C XPath 1.0 §3.2
 */
export type XPathFunctionImplementation = <N>(
  env: EvaluationEnv<N>,
  node: N,
  position: number,
  size: number,
  args: readonly XPathValue<N>[],
) => XPathValue<N>;
