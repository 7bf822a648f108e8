/**
 * @module xpath/token
 * The tokens of XPath 1.0's expression lexical structure, after the §3.7 disambiguation.
 */

/** The kind of an ExprToken (W3C XPath 1.0 §3.7), plus `eof`. */
export type TokenType =
  | 'number'
  | 'literal'
  | 'name-test'
  | 'node-type'
  | 'function-name'
  | 'axis-name'
  | 'variable'
  | 'operator'
  | 'punctuation'
  | 'eof';

/** One lexical token with its source range. @see W3C XPath 1.0 §3.7 */
export interface Token {
  readonly type: TokenType;
  /**
   * The operator or punctuation symbol, the literal's content, or the (local) name;
   * `*` for the wildcard name tests `*` and `prefix:*`.
   */
  readonly text: string;
  /** The prefix of a QName (name test, function name, variable), if any. */
  readonly prefix: string | undefined;
  /** The value of a number token; NaN otherwise. */
  readonly value: number;
  /** Offset of the first character. */
  readonly start: number;
}
