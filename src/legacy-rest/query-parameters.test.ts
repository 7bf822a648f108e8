import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isManagementError } from '../errors/index.ts';
import type { LegacyQuery } from './query-parameters.ts';
import { parseLegacyQuery } from './query-parameters.ts';
import { resolveLegacyPath } from './resource-path.ts';
import { ltSchema } from './test-schema.test-support.ts';

const schema = ltSchema();

const parse = (method: string, path: string, query: string): LegacyQuery =>
  parseLegacyQuery(query, method, resolveLegacyPath(schema, path));

describe('parseLegacyQuery: accepted', () => {
  const cases: { method: string; path: string; query: string; expected: Partial<LegacyQuery> }[] = [
    { method: 'GET', path: '/running', query: '', expected: { depth: 'variable', verbose: false, operations: true } },
    { method: 'GET', path: '/running', query: 'deep', expected: { depth: 'deep' } },
    { method: 'GET', path: '/running', query: 'deep=', expected: { depth: 'deep' } },
    { method: 'GET', path: '/running', query: 'deep=true', expected: { depth: 'deep' } },
    { method: 'GET', path: '/running', query: 'deep=false', expected: { depth: 'variable' } },
    { method: 'HEAD', path: '/running/l:top', query: 'shallow', expected: { depth: 'shallow' } },
    { method: 'GET', path: '/running/l:top', query: 'verbose', expected: { verbose: true } },
    { method: 'GET', path: '/running/l:top', query: 'operations=false', expected: { operations: false } },
    { method: 'GET', path: '/running/l:top', query: 'operations=true', expected: { operations: true } },
    {
      method: 'GET',
      path: '/running/l:top',
      query: 'with-defaults=report-all',
      expected: { withDefaults: 'report-all' },
    },
    {
      method: 'GET',
      path: '/running/l:top',
      query: 'with-defaults=report-all-tagged',
      expected: { withDefaults: 'report-all-tagged' },
    },
    { method: 'GET', path: '/running/l:top', query: 'select=a;b(c)', expected: { select: 'a;b(c)' } },
    { method: 'GET', path: '/running/l:top/multi', query: 'offset=0&limit=10', expected: { offset: 0, limit: 10 } },
    { method: 'GET', path: '/rollbacks', query: 'deep', expected: { depth: 'deep' } },
    { method: 'GET', path: '', query: 'shallow', expected: { depth: 'shallow' } },
    { method: 'PUT', path: '/running', query: 'force-put', expected: { forcePut: true } },
    { method: 'PUT', path: '/running/l:top', query: '', expected: { forcePut: false } },
    { method: 'PUT', path: '/running/l:top', query: 'force-put', expected: { forcePut: true } },
    {
      method: 'PATCH',
      path: '/running',
      query: 'rollback-comment=fix%20it&rollback-label=L1',
      expected: { rollbackComment: 'fix it', rollbackLabel: 'L1' },
    },
    { method: 'DELETE', path: '/running/l:top', query: 'rollback-label=x', expected: { rollbackLabel: 'x' } },
    {
      method: 'POST',
      path: '/running/_rollback',
      query: 'rollback-comment=undo',
      expected: { rollbackComment: 'undo' },
    },
    { method: 'POST', path: '/running/l:top', query: 'insert=first', expected: { insert: 'first' } },
    {
      method: 'POST',
      path: '/running/l:top',
      query: 'insert=before&resource=/admin/api/rest/running/l:top/single/x',
      expected: { insert: 'before', resource: '/admin/api/rest/running/l:top/single/x' },
    },
    {
      method: 'PUT',
      path: '/running/l:top/single/y',
      query: 'insert=after&resource=/admin/api/rest/running/l:top/single/x',
      expected: { insert: 'after' },
    },
  ];
  for (const { method, path, query, expected } of cases) {
    it(`${method} ${path || '/'}?${query}`, () => {
      const parsed = parse(method, path, query);
      for (const [name, value] of Object.entries(expected)) {
        assert.deepEqual(parsed[name as keyof LegacyQuery], value, name);
      }
    });
  }
});

