/**
 * @module data/codec/json/json-text.test
 * JSON syntax errors become malformed-message errors with a position.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isManagementError } from '../../../errors/index.ts';
import { parseJsonText } from './json-text.ts';

describe('parseJsonText', () => {
  it('parses valid JSON', () => assert.deepEqual(parseJsonText('{"a":[1]}'), { a: [1] }));
  const cases: readonly { readonly text: string; readonly message: RegExp }[] = [
    { text: '{"a" 1}', message: /at line 1, column 6: Expected ':' after property name/ },
    { text: '{\n  "a":', message: /at line 2, column 7: Unexpected end of JSON input/ },
    { text: '', message: /at line 1, column 1/ },
    { text: '[1,]', message: /not valid JSON.*Unexpected token/ },
  ];
  for (const { text, message } of cases) {
    it(JSON.stringify(text), () => {
      assert.throws(
        () => parseJsonText(text),
        (error: unknown) =>
          isManagementError(error) && error.tag === 'malformed-message' && message.test(error.message),
      );
    });
  }
});
