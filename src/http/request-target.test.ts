/**
 * @module http/request-target.test
 * The fast path of requestTarget agrees with the WHATWG URL parser on every target, plain or not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { requestTarget } from './request-target.ts';

const viaUrl = (target: string) => {
  if (!URL.canParse(target, 'http://localhost')) return undefined;
  const url = new URL(target, 'http://localhost');
  return { path: url.pathname, query: [...url.searchParams] };
};
const ours = (target: string) => {
  const result = requestTarget(target);
  return result === undefined ? undefined : { path: result.path, query: [...result.query] };
};

describe('requestTarget', () => {
  const samples = [
    '/admin/api/restconf/data/bench:bench/entry=entry-5',
    '/admin/api/rest/running/bench/entry/entry-5',
    '/a/%2e%2e/b',
    '/a/%2E/b',
    '/a/../b',
    '/a/./b',
    '//host/path',
    '//',
    '/a b',
    '/a?depth=1&content=config',
    '/a%20b/c%2Fd',
    '/ä',
    '/a#frag',
    '/a\\b',
    '/',
  ];
  for (const target of samples)
    it(`${target} gives what new URL gives`, () => {
      assert.deepEqual(ours(target), viaUrl(target));
    });
  it('agrees with new URL on arbitrary targets', () => {
    const characters = fc.constantFrom(..."/.%2eE?&=#ab:@!$'()*+,;~- \\ä".split(''));
    fc.assert(
      fc.property(fc.array(characters, { maxLength: 24 }), (chars) => {
        const target = `/${chars.join('')}`;
        assert.deepEqual(ours(target), viaUrl(target));
      }),
      { numRuns: 2000 },
    );
  });
});
