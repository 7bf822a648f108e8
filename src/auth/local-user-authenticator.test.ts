/**
 * @module auth/local-user-authenticator.test
 * The same answer for an unknown user, a wrong password and an unusable hash (and the same
 * work: the verifier runs on every path), throttling per user and source, and the principal.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { AuthenticationRequiredError, TooManyAttemptsError } from '../errors/index.ts';
import type { Logger } from '../util/index.ts';
import type { Credentials } from './credentials.ts';
import { LocalUserAuthenticator, MAX_PASSWORD_LENGTH } from './local-user-authenticator.ts';
import { LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import type { UserRecord } from './user-directory.ts';

const CHEAP = { memoryKiB: 64, iterations: 1, parallelism: 1 };
const SOURCE = { address: '192.0.2.7' };
const basic = (user: string, password: string): Credentials => ({ scheme: 'basic', user, password });

/** A logger that keeps what it is given. */
const recordingLogger = () => {
  const lines: { level: string; fields: Readonly<Record<string, unknown>>; message: string | undefined }[] = [];
  const logger: Logger = {
    debug: (fields, message) => lines.push({ level: 'debug', fields, message }),
    info: (fields, message) => lines.push({ level: 'info', fields, message }),
    warn: (fields, message) => lines.push({ level: 'warn', fields, message }),
    error: (fields, message) => lines.push({ level: 'error', fields, message }),
    child: () => logger,
  };
  return { lines, logger };
};

