/**
 * @module auth/authentication-audit
 * The audit trail of logins: one log line per authentication that was decided (success,
 * failure, throttled, or not decidable because the credential manager's data source is
 * unavailable), with the user name as sent, the method, which accounts were asked (local or a
 * credential manager and its data source), the client address and the outcome. Never a
 * password, hash or token.
 */
import type { Logger } from '../util/index.ts';
import type { AuthenticationMethod } from './principal.ts';

/** How an authentication ended. */
export type AuthenticationOutcome = 'success' | 'failure' | 'throttled' | 'unavailable';

/** One authentication, as the audit log records it. */
export interface AuthenticationEvent {
  readonly outcome: AuthenticationOutcome;
  readonly user: string;
  readonly method: AuthenticationMethod;
  /** `local`: the idconf-aaa accounts; `credential-manager`: the configured credential manager. */
  readonly via: 'local' | 'credential-manager';
  readonly credentialManager?: string;
  readonly dataSource?: string;
  /** The client's address (the TCP peer). */
  readonly remote: string;
  /** On success: the groups the user has. */
  readonly groups?: readonly string[];
  /** On success: true when a remembered verification was reused. */
  readonly cached?: boolean;
  /** On failure: why (`wrong-password`, `unknown-user`, …); when unavailable: what failed. */
  readonly reason?: string;
}

const MESSAGES: Readonly<Record<AuthenticationOutcome, string>> = {
  success: 'authentication succeeded',
  failure: 'authentication failed',
  throttled: 'authentication refused: too many failures for this user and address',
  unavailable: 'authentication impossible: the credential manager’s data source is unavailable',
};

/** Writes the audit line of `event` (unavailable at error level, throttled at warn, others at info). */
export const auditAuthentication = (log: Logger, event: AuthenticationEvent): void => {
  const fields = { audit: 'authentication', ...event };
  if (event.outcome === 'unavailable') log.error(fields, MESSAGES.unavailable);
  else if (event.outcome === 'throttled') log.warn(fields, MESSAGES.throttled);
  else log.info(fields, MESSAGES[event.outcome]);
};
