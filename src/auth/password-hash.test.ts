/**
 * @module auth/password-hash.test
 * Known vectors for the PHC hashes (argon2 from the reference implementation's test suite,
 * scrypt from passlib's documentation), new hashes, and hashes that must never verify.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { hashPassword, passwordHashProblem, passwordHashScheme, verifyPassword } from './password-hash.ts';
import { type Argon2Parameters, DEFAULT_ARGON2_PARAMETERS } from './password-hash-argon2.ts';

/** Cheap parameters for tests that are not about the parameters. */
const CHEAP: Argon2Parameters = { memoryKiB: 64, iterations: 1, parallelism: 1 };

describe('argon2', () => {
  const vectors = [
    {
      name: 'argon2id, reference vector m=65536 t=2 p=1',
      hash: '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
      scheme: 'argon2id',
    },
    {
      name: 'argon2i, reference vector m=256 t=2 p=1',
      hash: '$argon2i$v=19$m=256,t=2,p=1$c29tZXNhbHQ$iekCn0Y3spW+sCcFanM2xBT63UP2sghkUoHLIUpWRS8',
      scheme: 'argon2i',
    },
    {
      name: 'argon2i, reference vector m=256 t=2 p=2',
      hash: '$argon2i$v=19$m=256,t=2,p=2$c29tZXNhbHQ$T/XOJ2mh1/TIpJHfCdQan76Q5esCFVoT5MAeIM1Oq2E',
      scheme: 'argon2i',
    },
  ];
  for (const vector of vectors) {
    it(vector.name, async () => {
      assert.equal(passwordHashScheme(vector.hash), vector.scheme);
      assert.equal(await verifyPassword('password', vector.hash), true);
      assert.equal(await verifyPassword('passwore', vector.hash), false);
    });
  }

  it('rejects the reference suite’s mismatching hash (made from "passwore")', async () => {
    const hash = '$argon2i$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$8iIuixkI73Js3G1uMbezQXD0b8LG4SXGsOwoQkdAQIM';
    assert.equal(passwordHashScheme(hash), 'argon2i');
    assert.equal(await verifyPassword('password', hash), false);
  });

  it('hashes new passwords as argon2id with the OWASP parameters by default', async () => {
    const hash = await hashPassword('correct horse');
    assert.match(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    assert.deepEqual(DEFAULT_ARGON2_PARAMETERS, { memoryKiB: 19456, iterations: 2, parallelism: 1 });
    assert.equal(await verifyPassword('correct horse', hash), true);
    assert.equal(await verifyPassword('correct horse ', hash), false);
  });

  it('uses a fresh salt for every hash', async () => {
    const [first, second] = await Promise.all([hashPassword('same', CHEAP), hashPassword('same', CHEAP)]);
    assert.notEqual(first, second);
    assert.match(first, /^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
  });

  it('hashes the NFC form, which is what RFC 7617 clients send', async () => {
    const hash = await hashPassword('e\u0301t\u00e9', CHEAP);
    assert.equal(await verifyPassword('\u00e9t\u00e9', hash), true);
  });

  it('verifies passwords with non-ASCII characters as UTF-8', async () => {
    const hash = await hashPassword('pässwörd 🔑', CHEAP);
    assert.equal(await verifyPassword('pässwörd 🔑', hash), true);
    assert.equal(await verifyPassword('passwort 🔑', hash), false);
  });
});

describe('scrypt', () => {
  const hash = '$scrypt$ln=8,r=8,p=1$WKs1xljLudd6z9kbY0wpJQ$yCR4iDZYDKv+iEJj6yHY0lv/epnfB6f/w1EbXrsJOuQ';
  it('verifies passlib’s documented vector', async () => {
    assert.equal(passwordHashScheme(hash), 'scrypt');
    assert.equal(await verifyPassword('password', hash), true);
    assert.equal(await verifyPassword('Password', hash), false);
  });
});

describe('bcrypt', () => {
  const vectors = [
    {
      name: '$2a$, Openwall crypt_blowfish test vector',
      hash: '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW',
      password: 'U*U',
    },
    {
      name: '$2y$, the PHP manual example',
      hash: '$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a',
      password: 'rasmuslerdorf',
    },
  ];
  for (const vector of vectors) {
    it(vector.name, async () => {
      assert.equal(passwordHashScheme(vector.hash), 'bcrypt');
      assert.equal(await verifyPassword(vector.password, vector.hash), true);
      assert.equal(await verifyPassword(`${vector.password}x`, vector.hash), false);
    });
  }
  it('$2b$ made by bcryptjs verifies, and only the first 72 bytes count', async () => {
    const { hashSync } = await import('bcryptjs');
    const long = 'p'.repeat(72);
    const hash = hashSync(long, 4);
    assert.match(hash, /^\$2b\$04\$/);
    assert.equal(await verifyPassword(long, hash), true);
    assert.equal(await verifyPassword(`${long}ignored`, hash), true);
    assert.equal(await verifyPassword('p'.repeat(71), hash), false);
  });
});

describe('hashes that never verify', () => {
  const cases: { name: string; hash: string; problem: RegExp }[] = [
    { name: 'empty', hash: '', problem: /not a crypt or PHC hash/ },
    { name: 'plain text', hash: 'password', problem: /not a crypt or PHC hash/ },
    {
      name: 'bcrypt with a cost above the limit',
      hash: '$2b$17$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy',
      problem: /bcrypt: cost 17/,
    },
    {
      name: 'bcrypt of the wrong length',
      hash: '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhW',
      problem: /bcrypt: expected/,
    },
    {
      name: 'bcrypt $2x$ (the buggy variant)',
      hash: '$2x$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW',
      problem: /unsupported hash scheme \$2x\$/,
    },
    { name: 'unknown PHC id', hash: '$pbkdf2-sha256$i=1000$c2FsdA$aGFzaA', problem: /unsupported hash scheme/ },
    {
      name: 'argon2 version 1.0 (no v=)',
      hash: '$argon2i$m=65536,t=2,p=1$c29tZXNhbHQ$9sTbSlTio3Biev89thdrlKKiCaYsjjYVJxGAL3swxpQ',
      problem: /only version 19/,
    },
    {
      name: 'argon2 missing $ before the salt',
      hash: '$argon2i$v=19$m=65536,t=2,p=1c29tZXNhbHQ$wWKIMhR9lyDFvRz9YTZweHKfbftvj+qf+YFY4NeBbtA',
      problem: /expected a salt and a hash/,
    },
    {
      name: 'argon2 missing $ before the hash',
      hash: '$argon2i$v=19$m=65536,t=2,p=1$c29tZXNhbHQwWKIMhR9lyDFvRz9YTZweHKfbftvj+qf+YFY4NeBbtA',
      problem: /expected a salt and a hash/,
    },
    {
      name: 'argon2 empty salt',
      hash: '$argon2i$v=19$m=65536,t=2,p=1$$9sTbSlTio3Biev89thdrlKKiCaYsjjYVJxGAL3swxpQ',
      problem: /salt shorter than 8 bytes/,
    },
    {
      name: 'argon2 memory beyond the limit',
      hash: '$argon2id$v=19$m=4194304,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
      problem: /out of range/,
    },
    {
      name: 'argon2 memory below 8 per lane',
      hash: '$argon2id$v=19$m=8,t=2,p=2$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
      problem: /out of range/,
    },
    {
      name: 'argon2 with a leading zero',
      hash: '$argon2id$v=19$m=065536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
      problem: /out of range/,
    },
    {
      name: 'argon2 with an extra parameter',
      hash: '$argon2id$v=19$m=65536,t=2,p=1,keyid=abc$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
      problem: /exactly the parameters m, t and p/,
    },
    {
      name: 'argon2 with a repeated parameter',
      hash: '$argon2id$v=19$m=65536,m=65536,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
      problem: /repeated/,
    },
    {
      name: 'argon2 with padding in the hash',
      hash: '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc=',
      problem: /not base64/,
    },
    {
      name: 'argon2 with non-canonical base64',
      hash: '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHR$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
      problem: /not base64/,
    },
    {
      name: 'argon2 with a malformed version',
      hash: '$argon2id$v=x$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
      problem: /malformed version/,
    },
    {
      name: 'argon2 with an unknown variant',
      hash: '$argon2x$v=19$m=64,t=1,p=1$c29tZXNhbHQ$aGFzaGhhc2g',
      problem: /not an argon2 variant/,
    },
    {
      name: 'scrypt with N too large',
      hash: '$scrypt$ln=24,r=8,p=1$WKs1xljLudd6z9kbY0wpJQ$yCR4iDZYDKv+iEJj6yHY0lv/epnfB6f/w1EbXrsJOuQ',
      problem: /out of range/,
    },
    {
      name: 'scrypt with a version',
      hash: '$scrypt$v=1$ln=8,r=8,p=1$WKs1xljLudd6z9kbY0wpJQ$yCR4iDZYDKv+iEJj6yHY0lv/epnfB6f/w1EbXrsJOuQ',
      problem: /unexpected version/,
    },
    {
      name: 'scrypt missing p',
      hash: '$scrypt$ln=8,r=8$WKs1xljLudd6z9kbY0wpJQ$yCR4iDZYDKv+iEJj6yHY0lv/epnfB6f/w1EbXrsJOuQ',
      problem: /exactly the parameters ln, r and p/,
    },
    {
      name: 'scrypt with a short hash',
      hash: '$scrypt$ln=8,r=8,p=1$WKs1xljLudd6z9kbY0wpJQ$yCR4iDZY',
      problem: /hash length/,
    },
    { name: 'sha-crypt with a short digest', hash: '$6$saltsalt$ZqOTO2O04D', problem: /wrong digest length/ },
    {
      name: 'sha-crypt with too many rounds',
      hash: '$5$rounds=99999999$saltsalt$azOwbpkvuuBKkE82dQPwTsQE8JyT9Fflpr9aKid3aT9',
      problem: /more than 10000000 rounds/,
    },
    {
      name: 'sha-crypt with a bad salt',
      hash: '$5$sa lt$azOwbpkvuuBKkE82dQPwTsQE8JyT9Fflpr9aKid3aT9',
      problem: /sha-crypt/,
    },
    { name: 'md5-crypt with a long salt', hash: '$1$saltsaltsalt$qjXMvbEw8oaL.CzflDtaK/', problem: /md5-crypt/ },
  ];
  for (const testCase of cases) {
    it(testCase.name, async () => {
      assert.equal(passwordHashScheme(testCase.hash), undefined);
      assert.match(passwordHashProblem(testCase.hash) ?? '', testCase.problem);
      assert.equal(await verifyPassword('password', testCase.hash), false);
    });
  }

  it('describes a problem without quoting the hash beyond its scheme name', () => {
    for (const testCase of cases) {
      const problem = passwordHashProblem(testCase.hash) ?? '';
      const [, , ...secretParts] = testCase.hash.split('$');
      for (const part of secretParts.filter((piece) => piece.length >= 8)) {
        assert.ok(!problem.includes(part), `${testCase.name}: the problem quotes ${part}`);
      }
    }
  });

  it('random strings never throw and never verify', async () => {
    const prefixes = ['', '$', '$1$', '$5$', '$6$', '$5$rounds=', '$argon2id$', '$argon2id$v=19$', '$scrypt$'];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...prefixes), fc.string(), async (prefix, rest) => {
        assert.equal(await verifyPassword('password', prefix + rest), false);
      }),
      { numRuns: 300 },
    );
  });
});
