import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeControlCharacters } from './escape-control-characters.ts';

describe('escapeControlCharacters', () => {
  const cases: [string, string, string][] = [
    ['plain text is unchanged', 'no such node "a-b_c.d"', 'no such node "a-b_c.d"'],
    ['NUL', 'foo\u0000bar', 'foo\\u0000bar'],
    ['an ANSI escape sequence', '\u001b[31mred', '\\u001b[31mred'],
    ['tab and line breaks', 'a\tb\nc\rd', 'a\\u0009b\\u000ac\\u000dd'],
    ['DEL and C1 controls', 'a\u007fb\u0085c\u009f', 'a\\u007fb\\u0085c\\u009f'],
    ['the noncharacters U+FFFE and U+FFFF', '\ufffe\uffff', '\\ufffe\\uffff'],
    ['an unpaired surrogate', 'x\ud800y\udc00', 'x\\ud800y\\udc00'],
    ['a surrogate pair and other non-ASCII text stay', 'é 😀 ü €', 'é 😀 ü €'],
  ];
  for (const [name, input, expected] of cases) it(name, () => assert.equal(escapeControlCharacters(input), expected));
});
