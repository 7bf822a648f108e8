/**
 * @module yang/compiler/keys.test
 * Key changes libyang 2.1 accepts: deviations adding `mandatory` or `default` to a key, and
 * `when` on a list's non-key children or on an augment into the list.
 * @see RFC 7950 §7.8.2, §7.20.3, §7.21.5
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadModulesFromTexts } from '../library/load-modules-from-texts.ts';
import { compileSchema } from './compile-schema.ts';

const LIST = 'list l { key k; leaf k { type string; } leaf v { type string; when "../k"; } }';

const ACCEPTED: readonly { readonly name: string; readonly body: string }[] = [
  { name: 'a deviation adding mandatory to a key', body: 'deviation /m:l/m:k { deviate add { mandatory true; } }' },
  { name: 'a deviation adding a default to a key', body: 'deviation /m:l/m:k { deviate add { default x; } }' },
  { name: 'when on an augment into the list', body: 'augment /m:l { when "1"; leaf z { type string; } }' },
];

describe('key rules accepted', () => {
  for (const testCase of ACCEPTED) {
    it(testCase.name, () => {
      const text = `module m { yang-version 1.1; namespace "urn:m"; prefix m;\n${LIST}\n${testCase.body}\n}`;
      const { schema, diagnostics } = compileSchema(loadModulesFromTexts({ 'm.yang': text }, ['m']));
      assert.deepEqual(diagnostics, []);
      assert.ok(schema !== undefined);
    });
  }
});
