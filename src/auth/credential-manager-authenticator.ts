/**
 * @module auth/credential-manager-authenticator
 * HTTP Basic for the management APIs, with local accounts and a credential manager side by
 * side. A user name that exists among the local accounts is verified locally and nowhere else:
 * the local `admin` account is the way in when every back-end is down, and a local name is never
 * sent to a directory or database. Any other name goes to the credential manager that
 * `admin-service/authentication/credential-manager` names, when one is configured (else the
 * login fails like an unknown user). A data source that cannot answer makes the login
 * impossible, not wrong: AuthenticationBackendUnavailableError (503), not counted as a failure.
 * Verified external logins are remembered briefly ({@link ExternalLoginCache}); every decided
 * login is an audit log line ({@link auditAuthentication}).
 */
import {
  AuthenticationBackendUnavailableError,
  AuthenticationRequiredError,
  TooManyAttemptsError,
} from '../errors/index.ts';
import type { Logger } from '../util/index.ts';
import type { AuthenticationEvent } from './authentication-audit.ts';
import { auditAuthentication } from './authentication-audit.ts';
import type { Authenticator } from './authenticator.ts';
import type { CredentialCheck, CredentialManager } from './credential-manager.ts';
import type { BasicCredentials, ClientSource, Credentials } from './credentials.ts';
import { ExternalLoginCache } from './external-login-cache.ts';
import { MAX_PASSWORD_LENGTH } from './local-user-authenticator.ts';
import type { LoginThrottle } from './login-throttle.ts';
import type { Principal } from './principal.ts';
import type { UserDirectory } from './user-directory.ts';

/** The credential manager admin logins use now. */
export interface ActiveCredentialManager {
  /** Its id (`processing/credential-managers/credential-manager/id`). */
  readonly id: string;
  readonly manager: CredentialManager;
}

/** Where the authenticator learns which credential manager is configured now. */
export interface CredentialManagerSource {
  /**
   * The configured credential manager (undefined: local accounts only) and a generation number
   * that changes whenever that configuration does; remembered logins of an older generation are
   * dropped.
   */
  current(): { readonly active: ActiveCredentialManager | undefined; readonly generation: number };
}

/** Options of {@link CredentialManagerAuthenticator}. */
export interface CredentialManagerAuthenticatorOptions {
  /** Checks local accounts (a LocalUserAuthenticator over the same directory). */
  readonly local: Authenticator;
  /** The local accounts, to tell local names from others. */
  readonly directory: UserDirectory;
  readonly credentialManagers: CredentialManagerSource;
  /** Failure throttling of external logins, keyed like the local one's (user and address). */
  readonly throttle: LoginThrottle;
  /** Where the audit lines go. */
  readonly log: Logger;
  /** Remembered external logins; 60 s, 10,000 entries when omitted. */
  readonly cache?: ExternalLoginCache;
  /** `Retry-After` of a 503 (default 5 s). */
  readonly retryAfterSeconds?: number;
  /** The clock (tests). */
  readonly now?: () => number;
}

/** What an external principal was issued under, to tell whether a connection may keep reusing it. */
interface ExternalIssue {
  readonly generation: number;
  readonly expiresAt: number;
}

/** Routes Basic credentials to the local accounts or the credential manager, and audits every login. */
export class CredentialManagerAuthenticator implements Authenticator {
  readonly #local: Authenticator;
  readonly #directory: UserDirectory;
  readonly #source: CredentialManagerSource;
  readonly #throttle: LoginThrottle;
  readonly #log: Logger;
  readonly #cache: ExternalLoginCache;
  readonly #retryAfterSeconds: number;
  readonly #now: () => number;
  #generation: number | undefined;
  /** Checks in progress, so that concurrent requests with the same credentials ask the data source once. */
  readonly #inFlight = new Map<string, Promise<CredentialCheck>>();
  readonly #external = new WeakMap<Principal, ExternalIssue>();

  constructor(options: CredentialManagerAuthenticatorOptions) {
    this.#local = options.local;
    this.#directory = options.directory;
    this.#source = options.credentialManagers;
    this.#throttle = options.throttle;
    this.#log = options.log;
    this.#cache = options.cache ?? new ExternalLoginCache();
    this.#retryAfterSeconds = options.retryAfterSeconds ?? 5;
    this.#now = options.now ?? Date.now;
  }

