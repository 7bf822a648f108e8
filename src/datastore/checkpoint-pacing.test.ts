/**
 * @module datastore/checkpoint-pacing.test
 * When a checkpoint's next row waits: only while commits are being appended, and only until its
 * turn comes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type RowPacing, rowDelay } from './checkpoint-pacing.ts';

const pacing = (overrides: Partial<RowPacing>): RowPacing => ({
  lastAppendAt: 1000,
  lastRowAt: 1000,
  intervalMs: 16,
  streamWindowMs: 100,
  ...overrides,
});

describe('rowDelay', () => {
  it('lets a row wait for its turn while commits are being appended', () => {
    assert.equal(rowDelay(pacing({}), 1004), 12);
    assert.equal(rowDelay(pacing({ lastRowAt: 990 }), 1004), 2);
  });

  it('sends a row at once when its turn has come', () => {
    assert.equal(rowDelay(pacing({}), 1016), 0);
    assert.equal(rowDelay(pacing({}), 1050), 0);
  });

  it('sends the first row of a checkpoint at once', () => {
    assert.equal(rowDelay(pacing({ lastRowAt: Number.NEGATIVE_INFINITY }), 1001), 0);
  });

  it('does not pace when no commit was appended within the window', () => {
    assert.equal(rowDelay(pacing({ lastAppendAt: 900, lastRowAt: 999 }), 1000), 0);
    assert.equal(rowDelay(pacing({ lastAppendAt: Number.NEGATIVE_INFINITY, lastRowAt: 999 }), 1000), 0);
  });

  it('does not pace with an interval of 0', () => {
    assert.equal(rowDelay(pacing({ intervalMs: 0 }), 1001), 0);
  });
});
