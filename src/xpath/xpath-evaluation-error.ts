/**
 * @module xpath/xpath-evaluation-error
 * The error thrown when a well-formed expression cannot be evaluated (a type error, an unbound
 * variable or namespace prefix).
 */

/** A run-time XPath error: wrong argument type, unknown variable or unresolvable prefix. @see W3C XPath 1.0 §3 */
export class XPathEvaluationError extends Error {
  override readonly name = 'XPathEvaluationError';
}
