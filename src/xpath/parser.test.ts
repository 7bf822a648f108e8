/**
 * @module xpath/parser.test
 * Parser cases: precedence and associativity, abbreviations, §3.7 disambiguation, and
 * syntax errors with their offsets.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { XPathExpression } from './ast.ts';
import { parseXPath } from './parser.ts';
import { XPathSyntaxError } from './xpath-syntax-error.ts';

/** A compact rendering of an AST, fully parenthesised, for readable expectations. */
function show(expression: XPathExpression): string {
  switch (expression.kind) {
    case 'binary':
      return `(${show(expression.left)} ${expression.operator} ${show(expression.right)})`;
    case 'negate':
      return `-(${show(expression.operand)})`;
    case 'union':
      return `union(${expression.operands.map(show).join(', ')})`;
    case 'literal':
      return JSON.stringify(expression.value);
    case 'number':
      return String(expression.value);
    case 'variable':
      return `$${expression.prefix === undefined ? '' : `${expression.prefix}:`}${expression.localName}`;
    case 'function':
      return `${expression.name}(${expression.args.map(show).join(', ')})`;
    case 'filter':
      return `filter(${show(expression.primary)})${expression.predicates.map((p) => `[${show(p)}]`).join('')}`;
    case 'filter-path':
      return `${show(expression.filter)}/${showSteps(expression.steps)}`;
    case 'path':
      return `${expression.absolute ? '/' : ''}${showSteps(expression.steps)}`;
  }
}

function showSteps(steps: Extract<XPathExpression, { kind: 'path' }>['steps']): string {
  return steps
    .map((step) => {
      const test =
        step.test.kind === 'name-test'
          ? `${step.test.prefix === undefined ? '' : `${step.test.prefix}:`}${step.test.localName}`
          : step.test.kind === 'wildcard-test'
            ? `${step.test.prefix === undefined ? '' : `${step.test.prefix}:`}*`
            : `${step.test.type}(${step.test.target === undefined ? '' : JSON.stringify(step.test.target)})`;
      return `${step.axis}::${test}${step.predicates.map((p) => `[${show(p)}]`).join('')}`;
    })
    .join('/');
}

const STRUCTURE: readonly { name: string; input: string; expected: string }[] = [
  { name: 'subtraction is left-associative', input: '1 - 2 - 3', expected: '((1 - 2) - 3)' },
  { name: 'unary minus binds tighter than *', input: '-1 * 2', expected: '(-(1) * 2)' },
  { name: 'double negation', input: '--1', expected: '-(-(1))' },
  { name: 'unary minus applies to a union', input: '-a|b', expected: '-(union(child::a, child::b))' },
  { name: 'multiplication before addition', input: '1 + 2 * 3', expected: '(1 + (2 * 3))' },
  { name: 'div and mod left-associative', input: '8 div 4 mod 3', expected: '((8 div 4) mod 3)' },
  { name: 'and binds tighter than or', input: 'a or b and c', expected: '(child::a or (child::b and child::c))' },
  { name: 'equality below relational', input: '1 < 2 = 2 > 1', expected: '((1 < 2) = (2 > 1))' },
  { name: 'relational chains left to right', input: '3 > 2 > 1', expected: '((3 > 2) > 1)' },
  { name: 'union flattens', input: 'a|b|c', expected: 'union(child::a, child::b, child::c)' },
  { name: 'predicate on the step', input: 'a/b[1]', expected: 'child::a/child::b[1]' },
  { name: 'predicate on the parenthesised path', input: '(a/b)[1]', expected: 'filter(child::a/child::b)[1]' },
  { name: 'double slash expands', input: 'a//b', expected: 'child::a/descendant-or-self::node()/child::b' },
  { name: 'absolute double slash', input: '//b', expected: '/descendant-or-self::node()/child::b' },
  { name: 'root alone', input: '/', expected: '/' },
  { name: 'dot and dot-dot', input: './..', expected: 'self::node()/parent::node()' },
  { name: 'attribute abbreviation', input: '@x:y', expected: 'attribute::x:y' },
  { name: 'prefixed wildcard', input: 'if:*', expected: 'child::if:*' },
  { name: 'star after slash is a name test', input: '/*', expected: '/child::*' },
  { name: 'star after a name is multiplication', input: 'a * b', expected: '(child::a * child::b)' },
  { name: 'star star', input: '* * *', expected: '(child::* * child::*)' },
  { name: 'operator names as element names', input: 'and/or', expected: 'child::and/child::or' },
  { name: 'div as name then as operator', input: 'div div div', expected: '(child::div div child::div)' },
  { name: 'node type vs element named node', input: 'node/node()', expected: 'child::node/child::node()' },
  {
    name: 'processing-instruction target',
    input: "processing-instruction('x')",
    expected: 'child::processing-instruction("x")',
  },
  { name: 'axis with whitespace', input: 'ancestor :: x', expected: 'ancestor::x' },
  { name: 'function with whitespace before paren', input: 'count (a)', expected: 'count(child::a)' },
  { name: 'number forms', input: '.5 + 1. + 007', expected: '((0.5 + 1) + 7)' },
  { name: 'literal with other quote', input: `"it's"`, expected: `"it's"` },
  { name: 'variable with prefix', input: '$p:v', expected: '$p:v' },
  { name: 'filter path from current()', input: 'current()/../name', expected: 'current()/parent::node()/child::name' },
  {
    name: 'filter path with double slash',
    input: 'deref(.)//x',
    expected: 'deref(self::node())/descendant-or-self::node()/child::x',
  },
  {
    name: 'leafref path',
    input: '/if:interfaces/if:interface[if:name = current()/../ifname]/if:mtu',
    expected:
      '/child::if:interfaces/child::if:interface[(child::if:name = current()/parent::node()/child::ifname)]/child::if:mtu',
  },
  { name: 'names with dots and dashes', input: 'a-b.c', expected: 'child::a-b.c' },
  { name: 'minus needs space after a name', input: 'a - b', expected: '(child::a - child::b)' },
  { name: 'unicode names', input: 'état/ñ', expected: 'child::état/child::ñ' },
  { name: 'concat with many arguments', input: 'concat(1, 2, 3, 4)', expected: 'concat(1, 2, 3, 4)' },
];

