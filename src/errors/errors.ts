/**
 * @module errors/errors
 * The catalogue of request-time errors: one class per condition, each with a stable code and
 * an error-tag. HTTP statuses are not decided here but in `http/error-status.ts`.
 */
import type { ErrorCode } from './error-code.ts';
import type { ErrorTag } from './error-tag.ts';
import type { ErrorDetails } from './management-error.ts';
import { ManagementError } from './management-error.ts';

/** The message could not be parsed (bad JSON/XML, bad URI syntax, DOCTYPE in XML). */
export class MalformedMessageError extends ManagementError {
  readonly code: ErrorCode = 'MALFORMED_MESSAGE';
  readonly tag: ErrorTag = 'malformed-message';
}
/** A node name that the schema does not define. */
export class UnknownElementError extends ManagementError {
  readonly code: ErrorCode = 'UNKNOWN_ELEMENT';
  readonly tag: ErrorTag = 'unknown-element';
}
/** A namespace or module name that no loaded module has. */
export class UnknownNamespaceError extends ManagementError {
  readonly code: ErrorCode = 'UNKNOWN_NAMESPACE';
  readonly tag: ErrorTag = 'unknown-namespace';
}
/** A value that does not fit its type, or a query parameter that is not allowed. */
export class InvalidValueError extends ManagementError {
  readonly code: ErrorCode = 'INVALID_VALUE';
  readonly tag: ErrorTag = 'invalid-value';
}
/** The target resource does not exist (404). */
export class ResourceNotFoundError extends ManagementError {
  readonly code: ErrorCode = 'RESOURCE_NOT_FOUND';
  readonly tag: ErrorTag = 'invalid-value';
}
/**
 * A list page's `offset` is beyond the entries there are (416). @see draft-ietf-netconf-list-pagination-rc §2.3.2
 */
export class OffsetOutOfRangeError extends ManagementError {
  readonly code: ErrorCode = 'OFFSET_OUT_OF_RANGE';
  readonly tag: ErrorTag = 'invalid-value';
  constructor(message: string, details: ConstructorParameters<typeof ManagementError>[1] = {}) {
    super(message, { appTag: 'ietf-list-pagination:offset-out-of-range', ...details });
  }
}
/** An expected node is missing: a list entry without a key leaf, a mandatory leaf. @see RFC 6241 App. A */
export class MissingElementError extends ManagementError {
  readonly code: ErrorCode = 'MISSING_ELEMENT';
  readonly tag: ErrorTag = 'missing-element';
}
/** A node that is known but not allowed where it is (e.g. an edit operation on the wrong kind of node). */
export class BadElementError extends ManagementError {
  readonly code: ErrorCode = 'BAD_ELEMENT';
  readonly tag: ErrorTag = 'bad-element';
}
/** A create of something that already exists. */
export class DataExistsError extends ManagementError {
  readonly code: ErrorCode = 'DATA_EXISTS';
  readonly tag: ErrorTag = 'data-exists';
}
/** A delete of something absent, or a missing required instance (`instance-required`, `missing-choice`). */
export class DataMissingError extends ManagementError {
  readonly code: ErrorCode = 'DATA_MISSING';
  readonly tag: ErrorTag = 'data-missing';
}
/** A YANG constraint does not hold (`must-violation`, `too-many-elements`, `data-not-unique` …). */
export class ConstraintViolationError extends ManagementError {
  readonly code: ErrorCode = 'CONSTRAINT_VIOLATION';
  readonly tag: ErrorTag = 'operation-failed';
}
/** The `point` of an insert names an absent entry. @see RFC 8040 §4.8.6 */
export class MissingInstanceError extends ManagementError {
  readonly code: ErrorCode = 'MISSING_INSTANCE';
  readonly tag: ErrorTag = 'bad-attribute';
  constructor(message: string, details: ConstructorParameters<typeof ManagementError>[1] = {}) {
    super(message, { appTag: 'missing-instance', ...details });
  }
}
/** NACM denies the operation. @see RFC 8341 */
export class AccessDeniedError extends ManagementError {
  readonly code: ErrorCode = 'ACCESS_DENIED';
  readonly tag: ErrorTag = 'access-denied';
}
/**
 * One `WWW-Authenticate` challenge: an auth-scheme and its auth-params (the HTTP layer adds
 * the realm). @see RFC 9110 §11.6.1, RFC 6750 §3
 */
