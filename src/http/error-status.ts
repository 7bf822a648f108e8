/**
 * @module http/error-status
 * The one table from errors to HTTP status codes. Status follows the error-tag (RFC 8040 §7);
 * where the RFC allows several statuses for one tag, the error's code decides. Every status is
 * one its tag's row of that table allows, except the few HTTP itself requires that the table
 * has no row for (304, 415, 429; `missing-element`, which the table leaves out, answers 400 as
 * its sibling tags do); test/errors-catalogue.test.ts checks this.
 */
import type { ErrorCode, ErrorTag, ManagementError } from '../errors/index.ts';

/** Status per error-tag. @see RFC 8040 §7 */
export const STATUS_BY_TAG: Readonly<Record<ErrorTag, number>> = {
  'in-use': 409,
  'invalid-value': 400,
  'too-big': 413,
  'missing-attribute': 400,
  'bad-attribute': 400,
  'unknown-attribute': 400,
  'missing-element': 400,
  'bad-element': 400,
  'unknown-element': 400,
  'unknown-namespace': 400,
  'access-denied': 403,
  'lock-denied': 409,
  'resource-denied': 409,
  'rollback-failed': 500,
  'data-exists': 409,
  'data-missing': 409,
  'operation-not-supported': 501,
  'operation-failed': 500,
  'partial-operation': 500,
  'malformed-message': 400,
};

/** Statuses decided by the error code where the tag alone is ambiguous. */
export const STATUS_BY_CODE: Readonly<Partial<Record<ErrorCode, number>>> = {
  RESOURCE_NOT_FOUND: 404,
  OFFSET_OUT_OF_RANGE: 416,
  NOT_ACCEPTABLE: 406,
  UNSUPPORTED_MEDIA_TYPE: 415,
  AUTHENTICATION_REQUIRED: 401,
  INVALID_TOKEN: 401,
  INSUFFICIENT_SCOPE: 403,
  TOO_MANY_ATTEMPTS: 429,
  AUTHENTICATION_BACKEND_UNAVAILABLE: 503,
  STORE_UNAVAILABLE: 503,
  METHOD_NOT_ALLOWED: 405,
  PRECONDITION_FAILED: 412,
  NOT_MODIFIED: 304,
  PAYLOAD_TOO_LARGE: 413,
  // must-violation, data-not-unique, too-many/too-few-elements are operation-failed (RFC 7950 §15),
  // whose row allows 412 or 500: 412, a client error, since the request's data is at fault.
  CONSTRAINT_VIOLATION: 412,
  MISSING_INSTANCE: 400,
};

/** The HTTP status of an error. */
export const httpStatusOf = (error: ManagementError): number => STATUS_BY_CODE[error.code] ?? STATUS_BY_TAG[error.tag];
