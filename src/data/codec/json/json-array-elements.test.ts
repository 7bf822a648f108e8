/**
 * @module data/codec/json/json-array-elements.test
 * The elements of a JSON array text are found whatever their strings hold.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonArrayElements } from './json-array-elements.ts';

describe('jsonArrayElements', () => {
  it('gives the text of each element of arrays that JSON.stringify writes', () => {
    const values: unknown[][] = [
      [],
      [1],
      [{ a: 1 }, { b: [1, 2, { c: '}]' }] }, 'x,y', ['[', '{'], null, true, -1.5e-7],
      [{ k: 'a "quoted", escaped \\ backslash \\\\", and more' }, '\\', '\\"', '"\\\\'],
      [{ text: 'ÅÄÖ 😀 \u0000 \n \u2028' }, { empty: {} }, { list: [] }],
    ];
    for (const array of values) {
      const elements = jsonArrayElements(JSON.stringify(array));
      assert.deepEqual(
        elements,
        array.map((value) => JSON.stringify(value)),
      );
      assert.equal(`[${elements.join(',')}]`, JSON.stringify(array));
    }
  });

  it('refuses what is not an array', () => {
    assert.throws(() => jsonArrayElements('{"a":1}'), SyntaxError);
    assert.throws(() => jsonArrayElements('["a]'), SyntaxError);
  });
});
