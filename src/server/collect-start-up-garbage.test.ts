/**
 * @module server/collect-start-up-garbage.test
 * The start-up collection runs only above its threshold, and frees what nothing refers to.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { collectStartUpGarbage, LARGE_HEAP_BYTES } from './collect-start-up-garbage.ts';

test('below the threshold nothing is collected', () => {
  assert.equal(collectStartUpGarbage(Number.MAX_SAFE_INTEGER), undefined);
  assert.ok(LARGE_HEAP_BYTES >= 64 * 2 ** 20);
});

test('above it, garbage is collected and the heap in use shrinks', () => {
  let garbage: unknown[] | undefined = Array.from({ length: 200_000 }, (_, index) => ({
    index,
    text: `entry-${index}`,
  }));
  assert.equal(garbage.length, 200_000);
  garbage = undefined;
  const collected = collectStartUpGarbage(0);
  assert.ok(collected !== undefined, 'gc is available through node:vm');
  assert.ok(collected.after < collected.before, `${collected.after} < ${collected.before}`);
  assert.ok(collected.ms >= 0);
  assert.equal(garbage, undefined);
});
