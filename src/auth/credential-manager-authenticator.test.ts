/**
 * @module auth/credential-manager-authenticator.test
 * Routing between local accounts and the credential manager, the answers for each verdict
 * (401, 429, 503), throttling, the memory of verified logins (hits, expiry, configuration
 * changes, only verified logins), one check for concurrent requests, the audit lines, and
 * whether a connection may keep reusing a principal.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  AuthenticationBackendUnavailableError,
  AuthenticationRequiredError,
  TooManyAttemptsError,
} from '../errors/index.ts';
import type { Logger } from '../util/index.ts';
import type { Authenticator } from './authenticator.ts';
import type { CredentialCheck, CredentialManager } from './credential-manager.ts';
import { CredentialManagerAuthenticator } from './credential-manager-authenticator.ts';
import type { ClientSource, Credentials } from './credentials.ts';
import { ExternalLoginCache } from './external-login-cache.ts';
import { LoginThrottle } from './login-throttle.ts';
import type { Principal } from './principal.ts';
import type { UserRecord } from './user-directory.ts';

const SOURCE: ClientSource = { address: '192.0.2.7' };
const basic = (user: string, password: string): Credentials => ({ scheme: 'basic', user, password });

interface Line {
  readonly level: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** A credential manager that answers from a table, counting its calls. */
class TableManager implements CredentialManager {
  readonly dataSource = 'table-ds';
  calls = 0;
  answer: (user: string, password: string) => CredentialCheck = (user, password) =>
    user === 'ext' && password === 'right'
      ? { outcome: 'verified', groups: ['ops'] }
      : { outcome: 'rejected', reason: 'wrong-password' };
  gate: Promise<void> | undefined;
  async verify(user: string, password: string): Promise<CredentialCheck> {
    this.calls++;
    await this.gate;
    return this.answer(user, password);
  }
  async close(): Promise<void> {}
}

const setup = (options: { readonly configured?: boolean; readonly ttlMs?: number } = {}) => {
  let now = 1_000_000;
  const lines: Line[] = [];
  const log: Logger = {
    debug: (fields) => lines.push({ level: 'debug', fields }),
    info: (fields) => lines.push({ level: 'info', fields }),
    warn: (fields) => lines.push({ level: 'warn', fields }),
    error: (fields) => lines.push({ level: 'error', fields }),
    child: () => log,
  };
  const locals = new Map<string, UserRecord>([['admin', { passwordHash: 'x', groups: ['admin'] }]]);
  const localCalls: string[] = [];
  const local: Authenticator = {
    authenticate: async (credentials) => {
      if (credentials.scheme !== 'basic') throw new AuthenticationRequiredError('basic only');
      localCalls.push(credentials.user);
      if (credentials.user === 'admin' && credentials.password === 'local')
        return { user: 'admin', groups: ['admin'], method: 'basic' };
      throw new AuthenticationRequiredError('the user name or password is wrong');
    },
    isCurrent: () => true,
  };
  const manager = new TableManager();
  const state = { configured: options.configured ?? true, generation: 1 };
  const throttle = new LoginThrottle({ maxFailures: 3, now: () => now });
  const authenticator = new CredentialManagerAuthenticator({
    local,
    directory: { lookup: (user) => locals.get(user) },
    credentialManagers: {
      current: () => ({
        active: state.configured ? { id: 'cm', manager } : undefined,
        generation: state.generation,
      }),
    },
    throttle,
    log,
    cache: new ExternalLoginCache({ ttlMs: options.ttlMs ?? 60_000, now: () => now }),
    now: () => now,
  });
  return {
    authenticator,
    manager,
    localCalls,
    lines,
    locals,
    state,
    advance: (ms: number) => {
      now += ms;
    },
    audits: () => lines.filter((line) => line.fields.audit === 'authentication').map((line) => line.fields),
  };
};

const rejection = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => assert.fail('expected a rejection'),
    (error: unknown) => error,
  );

