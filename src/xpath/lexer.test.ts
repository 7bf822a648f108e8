/**
 * @module xpath/lexer.test
 * Token types after the W3C XPath 1.0 §3.7 disambiguation rules.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { tokenizeXPath } from './lexer.ts';

const CASES: readonly { name: string; input: string; expected: string }[] = [
  { name: 'star first is a name test', input: '*', expected: 'name-test:*' },
  { name: 'star after a name is an operator', input: 'a*b', expected: 'name-test:a operator:* name-test:b' },
  { name: 'star after an operator is a name test', input: '1+*', expected: 'number:1 operator:+ name-test:*' },
  {
    name: 'star after @ and :: is a name test',
    input: '@*|child::*',
    expected: 'punctuation:@ name-test:* operator:| axis-name:child punctuation::: name-test:*',
  },
  { name: 'operator names after an operand', input: 'a and b', expected: 'name-test:a operator:and name-test:b' },
  { name: 'operator names as names at the start', input: 'or', expected: 'name-test:or' },
  { name: 'node type before a parenthesis', input: 'text ()', expected: 'node-type:text punctuation:( punctuation:)' },
  { name: 'function name before a parenthesis', input: 'f-x(', expected: 'function-name:f-x punctuation:(' },
  { name: 'axis name before ::', input: 'self ::x', expected: 'axis-name:self punctuation::: name-test:x' },
  { name: 'prefixed names and wildcard', input: 'a:b|p:*', expected: 'name-test:a:b operator:| name-test:p:*' },
  { name: 'numbers and dots', input: '..5 . 1.', expected: 'punctuation:.. number:5 punctuation:. number:1.' },
  { name: 'variable and literals', input: `$x:y='a'"b"`, expected: 'variable:x:y operator:= literal:a literal:b' },
  { name: 'two-character operators', input: '!=<=>=//', expected: 'operator:!= operator:<= operator:>= operator://' },
];

describe('tokenizeXPath', () => {
  for (const { name, input, expected } of CASES) {
    test(name, () => {
      const tokens = tokenizeXPath(input).filter((token) => token.type !== 'eof');
      const shown = tokens.map(
        (token) => `${token.type}:${token.prefix === undefined ? '' : `${token.prefix}:`}${token.text}`,
      );
      assert.equal(shown.join(' '), expected);
    });
  }
});
