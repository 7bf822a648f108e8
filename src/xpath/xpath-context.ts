/**
 * @module xpath/xpath-context
 * What a caller supplies to evaluate an expression: the context node, the navigator, the
 * `current()` node, variables, namespace resolution and the YANG hooks.
 */
import type { XPathNavigator } from './xpath-navigator.ts';
import type { XPathValue } from './xpath-value.ts';

/** The evaluation context of an expression. @see W3C XPath 1.0 §1 @see RFC 7950 §6.4.1 */
export interface XPathContext<N> {
  /** The context node (position and size are 1). */
  readonly node: N;
  readonly navigator: XPathNavigator<N>;
  /** The node `current()` returns; the context node when omitted. @see RFC 7950 §10.1.1 */
  readonly current?: N;
  /** Variable bindings, keyed by the name as written (`prefix:local` or `local`). @see W3C XPath 1.0 §3.1 */
  readonly variables?: ReadonlyMap<string, XPathValue<N>>;
  /**
   * Resolves a QName prefix of a name test to the namespace the navigator reports (URI or
   * module name); undefined for an unknown prefix, which is an evaluation error.
   */
  readonly resolvePrefix?: (prefix: string) => string | undefined;
  /**
   * The namespace of unprefixed name tests: in YANG, the module the expression is defined in
   * (RFC 7950 §6.4.1). When omitted, unprefixed name tests match any namespace.
   */
  readonly defaultNamespace?: string;
  /** Compiles an XSD regular expression for `re-match()`; a simple built-in conversion when omitted. @see RFC 7950 §10.2.1 */
  readonly translateRegex?: (pattern: string) => RegExp;
  /**
   * Answers `derived-from()` and `derived-from-or-self()`: is the identityref `value` (as in
   * the node's string-value) derived from (or, with `orSelf`, equal to) `identity`, a QName
   * written in the expression? False for every node when omitted. @see RFC 7950 §10.4.1
   */
  readonly isDerivedFrom?: (value: string, identity: string, orSelf: boolean, node: N) => boolean;
}