describe('parseLegacyQuery: rejected with 400 invalid-value', () => {
  const cases: { method: string; path: string; query: string; message: RegExp }[] = [
    { method: 'GET', path: '/running', query: 'depth=3', message: /unknown query parameter "depth"/ },
    { method: 'GET', path: '/running', query: 'content=config', message: /unknown/ },
    { method: 'GET', path: '/running', query: 'deep&deep', message: /more than once/ },
    { method: 'GET', path: '/running', query: 'deep&shallow', message: /exclude each other/ },
    { method: 'GET', path: '/running', query: 'deep=yes', message: /takes no value/ },
    { method: 'GET', path: '/running', query: 'operations', message: /true or false/ },
    { method: 'GET', path: '/running', query: 'operations=no', message: /true or false/ },
    { method: 'GET', path: '/running', query: 'with-defaults=all', message: /with-defaults must be/ },
    { method: 'GET', path: '/running', query: 'select=', message: /select needs an expression/ },
    { method: 'GET', path: '/running/l:top', query: 'limit=5', message: /not allowed on GET/ },
    { method: 'GET', path: '/running', query: 'offset=1', message: /not allowed/ },
    { method: 'GET', path: '/running/l:top/multi', query: 'limit=0', message: /≥ 1/ },
    { method: 'GET', path: '/running/l:top/multi', query: 'offset=-1', message: /≥ 0/ },
    { method: 'GET', path: '/running/l:top/multi', query: 'offset=1.5', message: /integer/ },
    { method: 'GET', path: '/running', query: 'force-put', message: /not allowed on GET/ },
    { method: 'GET', path: '/running', query: 'rollback-comment=x', message: /not allowed/ },
    { method: 'GET', path: '/rollbacks', query: 'verbose', message: /not allowed/ },
    { method: 'GET', path: '/rollbacks/0', query: 'select=x', message: /not allowed/ },
    { method: 'POST', path: '/running/l:top', query: 'deep', message: /not allowed on POST/ },
    { method: 'PATCH', path: '/running', query: 'force-put', message: /not allowed on PATCH/ },
    { method: 'PUT', path: '/running', query: '', message: /force-put/ },
    { method: 'PUT', path: '/running', query: 'force-put=false', message: /force-put/ },
    { method: 'PATCH', path: '/running', query: 'insert=first', message: /not allowed/ },
    { method: 'POST', path: '/running/l:top', query: 'insert=middle', message: /insert must be/ },
    { method: 'POST', path: '/running/l:top', query: 'insert=before', message: /needs a resource/ },
    { method: 'POST', path: '/running/l:top', query: 'insert=first&resource=/x', message: /only allowed with/ },
    { method: 'POST', path: '/running/l:top', query: 'resource=/x', message: /only allowed with/ },
    { method: 'OPTIONS', path: '/running', query: 'deep', message: /not allowed on OPTIONS/ },
  ];
  for (const { method, path, query, message } of cases) {
    it(`${method} ${path}?${query}`, () => {
      assert.throws(
        () => parse(method, path, query),
        (error: unknown) => {
          assert.ok(isManagementError(error), String(error));
          assert.equal(error.code, 'INVALID_VALUE');
          assert.equal(error.type, 'protocol');
          assert.match(error.message, message);
          return true;
        },
      );
    });
  }
});

describe('parseLegacyQuery: raw query strings', () => {
  it('keeps + as a plus sign in the raw form, decodes pairs given as URLSearchParams', () => {
    const resource = resolveLegacyPath(schema, '/running');
    assert.equal(parseLegacyQuery('rollback-comment=a+b%20c', 'PATCH', resource).rollbackComment, 'a+b c');
    assert.equal(
      parseLegacyQuery(new URLSearchParams('rollback-comment=a+b%20c'), 'PATCH', resource).rollbackComment,
      'a b c',
    );
    assert.equal(parseLegacyQuery('&deep&&', 'GET', resource).depth, 'deep');
  });

  it('rejects bad percent-encoding', () => {
    assert.throws(
      () => parseLegacyQuery('select=%zz', 'GET', resolveLegacyPath(schema, '/running')),
      (error: unknown) => isManagementError(error) && error.code === 'MALFORMED_MESSAGE',
    );
  });
});
