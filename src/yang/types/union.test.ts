/**
 * @module yang/types/union.test
 * union and leafref: first matching member in order, JSON kinds, output by value representation.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Identity, LeafrefTypeSpec, TypeSpec, UnionTypeSpec } from '../type-spec.ts';
import { parseIntegerRange } from './range.ts';
import { isTypeCheckFailure } from './type-check-failure.ts';
import type { YangValue } from './value.ts';
import { decimal64, identityValue } from './value.ts';
import { parseJson, parseLexical, toCanonical, toJson } from './value-codec.ts';
import type { ValueContext } from './value-context.ts';
import { compileXsdRegex } from './xsd-regex.ts';

const BASE: Identity = { module: 'm', name: 'base', bases: [] };
const DERIVED: Identity = { module: 'm', name: 'derived', bases: [BASE] };
const CTX: ValueContext = {
  resolvePrefix: (prefix) => (prefix === 'm' || prefix === '' ? 'm' : undefined),
  prefixOf: () => 'm',
  findIdentity: (module, name) => [BASE, DERIVED].find((item) => item.module === module && item.name === name),
  defaultModule: 'm',
};
const common = { typedefs: [] } as const;
const SMALL: TypeSpec = { ...common, base: 'uint8', name: 'small', range: parseIntegerRange('0..10', 'uint8') };
const BIG: TypeSpec = { ...common, base: 'int64', name: 'int64' };
const ENUM: TypeSpec = { ...common, base: 'enumeration', name: 'e', enums: [{ name: 'unbounded', value: 0 }] };
const WORD: TypeSpec = {
  ...common,
  base: 'string',
  name: 'word',
  patterns: [{ source: '[a-z]+', regex: compileXsdRegex('[a-z]+'), invertMatch: false }],
};
const DEC: TypeSpec = { ...common, base: 'decimal64', name: 'd', fractionDigits: 2 };
const IDREF: TypeSpec = { ...common, base: 'identityref', name: 'i', bases: [BASE] };
const BOOL: TypeSpec = { ...common, base: 'boolean', name: 'boolean' };
const EMPTY: TypeSpec = { ...common, base: 'empty', name: 'empty' };
const union = (...members: TypeSpec[]): UnionTypeSpec => ({ ...common, base: 'union', name: 'u', members });

const LEXICAL_CASES: readonly {
  readonly type: UnionTypeSpec;
  readonly text: string;
  readonly expected: YangValue | RegExp;
}[] = [
  { type: union(SMALL, ENUM), text: '5', expected: 5 },
  { type: union(SMALL, ENUM), text: 'unbounded', expected: 'unbounded' },
  {
    type: union(SMALL, ENUM),
    text: '11',
    expected: /does not match any member type of union u \("11" is out of the range 0\.\.10/,
  },
  { type: union(SMALL, BIG), text: '11', expected: 11n },
  { type: union(SMALL, DEC), text: '1.5', expected: decimal64(150n, 2) },
  { type: union(WORD, SMALL), text: '5', expected: 5 },
  { type: union(IDREF, WORD), text: 'derived', expected: identityValue('m', 'derived') },
  { type: union(IDREF, WORD), text: 'base', expected: 'base' },
  { type: union(BOOL, WORD), text: 'true', expected: true },
  { type: union(EMPTY, WORD), text: '', expected: null },
  { type: union(union(SMALL), WORD), text: '7', expected: 7 },
];

describe('union (RFC 7950 §9.12)', () => {
  for (const testCase of LEXICAL_CASES) {
    it(`${testCase.type.members.map((member) => member.name).join('|')} ${JSON.stringify(testCase.text)}`, () => {
      const result = parseLexical(testCase.type, testCase.text, CTX);
      if (testCase.expected instanceof RegExp) {
        assert.ok(isTypeCheckFailure(result));
        assert.match(result.message, testCase.expected);
      } else {
        assert.deepEqual(result, testCase.expected);
      }
    });
  }
  it('JSON members must match the JSON kind (RFC 7951 §6.10)', () => {
    const type = union(WORD, SMALL, BIG);
    assert.equal(parseJson(type, 5, CTX), 5);
    assert.equal(parseJson(type, '5', CTX), 5n);
    assert.equal(parseJson(type, 'abc', CTX), 'abc');
    assert.ok(isTypeCheckFailure(parseJson(type, true, CTX)));
    assert.equal(parseJson(union(SMALL, WORD), '5', CTX) === 5, false);
  });
  it('writes a value with the member of its representation', () => {
    const type = union(SMALL, BIG, ENUM, DEC, IDREF);
    assert.equal(toJson(type, 5, CTX), 5);
    assert.equal(toJson(type, 5n, CTX), '5');
    assert.equal(toJson(type, 'unbounded', CTX), 'unbounded');
    assert.equal(toCanonical(type, decimal64(150n, 2)), '1.5');
    assert.equal(toCanonical(type, identityValue('m', 'derived')), 'm:derived');
    assert.throws(() => toCanonical(type, true), TypeError);
  });
});

describe('leafref (RFC 7950 §9.9)', () => {
  const leafref = (target?: TypeSpec): LeafrefTypeSpec => ({
    ...common,
    base: 'leafref',
    name: 'leafref',
    path: '../name',
    pathModule: 'm',
    requireInstance: true,
    ...(target === undefined ? {} : { target }),
  });
  it('uses the target type', () => {
    assert.equal(parseLexical(leafref(SMALL), '7', CTX), 7);
    assert.ok(isTypeCheckFailure(parseLexical(leafref(SMALL), '70', CTX)));
    assert.equal(toJson(leafref(SMALL), 7, CTX), 7);
    assert.equal(parseJson(leafref(BIG), '7', CTX), 7n);
  });
  it('is a string while the target is unresolved', () => {
    assert.equal(parseLexical(leafref(), 'anything', CTX), 'anything');
  });
});
