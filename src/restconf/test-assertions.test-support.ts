/**
 * @module restconf/test-assertions.test-support
 * Test support: asserts that a call throws a ManagementError with a given code and, when
 * asked, error-path, error-type and message pattern.
 */
import assert from 'node:assert/strict';
import type { ErrorCode, ErrorType } from '../errors/index.ts';
import { isManagementError } from '../errors/index.ts';

/** What a thrown error must have. */
export interface ExpectedError {
  readonly code: ErrorCode;
  readonly path?: string;
  readonly type?: ErrorType;
  readonly message?: RegExp;
}

/** Calls `fn` and checks the ManagementError it throws. */
export const assertManagementError = (fn: () => unknown, expected: ExpectedError): void => {
  assert.throws(fn, (error: unknown) => {
    assert.ok(isManagementError(error), `expected a ManagementError, got ${String(error)}`);
    assert.equal(error.code, expected.code, error.message);
    if (expected.path !== undefined) assert.equal(error.path, expected.path, error.message);
    if (expected.type !== undefined) assert.equal(error.type, expected.type, error.message);
    if (expected.message !== undefined) assert.match(error.message, expected.message);
    return true;
  });
};
