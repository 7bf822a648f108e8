/**
 * @module xpath/function-signatures
 * The known functions with their arities and result types, so that the parser can reject an
 * unknown function or a wrong argument count before any evaluation.
 */

/** The four XPath 1.0 object types. @see W3C XPath 1.0 §1 */
export type XPathValueType = 'node-set' | 'boolean' | 'number' | 'string';

/** What the parser knows about a function: argument count bounds and result type. */
export interface FunctionSignature {
  readonly minArgs: number;
  /** `Infinity` for variadic functions such as `concat`. */
  readonly maxArgs: number;
  readonly returns: XPathValueType;
  /** Argument positions that must be node-sets (checked statically when the argument's type is known). */
  readonly nodeSetArgs: readonly number[];
}

const signature = (
  minArgs: number,
  maxArgs: number,
  returns: XPathValueType,
  nodeSetArgs: readonly number[] = [],
): FunctionSignature => ({ minArgs, maxArgs, returns, nodeSetArgs });

/**
 * The XPath 1.0 core library (W3C XPath 1.0 §4) and the YANG 1.1 functions (RFC 7950 §10).
 * @see W3C XPath 1.0 §4
 * @see RFC 7950 §10
 */
export const FUNCTION_SIGNATURES: ReadonlyMap<string, FunctionSignature> = new Map([
  ['last', signature(0, 0, 'number')],
  ['position', signature(0, 0, 'number')],
  ['count', signature(1, 1, 'number', [0])],
  ['id', signature(1, 1, 'node-set')],
  ['local-name', signature(0, 1, 'string', [0])],
  ['namespace-uri', signature(0, 1, 'string', [0])],
  ['name', signature(0, 1, 'string', [0])],
  ['string', signature(0, 1, 'string')],
  ['concat', signature(2, Number.POSITIVE_INFINITY, 'string')],
  ['starts-with', signature(2, 2, 'boolean')],
  ['contains', signature(2, 2, 'boolean')],
  ['substring-before', signature(2, 2, 'string')],
  ['substring-after', signature(2, 2, 'string')],
  ['substring', signature(2, 3, 'string')],
  ['string-length', signature(0, 1, 'number')],
  ['normalize-space', signature(0, 1, 'string')],
  ['translate', signature(3, 3, 'string')],
  ['boolean', signature(1, 1, 'boolean')],
  ['not', signature(1, 1, 'boolean')],
  ['true', signature(0, 0, 'boolean')],
  ['false', signature(0, 0, 'boolean')],
  ['lang', signature(1, 1, 'boolean')],
  ['number', signature(0, 1, 'number')],
  ['sum', signature(1, 1, 'number', [0])],
  ['floor', signature(1, 1, 'number')],
  ['ceiling', signature(1, 1, 'number')],
  ['round', signature(1, 1, 'number')],
  ['current', signature(0, 0, 'node-set')],
  ['re-match', signature(2, 2, 'boolean')],
  ['deref', signature(1, 1, 'node-set', [0])],
  ['derived-from', signature(2, 2, 'boolean', [0])],
  ['derived-from-or-self', signature(2, 2, 'boolean', [0])],
  ['enum-value', signature(1, 1, 'number', [0])],
  ['bit-is-set', signature(2, 2, 'boolean', [0])],
]);
