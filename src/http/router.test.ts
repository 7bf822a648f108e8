import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Route } from './route.ts';
import { Router } from './router.ts';

const route = (prefix: string): Route => ({ prefix, handler: async () => {} });

describe('Router', () => {
  const router = new Router()
    .mount(route('/admin/api/rest'))
    .mount(route('/admin/api/restconf'))
    .mount(route('/.well-known'));
  const cases: [string, string | undefined][] = [
    ['/admin/api/restconf', '/admin/api/restconf'],
    ['/admin/api/restconf/data', '/admin/api/restconf'],
    ['/admin/api/rest/running', '/admin/api/rest'],
    ['/admin/api/restconfx', undefined],
    ['/admin/api', undefined],
    ['/.well-known/host-meta', '/.well-known'],
    ['/', undefined],
  ];
  for (const [path, expected] of cases) {
    it(`${path} → ${expected}`, () => assert.equal(router.find(path)?.prefix, expected));
  }
});
