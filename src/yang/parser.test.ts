/** @module yang/parser.test */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseYang } from './parser.ts';
import type { Statement } from './statement.ts';

/** A statement as a compact nested array: `[keyword-with-prefix, argument?, ...children]`, locations as `@l:c`. */
type Shape = (string | Shape)[];
const shape = (statement: Statement): Shape => [
  `${statement.prefix === undefined ? '' : `${statement.prefix}:`}${statement.keyword}@${statement.location.line}:${statement.location.column}`,
  ...(statement.argument === undefined ? [] : [`=${statement.argument}`]),
  ...statement.substatements.map(shape),
];

const errorsOf = (text: string): string[] =>
  parseYang(text, 'x.yang').diagnostics.map(
    (diagnostic) =>
      `${diagnostic.severity}:${diagnostic.code}@${diagnostic.location.file}:${diagnostic.location.line}:${diagnostic.location.column}`,
  );

describe('parseYang builds statement trees', () => {
  const cases: { name: string; input: string; tree: Shape }[] = [
    { name: 'empty module', input: 'module m { }', tree: ['module@1:1', '=m'] },
    {
      name: 'nested statements with locations',
      input: 'module m {\n  container c {\n    leaf l { type string; }\n  }\n}\n',
      tree: ['module@1:1', '=m', ['container@2:3', '=c', ['leaf@3:5', '=l', ['type@3:14', '=string']]]],
    },
    {
      name: 'extension keyword keeps its prefix',
      input: 'module m { md:annotation last-modified { type string; } ex:flag; }',
      tree: ['module@1:1', '=m', ['md:annotation@1:12', '=last-modified', ['type@1:42', '=string']], ['ex:flag@1:57']],
    },
    {
      name: 'statement without argument',
      input: 'module m { input { } }',
      tree: ['module@1:1', '=m', ['input@1:12']],
    },
    {
      name: 'quoted concatenated argument',
      input: 'module m { description "a" +\n  "b"; }',
      tree: ['module@1:1', '=m', ['description@1:12', '=ab']],
    },
    {
      name: 'submodule at top level',
      input: 'submodule s { belongs-to m { prefix m; } }',
      tree: ['submodule@1:1', '=s', ['belongs-to@1:15', '=m', ['prefix@1:30', '=m']]],
    },
    {
      name: 'comments everywhere',
      input: '// head\nmodule /* a */ m { // b\n leaf x; /* c */ }\n// tail',
      tree: ['module@2:1', '=m', ['leaf@3:2', '=x']],
    },
    {
      name: 'yang 1.0 unknown escape is kept as a warning',
      input: 'module m { pattern "\\d+"; }',
      tree: ['module@1:1', '=m', ['pattern@1:12', '=\\d+']],
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      const result = parseYang(testCase.input, 'x.yang');
      assert.ok(result.statement);
      assert.deepEqual(shape(result.statement), testCase.tree);
      assert.equal(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length, 0);
    });
  }
});

describe('parseYang reports errors with positions and recovers', () => {
  const cases: { name: string; input: string; errors: string[]; tree?: Shape }[] = [
    { name: 'empty text', input: '  \n', errors: ['error:missing-module@x.yang:2:1'] },
    {
      name: 'top-level is not a module',
      input: 'container c { }',
      errors: ['error:missing-module@x.yang:1:1'],
    },
    {
      name: 'two top-level statements',
      input: 'module a { }\nmodule b { }',
      errors: ['error:unexpected-statement@x.yang:2:1'],
      tree: ['module@1:1', '=a'],
    },
    {
      name: 'missing semicolon continues with next statement',
      input: 'module m {\n  leaf a { type string }\n  leaf b;\n}',
      errors: ['error:missing-terminator@x.yang:2:24'],
      tree: ['module@1:1', '=m', ['leaf@2:3', '=a', ['type@2:12', '=string']], ['leaf@3:3', '=b']],
    },
    {
      name: 'missing closing brace reported at end',
      input: 'module m {\n  container c {\n    leaf x;\n}',
      errors: ['error:unclosed-block@x.yang:4:2'],
      tree: ['module@1:1', '=m', ['container@2:3', '=c', ['leaf@3:5', '=x']]],
    },
    {
      name: 'extra closing brace',
      input: 'module m { }\n}',
      errors: ['error:unexpected-token@x.yang:2:1'],
      tree: ['module@1:1', '=m'],
    },
    {
      name: 'quoted keyword',
      input: 'module m {\n  "leaf" x;\n  leaf y;\n}',
      errors: ['error:invalid-keyword@x.yang:2:3'],
      tree: ['module@1:1', '=m', ['leaf@3:3', '=y']],
    },
    {
      name: 'invalid keyword block keeps its children',
      input: 'module m { 1bad x { leaf y; } }',
      errors: ['error:invalid-keyword@x.yang:1:12'],
      tree: ['module@1:1', '=m', ['leaf@1:21', '=y']],
    },
    {
      name: 'stray semicolon',
      input: 'module m { ; leaf y; }',
      errors: ['error:unexpected-token@x.yang:1:12'],
      tree: ['module@1:1', '=m', ['leaf@1:14', '=y']],
    },
    {
      name: 'two arguments',
      input: 'module m { leaf a b; }',
      errors: ['error:missing-terminator@x.yang:1:19'],
    },
    {
      name: 'yang 1.1 unknown escape is an error',
      input: 'module m { yang-version 1.1; pattern "\\d"; }',
      errors: ['error:invalid-escape@x.yang:1:39'],
    },
    {
      name: 'lexical and syntax errors together',
      input: 'module m {\n  leaf a { type "x }\n',
      errors: [
        'error:unterminated-string@x.yang:2:17',
        'error:missing-terminator@x.yang:3:1',
        'error:unclosed-block@x.yang:3:1',
        'error:unclosed-block@x.yang:3:1',
      ],
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      assert.deepEqual(errorsOf(testCase.input), testCase.errors);
      if (testCase.tree !== undefined) {
        const { statement } = parseYang(testCase.input, 'x.yang');
        assert.ok(statement);
        assert.deepEqual(shape(statement), testCase.tree);
      }
    });
  }

  it('survives very deep nesting without overflowing the stack', () => {
    const depth = 50_000;
    const result = parseYang(`module m { ${'container c { '.repeat(depth)}${'} '.repeat(depth)}}`, 'deep.yang');
    assert.equal(result.diagnostics.length, 0);
    assert.ok(result.statement);
  });
});

const YUMA_DIRECTORY = '/usr/share/yuma/modules';

const yangFilesUnder = (directory: string): string[] =>
  readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.yang'))
    .map((name) => join(directory, name))
    .sort();

const yumaPresent = ((): boolean => {
  try {
    return statSync(YUMA_DIRECTORY).isDirectory();
  } catch {
    return false;
  }
})();

describe('parseYang on the installed yuma modules', () => {
  const skip = !yumaPresent && process.env.CI !== 'true' ? `${YUMA_DIRECTORY} is absent (install libyuma-base)` : false;
  it('parses every module with zero diagnostics', { skip }, () => {
    const files = yangFilesUnder(YUMA_DIRECTORY);
    assert.ok(files.length >= 78, `expected at least 78 modules, found ${files.length}`);
    const problems: string[] = [];
    for (const file of files) {
      const result = parseYang(readFileSync(file, 'utf8'), file);
      if (result.statement === undefined) problems.push(`${file}: no module`);
      for (const diagnostic of result.diagnostics) {
        problems.push(`${file}:${diagnostic.location.line}:${diagnostic.location.column}: ${diagnostic.message}`);
      }
    }
    assert.deepEqual(problems, []);
  });
});