export interface AuthenticationChallenge {
  readonly scheme: string;
  readonly parameters?: Readonly<Record<string, string>>;
}
/** Details of the errors that carry `WWW-Authenticate` challenges. */
export interface ChallengeDetails extends ErrorDetails {
  /** One challenge per scheme the server accepts; Basic alone when undefined. */
  readonly challenges?: readonly AuthenticationChallenge[];
}
/** No or wrong credentials (401, with `WWW-Authenticate`). */
export class AuthenticationRequiredError extends ManagementError {
  readonly code: ErrorCode = 'AUTHENTICATION_REQUIRED';
  readonly tag: ErrorTag = 'access-denied';
  /** The challenges of the 401 (one per accepted scheme); Basic alone when undefined. */
  readonly challenges: readonly AuthenticationChallenge[] | undefined;
  constructor(message: string, details: ChallengeDetails = {}) {
    super(message, details);
    this.challenges = details.challenges;
  }
}
/** A bearer token that is malformed, expired, or not for this server (401, `error="invalid_token"`). @see RFC 6750 §3.1 */
export class InvalidTokenError extends AuthenticationRequiredError {
  override readonly code: ErrorCode = 'INVALID_TOKEN';
}
/** A valid bearer token without a scope the server requires (403, `error="insufficient_scope"`). @see RFC 6750 §3.1 */
export class InsufficientScopeError extends ManagementError {
  readonly code: ErrorCode = 'INSUFFICIENT_SCOPE';
  readonly tag: ErrorTag = 'access-denied';
  /** The challenges of the 403. */
  readonly challenges: readonly AuthenticationChallenge[] | undefined;
  constructor(message: string, details: ChallengeDetails = {}) {
    super(message, details);
    this.challenges = details.challenges;
  }
}
/** Too many failed logins from one user and source (429, with `Retry-After`). */
export class TooManyAttemptsError extends ManagementError {
  readonly code: ErrorCode = 'TOO_MANY_ATTEMPTS';
  readonly tag: ErrorTag = 'resource-denied';
  /** Seconds until a new attempt is accepted, for the `Retry-After` header; unknown when undefined. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    message: string,
    retryAfterSeconds?: number,
    details: ConstructorParameters<typeof ManagementError>[1] = {},
  ) {
    super(message, details);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
/**
 * The credentials could not be checked because the credential manager's data source (LDAP
 * directory, database) is unreachable, timed out or refused the service account (503, with
 * `Retry-After`). Not a login failure: the same credentials may well be right.
 */
export class AuthenticationBackendUnavailableError extends ManagementError {
  readonly code: ErrorCode = 'AUTHENTICATION_BACKEND_UNAVAILABLE';
  readonly tag: ErrorTag = 'operation-failed';
  /** Seconds after which a new attempt may succeed, for the `Retry-After` header. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    message: string,
    retryAfterSeconds?: number,
    details: ConstructorParameters<typeof ManagementError>[1] = {},
  ) {
    super(message, details);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
/** A lock is held by someone else. */
export class LockDeniedError extends ManagementError {
  readonly code: ErrorCode = 'LOCK_DENIED';
  readonly tag: ErrorTag = 'lock-denied';
}
/** The resource is in use. */
export class InUseError extends ManagementError {
  readonly code: ErrorCode = 'IN_USE';
  readonly tag: ErrorTag = 'in-use';
}
/** A resource (memory, disk, a limit) is exhausted. */
export class ResourceDeniedError extends ManagementError {
  readonly code: ErrorCode = 'RESOURCE_DENIED';
  readonly tag: ErrorTag = 'resource-denied';
}
/**
 * An event stream cannot resume after the client's `Last-Event-ID`: the events after it are no
 * longer stored (or it is newer than any event), so a resumption would have a gap. The client
 * reads the configuration again and subscribes afresh. @see RFC 8040 §6.3, docs/events.md
 */
export class ReplayUnavailableError extends ManagementError {
  readonly code: ErrorCode = 'REPLAY_UNAVAILABLE';
  readonly tag: ErrorTag = 'invalid-value';
}
/**
 * An event stream subscription would exceed a configured cap: on the subscriptions open at once
 * on this server, or on those of one user. The client closes one of its subscriptions or retries
 * later. @see RFC 8040 §7 (resource-denied: insufficient resources), docs/events.md
 */
export class SubscriptionLimitError extends ManagementError {
  readonly code: ErrorCode = 'SUBSCRIPTION_LIMIT';
  readonly tag: ErrorTag = 'resource-denied';
}
/** The operation is not implemented (501). */
export class OperationNotSupportedError extends ManagementError {
  readonly code: ErrorCode = 'OPERATION_NOT_SUPPORTED';
  readonly tag: ErrorTag = 'operation-not-supported';
}
/** The method is not allowed on this resource (405, with `Allow`). */
export class MethodNotAllowedError extends ManagementError {
  readonly code: ErrorCode = 'METHOD_NOT_ALLOWED';
  readonly tag: ErrorTag = 'operation-not-supported';
  /** The methods the resource does allow, for the `Allow` header. */
  readonly allow: readonly string[];
  constructor(
    message: string,
    allow: readonly string[],
    details: ConstructorParameters<typeof ManagementError>[1] = {},
  ) {
    super(message, details);
    this.allow = allow;
  }
}
/** No representation matches the request's Accept (406). */
export class NotAcceptableError extends ManagementError {
  readonly code: ErrorCode = 'NOT_ACCEPTABLE';
  readonly tag: ErrorTag = 'invalid-value';
}
/** The request body's Content-Type is not supported (415). */
export class UnsupportedMediaTypeError extends ManagementError {
  readonly code: ErrorCode = 'UNSUPPORTED_MEDIA_TYPE';
  readonly tag: ErrorTag = 'invalid-value';
}
/** The request body is larger than the configured limit (413). */
export class PayloadTooLargeError extends ManagementError {
  readonly code: ErrorCode = 'PAYLOAD_TOO_LARGE';
  readonly tag: ErrorTag = 'too-big';
}
/** An `If-Match` / `If-Unmodified-Since` precondition does not hold (412). */
export class PreconditionFailedError extends ManagementError {
  readonly code: ErrorCode = 'PRECONDITION_FAILED';
  readonly tag: ErrorTag = 'operation-failed';
}
/** The resource has not changed since the client's copy (304, no body). */
export class NotModifiedError extends ManagementError {
  readonly code: ErrorCode = 'NOT_MODIFIED';
  readonly tag: ErrorTag = 'operation-failed';
}
/** The commit could not be made durable or a commit hook vetoed it. */
export class CommitFailedError extends ManagementError {
  readonly code: ErrorCode = 'COMMIT_FAILED';
  readonly tag: ErrorTag = 'operation-failed';
}
/**
 * The shared journal (the PostgreSQL store of a cluster) cannot be reached, so a commit cannot be
 * made durable (503, with `Retry-After`). Nothing changed; reads are still answered from memory.
 */
export class StoreUnavailableError extends ManagementError {
  readonly code: ErrorCode = 'STORE_UNAVAILABLE';
  readonly tag: ErrorTag = 'operation-failed';
  /** Seconds after which a new attempt may succeed, for the `Retry-After` header. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    message: string,
    retryAfterSeconds?: number,
    details: ConstructorParameters<typeof ManagementError>[1] = {},
  ) {
    super(message, details);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
/** Applying a rollback file failed. */
export class RollbackFailedError extends ManagementError {
  readonly code: ErrorCode = 'ROLLBACK_FAILED';
  readonly tag: ErrorTag = 'rollback-failed';
}
/** The operation failed for a reason the client can act on (the message says which). */
export class OperationFailedError extends ManagementError {
  readonly code: ErrorCode = 'OPERATION_FAILED';
  readonly tag: ErrorTag = 'operation-failed';
}
/** An unexpected failure inside the server; the message is always generic. */
export class InternalError extends ManagementError {
  readonly code: ErrorCode = 'INTERNAL_ERROR';
  readonly tag: ErrorTag = 'operation-failed';
  constructor(requestId?: string, cause?: unknown) {
    super(
      requestId === undefined
        ? 'internal error'
        : `internal error; the server log has the details under request id ${requestId}`,
      cause === undefined ? {} : { cause },
    );
  }
}
