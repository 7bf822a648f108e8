/** @module yang/library/load-modules.test */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ModuleSet } from '../loaded-module.ts';
import { loadModulesFromTexts } from './load-modules-from-texts.ts';

/** A minimal module text: `module name { … }` with namespace, prefix and the given body. */
const module = (name: string, body = ''): string =>
  `module ${name} { yang-version 1.1; namespace "urn:${name}"; prefix ${name}; ${body} }`;
const submodule = (name: string, owner: string, body = ''): string =>
  `submodule ${name} { yang-version 1.1; belongs-to ${owner} { prefix ${owner}; } ${body} }`;

/** Each module as `name@revision:implement|import`, in the set's order. */
const summary = (set: ModuleSet): string[] =>
  set.modules.map((loaded) => `${loaded.name}@${loaded.revision ?? ''}:${loaded.implemented ? 'implement' : 'import'}`);
const problems = (set: ModuleSet): string[] =>
  set.diagnostics.map(
    (diagnostic) =>
      `${diagnostic.severity}:${diagnostic.code}@${diagnostic.location.file}:${diagnostic.location.line}:${diagnostic.location.column}`,
  );

describe('loadModulesFromTexts resolution', () => {
  const cases: {
    name: string;
    texts: Record<string, string>;
    implement: string[];
    modules: string[];
    problems?: string[];
  }[] = [
    {
      name: 'single module',
      texts: { 'a.yang': module('a', 'revision 2020-01-01; revision 2021-02-03;') },
      implement: ['a'],
      modules: ['a@2021-02-03:implement'],
    },
    {
      name: 'imports come first and are import-only',
      texts: {
        'a.yang': module('a', 'import b { prefix b; }'),
        'b.yang': module('b', 'import c { prefix c; }'),
        'c.yang': module('c'),
      },
      implement: ['a'],
      modules: ['c@:import', 'b@:import', 'a@:implement'],
    },
    {
      name: 'import without revision-date picks the newest',
      texts: {
        'a.yang': module('a', 'import b { prefix b; }'),
        'b@2019-01-01.yang': module('b', 'revision 2019-01-01;'),
        'b@2020-01-01.yang': module('b', 'revision 2020-01-01;'),
        'b.yang': module('b'),
      },
      implement: ['a'],
      modules: ['b@2020-01-01:import', 'a@:implement'],
    },
    {
      name: 'import with revision-date picks that revision',
      texts: {
        'a.yang': module('a', 'import b { prefix b; revision-date 2019-01-01; }'),
        'b1.yang': module('b', 'revision 2019-01-01;'),
        'b2.yang': module('b', 'revision 2020-01-01;'),
      },
      implement: ['a'],
      modules: ['b@2019-01-01:import', 'a@:implement'],
    },
    {
      name: 'import without revision-date uses the implemented revision',
      texts: {
        'a.yang': module('a', 'import b { prefix b; }'),
        'b1.yang': module('b', 'revision 2019-01-01;'),
        'b2.yang': module('b', 'revision 2020-01-01;'),
      },
      implement: ['a', 'b@2019-01-01'],
      modules: ['b@2019-01-01:implement', 'a@:implement'],
    },
    {
      name: 'shared import appears once',
      texts: {
        'a.yang': module('a', 'import c { prefix c; }'),
        'b.yang': module('b', 'import c { prefix x; }'),
        'c.yang': module('c'),
      },
      implement: ['a', 'b'],
      modules: ['c@:import', 'a@:implement', 'b@:implement'],
    },
    {
      name: 'submodule imports are followed',
      texts: {
        'a.yang': module('a', 'include s;'),
        's.yang': submodule('s', 'a', 'import c { prefix c; }'),
        'c.yang': module('c'),
      },
      implement: ['a'],
      modules: ['c@:import', 'a@:implement'],
    },
    {
      name: 'module not found at the import',
      texts: { 'a.yang': 'module a {\n  namespace "urn:a"; prefix a;\n  import missing { prefix m; }\n}' },
      implement: ['a'],
      modules: ['a@:implement'],
      problems: ['error:module-not-found@a.yang:3:3'],
    },
    {
      name: 'requested module not found',
      texts: {},
      implement: ['nowhere'],
      modules: [],
      problems: ['error:module-not-found@<request>:1:1'],
    },
    {
      name: 'revision mismatch',
      texts: {
        'a.yang': module('a', 'import b { prefix b; revision-date 2000-01-01; }'),
        'b.yang': module('b', 'revision 2020-01-01;'),
      },
      implement: ['a'],
      modules: ['a@:implement'],
      problems: ['error:revision-not-found@a.yang:1:59'],
    },
    {
      name: 'circular import',
      texts: { 'a.yang': module('a', 'import b { prefix b; }'), 'b.yang': module('b', 'import a { prefix a; }') },
      implement: ['a'],
      modules: ['b@:import', 'a@:implement'],
      problems: ['error:circular-import@b.yang:1:59'],
    },
    {
      name: 'circular include',
      texts: {
        'a.yang': module('a', 'include s;'),
        's.yang': submodule('s', 'a', 'include t;'),
        't.yang': submodule('t', 'a', 'include s;'),
      },
      implement: ['a'],
      modules: ['a@:implement'],
      problems: ['error:circular-include@t.yang:1:60'],
    },
    {
      name: 'submodule of another module',
      texts: { 'a.yang': module('a', 'include s;'), 's.yang': submodule('s', 'other') },
      implement: ['a'],
      modules: ['a@:implement'],
      problems: ['error:wrong-belongs-to@s.yang:1:33'],
    },
    {
      name: 'importing a submodule',
      texts: { 'a.yang': module('a', 'import s { prefix s; }'), 's.yang': submodule('s', 'a') },
      implement: ['a'],
      modules: ['a@:implement'],
      problems: ['error:not-a-module@a.yang:1:59'],
    },
    {
      name: 'duplicate module texts with different content',
      texts: { 'a.yang': module('a'), 'a-copy.yang': module('a', 'description "copy";') },
      implement: ['a'],
      modules: ['a@:implement'],
      problems: ['warning:duplicate-module@a-copy.yang:1:1'],
    },
    {
      name: 'two revisions implemented',
      texts: { 'a1.yang': module('a', 'revision 2019-01-01;'), 'a2.yang': module('a', 'revision 2020-01-01;') },
      implement: ['a@2019-01-01', 'a@2020-01-01'],
      modules: ['a@2019-01-01:implement'],
      problems: ['error:duplicate-module@<request>:1:1'],
    },
    {
      name: 'syntax errors of a loaded file are reported',
      texts: { 'a.yang': module('a', 'leaf x { type string }') },
      implement: ['a'],
      modules: ['a@:implement'],
      problems: ['error:missing-terminator@a.yang:1:80'],
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      const set = loadModulesFromTexts(testCase.texts, testCase.implement);
      assert.deepEqual(summary(set), testCase.modules);
      assert.deepEqual(problems(set), testCase.problems ?? []);
    });
  }
});

