/**
 * @module yang/types/string.test
 * string: length in code points, patterns (all must match), invert-match, annotations.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PatternRestriction, StringTypeSpec } from '../type-spec.ts';
import { parseLength } from './range.ts';
import { codePointLength, hasForbiddenCharacter, STRING_CODEC } from './string.ts';
import type { TypeCheckFailure } from './type-check-failure.ts';
import { isTypeCheckFailure } from './type-check-failure.ts';
import { parseJson, parseLexical, toJson } from './value-codec.ts';
import type { ValueContext } from './value-context.ts';
import { compileXsdRegex } from './xsd-regex.ts';

const CTX: ValueContext = {
  resolvePrefix: () => undefined,
  prefixOf: () => undefined,
  findIdentity: () => undefined,
  defaultModule: 'm',
};
const pattern = (source: string, extra: Partial<PatternRestriction> = {}): PatternRestriction => ({
  source,
  regex: compileXsdRegex(source),
  invertMatch: false,
  ...extra,
});
const str = (extra: Partial<StringTypeSpec> = {}): StringTypeSpec => ({
  base: 'string',
  name: 'ex:s',
  typedefs: [],
  patterns: [],
  ...extra,
});

const DOMAIN = str({
  length: parseLength('1..253'),
  patterns: [
    pattern(
      '((([a-zA-Z0-9_]([a-zA-Z0-9\\-_]){0,61})?[a-zA-Z0-9]\\.)*([a-zA-Z0-9_]([a-zA-Z0-9\\-_]){0,61})?[a-zA-Z0-9]\\.?)|\\.',
    ),
  ],
});
const IDENTIFIER = str({
  patterns: [pattern('[a-zA-Z_][a-zA-Z0-9\\-_.]*'), pattern('[xX][mM][lL].*', { invertMatch: true })],
});

const CASES: readonly {
  readonly name: string;
  readonly type: StringTypeSpec;
  readonly text: string;
  readonly failure?: TypeCheckFailure | RegExp;
}[] = [
  { name: 'any string', type: str(), text: 'hello\nworld' },
  { name: 'length counts code points', type: str({ length: parseLength('2') }), text: '😀é' },
  {
    name: 'length too short',
    type: str({ length: parseLength('2') }),
    text: '😀',
    failure: /^"😀" has length 1, outside the length 2 of type ex:s$/,
  },
  { name: 'length too long', type: str({ length: parseLength('0..3') }), text: 'abcd', failure: /length 4/ },
  { name: 'domain name', type: DOMAIN, text: 'www.example.com' },
  { name: 'domain name: bad', type: DOMAIN, text: 'a..b', failure: /does not match the pattern/ },
  { name: 'domain name: too long', type: DOMAIN, text: `${'a.'.repeat(127)}a`, failure: /length 255/ },
  { name: 'both patterns match', type: IDENTIFIER, text: 'interfaces' },
  { name: 'first pattern fails', type: IDENTIFIER, text: '1abc', failure: /does not match the pattern "\[a-zA-Z_\]/ },
  {
    name: 'invert-match',
    type: IDENTIFIER,
    text: 'xml-thing',
    failure: /matches the inverted pattern "\[xX\]\[mM\]\[lL\]\.\*"/,
  },
  {
    name: 'pattern error-message and error-app-tag',
    type: str({ patterns: [pattern('[a-z]+', { errorMessage: 'lowercase only', errorAppTag: 'ex:case' })] }),
    text: 'ABC',
    failure: { kind: 'type-check-failure', message: 'lowercase only', appTag: 'ex:case' },
  },
  {
    name: 'length error-app-tag without message',
    type: str({ length: { ...parseLength('1..2'), errorAppTag: 'ex:len' } }),
    text: 'abc',
    failure: {
      kind: 'type-check-failure',
      message: '"abc" has length 3, outside the length 1..2 of type ex:s',
      appTag: 'ex:len',
    },
  },
];

describe('string (RFC 7950 §9.4)', () => {
  for (const testCase of CASES) {
    it(testCase.name, () => {
      for (const result of [
        parseLexical(testCase.type, testCase.text, CTX),
        parseJson(testCase.type, testCase.text, CTX),
      ]) {
        if (testCase.failure === undefined) assert.equal(result, testCase.text);
        else if (testCase.failure instanceof RegExp) {
          assert.match((result as TypeCheckFailure).message, testCase.failure);
        } else assert.deepEqual(result, testCase.failure);
      }
    });
  }
  it('JSON needs a JSON string', () => {
    assert.match((parseJson(str(), 5, CTX) as TypeCheckFailure).message, /not a JSON string/);
    assert.equal(toJson(str(), 'x', CTX), 'x');
  });
  it('counts code points, with lone surrogates as one each', () => {
    for (const [text, length] of [
      ['', 0],
      ['abc', 3],
      ['😀😀', 2],
      ['\ud800', 1],
      ['a\udc00b', 3],
    ] as const) {
      assert.equal(codePointLength(text), length);
    }
  });
});

describe('characters a string may not hold', () => {
  const type = { base: 'string', patterns: [] } as unknown as Parameters<typeof STRING_CODEC.parseLexical>[0];
  for (const text of ['a\u0000b', '\u0001', 'x\u001f', '\uffff', 'lone \ud800 surrogate']) {
    it(`rejects ${JSON.stringify(text)}`, () => {
      assert.ok(hasForbiddenCharacter(text));
      assert.ok(isTypeCheckFailure(STRING_CODEC.parseLexical(type, text, undefined as never, undefined as never)));
      assert.ok(isTypeCheckFailure(STRING_CODEC.parseJson(type, text, undefined as never)));
    });
  }
  for (const text of ['tab\tnew\nline\r', 'é😀', '']) {
    it(`accepts ${JSON.stringify(text)}`, () => assert.equal(hasForbiddenCharacter(text), false));
  }
});
