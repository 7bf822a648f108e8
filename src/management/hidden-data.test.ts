/**
 * @module management/hidden-data.test
 * Errors and hidden data: an error pointing at a node the user may not read becomes the one
 * access-denied refusal of hidden data, one naming such a node in its message loses the message, the rest pass as
 * they are; a user allowed everything sees every error as it is.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { at, decisionsOf, schema } from '../../test/nacm/nacm-fixture.ts';
import { ConstraintViolationError, DataExistsError, ManagementErrors } from '../errors/index.ts';
import { PERMIT_ALL } from '../nacm/index.ts';
import { hiddenDataDenied, hideHiddenData } from './hidden-data.ts';

const decisions = decisionsOf([]);

describe('errors never show data the user may not read', () => {
  it('an error at a hidden node becomes access-denied, naming only the nearest ancestor the user may read', () => {
    const error = new DataExistsError('the entry exists', { path: '/t-nacm:system/locked' });
    const hidden = hideHiddenData(schema, decisions, error) as Error & { code: string; path?: string };
    assert.equal(hidden.code, 'ACCESS_DENIED');
    assert.equal(hidden.path, '/t-nacm:system');
    assert.doesNotMatch(hidden.message, /locked/);
  });

  it('the refusal is the same for a hidden node whatever it is and whether it exists', () => {
    const existing = hiddenDataDenied(decisions, at('system/user[alice]/password'));
    const missing = hideHiddenData(
      schema,
      decisions,
      new DataExistsError('no such entry', { path: "/t-nacm:system/user[name='zed']/password" }),
    ) as Error & { path?: string };
    assert.equal(existing.message, missing.message);
    assert.equal(existing.path, "/t-nacm:system/user[name='alice']");
    assert.equal(missing.path, "/t-nacm:system/user[name='zed']");
    assert.equal(hiddenDataDenied(decisions, at('system/locked/a')).path, '/t-nacm:system');
  });

  it('an error naming a hidden node in its message keeps its tag and path, not its message', () => {
    const error = new ConstraintViolationError(
      'unique "role" is not satisfied: the same values as /t-nacm:system/user[name=\'alice\']/password',
      { path: "/t-nacm:system/user[name='bob']/role", appTag: 'data-not-unique' },
    );
    const shown = hideHiddenData(schema, decisions, error) as ConstraintViolationError;
    assert.equal(shown.code, 'CONSTRAINT_VIOLATION');
    assert.equal(shown.path, "/t-nacm:system/user[name='bob']/role");
    assert.doesNotMatch(shown.message, /alice|password/);
  });

  it('errors about readable data, operation inputs or nothing pass unchanged; so does everything for an admin', () => {
    const readable = new DataExistsError("/t-nacm:system/user[name='alice'] exists", {
      path: "/t-nacm:system/user[name='alice']",
    });
    assert.equal(hideHiddenData(schema, decisions, readable), readable);
    const input = new DataExistsError('bad input', { path: '/t-nacm:reboot/input/x' });
    assert.equal(hideHiddenData(schema, decisions, input), input);
    const hidden = new DataExistsError('x', { path: '/t-nacm:system/secret' });
    assert.equal(hideHiddenData(schema, PERMIT_ALL, hidden), hidden);
  });

  it('several errors: one at a hidden node makes the whole answer access-denied', () => {
    const errors = new ManagementErrors([
      new DataExistsError('a', { path: '/t-nacm:system/hostname' }),
      new DataExistsError('b', { path: '/t-nacm:system/secret' }),
    ]);
    assert.equal((hideHiddenData(schema, decisions, errors) as { code: string }).code, 'ACCESS_DENIED');
  });
});
