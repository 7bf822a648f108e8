/**
 * @module auth/first-admin-account.test
 * The first admin account from IDCONF_ADMIN_PASSWORD or with a generated password.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createFirstAdminAccount, GENERATED_PASSWORD_LENGTH, generatePassword } from './first-admin-account.ts';
import { verifyPassword } from './password-hash.ts';

const CHEAP = { memoryKiB: 64, iterations: 1, parallelism: 1 };

describe('createFirstAdminAccount', () => {
  it('hashes the given password and generates none', async () => {
    const account = await createFirstAdminAccount('s3cret pass', CHEAP);
    assert.equal(account.user, 'admin');
    assert.equal(account.generatedPassword, undefined);
    assert.ok(!('generatedPassword' in account));
    assert.match(account.passwordHash, /^\$argon2id\$/);
    assert.equal(await verifyPassword('s3cret pass', account.passwordHash), true);
  });

  for (const given of [undefined, '']) {
    it(`generates a password when the variable is ${given === undefined ? 'unset' : 'empty'}`, async () => {
      const account = await createFirstAdminAccount(given, CHEAP);
      assert.equal(account.user, 'admin');
      assert.match(account.generatedPassword ?? '', /^[A-Za-z0-9_-]{24}$/);
      assert.equal(await verifyPassword(account.generatedPassword ?? '', account.passwordHash), true);
    });
  }

  it('uses argon2id with the default parameters when none are given', async () => {
    const account = await createFirstAdminAccount('pw');
    assert.match(account.passwordHash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('generatePassword', () => {
  it('draws at least 20 URL-safe characters, different every time', () => {
    assert.ok(GENERATED_PASSWORD_LENGTH >= 20);
    const seen = new Set<string>();
    for (let index = 0; index < 200; index++) {
      const password = generatePassword();
      assert.match(password, /^[A-Za-z0-9_-]+$/);
      assert.equal(password.length, GENERATED_PASSWORD_LENGTH);
      seen.add(password);
    }
    assert.equal(seen.size, 200);
  });

  it('uses the whole alphabet', () => {
    const characters = new Set(generatePassword(5000));
    assert.equal(characters.size, 64);
  });
});
