/**
 * @module yang/tree-printer.test
 * Our tree diagrams against `yanglint -f tree` (libyang 2.1): every module we ship, the RFC
 * 8040 example modules and the printer fixtures, compared after whitespace normalisation only
 * (Debian's yuma corpus: test/yang/yuma-corpus.yanglint.test.ts); and the layout rules.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compileSchema } from './compiler/compile-schema.ts';
import { loadModulesFromDirectories } from './library/load-modules-from-directories.ts';
import { loadModulesFromTexts } from './library/load-modules-from-texts.ts';
import { printTree } from './tree-printer.ts';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/yang-compiler');
const MODELS = join(import.meta.dirname, '../../models');
const RFC_FIXTURES = join(import.meta.dirname, '../../test/fixtures/yang');
const STRICT = process.env.CI === 'true';

/** Shipped modules yanglint 2.1.30 crashes (SIGSEGV) drawing: we only check that they compile. */
const YANGLINT_CRASHES: ReadonlySet<string> = new Set(['ietf-netconf', 'ietf-netconf-with-defaults', 'ietf-origin']);

const yanglintAvailable = (): boolean => {
  try {
    execFileSync('yanglint', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const normalize = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();

const yanglintTree = (directory: string | readonly string[], file: string): string =>
  execFileSync('yanglint', ['-f', 'tree', ...[directory].flat().flatMap((dir) => ['-p', dir]), file], {
    stdio: ['ignore', 'pipe', 'ignore'],
  }).toString();

const ours = (directory: string | readonly string[], name: string): { tree: string | undefined; errors: string[] } => {
  const set = loadModulesFromDirectories([directory].flat(), [name], { recursive: true });
  const { schema, diagnostics } = compileSchema(set, { enableFeaturesOfImplicitlyImplemented: true });
  const errors = diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.location.file}:${d.location.line}: ${d.code}: ${d.message}`);
  return { tree: schema === undefined ? undefined : printTree(schema, [name]), errors };
};

const moduleName = (file: string): string => file.replace(/^.*\//, '').replace(/(@[^@]*)?\.yang$/, '');

describe('printTree against yanglint -f tree', () => {
  if (!yanglintAvailable()) {
    it('needs yanglint', (t) => {
      if (STRICT) assert.fail('yanglint missing');
      t.skip('yanglint missing (install libyang2-tools)');
    });
    return;
  }
  // Every module we ship and the RFC 8040 example modules, with the same search path for both tools.
  const shippedDirs = [MODELS, RFC_FIXTURES];
  for (const directory of shippedDirs) {
    for (const file of readdirSync(directory)
      .filter((f) => f.endsWith('.yang'))
      .sort()) {
      const name = moduleName(file);
      it(`shipped: ${file}`, () => {
        const result = ours(shippedDirs, name);
        assert.deepEqual(result.errors, []);
        if (YANGLINT_CRASHES.has(name)) return;
        assert.equal(normalize(result.tree ?? ''), normalize(yanglintTree(shippedDirs, join(directory, file))));
      });
    }
  }
  // All of models/ at once, as the server loads it: nodes the profiles augment in are drawn in place.
  it('shipped: every module of models/ at once', () => {
    const names = readdirSync(MODELS)
      .filter((file) => file.endsWith('.yang'))
      .map(moduleName)
      .filter((name) => !YANGLINT_CRASHES.has(name));
    const set = loadModulesFromDirectories(shippedDirs, names);
    const { schema, diagnostics } = compileSchema(set, { enableFeaturesOfImplicitlyImplemented: true });
    assert.deepEqual(
      diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
    assert.ok(schema !== undefined);
    // yanglint gets the files in our module set's order (it applies augments in command-line order).
    const implemented = set.modules.filter((module) => module.implemented);
    const theirs = execFileSync(
      'yanglint',
      ['-f', 'tree', ...shippedDirs.flatMap((dir) => ['-p', dir]), ...implemented.map((module) => module.file)],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    ).toString();
    const drawn = printTree(
      schema,
      implemented.map((module) => module.name),
    );
    assert.match(drawn, /\+--rw [a-z-]+:/, 'augmented nodes drawn with their prefix');
    assert.equal(normalize(drawn), normalize(theirs));
  });
  for (const file of readdirSync(FIXTURES).filter((f) => f.startsWith('printer-') && f.endsWith('.yang'))) {
    it(`fixture: ${file}`, () => {
      const result = ours(FIXTURES, moduleName(file));
      assert.deepEqual(result.errors, []);
      assert.equal(normalize(result.tree ?? ''), normalize(yanglintTree(FIXTURES, join(FIXTURES, file))));
    });
  }
});

describe('printTree layout', () => {
  const cases = [
    {
      name: 'keys first, type column aligned without lists, rpcs and notifications sections',
      modules: {
        'k.yang': `module k { yang-version 1.1; namespace "urn:k"; prefix k;
          list entry { key "b a"; leaf x { type string; } leaf a { type string; } leaf b { type int8; } }
          container c { leaf short { type string; } list a-very-long-list-name { key id; leaf id { type string; } } }
          rpc go { input { leaf speed { type uint8; mandatory true; } } }
          notification done { leaf at { type string; } } }`,
      },
      expected: `module: k
  +--rw entry* [b a]
  |  +--rw b    int8
  |  +--rw a    string
  |  +--rw x?   string
  +--rw c
     +--rw short?   string
     +--rw a-very-long-list-name* [id]
        +--rw id    string

  rpcs:
    +---x go
       +---w input
          +---w speed    uint8

  notifications:
    +---n done
       +---- at?   string`,
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      const { schema, diagnostics } = compileSchema(loadModulesFromTexts(testCase.modules, ['k']));
      assert.deepEqual(
        diagnostics.filter((d) => d.severity === 'error'),
        [],
      );
      assert.ok(schema !== undefined);
      assert.equal(normalize(printTree(schema, ['k'])), testCase.expected);
    });
  }
});

describe('printTree reads its fixtures in place', () => {
  it('has fixtures', () => {
    assert.ok(readdirSync(FIXTURES).some((file) => file.startsWith('printer-')));
    assert.match(readFileSync(join(FIXTURES, 'printer-base.yang'), 'utf8'), /module printer-base/);
  });
});
