import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SILENT_LOGGER } from '../util/index.ts';
import { LocalUserAuthenticator } from './local-user-authenticator.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { VerifiedCredentials } from './verified-credentials.ts';

const SOURCE = { address: '192.0.2.1' };

describe('VerifiedCredentials', () => {
  it('remembers a verification until it expires, and only for the same password and hash', () => {
    let now = 1000;
    const verified = new VerifiedCredentials({ ttlMs: 100, now: () => now });
    verified.add('admin', 'pw', '$hash1');
    assert.ok(verified.has('admin', 'pw', '$hash1'));
    assert.equal(verified.has('admin', 'other', '$hash1'), false);
    assert.equal(verified.has('admin', 'pw', '$hash2'), false, 'a changed password hash does not match');
    assert.equal(verified.has('root', 'pw', '$hash1'), false);
    now += 100;
    assert.equal(verified.has('admin', 'pw', '$hash1'), false, 'expired');
  });

  it('keeps at most its capacity, dropping the oldest', () => {
    const verified = new VerifiedCredentials({ capacity: 2 });
    verified.add('a', 'p', 'h');
    verified.add('b', 'p', 'h');
    verified.add('c', 'p', 'h');
    assert.deepEqual(
      ['a', 'b', 'c'].map((user) => verified.has(user, 'p', 'h')),
      [false, true, true],
    );
  });

  it('is off with a zero interval', () => {
    const verified = new VerifiedCredentials({ ttlMs: 0 });
    verified.add('a', 'p', 'h');
    assert.equal(verified.has('a', 'p', 'h'), false);
  });
});

describe('LocalUserAuthenticator with remembered verifications', async () => {
  const CHEAP = { memoryKiB: 64, iterations: 1, parallelism: 1 } as const;
  const RIGHT = await hashPassword('pw', CHEAP);
  const OTHER = await hashPassword('another', CHEAP);
  const make = (hash: { value: string }, calls: string[]) =>
    new LocalUserAuthenticator({
      directory: { lookup: (user) => (user === 'admin' ? { passwordHash: hash.value, groups: ['admin'] } : undefined) },
      log: SILENT_LOGGER,
      dummyHash: OTHER,
      verifyPassword: async (password, stored) => {
        calls.push(password);
        return verifyPassword(password, stored);
      },
    });

  it('verifies the password hash once for repeated good credentials', async () => {
    const calls: string[] = [];
    const authenticator = make({ value: RIGHT }, calls);
    for (let round = 0; round < 3; round++) {
      const principal = await authenticator.authenticate({ scheme: 'basic', user: 'admin', password: 'pw' }, SOURCE);
      assert.equal(principal.user, 'admin');
    }
    assert.deepEqual(calls, ['pw']);
  });

  it('never remembers a failure, and forgets a verification when the stored hash changes', async () => {
    const calls: string[] = [];
    const hash = { value: RIGHT };
    const authenticator = make(hash, calls);
    await assert.rejects(authenticator.authenticate({ scheme: 'basic', user: 'admin', password: 'bad' }, SOURCE));
    await assert.rejects(authenticator.authenticate({ scheme: 'basic', user: 'admin', password: 'bad' }, SOURCE));
    assert.deepEqual(calls, ['bad', 'bad']);
    await authenticator.authenticate({ scheme: 'basic', user: 'admin', password: 'pw' }, SOURCE);
    hash.value = OTHER;
    await assert.rejects(authenticator.authenticate({ scheme: 'basic', user: 'admin', password: 'pw' }, SOURCE));
    assert.deepEqual(calls, ['bad', 'bad', 'pw', 'pw']);
  });
});
