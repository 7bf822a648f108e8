/**
 * @module xpath/boolean-number-functions.test
 * boolean, not, true, false, lang, number, sum, floor, ceiling, round. @see W3C XPath 1.0 §4.3, §4.4
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type ExpressionCase, runExpressionCases } from './function-cases.test-support.ts';
import { evaluateText, parseTestXml } from './test-navigator.test-support.ts';

const CASES: readonly ExpressionCase[] = [
  { name: 'boolean of a non-empty node-set', expression: 'boolean(user)', expected: true },
  { name: 'boolean of an empty node-set', expression: 'boolean(nothing)', expected: false },
  { name: 'boolean of an empty element is true', expression: 'boolean(empty)', expected: true },
  { name: 'boolean of zero', expression: 'boolean(0)', expected: false },
  { name: 'boolean of negative zero', expression: 'boolean(-0)', expected: false },
  { name: 'boolean of NaN', expression: 'boolean(0 div 0)', expected: false },
  { name: 'boolean of a number', expression: 'boolean(-0.1)', expected: true },
  { name: 'boolean of an empty string', expression: 'boolean("")', expected: false },
  { name: 'boolean of the string false', expression: 'boolean("false")', expected: true },
  { name: 'not', expression: 'not(user)', expected: false },
  { name: 'true and false', expression: 'true() and not(false())', expected: true },
  { name: 'number of a string with spaces', expression: 'number(" 12.5 ")', expected: 12.5 },
  { name: 'number of a negative string', expression: 'number("-3")', expected: -3 },
  { name: 'number rejects a plus sign', expression: 'number("+3")', expected: Number.NaN },
  { name: 'number rejects an exponent', expression: 'number(num[3])', expected: Number.NaN },
  { name: 'number rejects hex', expression: 'number("0x10")', expected: Number.NaN },
  { name: 'number of an empty string', expression: 'number("")', expected: Number.NaN },
  { name: 'number of a trailing dot', expression: 'number("5.")', expected: 5 },
  { name: 'number of a leading dot', expression: 'number(".5")', expected: 0.5 },
  { name: 'number of booleans', expression: 'number(true()) + number(false())', expected: 1 },
  { name: 'number of an empty node-set', expression: 'number(nothing)', expected: Number.NaN },
  { name: 'number of the context node', expression: 'user/uid[number() > 1000]', expected: ['uid1'] },
  { name: 'sum of numbers', expression: 'sum(user[position() < 3]/uid)', expected: 1043 },
  { name: 'sum with a non-number is NaN', expression: 'sum(user/uid)', expected: Number.NaN },
  { name: 'sum of nothing is zero', expression: 'sum(nothing)', expected: 0 },
  { name: 'floor', expression: 'floor(-1.5)', expected: -2 },
  { name: 'ceiling', expression: 'ceiling(1.2)', expected: 2 },
  { name: 'ceiling of -0.5 is -0', expression: 'ceiling(-0.5)', expected: -0 },
  { name: 'round half up', expression: 'round(num[2])', expected: 3 },
  { name: 'round -2.5 towards +Infinity', expression: 'round(-2.5)', expected: -2 },
  { name: 'round(-0.5) is negative zero', expression: 'round(num[1])', expected: -0 },
  { name: 'round(-0.2) is negative zero', expression: 'round(-0.2)', expected: -0 },
  { name: 'round(-0.5) prints as 0', expression: 'string(round(-0.5))', expected: '0' },
  { name: 'round of -0.5 divides to -Infinity', expression: '1 div round(-0.5)', expected: Number.NEGATIVE_INFINITY },
  { name: 'round NaN', expression: 'round(0 div 0)', expected: Number.NaN },
  { name: 'round Infinity', expression: 'round(1 div 0)', expected: Number.POSITIVE_INFINITY },
];

describe('boolean and number functions', () => {
  runExpressionCases(CASES);

  const LANG_DOCUMENT = parseTestXml(
    '<doc id="d" xml:lang="en"><p id="p1"/><q id="q1" xml:lang="EN-us"><r id="r1"/></q><s id="s1" xml:lang="de"/></doc>',
  );
  const LANG_CASES: readonly { name: string; contextId: string; expression: string; expected: boolean }[] = [
    { name: 'lang inherited from an ancestor', contextId: 'p1', expression: 'lang("en")', expected: true },
    {
      name: 'lang matches a sub-language case-insensitively',
      contextId: 'r1',
      expression: 'lang("en")',
      expected: true,
    },
    { name: 'lang exact with region', contextId: 'r1', expression: 'lang("en-US")', expected: true },
    { name: 'lang does not match a longer tag', contextId: 'p1', expression: 'lang("en-us")', expected: false },
    { name: 'lang nearest declaration wins', contextId: 's1', expression: 'lang("en")', expected: false },
    {
      name: 'lang without any declaration',
      contextId: 'd',
      expression: 'lang("de") or /doc/s[lang("de")]',
      expected: true,
    },
  ];
  for (const { name, contextId, expression, expected } of LANG_CASES) {
    test(name, () => assert.equal(evaluateText(LANG_DOCUMENT, expression, { contextId }), expected));
  }
});