describe('CredentialManagerAuthenticator', () => {
  it('a local name goes to the local accounts only, whatever its password', async () => {
    const { authenticator, manager, localCalls } = setup();
    assert.deepEqual(await authenticator.authenticate(basic('admin', 'local'), SOURCE), {
      user: 'admin',
      groups: ['admin'],
      method: 'basic',
    });
    assert.ok(
      (await rejection(authenticator.authenticate(basic('admin', 'right'), SOURCE))) instanceof
        AuthenticationRequiredError,
    );
    assert.deepEqual(localCalls, ['admin', 'admin']);
    assert.equal(manager.calls, 0);
  });

  it('another name goes to the credential manager; its groups are the principal’s', async () => {
    const { authenticator, manager, localCalls } = setup();
    assert.deepEqual(await authenticator.authenticate(basic('ext', 'right'), SOURCE), {
      user: 'ext',
      groups: ['ops'],
      method: 'basic',
    });
    assert.equal(manager.calls, 1);
    assert.deepEqual(localCalls, []);
  });

  it('without a credential manager, every name goes to the local accounts', async () => {
    const { authenticator, manager, localCalls } = setup({ configured: false });
    assert.ok(
      (await rejection(authenticator.authenticate(basic('ext', 'right'), SOURCE))) instanceof
        AuthenticationRequiredError,
    );
    assert.deepEqual(localCalls, ['ext']);
    assert.equal(manager.calls, 0);
  });

  it('a rejected login is 401 and counts towards throttling; the throttled user is 429 without a check', async () => {
    const { authenticator, manager } = setup();
    for (let attempt = 0; attempt < 3; attempt++)
      assert.ok(
        (await rejection(authenticator.authenticate(basic('ext', 'wrong'), SOURCE))) instanceof
          AuthenticationRequiredError,
      );
    const throttled = await rejection(authenticator.authenticate(basic('ext', 'right'), SOURCE));
    assert.ok(throttled instanceof TooManyAttemptsError);
    assert.equal(manager.calls, 3);
  });

  it('an empty password is refused without asking the data source', async () => {
    const { authenticator, manager, audits } = setup();
    assert.ok(
      (await rejection(authenticator.authenticate(basic('ext', ''), SOURCE))) instanceof AuthenticationRequiredError,
    );
    assert.equal(manager.calls, 0);
    assert.equal(audits()[0]?.reason, 'empty-password');
  });

  it('an unavailable data source is 503 with Retry-After, audited at error level, and not a failure', async () => {
    const { authenticator, manager, lines } = setup();
    manager.answer = () => ({ outcome: 'unavailable', reason: 'connection failed (ECONNREFUSED)' });
    for (let attempt = 0; attempt < 5; attempt++) {
      const error = await rejection(authenticator.authenticate(basic('ext', 'right'), SOURCE));
      assert.ok(error instanceof AuthenticationBackendUnavailableError);
      assert.equal(error.retryAfterSeconds, 5);
    }
    const line = lines.find((entry) => entry.fields.outcome === 'unavailable');
    assert.equal(line?.level, 'error');
    assert.equal(line?.fields.dataSource, 'table-ds');
    assert.equal(line?.fields.reason, 'connection failed (ECONNREFUSED)');
    // Five outages did not throttle the user.
    manager.answer = () => ({ outcome: 'verified', groups: [] });
    assert.equal((await authenticator.authenticate(basic('ext', 'right'), SOURCE)).user, 'ext');
  });

  it('a back-end that throws is 503 too, and its message is not logged', async () => {
    const { authenticator, manager, lines } = setup();
    manager.answer = () => {
      throw new Error('driver says: password=hunter2');
    };
    assert.ok(
      (await rejection(authenticator.authenticate(basic('ext', 'right'), SOURCE))) instanceof
        AuthenticationBackendUnavailableError,
    );
    assert.ok(!JSON.stringify(lines).includes('hunter2'));
  });

  it('a verified login is remembered for the cache lifetime, then checked again', async () => {
    const { authenticator, manager, advance, audits } = setup({ ttlMs: 60_000 });
    await authenticator.authenticate(basic('ext', 'right'), SOURCE);
    advance(59_000);
    await authenticator.authenticate(basic('ext', 'right'), SOURCE);
    assert.equal(manager.calls, 1);
    assert.equal(audits()[1]?.cached, true);
    advance(1_000);
    await authenticator.authenticate(basic('ext', 'right'), SOURCE);
    assert.equal(manager.calls, 2);
  });

  it('a failed login is never remembered, and another password is checked', async () => {
    const { authenticator, manager } = setup();
    await authenticator.authenticate(basic('ext', 'right'), SOURCE);
    await rejection(authenticator.authenticate(basic('ext', 'wrong'), SOURCE));
    await rejection(authenticator.authenticate(basic('ext', 'wrong'), SOURCE));
    assert.equal(manager.calls, 3);
  });

  it('a configuration change forgets every remembered login', async () => {
    const { authenticator, manager, state } = setup();
    await authenticator.authenticate(basic('ext', 'right'), SOURCE);
    state.generation++;
    await authenticator.authenticate(basic('ext', 'right'), SOURCE);
    assert.equal(manager.calls, 2);
  });

  it('concurrent requests with the same credentials ask the data source once', async () => {
    const { authenticator, manager } = setup();
    let open: () => void = () => {};
    manager.gate = new Promise((resolve) => {
      open = resolve;
    });
    const logins = Array.from({ length: 5 }, () => authenticator.authenticate(basic('ext', 'right'), SOURCE));
    open();
    const principals = await Promise.all(logins);
    assert.equal(manager.calls, 1);
    assert.ok(principals.every((principal) => principal.user === 'ext'));
  });

  it('isCurrent: an external principal while its memory lasts, its configuration holds and no local account took the name', async () => {
    const { authenticator, advance, state, locals } = setup();
    const first: Principal = await authenticator.authenticate(basic('ext', 'right'), SOURCE);
    assert.equal(authenticator.isCurrent(first), true);
    advance(60_000);
    assert.equal(authenticator.isCurrent(first), false);
    const second = await authenticator.authenticate(basic('ext', 'right'), SOURCE);
    locals.set('ext', { passwordHash: 'x', groups: [] });
    assert.equal(authenticator.isCurrent(second), false);
    locals.delete('ext');
    assert.equal(authenticator.isCurrent(second), true);
    state.generation++;
    assert.equal(authenticator.isCurrent(second), false);
  });

  it('audit lines: user, method, which accounts, data source, address and outcome; never a password', async () => {
    const { authenticator, audits } = setup();
    await authenticator.authenticate(basic('ext', 'right'), SOURCE);
    await rejection(authenticator.authenticate(basic('ext', 'wrong'), SOURCE));
    await authenticator.authenticate(basic('admin', 'local'), SOURCE);
    await rejection(authenticator.authenticate(basic('admin', 'nope'), SOURCE));
    assert.deepEqual(audits(), [
      {
        audit: 'authentication',
        user: 'ext',
        method: 'basic',
        via: 'credential-manager',
        credentialManager: 'cm',
        dataSource: 'table-ds',
        remote: '192.0.2.7',
        outcome: 'success',
        groups: ['ops'],
      },
      {
        audit: 'authentication',
        user: 'ext',
        method: 'basic',
        via: 'credential-manager',
        credentialManager: 'cm',
        dataSource: 'table-ds',
        remote: '192.0.2.7',
        reason: 'wrong-password',
        outcome: 'failure',
      },
      {
        audit: 'authentication',
        user: 'admin',
        method: 'basic',
        via: 'local',
        remote: '192.0.2.7',
        outcome: 'success',
        groups: ['admin'],
      },
      {
        audit: 'authentication',
        user: 'admin',
        method: 'basic',
        via: 'local',
        remote: '192.0.2.7',
        outcome: 'failure',
      },
    ]);
    assert.ok(!JSON.stringify(audits()).includes('right'));
  });
});
