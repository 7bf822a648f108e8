import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SaxesParser } from 'saxes';
import { escapeXmlAttribute, escapeXmlText } from './xml-escape.ts';

/** The text and the attribute `a` of `<e a="…">…</e>`, read back by a strict XML parser. */
const readBack = (xml: string): { text: string; attribute: string } => {
  const parser = new SaxesParser();
  let text = '';
  let attribute = '';
  parser.on('opentag', (tag) => {
    attribute = String(tag.attributes.a);
  });
  parser.on('text', (chunk) => {
    text += chunk;
  });
  parser.write(xml).close();
  return { text, attribute };
};

describe('XML escaping', () => {
  it('escapes markup and keeps carriage returns, tabs and line feeds as they are', () => {
    const value = 'a & b < c > d "e" \'f\'\r\n\tg';
    const xml = `<e a="${escapeXmlAttribute(value)}">${escapeXmlText(value)}</e>`;
    assert.deepEqual(readBack(xml), { text: value, attribute: value });
  });

  it('replaces what XML 1.0 cannot carry with U+FFFD, and the document stays well-formed', () => {
    const value = 'x\u0000y\u0001\u000b\u000c\u001b\ufffe\uffff\ud800z';
    const xml = `<e a="${escapeXmlAttribute(value)}">${escapeXmlText(value)}</e>`;
    const expected = 'x\ufffdy\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffdz';
    assert.deepEqual(readBack(xml), { text: expected, attribute: expected });
  });

  it('keeps surrogate pairs, DEL and C1 controls, which XML 1.0 allows', () => {
    const value = '😀\u007f\u0085';
    assert.equal(escapeXmlText(value), value);
    assert.deepEqual(readBack(`<e a="${escapeXmlAttribute(value)}">${escapeXmlText(value)}</e>`), {
      text: value,
      attribute: value,
    });
  });
});
