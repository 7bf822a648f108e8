/**
 * @module restconf/yang-patch-document.test
 * A long YANG Patch in JSON is read edit by edit, with the edits and the errors of reading it
 * whole; a short one is checked whole at once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidValueError, MalformedMessageError } from '../errors/index.ts';
import type { PatchEdit } from './yang-patch-document.ts';
import { EntryCreateEdit, entryCreateEditOf, parseYangPatchJson, readYangPatchJson } from './yang-patch-document.ts';

/** A YANG Patch of `count` create edits, each with some padding; `edit` may replace one edit's text. */
const patchText = (count: number, broken?: { readonly index: number; readonly text: string }): string => {
  const edits: string[] = [];
  for (let index = 0; index < count; index++) {
    edits.push(
      broken?.index === index
        ? broken.text
        : JSON.stringify({
            'edit-id': `create-${index}`,
            operation: 'create',
            target: `/entry=e${index}`,
            value: { 'm:entry': [{ name: `e${index}`, pad: 'x'.repeat(200) }] },
          }),
    );
  }
  return `{"ietf-yang-patch:yang-patch":{"patch-id":"p","comment":"c","edit":[\n${edits.join(',\n')}\n]}}`;
};

describe('readYangPatchJson', () => {
  it('reads a long patch edit by edit, as parseYangPatchJson reads it whole', () => {
    const text = patchText(5000);
    assert.ok(text.length > 1 << 20, 'long enough to be read lazily');
    const reading = readYangPatchJson(text);
    assert.ok(!Array.isArray(reading.edits), 'the edits come one by one');
    const { checkEditIds: _, editCount, ...patch } = reading;
    const edits = [...reading.edits];
    assert.equal(editCount, edits.length, 'the number of edits is known before they are read');
    assert.deepEqual({ ...patch, edits }, parseYangPatchJson(text));
  });

  it('finds a malformed or invalid edit of a long patch when it reaches it', () => {
    const malformed = readYangPatchJson(patchText(5000, { index: 4000, text: '{"edit-id":"x",' + '}' }));
    let read = 0;
    assert.throws(() => {
      for (const _ of malformed.edits) read++;
    }, MalformedMessageError);
    assert.equal(read, 4000);
    const repeated = readYangPatchJson(
      patchText(5000, {
        index: 10,
        text: JSON.stringify({ 'edit-id': 'create-3', operation: 'remove', target: '/x' }),
      }),
    );
    assert.throws(
      () => [...repeated.edits],
      (error: unknown) => error instanceof InvalidValueError && /two edits/.test(error.message),
    );
  });

  it('checks a short patch whole at once', () => {
    assert.throws(
      () => readYangPatchJson(patchText(3, { index: 2, text: JSON.stringify({ 'edit-id': 'z', operation: 'nope' }) })),
      InvalidValueError,
    );
  });
});

/** An edit as plain data (an EntryCreateEdit's value made), to compare edits however they were read. */
const plain = (edit: PatchEdit): Record<string, unknown> => ({
  editId: edit.editId,
  operation: edit.operation,
  target: edit.target,
  ...(edit.point === undefined ? {} : { point: edit.point }),
  ...(edit.where === undefined ? {} : { where: edit.where }),
  ...(edit.value === undefined ? {} : { value: edit.value }),
});

