import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isLoopbackHost } from './is-loopback.ts';

describe('isLoopbackHost', () => {
  const cases: [string, boolean][] = [
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['[::1]', true],
    ['localhost', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.1', false],
    ['example.com', false],
    ['128.0.0.1', false],
  ];
  for (const [host, expected] of cases) it(host, () => assert.equal(isLoopbackHost(host), expected));
});
