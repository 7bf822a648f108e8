/**
 * @module errors
 * The error vocabulary: error-tag/error-type, the stable codes and the ManagementError classes.
 * May import: util.
 */
export type { ErrorCode } from './error-code.ts';
export { ERROR_CODES } from './error-code.ts';
export type { ErrorTag, ErrorType } from './error-tag.ts';
export { ERROR_TAGS } from './error-tag.ts';
export * from './errors.ts';
export type { ErrorDetails } from './management-error.ts';
export { isManagementError, ManagementError, ManagementErrors, throwIfAny } from './management-error.ts';
