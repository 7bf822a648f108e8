/**
 * @module xpath/xpath-value.test
 * Number formatting and parsing of W3C XPath 1.0 §4.2 and §4.4.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { numberToString, stringToNumber } from './xpath-value.ts';

const FORMAT: readonly { name: string; input: number; expected: string }[] = [
  { name: 'NaN', input: Number.NaN, expected: 'NaN' },
  { name: 'positive infinity', input: Number.POSITIVE_INFINITY, expected: 'Infinity' },
  { name: 'negative infinity', input: Number.NEGATIVE_INFINITY, expected: '-Infinity' },
  { name: 'negative zero', input: -0, expected: '0' },
  { name: 'integer', input: -42, expected: '-42' },
  { name: 'huge integer without exponent', input: 1.5e22, expected: '15000000000000000000000' },
  { name: 'tiny fraction without exponent', input: 1.25e-7, expected: '0.000000125' },
  { name: 'negative tiny fraction', input: -3e-10, expected: '-0.0000000003' },
  { name: 'ordinary fraction', input: 12.5, expected: '12.5' },
];

const PARSE: readonly { name: string; input: string; expected: number }[] = [
  { name: 'digits', input: '12', expected: 12 },
  { name: 'surrounding XML whitespace', input: '\t 7 \n', expected: 7 },
  { name: 'minus', input: '-0.25', expected: -0.25 },
  { name: 'minus then space is invalid', input: '- 1', expected: Number.NaN },
  { name: 'exponent is invalid', input: '1e2', expected: Number.NaN },
  { name: 'Infinity text is invalid', input: 'Infinity', expected: Number.NaN },
  { name: 'non-breaking space is not whitespace', input: '\u00a01', expected: Number.NaN },
  { name: 'lone dot is invalid', input: '.', expected: Number.NaN },
];

describe('numberToString', () => {
  for (const { name, input, expected } of FORMAT) test(name, () => assert.equal(numberToString(input), expected));
});

describe('stringToNumber', () => {
  for (const { name, input, expected } of PARSE) test(name, () => assert.equal(stringToNumber(input), expected));
});
