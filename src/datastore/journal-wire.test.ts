/**
 * @module datastore/journal-wire.test
 * A long text crosses threads as its UTF-8 bytes, the same whether it is encoded whole or from
 * the pieces it was concatenated from (multi-byte characters, surrogate pairs, and a pair split
 * between two pieces, which is encoded whole instead).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromWireText, LONG_TEXT, toWireText } from './journal-wire.ts';

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
    assert.equal(bytes.byteLength, bytes.buffer.byteLength, 'a buffer of its own, to move');
    assert.equal(fromWireText(bytes), text);
    assert.deepEqual(toWireText(text), encoded(text));
  });

  it('pieces that split a surrogate pair are not encoded one by one', () => {
    const pieces = ['a'.repeat(LONG_TEXT), '\ud83d', '\ude00', 'b'];
    const text = pieces.join('');
    assert.deepEqual(toWireText(text, pieces), encoded(text));
    assert.equal(fromWireText(toWireText(text, pieces)), text);
  });
});
