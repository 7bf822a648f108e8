/**
 * @module data/codec/json/decode-json-text.test
 * Decoding JSON text lazily gives what decoding the parsed text gives: the same tree, or the
 * same error (class, message, path), for well-formed and malformed texts alike.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isManagementError } from '../../../errors/index.ts';
import type { ContainerNode } from '../../../yang/index.ts';
import { instancesEqual } from '../../diff/diff-equal.ts';
import type { InstanceNode } from '../../instance/index.ts';
import { AUGMENT_MODULE, TYPES_MODULE } from '../../test-modules.test-support.ts';
import { testSchema } from '../../test-schema.test-support.ts';
import { decodeJsonText } from './decode-json-text.ts';
import { JsonArrayText } from './json-array-text.ts';
import type { DecodeJsonOptions } from './json-decode.ts';
import { decodeJson } from './json-decode.ts';
import { parseJsonText } from './json-text.ts';
import { readJsonLazily, readJsonObjectLazily } from './read-json-lazily.ts';

const schema = testSchema([TYPES_MODULE, AUGMENT_MODULE]);
const top = schema.dataChildIndex.get('t:top') as ContainerNode;

type Outcome = { readonly tree: InstanceNode } | { readonly error: string };

const outcome = (decode: () => InstanceNode): Outcome => {
  try {
    return { tree: decode() };
  } catch (error) {
    if (!isManagementError(error)) throw error;
    return { error: `${error.constructor.name} ${error.message} @ ${error.path ?? ''}` };
  }
};

const assertSameAsParsed = (text: string, options: DecodeJsonOptions = { schema, config: true }): void => {
  const lazy = outcome(() => decodeJsonText(schema, text, options, 0));
  const parsed = outcome(() => decodeJson(schema, parseJsonText(text), options));
  if ('error' in parsed) {
    assert.deepEqual(lazy, parsed);
    return;
  }
  assert.ok('tree' in lazy, `lazy decode failed: ${'error' in lazy ? lazy.error : ''}`);
  assert.ok(instancesEqual(lazy.tree, parsed.tree), 'the trees differ');
};

const ENTRIES = '[{"k1":1,"k2":"x","v":"a\\"b\\\\"},{"k2":"y","k1":2}]';

describe('decodeJsonText', () => {
  const wellFormed: readonly (readonly [string, string])[] = [
    ['an empty object', '{}'],
    ['an empty container', '{"t:top":{}}'],
    [
      'lists, containers, leaf-lists and anydata',
      `{"t:top":{"s":"a","l":${ENTRIES},"ul":[{"name":"z"},{"name":"a"}],"np":{"z":"q"},"ll":["a","b"],"any":{"x":[{"a":1}]}}}`,
    ],
    [
      'white space everywhere',
      ` \n{ "t:top" :\t{ "l" : [ { "k1" : 1 , "k2" : "x" } ,\r\n { "k1" : 2 , "k2" : "x" } ] } }\n`,
    ],
    ['an escaped member name', '{"t:top":{"\\u0073":"a","u:more":{"m":1}}}'],
    ['an empty list', '{"t:top":{"l":[]}}'],
    ['a member given twice (the last wins, as in JSON.parse)', '{"t:top":{"np":{"z":"1"},"np":{"z":"2"}}}'],
  ];
  for (const [name, text] of wellFormed)
    it(`decodes ${name} as the parsed text decodes`, () => assertSameAsParsed(text));

  const rejected: readonly (readonly [string, string])[] = [
    ['two entries with the same key', `{"t:top":{"l":[{"k1":1,"k2":"x"},{"k1":1,"k2":"x"}]}}`],
    ['an entry without its key', '{"t:top":{"l":[{"k1":1}]}}'],
    ['list entries that are no objects', '{"t:top":{"l":[1,2]}}'],
    ['a list that is an object', '{"t:top":{"l":{"k1":1}}}'],
    ['state data in an entry', '{"t:top":{"l":[{"k1":1,"k2":"x","sv":"s"}]}}'],
    ['a member named __proto__', '{"t:top":{"__proto__":{"l":[]}}}'],
    ['an unknown module', '{"x:top":{"l":[{"a":1}]}}'],
    ['a syntax error inside an entry', '{"t:top":{"l":[{"k1":1,"k2":"x"},{"k1":2,"k2":}]}}'],
    ['a trailing comma', '{"t:top":{"s":"a",}}'],
    ['text after the object', '{"t:top":{}} x'],
    ['an unterminated string', '{"t:top":{"s":"a}}'],
    ['an array at the top', '[{"t:top":{}}]'],
    ['a missing colon', '{"t:top" {}}'],
    ['unbalanced brackets in an entry', '{"t:top":{"l":[{"k1":1,"k2":"x"]}]}}'],
  ];
  for (const [name, text] of rejected)
    it(`rejects ${name} as the parsed text is rejected`, () => assertSameAsParsed(text));

  it('decodes the children of a container with unqualified top-level names', () =>
    assert.ok(
      instancesEqual(
        decodeJsonText(top, `{"l":${ENTRIES}}`, { schema, qualifiedTop: false }, 0),
        decodeJson(top, { l: JSON.parse(ENTRIES) }, { schema, qualifiedTop: false }),
      ),
    ));
});

describe('readJsonLazily', () => {
  it('leaves the entries of lists as text, and parses everything else', () => {
    const raw = readJsonLazily(`{"t:top":{"l":${ENTRIES},"ll":["a"],"any":{"x":[{"a":1}]}}}`, schema, undefined);
    const members = raw?.['t:top'] as Record<string, unknown>;
    assert.ok(members.l instanceof JsonArrayText);
    assert.equal(members.l.length, 2);
    assert.deepEqual(members.l.item(1), { k2: 'y', k1: 2 });
    assert.deepEqual(members.ll, ['a']);
    assert.deepEqual(members.any, { x: [{ a: 1 }] });
  });
  it('gives undefined for text it cannot read', () => {
    assert.equal(readJsonLazily('{"t:top":{"s":"a",}}', schema, undefined), undefined);
    assert.equal(readJsonLazily('"t:top"', schema, undefined), undefined);
  });
});

describe('readJsonObjectLazily', () => {
  it('leaves the arrays at the given paths as text, and parses everything else whole', () => {
    const raw = readJsonObjectLazily('{"a":{"b":[{"x":1},{"x":2}],"c":[{"y":1}]},"b":[{"z":1}],"d":"e"}', [['a', 'b']]);
    const a = raw?.['a'] as Record<string, unknown>;
    assert.ok(a.b instanceof JsonArrayText);
    assert.deepEqual(a.b.item(1), { x: 2 });
    assert.deepEqual(a.c, [{ y: 1 }]);
    assert.deepEqual(raw?.['b'], [{ z: 1 }]);
    assert.equal(raw?.['d'], 'e');
    assert.equal(readJsonObjectLazily('{"a":{"b":[1,]}}', [['a', 'b']]), undefined);
  });
});