const ERRORS: readonly { name: string; input: string; offset: number; message?: RegExp }[] = [
  { name: 'empty input', input: '', offset: 0 },
  { name: 'blank input', input: '   ', offset: 3 },
  { name: 'dangling operator', input: '1 +', offset: 3 },
  { name: 'unclosed predicate', input: 'a[1', offset: 3, message: /Expected "\]"/ },
  { name: 'unclosed parenthesis', input: '(1', offset: 2 },
  { name: 'unterminated literal', input: 'a = "x', offset: 4, message: /Unterminated/ },
  { name: 'unknown function', input: 'a and foo(1)', offset: 6, message: /Unknown function "foo"/ },
  { name: 'prefixed function is unknown', input: 'x:count(a)', offset: 0, message: /Unknown function "x:count"/ },
  { name: 'too few arguments', input: 'substring("a")', offset: 0, message: /2 to 3 argument/ },
  { name: 'too many arguments', input: 'true(1)', offset: 0, message: /takes 0/ },
  { name: 'concat needs two', input: 'concat("a")', offset: 0, message: /at least 2/ },
  { name: 'count of a literal', input: 'count("a")', offset: 6, message: /node-set/ },
  { name: 'union with a number', input: 'a | 1', offset: 4, message: /node-set/ },
  { name: 'predicate on a literal', input: '"a"[1]', offset: 0, message: /node-set/ },
  { name: 'path from a number', input: '1/a', offset: 0, message: /node-set/ },
  { name: 'unknown axis', input: 'sibling::a', offset: 0, message: /Unknown axis/ },
  { name: 'bang without equals', input: 'a ! b', offset: 2 },
  { name: 'name where operator expected', input: 'a b', offset: 2, message: /Expected an operator/ },
  { name: 'trailing slash', input: 'a/', offset: 2 },
  { name: 'star after a star name test is multiplication', input: 'a/**', offset: 4 },
  { name: 'empty predicate', input: 'a[]', offset: 2 },
  { name: 'stray closing bracket', input: 'a]', offset: 1 },
  { name: 'stray comma', input: 'a, b', offset: 1 },
  { name: 'missing node test after axis', input: 'child::', offset: 7 },
  { name: 'single colon', input: 'a : b', offset: 2 },
  { name: 'dollar alone', input: '$', offset: 1 },
  { name: 'bad character', input: 'a # b', offset: 2, message: /Unexpected character "#"/ },
  { name: 'node type never closed', input: '@text(', offset: 6 },
  { name: 'text() with an argument', input: 'text(1)', offset: 5 },
  { name: 'nesting too deep', input: `${'('.repeat(300)}1${')'.repeat(300)}`, offset: 256, message: /too deeply/ },
];

describe('parseXPath', () => {
  describe('structure', () => {
    for (const { name, input, expected } of STRUCTURE) {
      test(name, () => assert.equal(show(parseXPath(input)), expected));
    }
  });

  describe('syntax errors', () => {
    for (const { name, input, offset, message } of ERRORS) {
      test(name, () => {
        assert.throws(
          () => parseXPath(input),
          (error: unknown) => {
            assert.ok(error instanceof XPathSyntaxError, `not an XPathSyntaxError: ${String(error)}`);
            assert.equal(error.offset, offset, error.message);
            if (message !== undefined) assert.match(error.message, message);
            assert.ok(error.message.includes('§'), 'the message marks the offset');
            return true;
          },
        );
      });
    }
  });

  test('the message marks where parsing stopped', () => {
    assert.throws(() => parseXPath('a[1'), { message: 'Expected "]", found end of expression at offset 3: a[1§' });
  });

  test('long expressions are excerpted around the offset', () => {
    const input = `${'a/'.repeat(50)}!`;
    assert.throws(
      () => parseXPath(input),
      (error: unknown) => {
        assert.ok(error instanceof XPathSyntaxError);
        assert.match(error.message, /^Expected "!=" at offset 100: …(a\/){20}§!$/);
        return true;
      },
    );
  });

  test('a long operator chain is accepted up to the depth limit', () => {
    assert.equal(show(parseXPath(Array.from({ length: 200 }, () => '1').join('+'))).length > 0, true);
    assert.throws(() => parseXPath(Array.from({ length: 400 }, () => '1').join('+')), XPathSyntaxError);
  });
});