describe('LocalUserAuthenticator', () => {
  const users = new Map<string, UserRecord>();
  let dummyHash: string;
  before(async () => {
    users.set('alice', { passwordHash: await hashPassword('wonderland', CHEAP), groups: ['admin', 'ops'] });
    users.set('broken', { passwordHash: '$2x$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW', groups: [] });
    dummyHash = await hashPassword('dummy', CHEAP);
  });

  /** An authenticator whose verifier records the hashes it checks. */
  const setup = (throttle = new LoginThrottle()) => {
    const verified: string[] = [];
    const { lines, logger } = recordingLogger();
    const authenticator = new LocalUserAuthenticator({
      directory: { lookup: (user) => users.get(user) },
      log: logger,
      throttle,
      dummyHash,
      verifyPassword: (password, hash) => {
        verified.push(hash);
        return verifyPassword(password, hash);
      },
    });
    return { authenticator, verified, lines };
  };

  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => assert.fail('expected a failure'),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof Error);
    return error;
  };

  it('answers a principal for the right password', async () => {
    const { authenticator } = setup();
    assert.deepEqual(await authenticator.authenticate(basic('alice', 'wonderland'), SOURCE), {
      user: 'alice',
      groups: ['admin', 'ops'],
      method: 'basic',
    });
  });

  it('answers the same error for a wrong password, an unknown user and an unusable hash', async () => {
    const { authenticator } = setup();
    const errors = [
      await failure(authenticator.authenticate(basic('alice', 'looking-glass'), SOURCE)),
      await failure(authenticator.authenticate(basic('mallory', 'wonderland'), SOURCE)),
      await failure(authenticator.authenticate(basic('broken', 'anything'), SOURCE)),
    ];
    for (const error of errors) {
      assert.ok(error instanceof AuthenticationRequiredError);
      assert.equal(error.message, 'the user name or password is wrong');
    }
  });

  it('runs the verifier on every path: the account’s hash, or the dummy when there is none', async () => {
    const { authenticator, verified } = setup();
    await failure(authenticator.authenticate(basic('alice', 'looking-glass'), SOURCE));
    await failure(authenticator.authenticate(basic('mallory', 'wonderland'), SOURCE));
    await failure(authenticator.authenticate(basic('broken', 'anything'), SOURCE));
    assert.deepEqual(verified, [users.get('alice')?.passwordHash, dummyHash, dummyHash]);
  });

  it('even the right password of the dummy does not log an unknown user in', async () => {
    const { authenticator } = setup();
    const error = await failure(authenticator.authenticate(basic('mallory', 'dummy'), SOURCE));
    assert.ok(error instanceof AuthenticationRequiredError);
  });

  it('makes its own argon2id dummy when none is given', async () => {
    const verified: string[] = [];
    const authenticator = new LocalUserAuthenticator({
      directory: { lookup: async () => undefined },
      log: recordingLogger().logger,
      verifyPassword: async (_password, hash) => {
        verified.push(hash);
        return true;
      },
    });
    await failure(authenticator.authenticate(basic('nobody', 'x'), SOURCE));
    await failure(authenticator.authenticate(basic('nobody', 'y'), SOURCE));
    assert.match(verified[0] ?? '', /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.equal(verified[1], verified[0]);
  });

  it('reports an unusable hash once, without the hash', async () => {
    const { authenticator, lines } = setup();
    await failure(authenticator.authenticate(basic('broken', 'a'), SOURCE));
    await failure(authenticator.authenticate(basic('broken', 'b'), SOURCE));
    const reports = lines.filter((line) => line.level === 'warn' && line.fields.user === 'broken');
    assert.equal(reports.length, 1);
    assert.match(String(reports[0]?.fields.problem), /unsupported hash scheme \$2x\$/);
    assert.ok(!JSON.stringify(lines).includes('E5YPO9kmyuRG'));
  });

  it('never logs the password', async () => {
    const { authenticator, lines } = setup();
    await failure(authenticator.authenticate(basic('alice', 'sekrit-attempt'), SOURCE));
    await authenticator.authenticate(basic('alice', 'wonderland'), SOURCE);
    assert.ok(!JSON.stringify(lines).includes('sekrit-attempt'));
    assert.ok(!JSON.stringify(lines).includes('wonderland'));
  });

  it('fails an over-long password without hashing it', async () => {
    const { authenticator, verified } = setup();
    const error = await failure(
      authenticator.authenticate(basic('alice', 'x'.repeat(MAX_PASSWORD_LENGTH + 1)), SOURCE),
    );
    assert.ok(error instanceof AuthenticationRequiredError);
    assert.equal(error.message, 'the user name or password is wrong');
    assert.deepEqual(verified, []);
  });

  it('refuses bearer tokens', async () => {
    const { authenticator } = setup();
    const error = await failure(authenticator.authenticate({ scheme: 'bearer', token: 'abc' }, SOURCE));
    assert.ok(error instanceof AuthenticationRequiredError);
  });

  describe('throttling', () => {
    it('after maxFailures, answers TooManyAttempts with Retry-After without checking the password', async () => {
      const { authenticator, verified } = setup(new LoginThrottle({ maxFailures: 3, lockoutSeconds: 45 }));
      for (let attempt = 0; attempt < 3; attempt++) {
        const error = await failure(authenticator.authenticate(basic('alice', 'guess'), SOURCE));
        assert.ok(error instanceof AuthenticationRequiredError);
      }
      const checked = verified.length;
      const error = await failure(authenticator.authenticate(basic('alice', 'wonderland'), SOURCE));
      assert.ok(error instanceof TooManyAttemptsError);
      assert.equal(error.retryAfterSeconds, 45);
      assert.equal(verified.length, checked);
    });

    it('throttles unknown users the same way', async () => {
      const { authenticator } = setup(new LoginThrottle({ maxFailures: 2 }));
      await failure(authenticator.authenticate(basic('mallory', 'a'), SOURCE));
      await failure(authenticator.authenticate(basic('mallory', 'b'), SOURCE));
      assert.ok(
        (await failure(authenticator.authenticate(basic('mallory', 'c'), SOURCE))) instanceof TooManyAttemptsError,
      );
    });

    it('is per user and source address', async () => {
      const { authenticator } = setup(new LoginThrottle({ maxFailures: 1 }));
      await failure(authenticator.authenticate(basic('alice', 'guess'), SOURCE));
      assert.ok(
        (await failure(authenticator.authenticate(basic('alice', 'x'), SOURCE))) instanceof TooManyAttemptsError,
      );
      const other = { address: '198.51.100.1' };
      assert.equal((await authenticator.authenticate(basic('alice', 'wonderland'), other)).user, 'alice');
      const otherUser = await failure(authenticator.authenticate(basic('bob', 'x'), SOURCE));
      assert.ok(otherUser instanceof AuthenticationRequiredError);
    });

    it('a success resets the count', async () => {
      const { authenticator } = setup(new LoginThrottle({ maxFailures: 2 }));
      await failure(authenticator.authenticate(basic('alice', 'guess'), SOURCE));
      await authenticator.authenticate(basic('alice', 'wonderland'), SOURCE);
      await failure(authenticator.authenticate(basic('alice', 'guess'), SOURCE));
      assert.equal((await authenticator.authenticate(basic('alice', 'wonderland'), SOURCE)).user, 'alice');
    });

    it('logs the start of a wait as a warning', async () => {
      const { authenticator, lines } = setup(new LoginThrottle({ maxFailures: 1 }));
      await failure(authenticator.authenticate(basic('alice', 'guess'), SOURCE));
      assert.ok(lines.some((line) => line.level === 'warn' && line.fields.delaySeconds === 1));
    });

    it('never refuses the owner at another address, however long a stranger guesses', async () => {
      const clock = { now: 0 };
      const { authenticator } = setup(new LoginThrottle({ maxFailures: 5, now: () => clock.now }));
      const stranger = { address: '203.0.113.66' };
      let refused = 0;
      for (let attempt = 0; attempt < 40; attempt++) {
        const error = await failure(authenticator.authenticate(basic('alice', `guess ${attempt}`), stranger));
        if (error instanceof TooManyAttemptsError) {
          refused++;
          clock.now += (error.retryAfterSeconds ?? 1) * 1000;
        }
        assert.equal((await authenticator.authenticate(basic('alice', 'wonderland'), SOURCE)).user, 'alice');
      }
      assert.ok(refused > 0, 'the stranger was slowed down');
      // The stranger's own correct password waits too: a guess cannot be told from the owner.
      await failure(authenticator.authenticate(basic('alice', 'one more guess'), stranger));
      const stranded = await failure(authenticator.authenticate(basic('alice', 'wonderland'), stranger));
      assert.ok(stranded instanceof TooManyAttemptsError);
    });

    it('checks a burst of parallel guesses one at a time, so that the throttle stops it', async () => {
      const { authenticator, verified } = setup(new LoginThrottle({ maxFailures: 3, delaySeconds: 60 }));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          authenticator.authenticate(basic('alice', `guess ${index}`), SOURCE).catch((error: unknown) => error),
        ),
      );
      assert.equal(results.filter((result) => result instanceof AuthenticationRequiredError).length, 3);
      assert.equal(results.filter((result) => result instanceof TooManyAttemptsError).length, 17);
      assert.equal(verified.length, 3, 'only the admitted guesses cost a password check');
    });
  });
});
