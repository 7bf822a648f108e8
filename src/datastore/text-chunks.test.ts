/**
 * @module datastore/text-chunks.test
 * Slicing checkpoint text: slices join back to the text and never split a surrogate pair.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textChunks } from './text-chunks.ts';

const isWellFormed = (text: string): boolean => text.isWellFormed();

describe('textChunks', () => {
  const cases: { name: string; text: string; size: number; lengths: number[] }[] = [
    { name: 'empty text, no slice', text: '', size: 4, lengths: [] },
    { name: 'shorter than a slice', text: 'abc', size: 4, lengths: [3] },
    { name: 'exact multiple', text: 'abcdefgh', size: 4, lengths: [4, 4] },
    { name: 'remainder', text: 'abcdefghij', size: 4, lengths: [4, 4, 2] },
    { name: 'a pair at the cut moves whole into the slice', text: 'abc😀def', size: 4, lengths: [5, 3] },
    { name: 'a pair just before the cut stays', text: 'ab😀cdef', size: 4, lengths: [4, 4] },
    { name: 'pairs only', text: '😀😀😀', size: 3, lengths: [4, 2] },
  ];
  for (const { name, text, size, lengths } of cases) {
    it(name, () => {
      const slices = [...textChunks(text, size)];
      assert.deepEqual(
        slices.map((slice) => slice.length),
        lengths,
      );
      assert.equal(slices.join(''), text);
      assert.ok(slices.every(isWellFormed));
    });
  }
  it('rejects a slice size that cannot hold a pair', () => {
    assert.throws(() => [...textChunks('abc', 1)], RangeError);
  });
});
