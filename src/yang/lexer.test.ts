/** @module yang/lexer.test */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tokenize } from './lexer.ts';

/** A compact rendering of a token: `kind@line:column=value`, with quoted strings in JSON quotes. */
const show = (input: string): string[] =>
  tokenize(input, 't.yang')
    .tokens.filter((token) => token.kind !== 'end')
    .map((token) => {
      const value = token.kind !== 'string' ? '' : token.quoted ? JSON.stringify(token.value) : token.value;
      return `${token.kind}@${token.line}:${token.column}${value === '' ? '' : `=${value}`}`;
    });

const errors = (input: string): string[] =>
  tokenize(input, 't.yang').diagnostics.map(
    (diagnostic) => `${diagnostic.code}@${diagnostic.location.line}:${diagnostic.location.column}`,
  );

describe('tokenize', () => {
  const cases: { name: string; input: string; tokens: string[] }[] = [
    { name: 'simple statement', input: 'leaf x;', tokens: ['string@1:1=leaf', 'string@1:6=x', ';@1:7'] },
    {
      name: 'block braces and newlines',
      input: 'container c {\n  leaf x;\n}',
      tokens: ['string@1:1=container', 'string@1:11=c', '{@1:13', 'string@2:3=leaf', 'string@2:8=x', ';@2:9', '}@3:1'],
    },
    {
      name: 'single-quoted keeps backslashes',
      input: "p 'a\\n\"b';",
      tokens: ['string@1:1=p', 'string@1:3="a\\\\n\\"b"', ';@1:10'],
    },
    {
      name: 'double-quoted escapes',
      input: 'd "a\\nb\\tc\\"d\\\\e";',
      tokens: ['string@1:1=d', 'string@1:3="a\\nb\\tc\\"d\\\\e"', ';@1:18'],
    },
    {
      name: 'concatenation of mixed quotes',
      input: 'd "ab" + \'cd\'\n  + "ef";',
      tokens: ['string@1:1=d', 'string@1:3="abcdef"', ';@2:9'],
    },
    {
      name: 'concatenation with comment between parts',
      input: 'd "a" /* x */ + // y\n "b";',
      tokens: ['string@1:1=d', 'string@1:3="ab"', ';@2:5'],
    },
    {
      name: 'plus in unquoted string',
      input: 'pattern a+b;',
      tokens: ['string@1:1=pattern', 'string@1:9=a+b', ';@1:12'],
    },
    {
      name: 'line comment',
      input: 'a b; // c d;\ne;',
      tokens: ['string@1:1=a', 'string@1:3=b', ';@1:4', 'string@2:1=e', ';@2:2'],
    },
    {
      name: 'block comment spanning lines',
      input: 'a /* x\n y */ b;',
      tokens: ['string@1:1=a', 'string@2:7=b', ';@2:8'],
    },
    {
      name: 'comment start ends an unquoted string',
      input: 'a b//c\n;',
      tokens: ['string@1:1=a', 'string@1:3=b', ';@2:1'],
    },
    {
      name: 'comment markers inside quotes are text',
      input: 'a "/* // */";',
      tokens: ['string@1:1=a', 'string@1:3="/* // */"', ';@1:13'],
    },
    {
      name: 'prefixed keyword',
      input: 'md:annotation x;',
      tokens: ['string@1:1=md:annotation', 'string@1:15=x', ';@1:16'],
    },
    {
      name: 'quote ends an unquoted string',
      input: 'a b"c";',
      tokens: ['string@1:1=a', 'string@1:3=b', 'string@1:4="c"', ';@1:7'],
    },
    {
      name: 'CRLF line breaks',
      input: 'a b;\r\nc;',
      tokens: ['string@1:1=a', 'string@1:3=b', ';@1:4', 'string@2:1=c', ';@2:2'],
    },
    {
      name: 'indentation stripped up to the quote column',
      input: '  d "first\n      second\n     third\n        fourth";',
      tokens: ['string@1:3=d', 'string@1:5="first\\n second\\nthird\\n   fourth"', ';@4:16'],
    },
    {
      name: 'tab counts as eight columns when stripping',
      input: 'description "a\n\t    b";',
      // The quote is at column 13, so a tab (8) plus four spaces (12) are stripped: nothing remains.
      tokens: ['string@1:1=description', 'string@1:13="a\\nb"', ';@2:8'],
    },
    {
      name: 'tab straddling the strip limit keeps its excess as spaces',
      input: 'dd "a\n\t\tb";',
      // Quote at column 4: the first tab covers columns 1-8, so 4 columns survive as spaces.
      tokens: ['string@1:1=dd', 'string@1:4="a\\n    \\tb"', ';@2:5'],
    },
    {
      name: 'trailing whitespace before a line break is removed',
      input: 'd "a  \t\n b \\t\n c";',
      tokens: ['string@1:1=d', 'string@1:3="a\\nb \\t\\nc"', ';@3:4'],
    },
    {
      name: 'blank continuation line',
      input: 'd "a\n      \n   b";',
      tokens: ['string@1:1=d', 'string@1:3="a\\n\\nb"', ';@3:6'],
    },
    {
      name: 'single-quoted keeps indentation',
      input: "d 'a\n   b';",
      tokens: ['string@1:1=d', 'string@1:3="a\\n   b"', ';@2:6'],
    },
    { name: 'empty quoted string', input: 'd "";', tokens: ['string@1:1=d', 'string@1:3=""', ';@1:5'] },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      assert.deepEqual(show(testCase.input), testCase.tokens);
      assert.deepEqual(errors(testCase.input), []);
    });
  }

  it('ends with an end token at the end position', () => {
    const { tokens } = tokenize('a;\n  ', 't.yang');
    assert.deepEqual(tokens.at(-1), { kind: 'end', value: '', quoted: false, line: 2, column: 3 });
  });
});

describe('tokenize diagnostics', () => {
  const cases: { name: string; input: string; errors: string[] }[] = [
    { name: 'unknown escape', input: 'd "a\\d";', errors: ['invalid-escape@1:5'] },
    { name: 'unterminated double quote', input: 'a\n b "xyz', errors: ['unterminated-string@2:4'] },
    { name: 'unterminated single quote', input: "a '", errors: ['unterminated-string@1:3'] },
    { name: 'unterminated block comment', input: 'a; /* never', errors: ['unterminated-comment@1:4'] },
    { name: 'stray comment end', input: 'a */;', errors: ['unexpected-comment-end@1:3'] },
    { name: 'plus followed by unquoted', input: 'd "a" + b;', errors: ['invalid-concatenation@1:7'] },
    { name: 'plus at end of input', input: 'd "a" +', errors: ['invalid-concatenation@1:7'] },
    { name: 'backslash at end of input', input: 'd "\\', errors: ['invalid-escape@1:4', 'unterminated-string@1:3'] },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      assert.deepEqual(errors(testCase.input), testCase.errors);
    });
  }
});
