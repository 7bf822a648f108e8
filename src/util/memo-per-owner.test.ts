/**
 * @module util/memo-per-owner.test
 * A value is computed once per owner and key (null included), owners do not share values, and a
 * full memo starts over.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { memoPerOwner } from './memo-per-owner.ts';

describe('memoPerOwner', () => {
  it('computes once per owner and key, a null result too', () => {
    const calls: string[] = [];
    const memo = memoPerOwner(8, (owner: { name: string }, key: string) => {
      calls.push(`${owner.name}:${key}`);
      return key === 'none' ? null : `${owner.name}/${key}`;
    });
    const a = { name: 'a' };
    const b = { name: 'b' };
    assert.equal(memo(a, 'x'), 'a/x');
    assert.equal(memo(a, 'x'), 'a/x');
    assert.equal(memo(a, 'none'), null);
    assert.equal(memo(a, 'none'), null);
    assert.equal(memo(b, 'x'), 'b/x');
    assert.deepEqual(calls, ['a:x', 'a:none', 'b:x']);
  });

  it('forgets an owner’s keys once it holds the limit, then learns them again', () => {
    let count = 0;
    const memo = memoPerOwner(2, (_owner: object, key: string) => `${key}${++count}`);
    const owner = {};
    assert.equal(memo(owner, 'x'), 'x1');
    assert.equal(memo(owner, 'y'), 'y2');
    assert.equal(memo(owner, 'z'), 'z3');
    assert.equal(memo(owner, 'z'), 'z3');
    assert.equal(memo(owner, 'x'), 'x4');
  });
});
