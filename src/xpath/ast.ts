/**
 * @module xpath/ast
 * The parsed form of an XPath 1.0 expression: an immutable tree, discriminated on `kind`.
 * Abbreviations are expanded (`.` is `self::node()`, `//` is `/descendant-or-self::node()/`).
 */

/** The thirteen axes, spelled as in the grammar. @see W3C XPath 1.0 §2.2 */
export type Axis =
  | 'ancestor'
  | 'ancestor-or-self'
  | 'attribute'
  | 'child'
  | 'descendant'
  | 'descendant-or-self'
  | 'following'
  | 'following-sibling'
  | 'namespace'
  | 'parent'
  | 'preceding'
  | 'preceding-sibling'
  | 'self';

/** Every axis name, for the lexer's AxisName rule. @see W3C XPath 1.0 §2.2 */
export const AXES: ReadonlySet<string> = new Set<Axis>([
  'ancestor',
  'ancestor-or-self',
  'attribute',
  'child',
  'descendant',
  'descendant-or-self',
  'following',
  'following-sibling',
  'namespace',
  'parent',
  'preceding',
  'preceding-sibling',
  'self',
]);

/** The NodeType names usable as node tests. @see W3C XPath 1.0 §2.3 */
export type NodeType = 'comment' | 'text' | 'processing-instruction' | 'node';

/** A QName name test (`prefix:local` or `local`). @see W3C XPath 1.0 §2.3 */
export interface NameTest {
  readonly kind: 'name-test';
  readonly prefix: string | undefined;
  readonly localName: string;
}

/** A wildcard name test: `*` or `prefix:*`. @see W3C XPath 1.0 §2.3 */
export interface WildcardTest {
  readonly kind: 'wildcard-test';
  readonly prefix: string | undefined;
}

/** A node-type test such as `node()` or `processing-instruction('x')`. @see W3C XPath 1.0 §2.3 */
export interface TypeTest {
  readonly kind: 'type-test';
  readonly type: NodeType;
  /** The target literal of `processing-instruction('…')`, if given. */
  readonly target: string | undefined;
}

/** Any node test. @see W3C XPath 1.0 §2.3 */
export type NodeTest = NameTest | WildcardTest | TypeTest;

/** One location step: axis, node test and predicates. @see W3C XPath 1.0 §2.1 */
export interface Step {
  readonly kind: 'step';
  readonly axis: Axis;
  readonly test: NodeTest;
  readonly predicates: readonly XPathExpression[];
}

/** A location path, absolute (`/a/b`) or relative (`a/b`); `/` alone has no steps. @see W3C XPath 1.0 §2 */
export interface LocationPath {
  readonly kind: 'path';
  readonly absolute: boolean;
  readonly steps: readonly Step[];
  /** Offset of the path's first character in the source text. */
  readonly offset: number;
}

/** A primary expression followed by predicates, such as `(a|b)[1]`. @see W3C XPath 1.0 §3.3 */
export interface FilterExpression {
  readonly kind: 'filter';
  readonly primary: XPathExpression;
  readonly predicates: readonly XPathExpression[];
}

/** A filter expression followed by location steps, such as `current()/../name`. @see W3C XPath 1.0 §3.3 */
export interface FilterPath {
  readonly kind: 'filter-path';
  readonly filter: XPathExpression;
  readonly steps: readonly Step[];
}

/** A union `a | b | c` of node-sets, flattened. @see W3C XPath 1.0 §3.3 */
export interface UnionExpression {
  readonly kind: 'union';
  readonly operands: readonly XPathExpression[];
}

/** The binary operators other than `|`. @see W3C XPath 1.0 §3.4, §3.5 */
export type BinaryOperator = 'or' | 'and' | '=' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | 'div' | 'mod';

/** A binary operation; chains are left-associative. @see W3C XPath 1.0 §3.4, §3.5 */
export interface BinaryExpression {
  readonly kind: 'binary';
  readonly operator: BinaryOperator;
  readonly left: XPathExpression;
  readonly right: XPathExpression;
}

/** Unary minus. @see W3C XPath 1.0 §3.5 */
export interface NegateExpression {
  readonly kind: 'negate';
  readonly operand: XPathExpression;
}

/** A string literal. @see W3C XPath 1.0 §3.7 */
export interface LiteralExpression {
  readonly kind: 'literal';
  readonly value: string;
}

/** A number literal. @see W3C XPath 1.0 §3.7 */
export interface NumberExpression {
  readonly kind: 'number';
  readonly value: number;
}

/** A variable reference `$prefix:name`. @see W3C XPath 1.0 §3.1 */
export interface VariableReference {
  readonly kind: 'variable';
  readonly prefix: string | undefined;
  readonly localName: string;
}

/** A call of a known function; the parser has checked its name and arity. @see W3C XPath 1.0 §3.2 */
export interface FunctionCall {
  readonly kind: 'function';
  /** The function's name as written, e.g. `re-match`. */
  readonly name: string;
  readonly args: readonly XPathExpression[];
}

/** Any parsed XPath expression. @see W3C XPath 1.0 §3 */
export type XPathExpression =
  | LocationPath
  | FilterExpression
  | FilterPath
  | UnionExpression
  | BinaryExpression
  | NegateExpression
  | LiteralExpression
  | NumberExpression
  | VariableReference
  | FunctionCall;

/** The `kind` of any expression node. */
export type XPathExpressionKind = XPathExpression['kind'];
