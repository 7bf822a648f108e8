/**
 * @module yang/types/range.test
 * Table-driven tests of `range` / `length` argument parsing and refinement.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { IntervalSet } from '../type-spec.ts';
import {
  formatIntervalSet,
  formatScaled,
  INTEGER_BOUNDS,
  intervalSetContains,
  parseDecimal64Range,
  parseIntegerRange,
  parseLength,
  RestrictionArgumentError,
} from './range.ts';

const set = (...pairs: readonly (readonly [bigint, bigint])[]): IntervalSet => ({
  intervals: pairs.map(([min, max]) => ({ min, max })),
});

interface ParseCase {
  readonly name: string;
  readonly parse: () => IntervalSet;
  readonly expected: IntervalSet;
}

const PARSE_CASES: readonly ParseCase[] = [
  { name: 'single interval', parse: () => parseIntegerRange('1..10', 'uint8'), expected: set([1n, 10n]) },
  { name: 'single value', parse: () => parseIntegerRange('42', 'int32'), expected: set([42n, 42n]) },
  {
    name: 'min and max of the base type',
    parse: () => parseIntegerRange('min..max', 'int8'),
    expected: set([-128n, 127n]),
  },
  {
    name: 'several parts with whitespace',
    parse: () => parseIntegerRange(' 1 .. 10 |20..max ', 'uint8'),
    expected: set([1n, 10n], [20n, 255n]),
  },
  {
    name: 'negative numbers',
    parse: () => parseIntegerRange('-10..-1 | 0', 'int16'),
    expected: set([-10n, -1n], [0n, 0n]),
  },
  {
    name: 'int64 and uint64 extremes',
    parse: () => parseIntegerRange('-9223372036854775808..9223372036854775807', 'int64'),
    expected: set([INTEGER_BOUNDS.int64.min, INTEGER_BOUNDS.int64.max]),
  },
  {
    name: 'uint64 max',
    parse: () => parseIntegerRange('18446744073709551615', 'uint64'),
    expected: set([18446744073709551615n, 18446744073709551615n]),
  },
  {
    name: 'min/max refer to the parent restriction',
    parse: () => parseIntegerRange('min..5 | 25..max', 'uint8', set([1n, 10n], [20n, 30n])),
    expected: set([1n, 5n], [25n, 30n]),
  },
  {
    name: 'equal restriction is allowed',
    parse: () => parseIntegerRange('1..10', 'uint8', set([1n, 10n])),
    expected: set([1n, 10n]),
  },
  { name: 'decimal64 scaled', parse: () => parseDecimal64Range('-1.5..2.25', 2), expected: set([-150n, 225n]) },
  { name: 'decimal64 integer bounds', parse: () => parseDecimal64Range('0..10', 3), expected: set([0n, 10000n]) },
  {
    name: 'decimal64 trailing zeros beyond fraction-digits',
    parse: () => parseDecimal64Range('1.500', 1),
    expected: set([15n, 15n]),
  },
  {
    name: 'decimal64 min/max',
    parse: () => parseDecimal64Range('min..max', 18),
    expected: set([INTEGER_BOUNDS.int64.min, INTEGER_BOUNDS.int64.max]),
  },
  { name: 'length', parse: () => parseLength('1..253'), expected: set([1n, 253n]) },
  {
    name: 'length max is 2^64-1',
    parse: () => parseLength('0 | 4..max'),
    expected: set([0n, 0n], [4n, 18446744073709551615n]),
  },
  { name: 'length refined', parse: () => parseLength('2..max', set([1n, 10n])), expected: set([2n, 10n]) },
];

describe('range and length arguments: parsing', () => {
  for (const testCase of PARSE_CASES) {
    it(testCase.name, () => assert.deepEqual(testCase.parse(), testCase.expected));
  }
});

interface ErrorCase {
  readonly name: string;
  readonly parse: () => IntervalSet;
  readonly position: number;
  readonly reason: RegExp;
}

const ERROR_CASES: readonly ErrorCase[] = [
  {
    name: 'outside the base type',
    parse: () => parseIntegerRange('0..256', 'uint8'),
    position: 3,
    reason: /256 is outside the bounds of uint8/,
  },
  {
    name: 'negative for unsigned',
    parse: () => parseIntegerRange('-1..5', 'uint32'),
    position: 0,
    reason: /outside the bounds of uint32/,
  },
  {
    name: 'descending bounds',
    parse: () => parseIntegerRange('10..1', 'int8'),
    position: 0,
    reason: /lower bound above/,
  },
  {
    name: 'parts not ascending',
    parse: () => parseIntegerRange('20..30 | 1..10', 'int8'),
    position: 9,
    reason: /ascending/,
  },
  {
    name: 'overlapping parts',
    parse: () => parseIntegerRange('1..10 | 10..20', 'int8'),
    position: 8,
    reason: /disjoint/,
  },
  {
    name: 'decimal for an integer type',
    parse: () => parseIntegerRange('1.5', 'int8'),
    position: 0,
    reason: /not an integer/,
  },
  { name: 'garbage', parse: () => parseIntegerRange('1..ten', 'int8'), position: 3, reason: /"ten" is not a number/ },
  { name: 'empty part', parse: () => parseIntegerRange('1 || 2', 'int8'), position: 3, reason: /empty part/ },
  { name: 'empty argument', parse: () => parseLength(''), position: 0, reason: /empty part/ },
  { name: 'missing bound', parse: () => parseIntegerRange('1..', 'int8'), position: 0, reason: /both sides/ },
  { name: 'plus sign', parse: () => parseIntegerRange('+1', 'int8'), position: 0, reason: /not a number/ },
  {
    name: 'too many fraction digits',
    parse: () => parseDecimal64Range('0.125', 2),
    position: 0,
    reason: /more than 2 fraction digits/,
  },
  {
    name: 'decimal64 out of int64',
    parse: () => parseDecimal64Range('100000000000000000', 2),
    position: 0,
    reason: /outside the bounds of decimal64/,
  },
  {
    name: 'derived range wider than parent',
    parse: () => parseIntegerRange('0..15', 'uint8', set([1n, 10n], [20n, 30n])),
    position: 0,
    reason: /not within the restriction it refines \(1\.\.10 \| 20\.\.30\)/,
  },
  {
    name: 'derived range spans a gap of the parent',
    parse: () => parseIntegerRange('5..25', 'uint8', set([1n, 10n], [20n, 30n])),
    position: 0,
    reason: /not within the restriction/,
  },
  { name: 'derived length wider', parse: () => parseLength('0..5', set([1n, 10n])), position: 0, reason: /not within/ },
];

describe('range and length arguments: errors', () => {
  for (const testCase of ERROR_CASES) {
    it(testCase.name, () => {
      assert.throws(testCase.parse, (error: unknown) => {
        assert.ok(error instanceof RestrictionArgumentError);
        assert.equal(error.position, testCase.position, error.message);
        assert.match(error.message, testCase.reason);
        return true;
      });
    });
  }
});

describe('interval sets', () => {
  it('contains', () => {
    const ranges = set([1n, 10n], [20n, 30n]);
    for (const [value, expected] of [
      [0n, false],
      [1n, true],
      [10n, true],
      [15n, false],
      [30n, true],
      [31n, false],
    ] as const) {
      assert.equal(intervalSetContains(ranges, value), expected, String(value));
    }
  });
  it('formats', () => {
    assert.equal(formatIntervalSet(set([1n, 10n], [20n, 20n])), '1..10 | 20');
    assert.equal(formatIntervalSet(set([-150n, 225n]), 2), '-1.5..2.25');
  });
  it('formats scaled values', () => {
    for (const [value, digits, text] of [
      [0n, 1, '0.0'],
      [5n, 3, '0.005'],
      [-5n, 1, '-0.5'],
      [1230n, 2, '12.3'],
      [7n, 0, '7'],
    ] as const) {
      assert.equal(formatScaled(value, digits), text);
    }
  });
});
