/**
 * @module errors/error-code
 * The stable error codes. Each is documented in docs/errors.md (a test keeps the two in step).
 */

/** Every stable error code. Callers branch on these, never on messages. */
export const ERROR_CODES = [
  'MALFORMED_MESSAGE',
  'UNKNOWN_ELEMENT',
  'UNKNOWN_NAMESPACE',
  'INVALID_VALUE',
  'RESOURCE_NOT_FOUND',
  'OFFSET_OUT_OF_RANGE',
  'MISSING_ELEMENT',
  'BAD_ELEMENT',
  'DATA_EXISTS',
  'DATA_MISSING',
  'CONSTRAINT_VIOLATION',
  'MISSING_INSTANCE',
  'ACCESS_DENIED',
  'AUTHENTICATION_REQUIRED',
  'INVALID_TOKEN',
  'INSUFFICIENT_SCOPE',
  'TOO_MANY_ATTEMPTS',
  'AUTHENTICATION_BACKEND_UNAVAILABLE',
  'LOCK_DENIED',
  'IN_USE',
  'RESOURCE_DENIED',
  'REPLAY_UNAVAILABLE',
  'SUBSCRIPTION_LIMIT',
  'OPERATION_NOT_SUPPORTED',
  'METHOD_NOT_ALLOWED',
  'NOT_ACCEPTABLE',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'PRECONDITION_FAILED',
  'NOT_MODIFIED',
  'COMMIT_FAILED',
  'STORE_UNAVAILABLE',
  'ROLLBACK_FAILED',
  'OPERATION_FAILED',
  'INTERNAL_ERROR',
] as const;

/** A stable error code. */
export type ErrorCode = (typeof ERROR_CODES)[number];
