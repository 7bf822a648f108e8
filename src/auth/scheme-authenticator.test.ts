/**
 * @module auth/scheme-authenticator.test
 * Credentials go to the back-end of their scheme while the configuration enables it; the
 * challenges of each answer (one per enabled scheme, RFC 6750 error codes on the Bearer one);
 * principals stay current only while their scheme is enabled.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  AuthenticationRequiredError,
  InsufficientScopeError,
  InvalidTokenError,
  TooManyAttemptsError,
} from '../errors/index.ts';
import type { Authenticator } from './authenticator.ts';
import type { Credentials } from './credentials.ts';
import type { Principal } from './principal.ts';
import { type EnabledSchemes, SchemeAuthenticator } from './scheme-authenticator.ts';

const SOURCE = { address: '192.0.2.1' };
const BASIC: Credentials = { scheme: 'basic', user: 'admin', password: 'pw' };
const BEARER: Credentials = { scheme: 'bearer', token: 'token' };

/** A back-end that answers with `outcome` and says whether a principal is current. */
const backEnd = (outcome: Principal | Error, current = true): Authenticator => ({
  authenticate: async () => {
    if (outcome instanceof Error) throw outcome;
    return outcome;
  },
  isCurrent: () => current,
});

const alice: Principal = { user: 'alice', groups: ['ops'], method: 'bearer' };
const admin: Principal = { user: 'admin', groups: ['admin'], method: 'basic' };

const make = (enabled: EnabledSchemes, basic: Principal | Error = admin, bearer: Principal | Error = alice) =>
  new SchemeAuthenticator({ basic: backEnd(basic), bearer: backEnd(bearer), enabled: () => enabled });

const BOTH = { basic: true, bearer: true };
const BASIC_CHALLENGE = { scheme: 'Basic', parameters: { charset: 'UTF-8' } };

const rejectsWith = async (
  promise: Promise<unknown>,
  type: new (...args: never[]) => Error,
  check: (error: InvalidTokenError | AuthenticationRequiredError | InsufficientScopeError) => void,
) =>
  assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof type, String(error));
    check(error as InvalidTokenError);
    return true;
  });

describe('SchemeAuthenticator', () => {
  it('routes Basic and Bearer to their back-ends', async () => {
    const authenticator = make(BOTH);
    assert.equal(await authenticator.authenticate(BASIC, SOURCE), admin);
    assert.equal(await authenticator.authenticate(BEARER, SOURCE), alice);
  });

  it('challenges with one entry per enabled scheme', () => {
    assert.deepEqual(make(BOTH).challenges(), [BASIC_CHALLENGE, { scheme: 'Bearer' }]);
    assert.deepEqual(make({ basic: true, bearer: false }).challenges(), [BASIC_CHALLENGE]);
    assert.deepEqual(make({ basic: false, bearer: true }).challenges(), [{ scheme: 'Bearer' }]);
  });

  it('refuses Basic when it is turned off, challenging with Bearer only', async () => {
    await rejectsWith(
      make({ basic: false, bearer: true }).authenticate(BASIC, SOURCE),
      AuthenticationRequiredError,
      (error) => {
        assert.match(error.message, /HTTP Basic authentication is turned off/);
        assert.deepEqual(error.challenges, [{ scheme: 'Bearer' }]);
      },
    );
  });

  it('refuses a bearer token when OAuth is not configured', async () => {
    await rejectsWith(
      make({ basic: true, bearer: false }).authenticate(BEARER, SOURCE),
      AuthenticationRequiredError,
      (error) => {
        assert.match(error.message, /does not accept bearer tokens/);
        assert.deepEqual(error.challenges, [BASIC_CHALLENGE]);
      },
    );
  });

  it('puts error="invalid_token" on the Bearer challenge of a refused token', async () => {
    const refused = new InvalidTokenError('the bearer token is not accepted: it has expired (exp)');
    await rejectsWith(make(BOTH, admin, refused).authenticate(BEARER, SOURCE), InvalidTokenError, (error) => {
      assert.equal(error.code, 'INVALID_TOKEN');
      assert.equal(error.message, refused.message);
      assert.deepEqual(error.challenges, [
        BASIC_CHALLENGE,
        { scheme: 'Bearer', parameters: { error: 'invalid_token', error_description: refused.message } },
      ]);
    });
  });

  it('answers a missing scope with the Bearer challenge alone, naming the scope', async () => {
    const lacking = new InsufficientScopeError('lacks idconf', { info: { 'required-scope': 'idconf admin' } });
    await rejectsWith(make(BOTH, admin, lacking).authenticate(BEARER, SOURCE), InsufficientScopeError, (error) => {
      assert.deepEqual(error.challenges, [
        {
          scheme: 'Bearer',
          parameters: { error: 'insufficient_scope', error_description: 'lacks idconf', scope: 'idconf admin' },
        },
      ]);
      assert.deepEqual(error.info, { 'required-scope': 'idconf admin' });
    });
  });

  it('adds the challenges to a wrong password and passes throttling through', async () => {
    await rejectsWith(
      make(BOTH, new AuthenticationRequiredError('the user name or password is wrong')).authenticate(BASIC, SOURCE),
      AuthenticationRequiredError,
      (error) => assert.deepEqual(error.challenges, [BASIC_CHALLENGE, { scheme: 'Bearer' }]),
    );
    const throttled = new TooManyAttemptsError('slow down', 30);
    await assert.rejects(make(BOTH, throttled).authenticate(BASIC, SOURCE), (error) => error === throttled);
  });

  it('keeps a principal current only while its scheme is enabled and its back-end says so', () => {
    let enabled: EnabledSchemes = BOTH;
    const authenticator = new SchemeAuthenticator({
      basic: backEnd(admin, true),
      bearer: backEnd(alice, false),
      enabled: () => enabled,
    });
    assert.equal(authenticator.isCurrent(admin), true);
    assert.equal(authenticator.isCurrent(alice), false);
    enabled = { basic: false, bearer: true };
    assert.equal(authenticator.isCurrent(admin), false);
    assert.equal(authenticator.isCurrent({ user: 'x', groups: [], method: 'system' }), false);
  });
});
