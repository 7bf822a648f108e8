/**
 * @module xpath/parser.fuzz.test
 * Fuzzing: random strings and mutated valid expressions make parseXPath either succeed or
 * throw XPathSyntaxError, never anything else, and always finish. The generator is seeded so
 * that a failure reproduces.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseXPath } from './parser.ts';
import { XPathSyntaxError } from './xpath-syntax-error.ts';

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const SEEDS = [
  '/a:b/c[d = current()/../e]',
  'count(x) > 1 and not(y)',
  '//para[@type="warning"][5]',
  'substring("12345", 1.5, 2.6) = a | b',
  'child::*[self::chapter or self::appendix][position()=last()]',
  're-match(., "[a-z-[aeiou]]") or derived-from-or-self(t, "ex:id")',
  '-1 * 2 div 3 mod 4 - -5',
  '(a/b)[1]/ancestor-or-self::node()/processing-instruction("x")',
  '$v:w != 0.5',
];
const PIECES = [
  '/',
  '//',
  '.',
  '..',
  '@',
  '*',
  ':',
  '::',
  '(',
  ')',
  '[',
  ']',
  ',',
  '|',
  '+',
  '-',
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'and',
  'or',
  'div',
  'mod',
  '$',
  '"',
  "'",
  ' ',
  'a',
  'p:',
  'node()',
  'text',
  'child',
  'count(',
  '1',
  '.5',
  '\u00e9',
  '\ud83d\ude00',
  '\ud800',
  '#',
  '\t',
  'current()',
  'processing-instruction(',
];

function checkParse(input: string): void {
  try {
    parseXPath(input);
  } catch (error) {
    if (!(error instanceof XPathSyntaxError)) assert.fail(`${JSON.stringify(input)} threw ${String(error)}`);
    assert.ok(error.offset >= 0 && error.offset <= input.length, `offset out of range for ${JSON.stringify(input)}`);
  }
}

test('random strings only ever throw XPathSyntaxError', () => {
  const next = random(1);
  for (let round = 0; round < 3000; round++) {
    let input = '';
    const length = Math.floor(next() * 30);
    for (let index = 0; index < length; index++) input += PIECES[Math.floor(next() * PIECES.length)];
    checkParse(input);
  }
});

test('random characters only ever throw XPathSyntaxError', () => {
  const next = random(2);
  for (let round = 0; round < 3000; round++) {
    let input = '';
    const length = Math.floor(next() * 20);
    for (let index = 0; index < length; index++)
      input += String.fromCharCode(Math.floor(next() * 0x80 + (next() < 0.1 ? 0xd700 : 0)));
    checkParse(input);
  }
});

test('mutated valid expressions only ever throw XPathSyntaxError', () => {
  const next = random(3);
  for (const seed of SEEDS) parseXPath(seed);
  for (let round = 0; round < 5000; round++) {
    let input = SEEDS[Math.floor(next() * SEEDS.length)] as string;
    const mutations = 1 + Math.floor(next() * 3);
    for (let count = 0; count < mutations; count++) {
      const at = Math.floor(next() * (input.length + 1));
      const choice = next();
      if (choice < 0.33) input = input.slice(0, at) + input.slice(at + 1);
      else if (choice < 0.66)
        input = input.slice(0, at) + (PIECES[Math.floor(next() * PIECES.length)] as string) + input.slice(at);
      else input = input.slice(0, at) + input.slice(at + 1 + Math.floor(next() * 5));
    }
    checkParse(input);
  }
});

test('pathological nesting is rejected quickly, not by a stack overflow', () => {
  for (const input of [
    '('.repeat(100000),
    '-'.repeat(100000),
    'a['.repeat(50000),
    `${'a/'.repeat(50000)}a`,
    'f('.repeat(10000),
  ]) {
    checkParse(input);
  }
});
