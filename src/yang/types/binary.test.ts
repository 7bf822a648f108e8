/**
 * @module yang/types/binary.test
 * binary: base64 input (RFC 4648 with padding), canonical output, length in octets.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BinaryTypeSpec } from '../type-spec.ts';
import { parseLength } from './range.ts';
import { isTypeCheckFailure } from './type-check-failure.ts';
import { parseJson, parseLexical, toCanonical, toJson } from './value-codec.ts';
import type { ValueContext } from './value-context.ts';

const CTX: ValueContext = {
  resolvePrefix: () => undefined,
  prefixOf: () => undefined,
  findIdentity: () => undefined,
  defaultModule: 'm',
};
const BINARY: BinaryTypeSpec = { base: 'binary', name: 'binary', typedefs: [] };

const CASES: readonly { readonly text: string; readonly octets?: readonly number[]; readonly canonical?: string }[] = [
  { text: '', octets: [] },
  { text: 'AA==', octets: [0] },
  { text: 'AAE=', octets: [0, 1] },
  { text: 'AAEC', octets: [0, 1, 2] },
  { text: 'aGVsbG8gd29ybGQ=', octets: [...'hello world'].map((char) => char.charCodeAt(0)) },
  { text: '+/+/', octets: [0xfb, 0xff, 0xbf] },
  { text: 'aGVs\n bG8=', octets: [...'hello'].map((char) => char.charCodeAt(0)), canonical: 'aGVsbG8=' },
  { text: 'AA' },
  { text: 'AA=' },
  { text: 'A===' },
  { text: 'AB==' },
  { text: 'AA==AA==' },
  { text: '-_8=' },
  { text: 'AA=A' },
];

describe('binary (RFC 7950 §9.8)', () => {
  for (const testCase of CASES) {
    it(JSON.stringify(testCase.text), () => {
      const result = parseLexical(BINARY, testCase.text, CTX);
      if (testCase.octets === undefined) {
        assert.ok(isTypeCheckFailure(result));
        assert.match(result.message, /is not valid base64/);
        return;
      }
      assert.deepEqual(result, new Uint8Array(testCase.octets));
      assert.equal(toCanonical(BINARY, result), testCase.canonical ?? testCase.text);
    });
  }
  it('length counts octets', () => {
    const type: BinaryTypeSpec = { ...BINARY, length: parseLength('2') };
    assert.ok(!isTypeCheckFailure(parseLexical(type, 'AAE=', CTX)));
    const result = parseLexical(type, 'AA==', CTX);
    assert.ok(isTypeCheckFailure(result));
    assert.match(result.message, /1 octets is outside the length 2/);
  });
  it('JSON is the base64 string', () => {
    assert.deepEqual(parseJson(BINARY, 'AAE=', CTX), new Uint8Array([0, 1]));
    assert.equal(toJson(BINARY, new Uint8Array([0, 1]), CTX), 'AAE=');
    assert.ok(isTypeCheckFailure(parseJson(BINARY, [0, 1], CTX)));
  });
});
