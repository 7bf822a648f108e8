/**
 * @module datastore/journal-wire.test
 * A long text crosses threads as its UTF-8 bytes, the same whether it is encoded whole or from
 * the pieces it was concatenated from (multi-byte characters, surrogate pairs, and a pair split
 * between two pieces, which is encoded whole instead).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromWireText, LONG_TEXT, SpareBuffer, toWireText } from './journal-wire.ts';

const encoded = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('toWireText', () => {
  it('a short text stays a string', () => {
    assert.equal(toWireText('short', ['sh', 'ort']), 'short');
  });

  it('a long text from its pieces gives the bytes of the whole text', () => {
    const pieces = Array.from({ length: 300 }, (_, index) => `{"n":${index},"s":"é€😀${'x'.repeat(4000)}"}`);
    const text = pieces.join('');
    assert.ok(text.length >= LONG_TEXT);
    const bytes = toWireText(text, pieces);
    assert.ok(bytes instanceof Uint8Array);
    assert.deepEqual(bytes, encoded(text));
    assert.ok(bytes.byteOffset === 0 && bytes.buffer instanceof ArrayBuffer, 'a buffer of its own, to move');
    assert.equal(fromWireText(bytes), text);
    assert.deepEqual(toWireText(text), encoded(text));
  });

  it('pieces that split a surrogate pair are not encoded one by one', () => {
    const pieces = ['a'.repeat(LONG_TEXT), '\ud83d', '\ude00', 'b'];
    const text = pieces.join('');
    assert.deepEqual(toWireText(text, pieces), encoded(text));
    assert.equal(fromWireText(toWireText(text, pieces)), text);
  });

  it('writes the next long text into the buffer of the last one when it fits, with the same bytes', () => {
    const spare = new SpareBuffer();
    const text = (size: number, mark: string): { text: string; pieces: string[] } => {
      const pieces = Array.from({ length: size }, (_, index) => `${mark}${index}é€😀${'y'.repeat(4000)}`);
      return { text: pieces.join(''), pieces };
    };
    const first = text(300, 'a');
    const bytes = toWireText(first.text, first.pieces, spare) as Uint8Array;
    assert.deepEqual([...bytes], [...encoded(first.text)]);
    spare.keep(bytes.buffer as ArrayBuffer);
    // A little longer than the first (a create after a delete of the same entries): it still fits.
    const second = text(300, 'bb');
    const again = toWireText(second.text, second.pieces, spare) as Uint8Array;
    assert.equal(again.buffer, bytes.buffer, 'the same memory');
    assert.equal(fromWireText(again), second.text);
    assert.deepEqual([...again], [...encoded(second.text)]);
    // Taken: not given twice; a text longer than the buffer gets one of its own.
    const third = toWireText(second.text, second.pieces, spare) as Uint8Array;
    assert.notEqual(third.buffer, bytes.buffer);
    spare.keep(bytes.buffer as ArrayBuffer);
    const long = text(600, 'c');
    const fourth = toWireText(long.text, long.pieces, spare) as Uint8Array;
    assert.notEqual(fourth.buffer, bytes.buffer);
    assert.equal(fromWireText(fourth), long.text);
    spare.clear();
  });
});
