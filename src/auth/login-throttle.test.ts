/**
 * @module auth/login-throttle.test
 * Exponential waits per user and source, the per-source limit, forgetting, reset on success,
 * IPv6 sources by /64 and the bounded tables, on a fake clock.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LoginThrottle, type LoginThrottleOptions, loginThrottleKey } from './login-throttle.ts';

const setup = (options: LoginThrottleOptions = {}) => {
  const clock = { now: 1_000_000 };
  const throttle = new LoginThrottle({ now: () => clock.now, ...options });
  const advance = (seconds: number): void => {
    clock.now += seconds * 1000;
  };
  return { clock, throttle, advance };
};

const ATTACKER = '203.0.113.7';
const OWNER = '198.51.100.2';
const admin = (address: string): string => loginThrottleKey('admin', address);

describe('LoginThrottle', () => {
  it('lets maxFailures failures through, then makes the key wait 1 s, doubling per failure', () => {
    const { throttle, advance } = setup({ maxFailures: 3 });
    const key = admin(ATTACKER);
    assert.equal(throttle.recordFailure(key), undefined);
    assert.equal(throttle.recordFailure(key), undefined);
    assert.equal(throttle.retryAfter(key), undefined);
    assert.equal(throttle.recordFailure(key), 1);
    assert.equal(throttle.retryAfter(key), 1);
    const waits: (number | undefined)[] = [];
    for (let failure = 0; failure < 5; failure++) {
      advance(throttle.retryAfter(key) ?? 0);
      assert.equal(throttle.retryAfter(key), undefined, 'after waiting, an attempt is allowed');
      waits.push(throttle.recordFailure(key));
    }
    assert.deepEqual(waits, [2, 4, 8, 16, 32]);
  });

  it('never waits longer than maxDelaySeconds', () => {
    const { throttle, advance } = setup({ maxFailures: 1, maxDelaySeconds: 60 });
    const key = admin(ATTACKER);
    let last: number | undefined;
    for (let failure = 0; failure < 100; failure++) {
      advance(throttle.retryAfter(key) ?? 0);
      last = throttle.recordFailure(key);
    }
    assert.equal(last, 60);
    assert.equal(throttle.retryAfter(key), 60);
  });

  it('counts down the wait in whole seconds, at least 1', () => {
    const { throttle, advance } = setup({ maxFailures: 1, delaySeconds: 60 });
    throttle.recordFailure(admin(ATTACKER));
    advance(10);
    assert.equal(throttle.retryAfter(admin(ATTACKER)), 50);
    advance(49.5);
    assert.equal(throttle.retryAfter(admin(ATTACKER)), 1);
    advance(0.5);
    assert.equal(throttle.retryAfter(admin(ATTACKER)), undefined);
  });

  it('never makes the same user wait at another source', () => {
    const { throttle } = setup({ maxFailures: 1, delaySeconds: 600 });
    for (let failure = 0; failure < 20; failure++) throttle.recordFailure(admin(ATTACKER));
    assert.ok((throttle.retryAfter(admin(ATTACKER)) ?? 0) > 0);
    assert.equal(throttle.retryAfter(admin(OWNER)), undefined);
    assert.equal(throttle.retryAfter(loginThrottleKey('alice', OWNER)), undefined);
  });

  it('remembers failures until forgetSeconds after the last one, even across the longest wait', () => {
    const { throttle, advance } = setup({ maxFailures: 2, maxDelaySeconds: 60, forgetSeconds: 600 });
    const key = admin(ATTACKER);
    throttle.recordFailure(key);
    throttle.recordFailure(key);
    advance(60);
    assert.equal(throttle.retryAfter(key), undefined);
    assert.equal(throttle.recordFailure(key), 2, 'waiting out a delay does not reset the count');
    advance(600);
    assert.equal(throttle.retryAfter(key), undefined);
    assert.equal(throttle.recordFailure(key), undefined, 'forgotten: the count starts again');
    assert.equal(throttle.size, 1);
  });

  it('a success forgets the key', () => {
    const { throttle } = setup({ maxFailures: 2 });
    throttle.recordFailure(admin(OWNER));
    throttle.recordSuccess(admin(OWNER));
    assert.equal(throttle.recordFailure(admin(OWNER)), undefined);
    assert.equal(throttle.size, 1);
  });

  it('limits one source for all users together (password spraying)', () => {
    const { throttle, advance } = setup({ maxFailures: 5, maxSourceFailures: 10 });
    for (let user = 0; user < 9; user++)
      assert.equal(throttle.recordFailure(loginThrottleKey(`user${user}`, ATTACKER)), undefined);
    assert.equal(throttle.recordFailure(loginThrottleKey('user9', ATTACKER)), 1);
    assert.equal(throttle.retryAfter(loginThrottleKey('someone-else', ATTACKER)), 1);
    assert.equal(throttle.retryAfter(admin(ATTACKER)), 1);
    assert.equal(throttle.retryAfter(admin(OWNER)), undefined, 'other sources are not affected');
    // A success at the source does not clear its count: one valid account cannot launder a spray.
    throttle.recordSuccess(admin(ATTACKER));
    advance(1);
    assert.equal(throttle.recordFailure(loginThrottleKey('user10', ATTACKER)), 2);
  });

  it('counts an IPv6 source by its /64, and an IPv4-mapped address as IPv4', () => {
    const { throttle } = setup({ maxFailures: 2 });
    throttle.recordFailure(admin('2001:db8:1:2::1'));
    assert.equal(throttle.recordFailure(admin('2001:DB8:1:2:ffff:0:0:9')), 1);
    assert.equal(throttle.retryAfter(admin('2001:db8:1:2:abcd::5')), 1);
    assert.equal(throttle.retryAfter(admin('2001:db8:1:3::1')), undefined);
    throttle.recordFailure(admin('::ffff:192.0.2.1'));
    assert.equal(throttle.recordFailure(admin('192.0.2.1')), 1);
  });

  it('keeps each table bounded, forgetting the least recently touched entry', () => {
    const { throttle } = setup({ maxFailures: 1, maxEntries: 100 });
    throttle.recordFailure(admin('192.0.2.1'));
    for (let index = 0; index < 99; index++) throttle.recordFailure(loginThrottleKey(`user ${index}`, OWNER));
    throttle.recordFailure(admin('192.0.2.1'));
    throttle.recordFailure(loginThrottleKey('one more', OWNER));
    assert.equal(throttle.size, 100);
    assert.notEqual(throttle.retryAfter(admin('192.0.2.1')), undefined);
    for (let index = 0; index < 10_000; index++) throttle.recordFailure(loginThrottleKey(`flood ${index}`, OWNER));
    assert.equal(throttle.size, 100);
  });

  it('accepts lockoutSeconds, the earlier name of delaySeconds', () => {
    const { throttle } = setup({ maxFailures: 1, lockoutSeconds: 45 });
    assert.equal(throttle.recordFailure(admin(ATTACKER)), 45);
  });

  it('throttles a key without a source address as one key', () => {
    const { throttle } = setup({ maxFailures: 1 });
    assert.equal(throttle.recordFailure('k'), 1);
    assert.equal(throttle.retryAfter('k'), 1);
    assert.equal(throttle.retryAfter('other'), undefined);
  });

  it('rejects bad options', () => {
    assert.throws(() => new LoginThrottle({ maxFailures: 0 }), RangeError);
    assert.throws(() => new LoginThrottle({ delaySeconds: 1.5 }), RangeError);
    assert.throws(() => new LoginThrottle({ maxEntries: -1 }), RangeError);
    assert.throws(() => new LoginThrottle({ delaySeconds: 10, maxDelaySeconds: 5 }), RangeError);
    assert.throws(() => new LoginThrottle({ maxDelaySeconds: 600, forgetSeconds: 60 }), RangeError);
  });
});
