/**
 * @module xpath/xpath-syntax-error
 * The error thrown when XPath text does not parse, with the offset where parsing stopped.
 */

/** Longest piece of expression text quoted on either side of the error mark. */
const EXCERPT_LENGTH = 40;

/** An XPath expression that is not well-formed, or calls an unknown function. @see W3C XPath 1.0 §3 */
export class XPathSyntaxError extends Error {
  override readonly name = 'XPathSyntaxError';
  /** The 0-based offset (in UTF-16 code units) where parsing stopped. */
  readonly offset: number;
  /** The whole expression text. */
  readonly expression: string;
  /** The reason alone, without the excerpt. */
  readonly reason: string;

  constructor(reason: string, expression: string, offset: number) {
    super(`${reason} at offset ${offset}: ${markOffset(expression, offset)}`);
    this.reason = reason;
    this.expression = expression;
    this.offset = offset;
  }
}

/** Quotes the text around `offset` with `§` marking where parsing stopped (as yangson does). */
function markOffset(text: string, offset: number): string {
  const from = Math.max(0, offset - EXCERPT_LENGTH);
  const to = Math.min(text.length, offset + EXCERPT_LENGTH);
  const head = from > 0 ? '…' : '';
  const tail = to < text.length ? '…' : '';
  return `${head}${text.slice(from, offset)}§${text.slice(offset, to)}${tail}`;
}