describe('entryCreateEditOf: a create of one entry read from its text', () => {
  const regular =
    '{"edit-id":"c1","operation":"create","target":"/entry=e1","value":{"m:entry":[{"name":"e1","n":1}]}}';
  // Texts of one edit: the first few are taken, the others are left to the general reading.
  const taken = [
    regular,
    '{"edit-id":"","operation":"create","target":"/entry=%2C","value":{"m:entry":[{"name":",","x":{"y":[1,"]}}"]}}]}}',
    '{"edit-id":"é ☃","operation":"create","target":"/a/b=c,d","value":{"m:entry":[{"name":"\\u00e9\\"","__proto__":1} ]}}',
    '{"edit-id":"c1","operation":"create","target":"/entry=e1","value":{"__proto__":[{}]}}',
    '{"edit-id":"c1","operation":"create","target":"x","value":{"":[{"name":"e1","name":"e2"}]}}',
  ];
  const others = [
    '{"edit-id":"c\\"1","operation":"create","target":"/entry=e1","value":{"m:entry":[{"name":"e1"}]}}',
    '{"edit-id":"c\\u0031","operation":"create","target":"/entry=e1","value":{"m:entry":[{"name":"e1"}]}}',
    '{"edit-id":"c1","operation":"create","target":"/entry=e\\u0031","value":{"m:entry":[{"name":"e1"}]}}',
    '{"edit-id":"c1","operation":"create","target":"/entry=e1","value":{"m:\\u0065ntry":[{"name":"e1"}]}}',
    '{"edit-id":"c1", "operation":"create","target":"/entry=e1","value":{"m:entry":[{"name":"e1"}]}}',
    '{"operation":"create","edit-id":"c1","target":"/entry=e1","value":{"m:entry":[{"name":"e1"}]}}',
    '{"edit-id":"c1","operation":"merge","target":"/entry=e1","value":{"m:entry":[{"name":"e1"}]}}',
    '{"edit-id":"c1","operation":"create","target":"/entry=e1","value":{"m:entry":[{"name":"e1"},{"name":"e2"}]}}',
    '{"edit-id":"c1","operation":"create","target":"/entry=e1","value":{"m:entry":[{"name":"e1"}],"m:x":1}}',
    '{"edit-id":"c1","operation":"create","target":"/entry=e1","value":{"m:entry":[{"name":"e1"}]},"point":"/x"}',
    '{"edit-id":"c1","operation":"create","target":"/entry=e1","value":{"m:entry":[[1]]}}',
    '{"edit-id":"c1","operation":"create","target":"/entry=e1","value":{"m:entry":[{"name":"e1"} , {}]}}',
    '{"edit-id":"c1","operation":"create","target":"/entry=e1","value":{"m:entry":[{"name":"e1"}]} }',
    '{"edit-id":"c1","operation":"create","target":"/entry=e1","value":{"m:entry":[{"name":"e1"]}}',
    '{"edit-id":"c\u00011","operation":"create","target":"/entry=e1","value":{"m:entry":[{"name":"e1"}]}}',
    '{"edit-id":"c1","operation":"create","target":"/entry=e1","value":{"m:entry":[{"name":"e\u00011"}]}}',
    '{"edit-id":"c1","operation":"create","target":"/entry=e1","value":{"m:entry":[]}}',
    '{"edit-id":"c1","operation":"create","target":"/entry=e1","value":{"m:entry":[{"name":"e1"}]}}}',
  ];

  it('takes an edit in the commonest form, giving what parsing it whole and checking it gives', () => {
    for (const text of taken) {
      const edit = entryCreateEditOf(text);
      assert.ok(edit instanceof EntryCreateEdit, text);
      const [whole] = parseYangPatchJson(`{"ietf-yang-patch:yang-patch":{"patch-id":"p","edit":[${text}]}}`).edits;
      assert.deepEqual(plain(edit), plain(whole as PatchEdit), text);
    }
  });

  it('leaves every other form to the general reading', () => {
    for (const text of others) assert.equal(entryCreateEditOf(text), undefined, text);
  });

  it('reads a long patch of both kinds as the general reading does, errors included', () => {
    const long = (items: readonly string[]): string => {
      const edits: string[] = [];
      for (let index = 0; index < 6000; index++)
        edits.push(regular.replace('c1', `pad-${index}`).replace('"n":1', `"pad":"${'x'.repeat(150)}"`));
      edits.push(...items);
      return `{"ietf-yang-patch:yang-patch":{"patch-id":"p","edit":[${edits.join(',')}]}}`;
    };
    // Each text alone after the padding: the same edit (or error) as a short patch read whole.
    for (const text of [...taken, ...others]) {
      let lazy: unknown;
      try {
        lazy = [...readYangPatchJson(long([text])).edits].slice(-1).map(plain);
      } catch (error) {
        lazy = (error as Error).constructor.name;
      }
      let whole: unknown;
      try {
        whole = parseYangPatchJson(`{"ietf-yang-patch:yang-patch":{"patch-id":"p","edit":[${text}]}}`).edits.map(plain);
      } catch (error) {
        whole = (error as Error).constructor.name;
      }
      // (An error's message numbers the edit by its place: the class is compared.)
      assert.deepEqual(lazy, whole, text);
    }
    // A repeated edit-id among edits read from their text is still found.
    const repeated = readYangPatchJson(long([regular, regular.replace('c1', 'pad-17')]));
    assert.throws(
      () => [...repeated.edits],
      (error: unknown) => error instanceof InvalidValueError && /two edits have the edit-id pad-17/.test(error.message),
    );
  });
});
