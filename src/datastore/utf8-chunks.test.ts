/**
 * @module datastore/utf8-chunks.test
 * Slicing UTF-8 text: slices join back to the bytes and each decodes on its own.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { utf8Chunks } from './utf8-chunks.ts';

const encoder = new TextEncoder();
const strict = new TextDecoder('utf-8', { fatal: true });

describe('utf8Chunks', () => {
  const cases: { name: string; text: string; size: number; lengths: number[] }[] = [
    { name: 'empty text, no slice', text: '', size: 4, lengths: [] },
    { name: 'shorter than a slice', text: 'abc', size: 4, lengths: [3] },
    { name: 'exact multiple', text: 'abcdefgh', size: 4, lengths: [4, 4] },
    { name: 'remainder', text: 'abcdefghij', size: 4, lengths: [4, 4, 2] },
    {
      name: 'a 4-byte character at the cut moves whole into the next slice',
      text: 'abc😀def',
      size: 4,
      lengths: [3, 4, 3],
    },
    { name: 'a 2-byte character just before the cut stays', text: 'abÅcdef', size: 4, lengths: [4, 4] },
    { name: 'characters only', text: '😀😀😀', size: 5, lengths: [4, 4, 4] },
  ];
  for (const { name, text, size, lengths } of cases) {
    it(name, () => {
      const bytes = encoder.encode(text);
      const slices = [...utf8Chunks(bytes, size)];
      assert.deepEqual(
        slices.map((slice) => slice.length),
        lengths,
      );
      assert.equal(slices.map((slice) => strict.decode(slice)).join(''), text);
    });
  }

  it('keeps every slice decodable for any size and mixed text', () => {
    const text = 'aÅ€😀'.repeat(50);
    const bytes = encoder.encode(text);
    for (let size = 4; size <= 20; size++) {
      const slices = [...utf8Chunks(bytes, size)];
      assert.ok(slices.every((slice) => slice.length > 0 && slice.length <= size));
      assert.equal(slices.map((slice) => strict.decode(slice)).join(''), text);
    }
  });

  it('refuses a size that cannot hold every character', () => {
    assert.throws(() => [...utf8Chunks(new Uint8Array(8), 3)], RangeError);
  });
});
