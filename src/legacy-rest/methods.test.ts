import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isManagementError, MethodNotAllowedError } from '../errors/index.ts';
import { allowedMethods, checkMethod } from './methods.ts';
import { resolveLegacyPath } from './resource-path.ts';
import { ltSchema } from './test-schema.test-support.ts';

describe('allowedMethods', () => {
  const schema = ltSchema();
  const cases: { path: string; allow: string }[] = [
    { path: '', allow: 'GET, HEAD, OPTIONS' },
    { path: '/rollbacks', allow: 'GET, HEAD, OPTIONS' },
    { path: '/rollbacks/0', allow: 'GET, HEAD, OPTIONS' },
    { path: '/running', allow: 'GET, HEAD, POST, PUT, PATCH, OPTIONS' },
    { path: '/operational', allow: 'GET, HEAD, OPTIONS' },
    { path: '/running/l:top', allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' },
    { path: '/running/l:top/multi/a,beta', allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' },
    { path: '/running/l:top/multi', allow: 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS' },
    { path: '/running/l:top/name', allow: 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS' },
    { path: '/operational/l:top', allow: 'GET, HEAD, OPTIONS' },
    { path: '/running/_rollback', allow: 'POST, OPTIONS' },
    { path: '/operations/lt:ping', allow: 'POST, OPTIONS' },
    { path: '/running/l:top/_operations/restart', allow: 'POST, OPTIONS' },
  ];
  for (const { path, allow } of cases) {
    it(`${path || '/'}: ${allow}`, () =>
      assert.equal(allowedMethods(resolveLegacyPath(schema, path)).join(', '), allow));
  }

  it('405 with the Allow list', () => {
    assert.throws(
      () => checkMethod('DELETE', resolveLegacyPath(schema, '/running')),
      (error: unknown) =>
        isManagementError(error) &&
        error instanceof MethodNotAllowedError &&
        error.allow.join(',') === 'GET,HEAD,POST,PUT,PATCH,OPTIONS',
    );
    assert.doesNotThrow(() => checkMethod('POST', resolveLegacyPath(schema, '/running/_rollback')));
  });
});
