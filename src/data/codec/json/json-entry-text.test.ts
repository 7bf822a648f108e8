/**
 * @module data/codec/json/json-entry-text.test
 * An entry decoded straight from its text is the entry `decodeJsonEntries` decodes from the parsed
 * text, and every text it does not read (another form, a syntax error, an error of decoding) gives
 * undefined, so that the general decoding reports it: a table of entry texts, each compared.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isManagementError } from '../../../errors/index.ts';
import type { ContainerNode, ListNode } from '../../../yang/index.ts';
import type { ListEntry } from '../../instance/index.ts';
import { testSchema } from '../../test-schema.test-support.ts';
import type { DecodeJsonOptions } from './json-decode.ts';
import { decodeJsonEntries } from './json-decode.ts';
import { decodeJsonEntryText } from './json-entry-text.ts';

const MODULE = `module t-et {
  yang-version 1.1;
  namespace "urn:t:et";
  prefix et;
  identity color;
  identity red { base color; }
  container top {
    list item {
      key name;
      leaf name { type string; }
      leaf n { type uint32; }
      leaf i { type int8; }
      leaf flag { type boolean; }
      leaf code { type string { length "1..3"; pattern "[a-z]+"; } }
      leaf color { type identityref { base color; } }
      leaf big { type int64; }
      leaf state { type string; config false; }
      leaf-list tags { type string; }
      anydata extra;
      choice shape {
        leaf round { type string; }
        leaf square { type string; }
      }
      container details {
        leaf note { type string; }
        container deeper { leaf depth { type uint8; } }
      }
    }
  }
}`;

const schema = testSchema([MODULE]);
const top = schema.dataChildIndex.get('t-et:top') as ContainerNode;
const list = top.dataChildIndex.get('t-et:item') as ListNode;
const options: DecodeJsonOptions = { schema, config: true, path: [{ schema: top }] };

/** The general decoding of the text: the entry, or the error's code, message and path. */
const general = (text: string): ListEntry | string => {
  try {
    const entries: ListEntry[] = [];
    decodeJsonEntries(list, [JSON.parse(text)], options, [], entries, 0);
    return entries[0] as ListEntry;
  } catch (error) {
    if (error instanceof SyntaxError) return 'syntax error';
    if (!isManagementError(error)) throw error;
    return `${error.code} ${error.message} (${error.path ?? ''})`;
  }
};

/** Decodes the text from inside a longer one, as a patch's reader does. */
const fast = (text: string): ListEntry | undefined =>
  decodeJsonEntryText(list, `[{"x":1},${text}]`, 9, 9 + text.length, options);

/** Texts read straight: the same entry as the general decoding. */
const READ = [
  '{"name":"a"}',
  '{"name":"a","n":1,"i":-5,"flag":true,"code":"abc"}',
  '{"n":0,"flag":false,"name":"keys last"}',
  '{"t-et:name":"qualified","t-et:n":4294967295}',
  '{"name":"a","details":{"note":"x","deeper":{"depth":7}}}',
  '{"name":"a","color":"red","round":"r"}',
  '{"name":"a","color":"t-et:red"}',
  '{"name":"a","i":-0}',
  '{"name":"a","big":"9007199254740993"}',
  '{"name":"ünïcödé ✓","n":12}',
];

/** Texts left to the general decoding (which may accept them or report an error). */
const LEFT = [
  '{ "name":"a"}',
  '{"name" :"a"}',
  '{"name":"a" }',
  '{"name":"a\\u0041"}',
  '{"name":"a\\"b"}',
  '{"name":"a","name":"b"}',
  '{"name":"a","t-et:name":"b"}',
  '{"name":"a","nope":1}',
  '{"name":"a","other:n":1}',
  '{"name":"a","@n":{}}',
  '{"name":"a","n":01}',
  '{"name":"a","n":1.0}',
  '{"name":"a","n":1e3}',
  '{"name":"a","n":-}',
  '{"name":"a","n":-1}',
  '{"name":"a","n":4294967296}',
  '{"name":"a","n":"1"}',
  '{"name":"a","i":128}',
  '{"name":"a","big":9007199254740993}',
  '{"name":"a","flag":null}',
  '{"name":"a","flag":tru}',
  '{"name":"a","flag":trueish}',
  '{"name":"a","code":"abcd"}',
  '{"name":"a","code":"AB"}',
  '{"name":"a","color":"blue"}',
  '{"name":"a","state":"s"}',
  '{"name":"a","tags":["x"]}',
  '{"name":"a","extra":{}}',
  '{"name":"a","round":"r","square":"s"}',
  '{"name":"a","details":{}}',
  '{"name":"a","details":{"note":"x"},"n":1,}',
  '{"name":"a","details":"x"}',
  '{"name":"a","n":{"x":1}}',
  '{"name":"a\u0001"}',
  '{"name":"a\ud800"}',
  '{"n":1}',
  '{}',
  '{"name":"a"}x',
  '{"name":"a"',
  '{"name":"a",',
  '{"name":"a"}}',
  '[{"name":"a"}]',
  '"a"',
];

describe('decodeJsonEntryText', () => {
  it('reads the plainest entry texts as the general decoding decodes them', () => {
    for (const text of READ) {
      const expected = general(text);
      assert.ok(typeof expected !== 'string', `${text}: ${String(expected)}`);
      const entry = fast(text);
      assert.ok(entry !== undefined, `${text} is read straight`);
      assert.deepEqual(entry, expected, text);
      assert.equal(entry.schema, list);
      assert.ok(Object.isFrozen(entry));
    }
  });

  it('leaves every other text to the general decoding', () => {
    for (const text of LEFT) {
      assert.equal(fast(text), undefined, text);
      // Whatever the general decoding makes of it, it is not read straight (and its error is its own).
      general(text);
    }
  });

  it('gives the general reading whether member names were seen in another order before', () => {
    const texts = [
      '{"name":"a","n":1,"flag":true}',
      '{"flag":false,"name":"b","n":2}',
      '{"name":"c","n":3,"n":4}',
      '{"name":"d","t-et:n":5}',
      '{"name":"e","nn":5}',
      '{"name":"f","n":6,"flag":true}',
    ];
    for (const text of [...texts, ...texts.reverse()]) {
      const expected = general(text);
      const entry = fast(text);
      if (entry === undefined) assert.ok(typeof expected === 'string' || text.includes('"n":3'), text);
      else assert.deepEqual(entry, expected, text);
    }
  });
});
