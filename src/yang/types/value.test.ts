/**
 * @module yang/types/value.test
 * Value equality across representations, and failures turned into invalid-value errors.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidValueError } from '../../errors/index.ts';
import { isTypeCheckFailure, toInvalidValueError, typeCheckFailure } from './type-check-failure.ts';
import type { YangValue } from './value.ts';
import { decimal64, identityValue, yangValuesEqual } from './value.ts';

const path = (value: string) =>
  ({
    kind: 'instance-identifier',
    steps: [{ module: 'm', name: 'l', predicates: [{ kind: 'key', module: 'm', name: 'k', value }] }],
  }) as const;

const CASES: readonly [YangValue, YangValue, boolean][] = [
  [5, 5, true],
  [5, 5n, false],
  ['a', 'a', true],
  [null, null, true],
  [null, '', false],
  [true, true, true],
  [new Uint8Array([1, 2]), new Uint8Array([1, 2]), true],
  [new Uint8Array([1, 2]), new Uint8Array([1, 3]), false],
  [['a', 'b'], ['a', 'b'], true],
  [['a'], ['a', 'b'], false],
  [decimal64(15n, 1), decimal64(150n, 2), true],
  [decimal64(15n, 1), decimal64(151n, 2), false],
  [identityValue('m', 'x'), identityValue('m', 'x'), true],
  [identityValue('m', 'x'), identityValue('n', 'x'), false],
  [path('a'), path('a'), true],
  [path('a'), path('b'), false],
  [identityValue('m', 'x'), decimal64(1n, 1), false],
];

describe('typed values', () => {
  for (const [left, right, equal] of CASES) {
    it(`${String(left)} vs ${String(right)}`, () => {
      assert.equal(yangValuesEqual(left, right), equal);
      assert.equal(yangValuesEqual(right, left), equal);
    });
  }
});

describe('type-check failures', () => {
  it('prefer the module error-message and keep error-app-tag', () => {
    assert.deepEqual(typeCheckFailure('default', { errorMessage: 'custom', errorAppTag: 'tag' }), {
      kind: 'type-check-failure',
      message: 'custom',
      appTag: 'tag',
    });
    assert.deepEqual(typeCheckFailure('default'), { kind: 'type-check-failure', message: 'default' });
    assert.equal(isTypeCheckFailure(typeCheckFailure('x')), true);
    assert.equal(isTypeCheckFailure('x'), false);
  });
  it('become invalid-value errors', () => {
    const error = toInvalidValueError(typeCheckFailure('bad', { errorAppTag: 'ex:bad' }), '/m:l');
    assert.ok(error instanceof InvalidValueError);
    assert.equal(error.tag, 'invalid-value');
    assert.equal(error.appTag, 'ex:bad');
    assert.equal(error.path, '/m:l');
    assert.equal(error.message, 'bad');
  });
});
