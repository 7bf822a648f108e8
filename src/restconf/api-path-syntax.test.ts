/**
 * @module restconf/api-path-syntax.test
 * The schema-free syntax: api-path segments, key-value splitting, percent-decoding and query
 * strings.
 * @see RFC 8040 §3.5.3.1, RFC 3986 §2.1, §3.4
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitApiPath, splitKeyValues } from './api-path-syntax.ts';
import { percentDecode } from './percent-decoding.ts';
import { splitQueryString } from './query-string.ts';
import { assertManagementError } from './test-assertions.test-support.ts';

describe('splitApiPath', () => {
  const cases: { path: string; segments: [string | undefined, string, string | undefined][] }[] = [
    { path: '', segments: [] },
    { path: '/', segments: [] },
    { path: '/a:b', segments: [['a', 'b', undefined]] },
    { path: '/a:b/', segments: [['a', 'b', undefined]] },
    {
      path: '/a:b/c=1,2/d=',
      segments: [
        ['a', 'b', undefined],
        [undefined, 'c', '1,2'],
        [undefined, 'd', ''],
      ],
    },
    { path: '/c=x=y', segments: [[undefined, 'c', 'x=y']] },
    { path: '/a%3Ab=%2C', segments: [['a', 'b', '%2C']] },
    { path: '/_x.y-z:A_1', segments: [['_x.y-z', 'A_1', undefined]] },
  ];
  for (const { path, segments } of cases) {
    it(`"${path}"`, () =>
      assert.deepEqual(
        splitApiPath(path).map((segment) => [segment.module, segment.name, segment.rawValue]),
        segments,
      ));
  }
  for (const bad of ['a:b', '//', '/a//b', '/a:b//', '/:b', '/a:', '/a:b:c', '/-a', '/a%', '/a b', '/=1']) {
    it(`rejects "${bad}"`, () => assertManagementError(() => splitApiPath(bad), { code: 'MALFORMED_MESSAGE' }));
  }
});

describe('splitKeyValues', () => {
  it('splits at raw commas and decodes each value', () => {
    assert.deepEqual(splitKeyValues('a,b%2Cc'), ['a', 'b,c']);
    assert.deepEqual(splitKeyValues(''), ['']);
    assert.deepEqual(splitKeyValues(',x'), ['', 'x']);
    assert.deepEqual(splitKeyValues(',,'), ['', '', '']);
    assert.deepEqual(splitKeyValues('%C3%A9t%C3%A9'), ['été']);
  });
});

describe('percentDecode', () => {
  it('decodes UTF-8 escapes and keeps "+"', () => {
    assert.equal(percentDecode('a+b%20c', 'x'), 'a+b c');
    assert.equal(percentDecode('tab%09and%0Anewline', 'x'), 'tab\tand\nnewline');
  });
  for (const bad of ['%', '%4', '%G0', '%C3', '%FF', '%00', 'a\u0001b']) {
    it(`rejects ${JSON.stringify(bad)}`, () =>
      assertManagementError(() => percentDecode(bad, 'x'), { code: 'MALFORMED_MESSAGE' }));
  }
});

describe('splitQueryString', () => {
  it('splits and decodes pairs; empty pairs are skipped; "+" stays', () => {
    assert.deepEqual(splitQueryString('?a=1&&b&c=x+y%26z&'), [
      ['a', '1'],
      ['b', ''],
      ['c', 'x+y&z'],
    ]);
    assert.deepEqual(splitQueryString('point=/a=b'), [['point', '/a=b']]);
    assert.deepEqual(splitQueryString(''), []);
  });
  it('rejects a bad escape', () =>
    assertManagementError(() => splitQueryString('a=%zz'), { code: 'MALFORMED_MESSAGE' }));
});
