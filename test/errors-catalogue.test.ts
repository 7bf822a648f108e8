/**
 * @module test/errors-catalogue.test
 * The error catalogue: every class has its code, tag and status, docs/errors.md documents
 * exactly the codes in src/errors (fastify's Errors.md test), and every status is one that its
 * tag's row of the RFC 8040 §7 table allows.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as errors from '../src/errors/index.ts';
import { httpStatusOf } from '../src/http/index.ts';

const DOC = readFileSync(join(import.meta.dirname, '..', 'docs', 'errors.md'), 'utf8');

const documentedRow = (code: string): { tag: string; status: number } | undefined => {
  const pattern = new RegExp(`<a id="${code.toLowerCase()}">${code}</a> \\| ([a-z-]+) \\| (\\d{3}) \\|`);
  const match = DOC.match(pattern);
  return match === null ? undefined : { tag: match[1] as string, status: Number(match[2]) };
};

const instances: errors.ManagementError[] = [
  new errors.MalformedMessageError('m'),
  new errors.UnknownElementError('m'),
  new errors.UnknownNamespaceError('m'),
  new errors.InvalidValueError('m'),
  new errors.ResourceNotFoundError('m'),
  new errors.OffsetOutOfRangeError('m'),
  new errors.MissingElementError('m'),
  new errors.BadElementError('m'),
  new errors.DataExistsError('m'),
  new errors.DataMissingError('m'),
  new errors.ConstraintViolationError('m'),
  new errors.MissingInstanceError('m'),
  new errors.AccessDeniedError('m'),
  new errors.AuthenticationRequiredError('m'),
  new errors.InvalidTokenError('m'),
  new errors.InsufficientScopeError('m'),
  new errors.TooManyAttemptsError('m'),
  new errors.AuthenticationBackendUnavailableError('m'),
  new errors.LockDeniedError('m'),
  new errors.InUseError('m'),
  new errors.ResourceDeniedError('m'),
  new errors.ReplayUnavailableError('m'),
  new errors.SubscriptionLimitError('m'),
  new errors.OperationNotSupportedError('m'),
  new errors.MethodNotAllowedError('m', ['GET']),
  new errors.NotAcceptableError('m'),
  new errors.UnsupportedMediaTypeError('m'),
  new errors.PayloadTooLargeError('m'),
  new errors.PreconditionFailedError('m'),
  new errors.NotModifiedError('m'),
  new errors.CommitFailedError('m'),
  new errors.StoreUnavailableError('m'),
  new errors.RollbackFailedError('m'),
  new errors.OperationFailedError('m'),
  new errors.InternalError('r1'),
];

/** The statuses each error-tag's row of the RFC 8040 §7 table allows. */
const RFC8040_ROWS: Readonly<Record<errors.ErrorTag, readonly number[]>> = {
  'in-use': [409],
  'invalid-value': [400, 404, 406],
  'too-big': [413, 400],
  'missing-attribute': [400],
  'bad-attribute': [400],
  'unknown-attribute': [400],
  // The table has no row for missing-element; 400, as for its siblings bad- and unknown-element.
  'missing-element': [400],
  'bad-element': [400],
  'unknown-element': [400],
  'unknown-namespace': [400],
  'access-denied': [401, 403],
  'lock-denied': [409],
  'resource-denied': [409],
  'rollback-failed': [500],
  'data-exists': [409],
  'data-missing': [409],
  'operation-not-supported': [405, 501],
  'operation-failed': [412, 500],
  'partial-operation': [500],
  'malformed-message': [400],
};

/** Statuses HTTP requires that no row of the table has, each with its reason. */
const OUTSIDE_THE_TABLE: Readonly<Partial<Record<errors.ErrorCode, number>>> = {
  // RFC 8040 §5.2: an unsupported request encoding MUST be 415.
  UNSUPPORTED_MEDIA_TYPE: 415,
  // RFC 6585 §4, with Retry-After: a throttled login.
  TOO_MANY_ATTEMPTS: 429,
  // RFC 9110 §15.6.4, with Retry-After: the credential manager's data source cannot be reached,
  // which is neither the client's fault nor a login failure (docs/authentication.md).
  AUTHENTICATION_BACKEND_UNAVAILABLE: 503,
  // RFC 9110 §15.6.4, with Retry-After: the shared journal of a cluster cannot be reached; reads
  // still work from memory, a write may succeed later (docs/cluster.md).
  STORE_UNAVAILABLE: 503,
  // draft-ietf-netconf-list-pagination-rc §2.3.2: an offset past the last entry is 416 Range Not
  // Satisfiable (RFC 9110 §15.5.17).
  OFFSET_OUT_OF_RANGE: 416,
  // RFC 9110 §15.4.5: not an error answer at all; it has no errors body.
  NOT_MODIFIED: 304,
};

describe('error catalogue', () => {
  for (const error of instances) {
    it(`${error.code}: its status is allowed by the RFC 8040 §7 row of ${error.tag}`, () => {
      const status = httpStatusOf(error);
      const exception = OUTSIDE_THE_TABLE[error.code];
      if (exception !== undefined) assert.equal(status, exception);
      else assert.ok(RFC8040_ROWS[error.tag].includes(status), `${error.code} answers ${status}`);
    });
  }
  it('has one class per code', () => {
    assert.deepEqual(instances.map((error) => error.code).sort(), [...errors.ERROR_CODES].sort());
  });
  for (const error of instances) {
    it(`${error.code}: documented with its tag and status`, () => {
      const row = documentedRow(error.code);
      assert.ok(row, `docs/errors.md has no row for ${error.code}`);
      assert.equal(row.tag, error.tag);
      assert.equal(row.status, httpStatusOf(error));
      assert.ok(errors.ERROR_TAGS.includes(error.tag));
    });
  }
  it('documents no code that does not exist', () => {
    const documented = [...DOC.matchAll(/<a id="[a-z_]+">([A-Z_]+)<\/a>/g)].map((match) => match[1]);
    assert.deepEqual(documented.sort(), [...errors.ERROR_CODES].sort());
  });
  it('keeps the message, path and app-tag it was given', () => {
    const error = new errors.ConstraintViolationError('too many', { appTag: 'too-many-elements', path: '/a:b' });
    assert.equal(error.message, 'too many');
    assert.equal(error.appTag, 'too-many-elements');
    assert.equal(error.path, '/a:b');
    assert.equal(error.type, 'application');
    assert.equal(new errors.MissingInstanceError('x').appTag, 'missing-instance');
  });
  it('never reveals the cause of an internal error in its message', () => {
    const error = new errors.InternalError('abc', new Error('secret detail'));
    assert.ok(!error.message.includes('secret'));
    assert.ok(error.message.includes('abc'));
  });
});
