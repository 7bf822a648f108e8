/**
 * @module restconf/yang-patch-document.test
 * A long YANG Patch in JSON is read edit by edit, with the edits and the errors of reading it
 * whole; a short one is checked whole at once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidValueError, MalformedMessageError } from '../errors/index.ts';
import { parseYangPatchJson, readYangPatchJson } from './yang-patch-document.ts';

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
    const { checkEditIds: _, ...patch } = reading;
    assert.deepEqual({ ...patch, edits: [...reading.edits] }, parseYangPatchJson(text));
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
