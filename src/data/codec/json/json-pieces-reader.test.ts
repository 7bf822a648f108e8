/**
 * @module data/codec/json/json-pieces-reader.test
 * The reader of a JSON object from pieces reads what `readJsonObjectLazily` reads from the whole
 * text: for each text below, cut at every offset into two pieces and into pieces of one
 * character, the items it hands out are the lazy array's items, and the other members are the
 * same; where it gives up, nothing is lost (the caller reads the whole text). Texts it must read
 * are marked, and checked to be read.
 * @see RFC 8259
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JsonArrayText } from './json-array-text.ts';
import { JsonPiecesReader } from './json-pieces-reader.ts';
import { readJsonObjectLazily } from './read-json-lazily.ts';

const PATH = ['top', 'list'];

/** What the lazy reader reads: the document with the lazy array's items as texts, or undefined. */
const lazily = (text: string): string | undefined => {
  const read = readJsonObjectLazily(text, [PATH]);
  if (read === undefined) return undefined;
  const top = read.top as Record<string, unknown> | undefined;
  const list = top?.list;
  if (!(list instanceof JsonArrayText)) return `other ${JSON.stringify(read)}`;
  const items = Array.from({ length: list.length }, (_, index) => list.itemText(index));
  return JSON.stringify({ read: { ...read, top: { ...top, list: [] } }, items });
};

/** What the pieces reader reads from `pieces`, or undefined when it gives up. */
const fromPieces = (pieces: readonly string[]): string | undefined => {
  const items: string[] = [];
  const reader = new JsonPiecesReader(PATH, (text, index) => {
    assert.equal(index, items.length);
    items.push(text);
  });
  const arrived: string[] = [];
  for (const piece of pieces) {
    arrived.push(piece);
    reader.read(arrived);
  }
  const read = reader.end();
  if (read === undefined) return undefined;
  assert.equal(read.items, items.length);
  // Without the lazy array, the caller reads the whole text; the rest must still be the same.
  if (read.items === 0) return `other ${JSON.stringify(read.document)}`;
  return JSON.stringify({ read: read.document, items });
};

const checkText = (text: string, mustRead: boolean): void => {
  const expected = lazily(text);
  const cuts: string[][] = [[text], [...text]];
  for (let at = 0; at <= text.length; at++) cuts.push([text.slice(0, at), text.slice(at)].filter((p) => p !== ''));
  for (const pieces of cuts) {
    const got = fromPieces(pieces);
    if (got !== undefined) assert.equal(got, expected, `${JSON.stringify(pieces)}`);
    else if (mustRead) assert.fail(`gave up on ${JSON.stringify(pieces)}`);
  }
};

describe('JsonPiecesReader reads what the lazy reader reads', () => {
  it('reads objects with the lazy array anywhere, escapes and nesting across pieces', () => {
    for (const text of [
      '{"top":{"list":[{"a":1}]}}',
      ' {"a":[1,{"b":"}"}], "top" : { "x":"\\"]","list" : [ {"a":"\\\\"} , {"b":[{"c":"{"}]} ] , "y":null } , "z":-1.5e3 }  ',
      '{"top":{"list":[{"s":"\\\\\\"}"},{"u":"\\u005c\\""},{}],"top":1}}',
      '{"top":{"list":[{"é":"€😀"}],"n":true}}',
      '{"x":"\\u0074op","top":{"list":[{"a":1}]}}',
      '{"top":{"list":[{"a":[]}],"lis":5}}',
    ])
      checkText(text, true);
  });

  it('gives up, or reads the same, on everything else', () => {
    for (const text of [
      '',
      ' ',
      '[]',
      '{}',
      '{"top":{"list":[]}}',
      '{"top":{"list":[1,{"a":1}]}}',
      '{"top":{"list":[{"a":1},2]}}',
      '{"top":{"list":[{"a":1}],"list":[{"b":2}]}}',
      '{"top":{"list":[{"a":1}]},"top":{}}',
      '{"top":{"list":[{"a":1}]}} x',
      '{"top":{"list":[{"a":1}]}',
      '{"top":{"list":[{"a":1}],}}',
      '{"top":{"list":[{"a":1},]}}',
      '{"top":{"list":[{"a":1}}}',
      '{"top":{"list":[{"a":1] }]}}',
      '{"top":{"list":[{"a":1}] "x":1}}',
      '{"top":{"list":[{"a":1}]},"n":}',
      '{"top":{"list":[{"a":1}]},"n":tru}',
      '{"top":{"list":[{"a":1}]},"n":1',
      '{"top":{"list":[{"a":1}]},"n":"\\x"}',
      '{"top":{"list":[{"a":1}]},"\\x":1}',
      '{"top":5,"list":[{"a":1}]}',
      '{"top":{"list":{"a":1}}}',
      '{"top":{"list":[{"a":"}]}}',
      '{"top":{"lis\\u0074":5,"list":[{"a":[]}]}}',
      '{"top":{"list":[{"a":[]}],"lis\\u0074":5}}',
    ])
      checkText(text, false);
  });
});
