/**
 * @module auth/local-user-authenticator
 * HTTP Basic against local accounts (by default the `idconf-aaa` admin users). An unknown user
 * and a wrong password get the same error after the same work: the password is checked against
 * a dummy hash when there is no account. Failures are throttled ({@link LoginThrottle}); the
 * attempts of one user from one source are checked one at a time, so that a burst of parallel
 * guesses cannot all pass the throttle before the first of them has failed.
 */
import { randomBytes } from 'node:crypto';
import { AuthenticationRequiredError, TooManyAttemptsError } from '../errors/index.ts';
import type { Logger } from '../util/index.ts';
import type { Authenticator } from './authenticator.ts';
import type { BasicCredentials, ClientSource, Credentials } from './credentials.ts';
import { LoginThrottle, loginThrottleKey } from './login-throttle.ts';
import { hashPassword, passwordHashProblem, verifyPassword } from './password-hash.ts';
import { PerKeySequence } from './per-key-sequence.ts';
import type { Principal } from './principal.ts';
import { throttleSource } from './throttle-source.ts';
import type { UserDirectory, UserRecord } from './user-directory.ts';
import { VerifiedCredentials } from './verified-credentials.ts';

/** Options of {@link LocalUserAuthenticator}. */
export interface LocalUserAuthenticatorOptions {
  readonly directory: UserDirectory;
  readonly log: Logger;
  /**
   * Failure throttling; when omitted, after 5 failures of a user from a source (or 50 from a
   * source) its attempts wait 1 s, doubling with each failure up to 15 min.
   */
  readonly throttle?: LoginThrottle;
  /** The password check (tests observe it); {@link verifyPassword} when omitted. */
  readonly verifyPassword?: (password: string, hash: string) => Promise<boolean>;
  /**
   * The hash checked when there is no account, so that an unknown user costs what a known one
   * does. An argon2id hash of a random password with the default parameters when omitted; set
   * it to a hash of the kind the directory holds when that is not argon2id.
   */
  readonly dummyHash?: string;
  /**
   * Verifications reused for a while (default: 5 minutes), so that a client sending the same
   * Basic credentials with every request does not pay the password hash each time.
   */
  readonly verified?: VerifiedCredentials;
}

/** Accounts remembered as having an unusable hash, so each is reported once. */
const MAX_REPORTED = 1024;

/**
 * Longer passwords fail without being hashed: SHA-crypt's cost grows with the square of the
 * password length, so a huge password would be a cheap way to burn server CPU.
 */
export const MAX_PASSWORD_LENGTH = 1024;

/** Authenticates HTTP Basic credentials against a {@link UserDirectory}. */
export class LocalUserAuthenticator implements Authenticator {
  readonly #directory: UserDirectory;
  readonly #log: Logger;
  readonly #throttle: LoginThrottle;
  readonly #attempts = new PerKeySequence();
  readonly #verify: (password: string, hash: string) => Promise<boolean>;
  #dummyHash: Promise<string> | undefined;
  readonly #reported = new Set<string>();
  readonly #verified: VerifiedCredentials;
  /** The account record each principal handed out was checked against. */
  readonly #checkedAgainst = new WeakMap<Principal, UserRecord>();

  constructor(options: LocalUserAuthenticatorOptions) {
    this.#directory = options.directory;
    this.#log = options.log;
    this.#throttle = options.throttle ?? new LoginThrottle();
    this.#verify = options.verifyPassword ?? verifyPassword;
    if (options.dummyHash !== undefined) this.#dummyHash = Promise.resolve(options.dummyHash);
    this.#verified = options.verified ?? new VerifiedCredentials();
  }

  async authenticate(credentials: Credentials, source: ClientSource): Promise<Principal> {
    if (credentials.scheme !== 'basic') {
      throw new AuthenticationRequiredError('this server accepts HTTP Basic credentials only');
    }
    const key = loginThrottleKey(credentials.user, source.address);
    return this.#attempts.run(loginThrottleKey(credentials.user, throttleSource(source.address)), () =>
      this.#authenticateBasic(credentials, source, key),
    );
  }

  async #authenticateBasic(credentials: BasicCredentials, source: ClientSource, key: string): Promise<Principal> {
    const { user, password } = credentials;
    const retryAfter = this.#throttle.retryAfter(key);
    if (retryAfter !== undefined) throw tooManyAttempts(retryAfter);

    if (password.length > MAX_PASSWORD_LENGTH) {
      this.#fail(key, user, source);
    }
    const account = await this.#directory.lookup(user);
    let hash = account?.passwordHash;
    // A hash these credentials verified against recently is usable: skip parsing it again.
    if (account !== undefined && hash !== undefined && this.#verified.has(user, password, hash))
      return this.#principal(user, account);
    const problem = hash === undefined ? undefined : passwordHashProblem(hash);
    if (problem !== undefined) {
      this.#reportUnusableHash(user, problem);
      hash = undefined;
    }
    // Without a usable hash, do the same work against the dummy and fail regardless.
    const matches = await this.#verify(password, hash ?? (await this.#dummy()));
    if (account === undefined || hash === undefined || !matches) this.#fail(key, user, source);
    this.#verified.add(user, password, hash);
    this.#throttle.recordSuccess(key);
    return this.#principal(user, account);
  }

  isCurrent(principal: Principal): boolean {
    const checked = this.#checkedAgainst.get(principal);
    if (checked === undefined) return false;
    const account = this.#directory.lookup(principal.user);
    if (account === checked) return true;
    // A directory that answers asynchronously, or a changed account, is checked again in full.
    if (account === undefined || account instanceof Promise) return false;
    return (
      account.passwordHash === checked.passwordHash &&
      account.groups.length === checked.groups.length &&
      account.groups.every((group, index) => group === checked.groups[index])
    );
  }

  #principal(user: string, account: UserRecord): Principal {
    const principal: Principal = { user, groups: account.groups, method: 'basic' };
    this.#checkedAgainst.set(principal, account);
    return principal;
  }

  /** Counts the failure and throws the one error that wrong credentials of any kind get. */
  #fail(key: string, user: string, source: ClientSource): never {
    const delay = this.#throttle.recordFailure(key);
    if (delay === undefined) this.#log.info({ user, remote: source.address }, 'login failed');
    else
      this.#log.warn(
        { user, remote: source.address, delaySeconds: delay },
        'login failed; further attempts from this address must wait',
      );
    throw new AuthenticationRequiredError('the user name or password is wrong');
  }

  #dummy(): Promise<string> {
    this.#dummyHash ??= hashPassword(randomBytes(18).toString('base64url'));
    return this.#dummyHash;
  }

  #reportUnusableHash(user: string, problem: string): void {
    if (this.#reported.has(user)) return;
    if (this.#reported.size >= MAX_REPORTED) this.#reported.clear();
    this.#reported.add(user);
    this.#log.warn(
      { user, problem },
      'the password hash of this account cannot be verified; the account cannot log in',
    );
  }
}

const tooManyAttempts = (seconds: number): TooManyAttemptsError =>
  new TooManyAttemptsError(`too many failed logins from this address; try again in ${seconds} seconds`, seconds);