describe('loadModulesFromTexts details', () => {
  it('collects submodules transitively with their texts', () => {
    const set = loadModulesFromTexts(
      {
        'a.yang': module('a', 'include s { revision-date 2020-01-01; }'),
        's.yang': submodule('s', 'a', 'revision 2020-01-01; include t;'),
        't.yang': submodule('t', 'a'),
      },
      ['a'],
    );
    const [loaded] = set.modules;
    assert.ok(loaded);
    assert.deepEqual(
      loaded.submodules.map((sub) => [sub.name, sub.revision, sub.file, sub.statement.keyword]),
      [
        ['s', '2020-01-01', 's.yang', 'submodule'],
        ['t', undefined, 't.yang', 'submodule'],
      ],
    );
    assert.equal(loaded.namespace, 'urn:a');
    assert.equal(loaded.prefix, 'a');
    assert.equal(loaded.text, module('a', 'include s { revision-date 2020-01-01; }'));
  });

  it('enables all features of implemented modules by default and none of import-only ones', () => {
    const set = loadModulesFromTexts(
      { 'a.yang': module('a', 'import b { prefix b; } feature f;'), 'b.yang': module('b', 'feature g;') },
      ['a'],
    );
    assert.deepEqual(
      set.modules.map((loaded) => [loaded.name, loaded.features]),
      [
        ['b', []],
        ['a', 'all'],
      ],
    );
  });

  it('takes features per module and reports unknown ones', () => {
    const set = loadModulesFromTexts(
      { 'a.yang': module('a', 'include s; feature f; feature g;'), 's.yang': submodule('s', 'a', 'feature h;') },
      ['a'],
      { features: { a: ['f', 'h', 'nope'], zz: 'all' } },
    );
    assert.deepEqual(set.modules[0]?.features, ['f', 'h', 'nope']);
    assert.deepEqual(problems(set), ['warning:unknown-module@<request>:1:1', 'error:unknown-feature@a.yang:1:1']);
  });

  it('records deviation modules on their targets', () => {
    const set = loadModulesFromTexts(
      {
        'base.yang': module('base', 'container c { leaf x { type string; } }'),
        'dev.yang': module('dev', 'import base { prefix b; } deviation "/b:c/b:x" { deviate not-supported; }'),
        'dev2.yang': module('dev2', 'include dev2-sub;'),
        'dev2-sub.yang': submodule(
          'dev2-sub',
          'dev2',
          'import base { prefix q; } deviation /q:c { deviate not-supported; }',
        ),
      },
      ['base', 'dev', 'dev2'],
    );
    const base = set.modules.find((loaded) => loaded.name === 'base');
    assert.deepEqual(base?.deviatedBy, ['dev', 'dev2']);
    assert.deepEqual(set.modules.find((loaded) => loaded.name === 'dev')?.deviatedBy, []);
  });

  it('ignores deviations of import-only modules', () => {
    const set = loadModulesFromTexts(
      {
        'base.yang': module('base'),
        'other.yang': module('other', 'import dev { prefix d; }'),
        'dev.yang': module('dev', 'import base { prefix b; } deviation /b:c { deviate not-supported; }'),
      },
      ['base', 'other'],
    );
    assert.deepEqual(set.modules.find((loaded) => loaded.name === 'base')?.deviatedBy, []);
  });
});
