/**
 * @module yang/types/scalar-types.test
 * boolean, empty, enumeration and bits: lexical and JSON input, membership, canonical output.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BitsTypeSpec, BooleanTypeSpec, EmptyTypeSpec, EnumerationTypeSpec, TypeSpec } from '../type-spec.ts';
import { isTypeCheckFailure } from './type-check-failure.ts';
import type { YangValue } from './value.ts';
import { checkValue, parseJson, parseLexical, toCanonical, toJson, toXmlText } from './value-codec.ts';
import type { JsonLeafValue, ValueContext } from './value-context.ts';

const CTX: ValueContext = {
  resolvePrefix: () => undefined,
  prefixOf: () => undefined,
  findIdentity: () => undefined,
  defaultModule: 'm',
};
const BOOLEAN: BooleanTypeSpec = { base: 'boolean', name: 'boolean', typedefs: [] };
const EMPTY: EmptyTypeSpec = { base: 'empty', name: 'empty', typedefs: [] };
const ENUMERATION: EnumerationTypeSpec = {
  base: 'enumeration',
  name: 'ex:color',
  typedefs: [],
  enums: [
    { name: 'red', value: 0 },
    { name: 'green', value: 5 },
  ],
};
const BITS: BitsTypeSpec = {
  base: 'bits',
  name: 'ex:flags',
  typedefs: [],
  bits: [
    { name: 'up', position: 0 },
    { name: 'running', position: 1 },
    { name: 'loopback', position: 7 },
  ],
};

interface Case {
  readonly type: TypeSpec;
  readonly text: string;
  /** The value, or the failure message pattern. */
  readonly expected: YangValue | RegExp;
  readonly canonical?: string;
}

const LEXICAL_CASES: readonly Case[] = [
  { type: BOOLEAN, text: 'true', expected: true },
  { type: BOOLEAN, text: 'false', expected: false },
  { type: BOOLEAN, text: 'True', expected: /not a valid boolean/ },
  { type: BOOLEAN, text: '1', expected: /not a valid boolean/ },
  { type: BOOLEAN, text: ' true', expected: /not a valid boolean/ },
  { type: EMPTY, text: '', expected: null },
  { type: EMPTY, text: ' ', expected: /is not empty/ },
  { type: ENUMERATION, text: 'green', expected: 'green' },
  {
    type: ENUMERATION,
    text: 'blue',
    expected: /^"blue" is not one of the enum values \(red, green\) of type ex:color$/,
  },
  { type: ENUMERATION, text: '5', expected: /not one of the enum values/ },
  { type: BITS, text: '', expected: [] },
  { type: BITS, text: 'loopback up', expected: ['up', 'loopback'], canonical: 'up loopback' },
  { type: BITS, text: '  running\tup\n', expected: ['up', 'running'], canonical: 'up running' },
  { type: BITS, text: 'up up', expected: /appears more than once/ },
  { type: BITS, text: 'up down', expected: /"down" in "up down" is not a bit of type ex:flags/ },
];

describe('boolean, empty, enumeration, bits: lexical input', () => {
  for (const testCase of LEXICAL_CASES) {
    it(`${testCase.type.base} ${JSON.stringify(testCase.text)}`, () => {
      const result = parseLexical(testCase.type, testCase.text, CTX);
      if (testCase.expected instanceof RegExp) {
        assert.ok(isTypeCheckFailure(result));
        assert.match(result.message, testCase.expected);
        return;
      }
      assert.deepEqual(result, testCase.expected);
      assert.ok(!isTypeCheckFailure(result));
      assert.equal(toCanonical(testCase.type, result), testCase.canonical ?? testCase.text);
      assert.equal(toXmlText(testCase.type, result, CTX), testCase.canonical ?? testCase.text);
    });
  }
});

const JSON_CASES: readonly { readonly type: TypeSpec; readonly raw: unknown; readonly expected: YangValue | RegExp }[] =
  [
    { type: BOOLEAN, raw: true, expected: true },
    { type: BOOLEAN, raw: 'true', expected: /not a JSON boolean/ },
    { type: EMPTY, raw: [null], expected: null },
    { type: EMPTY, raw: null, expected: /is not \[null\]/ },
    { type: EMPTY, raw: [], expected: /is not \[null\]/ },
    { type: EMPTY, raw: '', expected: /is not \[null\]/ },
    { type: ENUMERATION, raw: 'red', expected: 'red' },
    { type: ENUMERATION, raw: 0, expected: /not a JSON string/ },
    { type: BITS, raw: 'loopback running', expected: ['running', 'loopback'] },
    { type: BITS, raw: ['up'], expected: /not a JSON string/ },
  ];

describe('boolean, empty, enumeration, bits: JSON (RFC 7951 §6)', () => {
  for (const testCase of JSON_CASES) {
    it(`${testCase.type.base} ${JSON.stringify(testCase.raw)}`, () => {
      const result = parseJson(testCase.type, testCase.raw, CTX);
      if (testCase.expected instanceof RegExp) {
        assert.ok(isTypeCheckFailure(result));
        assert.match(result.message, testCase.expected);
      } else {
        assert.deepEqual(result, testCase.expected);
      }
    });
  }
  it('writes JSON', () => {
    const outputs: readonly [TypeSpec, YangValue, JsonLeafValue][] = [
      [BOOLEAN, false, false],
      [EMPTY, null, [null]],
      [ENUMERATION, 'red', 'red'],
      [BITS, ['up', 'loopback'], 'up loopback'],
    ];
    for (const [type, value, json] of outputs) assert.deepEqual(toJson(type, value, CTX), json);
  });
  it('checks typed bits values for order and membership', () => {
    assert.equal(checkValue(BITS, ['up', 'loopback']), undefined);
    assert.ok(isTypeCheckFailure(checkValue(BITS, ['loopback', 'up'])));
    assert.ok(isTypeCheckFailure(checkValue(BITS, ['nope'])));
    assert.ok(isTypeCheckFailure(checkValue(ENUMERATION, 'blue')));
  });
});
