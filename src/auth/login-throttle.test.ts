/**
 * @module auth/login-throttle.test
 * Failure counting, locking, expiry, reset on success and the bounded table, on a fake clock.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LoginThrottle, type LoginThrottleOptions } from './login-throttle.ts';

const setup = (options: LoginThrottleOptions = {}) => {
  const clock = { now: 1_000_000 };
  const throttle = new LoginThrottle({ now: () => clock.now, ...options });
  return { clock, throttle };
};

describe('LoginThrottle', () => {
  it('locks a key after maxFailures failures within the window', () => {
    const { throttle } = setup({ maxFailures: 3, lockoutSeconds: 30 });
    assert.equal(throttle.recordFailure('k'), undefined);
    assert.equal(throttle.retryAfter('k'), undefined);
    assert.equal(throttle.recordFailure('k'), undefined);
    assert.equal(throttle.recordFailure('k'), 30);
    assert.equal(throttle.retryAfter('k'), 30);
  });

  it('counts down Retry-After in whole seconds, at least 1, and unlocks after the lockout', () => {
    const { clock, throttle } = setup({ maxFailures: 1, lockoutSeconds: 60 });
    throttle.recordFailure('k');
    clock.now += 10_500;
    assert.equal(throttle.retryAfter('k'), 50);
    clock.now += 49_400;
    assert.equal(throttle.retryAfter('k'), 1);
    clock.now += 100;
    assert.equal(throttle.retryAfter('k'), undefined);
  });

  it('forgets failures older than the window', () => {
    const { clock, throttle } = setup({ maxFailures: 3, windowSeconds: 60 });
    throttle.recordFailure('k');
    throttle.recordFailure('k');
    clock.now += 60_000;
    assert.equal(throttle.recordFailure('k'), undefined);
    assert.equal(throttle.recordFailure('k'), undefined);
    assert.equal(throttle.recordFailure('k'), 60);
  });

  it('starts a fresh window after a lockout that outlasted the window', () => {
    const { clock, throttle } = setup({ maxFailures: 2, windowSeconds: 10, lockoutSeconds: 60 });
    throttle.recordFailure('k');
    throttle.recordFailure('k');
    clock.now += 60_000;
    assert.equal(throttle.retryAfter('k'), undefined);
    assert.equal(throttle.recordFailure('k'), undefined);
  });

  it('relocks at once when the window is still open after a short lockout', () => {
    const { clock, throttle } = setup({ maxFailures: 2, windowSeconds: 60, lockoutSeconds: 5 });
    throttle.recordFailure('k');
    throttle.recordFailure('k');
    clock.now += 5_000;
    assert.equal(throttle.retryAfter('k'), undefined);
    assert.equal(throttle.recordFailure('k'), 5);
  });

  it('a success clears the key', () => {
    const { throttle } = setup({ maxFailures: 2 });
    throttle.recordFailure('k');
    throttle.recordSuccess('k');
    assert.equal(throttle.recordFailure('k'), undefined);
    assert.equal(throttle.size, 1);
  });

  it('keys are independent', () => {
    const { throttle } = setup({ maxFailures: 1 });
    throttle.recordFailure('a');
    assert.notEqual(throttle.retryAfter('a'), undefined);
    assert.equal(throttle.retryAfter('b'), undefined);
  });

  it('holds at most maxEntries keys, forgetting the least recently touched', () => {
    const { throttle } = setup({ maxFailures: 1, maxEntries: 100 });
    throttle.recordFailure('first');
    for (let index = 0; index < 99; index++) throttle.recordFailure(`key ${index}`);
    throttle.recordFailure('first');
    throttle.recordFailure('one more');
    assert.equal(throttle.size, 100);
    assert.notEqual(throttle.retryAfter('first'), undefined);
    assert.equal(throttle.retryAfter('key 0'), undefined);
    for (let index = 0; index < 10_000; index++) throttle.recordFailure(`flood ${index}`);
    assert.equal(throttle.size, 100);
  });

  it('drops an expired key when asked about it', () => {
    const { clock, throttle } = setup({ maxFailures: 5 });
    throttle.recordFailure('k');
    clock.now += 61_000;
    assert.equal(throttle.retryAfter('k'), undefined);
    assert.equal(throttle.size, 0);
  });

  it('rejects options that are not positive integers', () => {
    assert.throws(() => new LoginThrottle({ maxFailures: 0 }), RangeError);
    assert.throws(() => new LoginThrottle({ windowSeconds: 1.5 }), RangeError);
    assert.throws(() => new LoginThrottle({ maxEntries: -1 }), RangeError);
  });
});
