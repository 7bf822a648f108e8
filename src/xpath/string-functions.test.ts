/**
 * @module xpath/string-functions.test
 * string, concat, starts-with, contains, substring-before/-after, substring, string-length,
 * normalize-space, translate. @see W3C XPath 1.0 §4.2
 */
import { describe } from 'node:test';
import { type ExpressionCase, runExpressionCases } from './function-cases.test-support.ts';

const CASES: readonly ExpressionCase[] = [
  { name: 'string() of the context node', expression: 'string(user[2])', expected: 'bob42' },
  { name: 'string() without argument', expression: 'user[1]/name[string() = "alice"]', expected: ['n1'] },
  { name: 'string of an empty node-set', expression: 'string(nothing)', expected: '' },
  { name: 'string of the first node only', expression: 'string(user/name)', expected: 'alice' },
  { name: 'string of true', expression: 'string(1 = 1)', expected: 'true' },
  { name: 'string of false', expression: 'string(false())', expected: 'false' },
  { name: 'string of NaN', expression: 'string(0 div 0)', expected: 'NaN' },
  { name: 'string of Infinity', expression: 'string(1 div 0)', expected: 'Infinity' },
  { name: 'string of -Infinity', expression: 'string(-1 div 0)', expected: '-Infinity' },
  { name: 'string of negative zero', expression: 'string(-0)', expected: '0' },
  { name: 'string of an integer-valued number', expression: 'string(2.0)', expected: '2' },
  { name: 'string of a fraction', expression: 'string(0.1 + 0.2)', expected: '0.30000000000000004' },
  {
    name: 'string of a large number has no exponent',
    expression: 'string(1000000 * 1000000 * 1000000 * 1000)',
    expected: '1000000000000000000000',
  },
  { name: 'string of a small number has no exponent', expression: 'string(1 div 10000000)', expected: '0.0000001' },
  { name: 'concat of mixed types', expression: 'concat("a", 1, true(), user/uid)', expected: 'a1true1001' },
  { name: 'starts-with true', expression: 'starts-with("idconf", "id")', expected: true },
  { name: 'starts-with empty prefix', expression: 'starts-with("x", "")', expected: true },
  { name: 'starts-with false', expression: 'starts-with("idconf", "conf")', expected: false },
  { name: 'contains true', expression: 'contains(user[1]/shell, "as")', expected: true },
  { name: 'contains false', expression: 'contains("abc", "d")', expected: false },
  { name: 'substring-before (spec example)', expression: 'substring-before("1999/04/01", "/")', expected: '1999' },
  { name: 'substring-before absent', expression: 'substring-before("abc", "x")', expected: '' },
  { name: 'substring-after (spec example)', expression: 'substring-after("1999/04/01", "/")', expected: '04/01' },
  { name: 'substring-after (spec example 2)', expression: 'substring-after("1999/04/01", "19")', expected: '99/04/01' },
  { name: 'substring-after empty search', expression: 'substring-after("abc", "")', expected: 'abc' },
  { name: 'substring (spec 2,3)', expression: 'substring("12345", 2, 3)', expected: '234' },
  { name: 'substring (spec 2)', expression: 'substring("12345", 2)', expected: '2345' },
  { name: 'substring (spec 1.5, 2.6)', expression: 'substring("12345", 1.5, 2.6)', expected: '234' },
  { name: 'substring (spec 0, 3)', expression: 'substring("12345", 0, 3)', expected: '12' },
  { name: 'substring (spec NaN start)', expression: 'substring("12345", 0 div 0, 3)', expected: '' },
  { name: 'substring (spec NaN length)', expression: 'substring("12345", 1, 0 div 0)', expected: '' },
  { name: 'substring (spec -42, Infinity)', expression: 'substring("12345", -42, 1 div 0)', expected: '12345' },
  { name: 'substring (spec -Infinity, Infinity)', expression: 'substring("12345", -1 div 0, 1 div 0)', expected: '' },
  { name: 'substring past the end', expression: 'substring("12345", 7)', expected: '' },
  { name: 'substring counts astral characters once', expression: 'substring("a😀b", 2, 1)', expected: '😀' },
  { name: 'string-length', expression: 'string-length("abc")', expected: 3 },
  {
    name: 'string-length of the context node',
    expression: 'string-length(user[2]/name/text()) + user[2]/name[string-length() = 3]/../uid',
    expected: 45,
  },
  { name: 'string-length of astral characters', expression: 'string-length("😀😀")', expected: 2 },
  { name: 'normalize-space collapses', expression: 'normalize-space(user[3]/name)', expected: 'carol ann' },
  { name: 'normalize-space keeps non-XML spaces', expression: 'normalize-space(" a\u00A0 ")', expected: 'a\u00A0' },
  { name: 'normalize-space of blanks', expression: 'normalize-space("   ")', expected: '' },
  { name: 'translate (spec bar)', expression: 'translate("bar", "abc", "ABC")', expected: 'BAr' },
  { name: 'translate (spec removal)', expression: 'translate("--aaa--", "abc-", "ABC")', expected: 'AAA' },
  { name: 'translate first mapping wins', expression: 'translate("aa", "aa", "xy")', expected: 'xx' },
];

describe('string functions', () => runExpressionCases(CASES));
