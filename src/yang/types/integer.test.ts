/**
 * @module yang/types/integer.test
 * Integer types: lexical, module (hex/octal) and JSON input, canonical output, ranges, round trips.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { IntegerTypeName, IntegerTypeSpec } from '../type-spec.ts';
import { INTEGER_BOUNDS, parseIntegerRange } from './range.ts';
import { isTypeCheckFailure } from './type-check-failure.ts';
import { parseJson, parseLexical, toCanonical, toJson, toXmlText } from './value-codec.ts';
import type { ValueContext } from './value-context.ts';

const CTX: ValueContext = {
  resolvePrefix: () => undefined,
  prefixOf: () => undefined,
  findIdentity: () => undefined,
  defaultModule: 'm',
};
const int = (base: IntegerTypeName, extra: Partial<IntegerTypeSpec> = {}): IntegerTypeSpec => ({
  base,
  name: base,
  typedefs: [],
  ...extra,
});

interface LexicalCase {
  readonly type: IntegerTypeSpec;
  readonly text: string;
  readonly expected: number | bigint | RegExp;
  readonly origin?: 'module';
}

const LEXICAL_CASES: readonly LexicalCase[] = [
  { type: int('uint8'), text: '0', expected: 0 },
  { type: int('uint8'), text: '255', expected: 255 },
  { type: int('uint8'), text: '256', expected: /^"256" is out of the range 0\.\.255 of type uint8$/ },
  { type: int('uint8'), text: '300', expected: /^"300" is out of the range 0\.\.255 of type uint8$/ },
  { type: int('uint8'), text: '-1', expected: /out of the range/ },
  { type: int('int8'), text: '-128', expected: -128 },
  { type: int('int8'), text: '+127', expected: 127 },
  { type: int('int8'), text: '-0', expected: 0 },
  { type: int('int32'), text: '007', expected: 7 },
  { type: int('int32'), text: '-2147483648', expected: -2147483648 },
  { type: int('int32'), text: '2147483648', expected: /out of the range/ },
  { type: int('uint32'), text: '4294967295', expected: 4294967295 },
  { type: int('uint32'), text: '00000000000000000001', expected: 1 },
  { type: int('uint32'), text: '99999999999999999999999', expected: /out of the range/ },
  { type: int('int64'), text: '-9223372036854775808', expected: -9223372036854775808n },
  { type: int('int64'), text: '9223372036854775808', expected: /out of the range/ },
  { type: int('uint64'), text: '18446744073709551615', expected: 18446744073709551615n },
  { type: int('int16'), text: '', expected: /is not a valid int16/ },
  { type: int('int16'), text: ' 1', expected: /is not a valid/ },
  { type: int('int16'), text: '1.0', expected: /is not a valid/ },
  { type: int('int16'), text: '1e3', expected: /is not a valid/ },
  { type: int('int16'), text: '0x10', expected: /is not a valid/ },
  { type: int('int16'), text: '--1', expected: /is not a valid/ },
  { type: int('int16'), text: '0x1F', expected: 31, origin: 'module' },
  { type: int('int16'), text: '-0X1F', expected: /is not a valid/, origin: 'module' },
  { type: int('int16'), text: '-0x1f', expected: -31, origin: 'module' },
  { type: int('int16'), text: '017', expected: 15, origin: 'module' },
  { type: int('int16'), text: '+017', expected: 15, origin: 'module' },
  { type: int('int16'), text: '018', expected: /is not a valid/, origin: 'module' },
  { type: int('int16'), text: '0', expected: 0, origin: 'module' },
  { type: int('uint64'), text: '0xFFFFFFFFFFFFFFFF', expected: 18446744073709551615n, origin: 'module' },
  { type: int('uint8', { range: parseIntegerRange('1..10 | 20', 'uint8') }), text: '20', expected: 20 },
  {
    type: int('uint8', { name: 'ex:small', range: parseIntegerRange('1..10 | 20', 'uint8') }),
    text: '11',
    expected: /^"11" is out of the range 1\.\.10 \| 20 of type ex:small$/,
  },
];

describe('integer types: lexical input', () => {
  for (const testCase of LEXICAL_CASES) {
    it(`${testCase.type.name} ${JSON.stringify(testCase.text)}${testCase.origin === 'module' ? ' (module)' : ''}`, () => {
      const result = parseLexical(
        testCase.type,
        testCase.text,
        CTX,
        testCase.origin === undefined ? {} : { origin: testCase.origin },
      );
      if (testCase.expected instanceof RegExp) {
        assert.ok(isTypeCheckFailure(result), `expected a failure, got ${String(result)}`);
        assert.match(result.message, testCase.expected);
      } else {
        assert.equal(result, testCase.expected);
      }
    });
  }
});

describe('integer types: restriction annotations', () => {
  it('uses error-message and error-app-tag of the range', () => {
    const range = { ...parseIntegerRange('1..10', 'int32'), errorMessage: 'too big', errorAppTag: 'ex:too-big' };
    const result = parseLexical(int('int32', { range }), '11', CTX);
    assert.deepEqual(result, { kind: 'type-check-failure', message: 'too big', appTag: 'ex:too-big' });
  });
});

interface JsonCase {
  readonly type: IntegerTypeSpec;
  readonly raw: unknown;
  readonly expected: number | bigint | RegExp;
}

const JSON_CASES: readonly JsonCase[] = [
  { type: int('uint8'), raw: 12, expected: 12 },
  { type: int('uint8'), raw: '12', expected: /not a valid/ },
  { type: int('uint8'), raw: 1.5, expected: /not a valid/ },
  { type: int('uint8'), raw: 256, expected: /out of the range/ },
  { type: int('int32'), raw: -5, expected: -5 },
  { type: int('int64'), raw: '-5', expected: -5n },
  { type: int('int64'), raw: -5, expected: /not a valid/ },
  { type: int('uint64'), raw: '18446744073709551616', expected: /out of the range/ },
];

describe('integer types: JSON input (RFC 7951 §6.1)', () => {
  for (const testCase of JSON_CASES) {
    it(`${testCase.type.name} ${JSON.stringify(testCase.raw)}`, () => {
      const result = parseJson(testCase.type, testCase.raw, CTX);
      if (testCase.expected instanceof RegExp) {
        assert.ok(isTypeCheckFailure(result));
        assert.match(result.message, testCase.expected);
      } else {
        assert.equal(result, testCase.expected);
      }
    });
  }
});

describe('integer types: output', () => {
  it('canonical decimal without + or leading zeros', () => {
    assert.equal(toCanonical(int('int8'), parseLexical(int('int8'), '+007', CTX) as number), '7');
    assert.equal(toCanonical(int('int64'), -42n), '-42');
  });
  it('JSON: numbers up to 32 bits, strings for 64 bits', () => {
    assert.equal(toJson(int('uint32'), 4294967295, CTX), 4294967295);
    assert.equal(toJson(int('uint64'), 18446744073709551615n, CTX), '18446744073709551615');
    assert.equal(toXmlText(int('int64'), 5n, CTX), '5');
  });
  it('rejects a value of the wrong representation', () => {
    assert.throws(() => toCanonical(int('int64'), 5), TypeError);
    assert.throws(() => toCanonical(int('int8'), 5n), TypeError);
  });
});

const randomIn = (min: bigint, max: bigint): bigint => {
  const span = max - min + 1n;
  let random = 0n;
  for (let index = 0; index < 3; index++) random = (random << 32n) | BigInt(Math.floor(Math.random() * 2 ** 32));
  return min + (random % span);
};

describe('integer types: canonical round trip (property)', () => {
  for (const base of Object.keys(INTEGER_BOUNDS) as IntegerTypeName[]) {
    it(base, () => {
      const type = int(base);
      const bounds = INTEGER_BOUNDS[base];
      const samples = [
        bounds.min,
        bounds.max,
        0n,
        ...Array.from({ length: 500 }, () => randomIn(bounds.min, bounds.max)),
      ];
      for (const sample of samples) {
        const value = base === 'int64' || base === 'uint64' ? sample : Number(sample);
        const canonical = toCanonical(type, value);
        assert.equal(canonical, sample.toString());
        assert.equal(parseLexical(type, canonical, CTX), value);
        assert.equal(parseJson(type, toJson(type, value, CTX), CTX), value);
      }
    });
  }
});
