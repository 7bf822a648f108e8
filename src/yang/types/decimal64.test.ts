/**
 * @module yang/types/decimal64.test
 * decimal64: lexical and JSON input, canonical form, ranges, and a canonical round trip.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Decimal64TypeSpec } from '../type-spec.ts';
import { formatDecimal64 } from './decimal64.ts';
import { INTEGER_BOUNDS, parseDecimal64Range } from './range.ts';
import { isTypeCheckFailure } from './type-check-failure.ts';
import { decimal64, yangValuesEqual } from './value.ts';
import { checkValue, parseJson, parseLexical, toCanonical, toJson } from './value-codec.ts';
import type { ValueContext } from './value-context.ts';

const CTX: ValueContext = {
  resolvePrefix: () => undefined,
  prefixOf: () => undefined,
  findIdentity: () => undefined,
  defaultModule: 'm',
};
const dec = (fractionDigits: number, extra: Partial<Decimal64TypeSpec> = {}): Decimal64TypeSpec => ({
  base: 'decimal64',
  name: 'decimal64',
  typedefs: [],
  fractionDigits,
  ...extra,
});

const CASES: readonly {
  readonly type: Decimal64TypeSpec;
  readonly text: string;
  readonly canonical: string | RegExp;
}[] = [
  { type: dec(2), text: '1', canonical: '1.0' },
  { type: dec(2), text: '1.5', canonical: '1.5' },
  { type: dec(2), text: '+1.50', canonical: '1.5' },
  { type: dec(2), text: '-0.05', canonical: '-0.05' },
  { type: dec(2), text: '0', canonical: '0.0' },
  { type: dec(2), text: '-0.0', canonical: '0.0' },
  { type: dec(2), text: '007.10', canonical: '7.1' },
  { type: dec(2), text: '1.500000', canonical: '1.5' },
  { type: dec(2), text: '1.234', canonical: /not a valid decimal64 value with 2 fraction digits/ },
  { type: dec(2), text: '.5', canonical: /not a valid/ },
  { type: dec(2), text: '5.', canonical: /not a valid/ },
  { type: dec(2), text: '1e2', canonical: /not a valid/ },
  { type: dec(2), text: '', canonical: /not a valid/ },
  { type: dec(1), text: '922337203685477580.7', canonical: '922337203685477580.7' },
  { type: dec(1), text: '922337203685477580.8', canonical: /out of the range/ },
  { type: dec(18), text: '-9.223372036854775808', canonical: '-9.223372036854775808' },
  { type: dec(18), text: '9.223372036854775808', canonical: /out of the range/ },
  { type: dec(2, { range: parseDecimal64Range('0 .. 100', 2) }), text: '100.00', canonical: '100.0' },
  {
    type: dec(2, { name: 'ex:percent', range: parseDecimal64Range('0 .. 100', 2) }),
    text: '100.01',
    canonical: /^"100\.01" is out of the range 0\.0\.\.100\.0 of type ex:percent$/,
  },
];

describe('decimal64: lexical input and canonical form (RFC 7950 §9.3)', () => {
  for (const testCase of CASES) {
    it(`fraction-digits ${testCase.type.fractionDigits}: ${JSON.stringify(testCase.text)}`, () => {
      const result = parseLexical(testCase.type, testCase.text, CTX);
      if (testCase.canonical instanceof RegExp) {
        assert.ok(isTypeCheckFailure(result));
        assert.match(result.message, testCase.canonical);
      } else {
        assert.ok(!isTypeCheckFailure(result));
        assert.equal(toCanonical(testCase.type, result), testCase.canonical);
      }
    });
  }
});

describe('decimal64: JSON (RFC 7951 §6.1)', () => {
  it('is a JSON string', () => {
    assert.deepEqual(parseJson(dec(3), '-1.25', CTX), decimal64(-1250n, 3));
    assert.equal(toJson(dec(3), decimal64(-1250n, 3), CTX), '-1.25');
  });
  it('rejects a JSON number', () => {
    assert.ok(isTypeCheckFailure(parseJson(dec(3), 1.25, CTX)));
  });
});

describe('decimal64: values with other fraction-digits', () => {
  it('are rescaled when exact', () => {
    assert.equal(checkValue(dec(3), decimal64(15n, 1)), undefined);
    assert.ok(isTypeCheckFailure(checkValue(dec(1), decimal64(15n, 3))));
    assert.ok(yangValuesEqual(decimal64(15n, 1), decimal64(1500n, 3)));
  });
});

describe('decimal64: canonical round trip (property)', () => {
  for (const fractionDigits of [1, 2, 5, 9, 17, 18]) {
    it(`fraction-digits ${fractionDigits}`, () => {
      const type = dec(fractionDigits);
      const span = INTEGER_BOUNDS.int64.max - INTEGER_BOUNDS.int64.min + 1n;
      const samples = [INTEGER_BOUNDS.int64.min, INTEGER_BOUNDS.int64.max, 0n, 1n, -1n];
      for (let index = 0; index < 500; index++) {
        const random =
          (BigInt(Math.floor(Math.random() * 2 ** 32)) << 32n) | BigInt(Math.floor(Math.random() * 2 ** 32));
        const magnitude = 10n ** BigInt(Math.floor(Math.random() * 19));
        samples.push(INTEGER_BOUNDS.int64.min + (random % span), (random % magnitude) - magnitude / 2n);
      }
      for (const digits of samples) {
        const value = decimal64(digits, fractionDigits);
        const canonical = toCanonical(type, value);
        assert.match(canonical, /^-?(0|[1-9][0-9]*)\.([0-9]*[1-9]|0)$/);
        assert.equal(canonical, formatDecimal64(value));
        assert.deepEqual(parseLexical(type, canonical, CTX), value);
        assert.deepEqual(parseJson(type, toJson(type, value, CTX), CTX), value);
      }
    });
  }
});
