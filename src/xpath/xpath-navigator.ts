/**
 * @module xpath/xpath-navigator
 * The abstract tree the evaluator walks. Any tree can be navigated (immutable YANG instance
 * trees, test fixtures) by implementing this interface over its own node handle type.
 */

/** The node kinds the evaluator distinguishes. YANG data has no comments, PIs or namespace nodes. @see W3C XPath 1.0 §5 */
export type XPathNodeKind = 'root' | 'element' | 'text' | 'attribute';

/**
 * Navigation over a tree of node handles `N`. Handles are compared with `===`, so a navigator
 * must return the same handle for the same node (or the evaluator would report duplicates).
 * For YANG data the elements are containers, list entries, leafs and leaf-list entries, and a
 * leaf's string-value is its canonical value.
 * @see W3C XPath 1.0 §5
 * @see RFC 7950 §6.4.1
 */
export interface XPathNavigator<N> {
  /** The node's kind. */
  kind(node: N): XPathNodeKind;
  /** The parent (for an attribute: its element); undefined for the root. */
  parent(node: N): N | undefined;
  /** The child nodes (elements and text) in document order; empty for leaves and attributes. */
  children(node: N): readonly N[];
  /** The attribute nodes (YANG metadata, RFC 7952); may always be empty. */
  attributes(node: N): readonly N[];
  /** The namespace of an element or attribute: a namespace URI or a YANG module name. */
  namespace(node: N): string;
  /** The local name of an element or attribute; empty for root and text nodes. */
  localName(node: N): string;
  /** The string-value; for a YANG leaf, its canonical value. @see W3C XPath 1.0 §5 */
  stringValue(node: N): string;
  /** Negative, zero or positive as `a` comes before, is, or comes after `b` in document order. */
  compareDocumentOrder(a: N, b: N): number;
  /** The root node of the tree holding `node`. */
  root(node: N): N;
  /** The name shown by `name()`; the local name when omitted. @see W3C XPath 1.0 §4.1 */
  qualifiedName?(node: N): string;
  /** The nodes a leafref or instance-identifier leaf points to, for `deref()`. @see RFC 7950 §10.3.1 */
  deref?(node: N): readonly N[];
  /** The integer value of an enumeration leaf, for `enum-value()`; undefined if it is none. @see RFC 7950 §10.5.1 */
  enumValue?(node: N): number | undefined;
  /**
   * Whether bit `bitName` is set in a bits leaf, for `bit-is-set()`; when omitted, the
   * string-value is read as the space-separated list of set bits. @see RFC 7950 §10.6.1
   */
  isBitSet?(node: N, bitName: string): boolean;
}