  async authenticate(credentials: Credentials, source: ClientSource): Promise<Principal> {
    if (credentials.scheme !== 'basic') return this.#local.authenticate(credentials, source);
    const { active, generation } = this.#current();
    if (active === undefined || (await this.#directory.lookup(credentials.user)) !== undefined)
      return this.#authenticateLocally(credentials, source);
    return this.#authenticateExternally(credentials, source, active, generation);
  }

  isCurrent(principal: Principal): boolean {
    const issue = this.#external.get(principal);
    if (issue === undefined) return this.#local.isCurrent?.(principal) ?? false;
    if (issue.generation !== this.#current().generation || this.#now() >= issue.expiresAt) return false;
    // A local account created since under the same name takes the name over.
    return this.#directory.lookup(principal.user) === undefined;
  }

  /** The configured credential manager; a changed configuration empties the memory of logins. */
  #current(): ReturnType<CredentialManagerSource['current']> {
    const current = this.#source.current();
    if (current.generation !== this.#generation) {
      this.#generation = current.generation;
      this.#cache.clear();
    }
    return current;
  }

  async #authenticateLocally(credentials: BasicCredentials, source: ClientSource): Promise<Principal> {
    const event = { user: credentials.user, method: 'basic', via: 'local', remote: source.address } as const;
    try {
      const principal = await this.#local.authenticate(credentials, source);
      auditAuthentication(this.#log, { ...event, outcome: 'success', groups: principal.groups });
      return principal;
    } catch (error) {
      if (error instanceof TooManyAttemptsError) auditAuthentication(this.#log, { ...event, outcome: 'throttled' });
      else if (error instanceof AuthenticationRequiredError)
        auditAuthentication(this.#log, { ...event, outcome: 'failure' });
      throw error;
    }
  }

  async #authenticateExternally(
    credentials: BasicCredentials,
    source: ClientSource,
    active: ActiveCredentialManager,
    generation: number,
  ): Promise<Principal> {
    const { user, password } = credentials;
    const event = {
      user,
      method: 'basic',
      via: 'credential-manager',
      credentialManager: active.id,
      dataSource: active.manager.dataSource,
      remote: source.address,
    } as const satisfies Partial<AuthenticationEvent>;
    // An address never contains NUL, so the key splits back into user and address unambiguously.
    const key = `${user}\u0000${source.address}`;
    const retryAfter = this.#throttle.retryAfter(key);
    if (retryAfter !== undefined) {
      auditAuthentication(this.#log, { ...event, outcome: 'throttled' });
      throw new TooManyAttemptsError(
        `too many failed logins for this user from this address; try again in ${retryAfter} seconds`,
        retryAfter,
      );
    }
    if (password === '') return this.#fail(key, { ...event, reason: 'empty-password' });
    if (password.length > MAX_PASSWORD_LENGTH) return this.#fail(key, { ...event, reason: 'password-too-long' });

    const digest = this.#cache.digest(user, password);
    const cached = this.#cache.get(digest);
    if (cached !== undefined) {
      auditAuthentication(this.#log, { ...event, outcome: 'success', groups: cached.groups, cached: true });
      return this.#principal(user, cached.groups, generation, cached.expiresAt);
    }
    const check = await this.#verify(`${generation}\u0000${digest}`, active.manager, user, password);
    switch (check.outcome) {
      case 'verified': {
        this.#throttle.recordSuccess(key);
        // A configuration that changed meanwhile must not inherit this login.
        const entry = this.#current().generation === generation ? this.#cache.add(digest, check.groups) : undefined;
        auditAuthentication(this.#log, { ...event, outcome: 'success', groups: check.groups });
        return this.#principal(user, check.groups, generation, entry?.expiresAt ?? this.#now());
      }
      case 'rejected':
        return this.#fail(key, { ...event, reason: check.reason });
      case 'unavailable':
        auditAuthentication(this.#log, { ...event, outcome: 'unavailable', reason: check.reason });
        throw new AuthenticationBackendUnavailableError(
          'the credentials cannot be checked now: the credential manager’s data source is unavailable; try again later',
          this.#retryAfterSeconds,
        );
    }
  }

  /** Asks the data source, sharing one check among concurrent requests with the same credentials. */
  #verify(key: string, manager: CredentialManager, user: string, password: string): Promise<CredentialCheck> {
    const pending = this.#inFlight.get(key);
    if (pending !== undefined) return pending;
    const check = manager
      .verify(user, password)
      .catch((error: unknown): CredentialCheck => {
        // A bug in a back-end must not turn into a 500 with its message; log its kind only.
        this.#log.error(
          { dataSource: manager.dataSource, errorName: error instanceof Error ? error.name : typeof error },
          'the credential manager failed unexpectedly',
        );
        return { outcome: 'unavailable', reason: 'unexpected failure' };
      })
      .finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, check);
    return check;
  }

  #principal(user: string, groups: readonly string[], generation: number, expiresAt: number): Principal {
    const principal: Principal = { user, groups, method: 'basic' };
    this.#external.set(principal, { generation, expiresAt });
    return principal;
  }

  /** Counts the failure, audits it and throws the one error that wrong credentials of any kind get. */
  #fail(key: string, event: Omit<AuthenticationEvent, 'outcome'>): never {
    const locked = this.#throttle.recordFailure(key);
    auditAuthentication(this.#log, {
      ...event,
      outcome: 'failure',
      ...(locked === undefined ? {} : { reason: `${event.reason ?? 'failure'}; throttling for ${locked} s` }),
    });
    throw new AuthenticationRequiredError('the user name or password is wrong');
  }
}
