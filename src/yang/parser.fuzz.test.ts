/** @module yang/parser.fuzz.test — random mutations of a valid module: the parser never throws and always answers. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseYang } from './parser.ts';

const VALID = `module example-fuzz {
  yang-version 1.1;
  namespace "urn:example:fuzz";
  prefix fz;
  import ietf-yang-types { prefix yang; revision-date 2013-07-15; }
  description
    "A module that exercises
     indentation, \\"escapes\\" and " + 'concatenation';
  /* block comment */
  container top { // line comment
    leaf name { type string { pattern '[a-z]+'; } }
    list item { key id; leaf id { type uint8; } md:annotation x; }
  }
}
`;

/** A small deterministic PRNG (mulberry32), so that a failing case can be replayed from its seed. */
const randomFrom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
};

const PIECES = [
  '{',
  '}',
  ';',
  '"',
  "'",
  '+',
  '/*',
  '*/',
  '//',
  '\\',
  '\n',
  '\t',
  ' ',
  'leaf',
  'x:y',
  '\u0000',
  '\u00e9',
];

/** Applies one to four random edits: delete a range, insert a piece, duplicate a range, or replace a byte. */
const mutate = (text: string, random: () => number): string => {
  let result = text;
  const edits = 1 + Math.floor(random() * 4);
  for (let edit = 0; edit < edits; edit += 1) {
    const at = Math.floor(random() * (result.length + 1));
    const length = Math.floor(random() * 12);
    const choice = random();
    if (choice < 0.3) {
      result = result.slice(0, at) + result.slice(at + length);
    } else if (choice < 0.6) {
      result = result.slice(0, at) + (PIECES[Math.floor(random() * PIECES.length)] ?? '') + result.slice(at);
    } else if (choice < 0.8) {
      result = result.slice(0, at) + result.slice(at, at + length) + result.slice(at);
    } else {
      result = result.slice(0, at) + String.fromCharCode(Math.floor(random() * 128)) + result.slice(at + 1);
    }
  }
  return result;
};

describe('parseYang fuzzing', () => {
  it('the unmutated module parses cleanly', () => {
    const result = parseYang(VALID, 'fuzz.yang');
    assert.ok(result.statement);
    assert.deepEqual(result.diagnostics, []);
  });

  it('never throws and always returns a statement or an error, over 3000 mutations', () => {
    for (let seed = 1; seed <= 3000; seed += 1) {
      const input = mutate(VALID, randomFrom(seed));
      const result = parseYang(input, 'fuzz.yang');
      const hasError = result.diagnostics.some((diagnostic) => diagnostic.severity === 'error');
      assert.ok(result.statement !== undefined || hasError, `seed ${seed}: neither statement nor error`);
      for (const diagnostic of result.diagnostics) {
        assert.ok(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, `seed ${seed}: bad position`);
      }
    }
  });
});
