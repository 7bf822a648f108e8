/**
 * @module data/diff/diff-codec.test
 * The JSON text of diffs: the exact format of a small diff with typed values, and the errors of text that
 * is not a diff of the schema.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InvalidValueError, MalformedMessageError, UnknownElementError } from '../../errors/index.ts';
import { decodeJson } from '../codec/json/json-decode.ts';
import { testSchema } from '../test-schema.test-support.ts';
import { EMPTY_DIFF, reverseDiff } from './diff.ts';
import {
  decodeDiff,
  decodeReverseDiff,
  encodeDiff,
  encodeDiffs,
  REVERSE_OF_FORWARD,
  REVERSE_REFERENCE_LENGTH,
} from './diff-codec.ts';
import { DIFF_MODULE } from './diff-test-modules.test-support.ts';
import { diffTrees } from './diff-trees.ts';

const schema = testSchema([DIFF_MODULE]);

describe('encodeDiff', () => {
  it('writes one change per line, values in RFC 7951 JSON', () => {
    const before = decodeJson(
      schema,
      { 'dt:top': { i64: '5', b: 'x', ml: [{ id: 'one', d: '1' }], usr: [1, 2] } },
      { schema },
    );
    const after = decodeJson(
      schema,
      {
        'dt:top': {
          i64: '-6',
          b: 'y z',
          e: [null],
          u: 5,
          ml: [
            { id: 'two', d: '-2.25', note: 'n' },
            { id: 'one', d: '1' },
          ],
          usr: [2, 1],
          any: { k: [1, null] },
        },
      },
      { schema },
    );
    assert.equal(
      encodeDiff(diffTrees(before, after), schema),
      [
        '{"version":1,"changes":[',
        '{"op":"modify","path":["dt:top","i64"],"old":"5","value":"-6"},',
        '{"op":"create","path":["dt:top","e"],"value":[null]},',
        '{"op":"modify","path":["dt:top","b"],"old":"x","value":"y z"},',
        '{"op":"create","path":["dt:top","u"],"value":5},',
        '{"op":"move","path":["dt:top",{"usr":1}],"from":null,"to":2},',
        '{"op":"create","path":["dt:top",{"ml":{"id":"dt:two","d":"-2.25"}}],"value":{"id":"dt:two","d":"-2.25","note":"n"},"after":null},',
        '{"op":"create","path":["dt:top","any"],"value":{"k":[1,null]}}',
        ']}',
      ].join('\n'),
    );
  });

  it('encodes a diff and its reverse together as each on its own (a value both hold encoded once)', () => {
    const trees = [
      {},
      { 'dt:top': { i64: '5', b: 'x', ml: [{ id: 'one', d: '1' }], usr: [1, 2] } },
      { 'dt:top': { b: 'y z', ml: [{ id: 'two', d: '-2.25', note: 'n' }], usr: [2, 1], any: { k: [1, null] } } },
    ].map((json) => decodeJson(schema, json, { schema }));
    for (const before of trees) {
      for (const after of trees) {
        const diff = diffTrees(before, after);
        const { forward, reverse } = encodeDiffs(diff, schema);
        assert.deepEqual(
          { forward: forward.text, reverse: reverse.text },
          { forward: encodeDiff(diff, schema), reverse: encodeDiff(reverseDiff(diff), schema) },
        );
      }
    }
  });

  it('keeps the pieces of a long text of long pieces (a whole list) instead of joining them', () => {
    const entries = Array.from({ length: 40_000 }, (_, index) => ({ id: 'one', d: `${index}`, note: 'x'.repeat(40) }));
    const after = decodeJson(schema, { 'dt:top': { ml: entries } }, { schema });
    const diff = diffTrees(decodeJson(schema, {}, { schema }), after);
    const { forward, reverse } = encodeDiffs(diff, schema);
    assert.ok(forward.text.length >= 1 << 20);
    assert.ok(forward.pieces !== undefined, 'not joined');
    assert.equal(reverse.text, REVERSE_OF_FORWARD);
    assert.equal(forward.pieces.join(''), forward.text);
    assert.equal(forward.text, encodeDiff(diff, schema));
    const empty = decodeJson(schema, {}, { schema });
    const small = encodeDiffs(diffTrees(empty, decodeJson(schema, { 'dt:top': { b: 'x' } }, { schema })), schema);
    assert.equal(small.forward.pieces, undefined, 'a short diff is joined');
  });

  it('writes the reverse of a long diff as a reference to it, read back as the reverse written out', () => {
    const empty = decodeJson(schema, {}, { schema });
    const entries = (from: number, count: number, note: string) =>
      Array.from({ length: count }, (_, index) => ({ id: 'one', d: `${from + index}`, note }));
    const full = decodeJson(schema, { 'dt:top': { b: 'x', ml: entries(0, 20_000, 'y'.repeat(40)) } }, { schema });
    // Created, deleted, and changed in place (a modify of many leaves), each long.
    const changed = decodeJson(
      schema,
      { 'dt:top': { b: 'z', ml: [...entries(0, 10_000, 'w'.repeat(40)), ...entries(30_000, 5, 'v')] } },
      { schema },
    );
    for (const [before, after] of [
      [empty, full],
      [full, empty],
      [full, changed],
    ] as const) {
      const diff = diffTrees(before, after);
      const { forward, reverse } = encodeDiffs(diff, schema);
      assert.ok(forward.text.length >= REVERSE_REFERENCE_LENGTH);
      assert.equal(reverse.text, REVERSE_OF_FORWARD);
      const written = encodeDiff(reverseDiff(diff), schema);
      const read = decodeReverseDiff(reverse.text, forward.text, schema);
      assert.deepEqual(read, decodeDiff(written, schema));
      assert.equal(encodeDiff(read, schema), written);
      // A reverse written out in full (a journal from before the reference) reads as it always did.
      assert.deepEqual(decodeReverseDiff(written, forward.text, schema), decodeDiff(written, schema));
    }
  });

  it('reads a reverse diff written out, and only the exact reference as a reference', () => {
    const empty = decodeJson(schema, {}, { schema });
    const diff = diffTrees(empty, decodeJson(schema, { 'dt:top': { b: 'x' } }, { schema }));
    const { forward, reverse } = encodeDiffs(diff, schema);
    assert.notEqual(reverse.text, REVERSE_OF_FORWARD, 'a short diff has its reverse written out');
    assert.deepEqual(decodeReverseDiff(reverse.text, forward.text, schema), reverseDiff(diff));
    assert.deepEqual(
      decodeReverseDiff(' { "reverse-of" : "forward", "version" : 1 } ', forward.text, schema),
      reverseDiff(diff),
    );
    for (const text of [
      '{"version":2,"reverse-of":"forward"}',
      '{"version":1,"reverse-of":"reverse"}',
      '{"reverse-of":"forward"}',
    ])
      assert.throws(() => decodeReverseDiff(text, forward.text, schema), MalformedMessageError, text);
    // A diff that happens to have such a member is read as the diff it is.
    const diffText = '{"version":1,"reverse-of":"forward","changes":[]}';
    assert.deepEqual(decodeReverseDiff(diffText, forward.text, schema), { changes: [] });
  });

  it('writes the empty diff on one line', () => {
    assert.equal(encodeDiff(EMPTY_DIFF, schema), '{"version":1,"changes":[]}');
    assert.deepEqual(decodeDiff('{"version":1,"changes":[]}', schema), { changes: [] });
  });
});

describe('decodeDiff', () => {
  const errors: { name: string; text: string; error: new (...args: never[]) => Error; message: RegExp }[] = [
    { name: 'not JSON', text: '{"version":1,', error: MalformedMessageError, message: /not valid JSON/ },
    { name: 'no changes', text: '{"version":1}', error: MalformedMessageError, message: /changes array/ },
    { name: 'another version', text: '{"version":2,"changes":[]}', error: MalformedMessageError, message: /version 2/ },
    {
      name: 'unknown op',
      text: '{"version":1,"changes":[{"op":"merge","path":["dt:top","s"]}]}',
      error: MalformedMessageError,
      message: /unknown op "merge"/,
    },
    {
      name: 'empty path',
      text: '{"version":1,"changes":[{"op":"delete","path":[],"old":1}]}',
      error: MalformedMessageError,
      message: /non-empty array/,
    },
    {
      name: 'unqualified first step',
      text: '{"version":1,"changes":[{"op":"delete","path":["top","s"],"old":"a"}]}',
      error: MalformedMessageError,
      message: /module-qualified/,
    },
    {
      name: 'unknown node',
      text: '{"version":1,"changes":[{"op":"delete","path":["dt:top","gone"],"old":"a"}]}',
      error: UnknownElementError,
      message: /no data node dt:gone/,
    },
    {
      name: 'a step below a leaf',
      text: '{"version":1,"changes":[{"op":"delete","path":["dt:top","s","t"],"old":"a"}]}',
      error: MalformedMessageError,
      message: /follows a node without children/,
    },
    {
      name: 'a list step without a key',
      text: '{"version":1,"changes":[{"op":"delete","path":["dt:top",{"sl":{"k1":1}}],"old":{}}]}',
      error: MalformedMessageError,
      message: /key k2 is missing/,
    },
    {
      name: 'a value of the wrong type',
      text: '{"version":1,"changes":[{"op":"modify","path":["dt:top","i64"],"old":"1","value":"x"}]}',
      error: InvalidValueError,
      message: /./,
    },
    {
      name: 'an entry whose keys are not those of its path',
      text: '{"version":1,"changes":[{"op":"create","path":["dt:top",{"ul":{"name":"a"}}],"value":{"name":"b"}}]}',
      error: MalformedMessageError,
      message: /keys of its path/,
    },
    {
      name: 'a move of a leaf',
      text: '{"version":1,"changes":[{"op":"move","path":["dt:top","s"],"from":null,"to":null}]}',
      error: MalformedMessageError,
      message: /only list and leaf-list entries move/,
    },
    {
      name: 'a missing value',
      text: '{"version":1,"changes":[{"op":"create","path":["dt:top","s"]}]}',
      error: MalformedMessageError,
      message: /value is missing/,
    },
  ];
  for (const { name, text, error, message } of errors) {
    it(`rejects ${name}`, () => {
      assert.throws(
        () => decodeDiff(text, schema),
        (thrown: unknown) => thrown instanceof error && message.test((thrown as Error).message),
      );
    });
  }
});
