/**
 * @module xpath/xpath-value
 * The four XPath object types and the conversions between them (`boolean()`, `number()`,
 * `string()`), including the §4.2 formatting of numbers.
 */
import type { XPathNavigator } from './xpath-navigator.ts';

/** A node-set: handles in document order, without duplicates. @see W3C XPath 1.0 §1 */
export type XPathNodeSet<N> = readonly N[];

/** The result of an expression: node-set, boolean, number or string. @see W3C XPath 1.0 §1 */
export type XPathValue<N> = XPathNodeSet<N> | boolean | number | string;

/** Whether a value is a node-set. */
export function isNodeSet<N>(value: XPathValue<N>): value is XPathNodeSet<N> {
  return typeof value === 'object';
}

/** Converts a value as `boolean()` does. @see W3C XPath 1.0 §4.3 */
export function toXPathBoolean<N>(value: XPathValue<N>): boolean {
  switch (typeof value) {
    case 'boolean':
      return value;
    case 'number':
      return value !== 0 && !Number.isNaN(value);
    case 'string':
      return value.length > 0;
    default:
      return value.length > 0;
  }
}

/** Converts a value as `number()` does. @see W3C XPath 1.0 §4.4 */
export function toXPathNumber<N>(value: XPathValue<N>, navigator: XPathNavigator<N>): number {
  switch (typeof value) {
    case 'number':
      return value;
    case 'boolean':
      return value ? 1 : 0;
    case 'string':
      return stringToNumber(value);
    default:
      return value.length === 0 ? Number.NaN : stringToNumber(navigator.stringValue(value[0] as N));
  }
}

/** Converts a value as `string()` does. @see W3C XPath 1.0 §4.2 */
export function toXPathString<N>(value: XPathValue<N>, navigator: XPathNavigator<N>): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return numberToString(value);
    default:
      return value.length === 0 ? '' : navigator.stringValue(value[0] as N);
  }
}

/** XPath's Number syntax with an optional minus and surrounding whitespace; no exponent, no `+`. */
const NUMBER_TEXT = /^[ \t\r\n]*-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)[ \t\r\n]*$/;

/** Converts a string as `number()` does: NaN unless it is an optionally negative XPath Number. @see W3C XPath 1.0 §4.4 */
export function stringToNumber(text: string): number {
  return NUMBER_TEXT.test(text) ? Number(text) : Number.NaN;
}

/**
 * Formats a number as `string()` does: NaN, Infinity, integers without a decimal point,
 * -0 as "0", and never an exponent. @see W3C XPath 1.0 §4.2
 */
export function numberToString(value: number): string {
  if (Number.isInteger(value)) {
    if (Object.is(value, -0)) return '0';
    if (Math.abs(value) < 1e21) return String(value);
  } else if (!Number.isFinite(value)) {
    return String(value);
  }
  const text = String(value);
  const exponentAt = text.indexOf('e');
  return exponentAt < 0 ? text : expandExponent(text, exponentAt);
}

/** Rewrites the shortest round-trip form `d.ddde±x` as a plain decimal. */
function expandExponent(text: string, exponentAt: number): string {
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, exponentAt);
  const exponent = Number(text.slice(exponentAt + 1));
  const point = mantissa.indexOf('.');
  const digits = point < 0 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1);
  const integerDigits = (point < 0 ? mantissa.length : point) + exponent;
  let plain: string;
  if (integerDigits <= 0) plain = `0.${'0'.repeat(-integerDigits)}${digits}`;
  else if (integerDigits >= digits.length) plain = digits + '0'.repeat(integerDigits - digits.length);
  else plain = `${digits.slice(0, integerDigits)}.${digits.slice(integerDigits)}`;
  return negative ? `-${plain}` : plain;
}
