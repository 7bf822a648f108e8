/** @module yang/library/load-modules-from-directories.test */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ModuleSet } from '../loaded-module.ts';
import { loadModulesFromDirectories } from './load-modules-from-directories.ts';

const module = (name: string, body = ''): string =>
  `module ${name} { namespace "urn:${name}"; prefix ${name}; ${body} }`;
const codes = (set: ModuleSet): string[] =>
  set.diagnostics.map(
    (diagnostic) => `${diagnostic.severity}:${diagnostic.code}@${diagnostic.location.file.replace(/^.*\//, '')}`,
  );

describe('loadModulesFromDirectories', () => {
  let root = '';
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'idconf-library-'));
    mkdirSync(join(root, 'first', 'nested'), { recursive: true });
    mkdirSync(join(root, 'second'));
    writeFileSync(join(root, 'first', 'a.yang'), module('a', 'import b { prefix b; }'));
    writeFileSync(join(root, 'first', 'nested', 'b@2020-01-01.yang'), module('b', 'revision 2020-01-01;'));
    writeFileSync(join(root, 'second', 'b@2019-01-01.yang'), module('b', 'revision 2019-01-01;'));
    writeFileSync(join(root, 'second', 'wrong.yang'), module('right'));
    writeFileSync(join(root, 'second', 'c@2021-01-01.yang'), module('c', 'revision 2020-06-01;'));
    writeFileSync(join(root, 'second', 'notes.txt'), 'not yang');
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const cases: {
    name: string;
    directories: string[];
    implement: string[];
    recursive: boolean;
    modules: string[];
    problems: string[];
  }[] = [
    {
      name: 'non-recursive search misses nested files',
      directories: ['first', 'second'],
      implement: ['a'],
      recursive: false,
      modules: ['second/b@2019-01-01.yang', 'first/a.yang'],
      problems: [],
    },
    {
      name: 'recursive search finds the newer nested revision',
      directories: ['first', 'second'],
      implement: ['a'],
      recursive: true,
      modules: ['first/nested/b@2020-01-01.yang', 'first/a.yang'],
      problems: [],
    },
    {
      name: 'import not found in any directory',
      directories: ['first'],
      implement: ['a'],
      recursive: false,
      modules: ['first/a.yang'],
      problems: ['error:module-not-found@a.yang'],
    },
    {
      name: 'file name and module name disagree',
      directories: ['second'],
      implement: ['wrong'],
      recursive: false,
      modules: [],
      problems: ['error:file-name-mismatch@wrong.yang', 'error:module-not-found@<request>'],
    },
    {
      name: 'file name revision and content revision disagree',
      directories: ['second'],
      implement: ['c'],
      recursive: false,
      modules: ['second/c@2021-01-01.yang'],
      problems: ['warning:file-revision-mismatch@c@2021-01-01.yang'],
    },
    {
      name: 'missing search directory',
      directories: ['absent', 'second'],
      implement: ['b'],
      recursive: false,
      modules: ['second/b@2019-01-01.yang'],
      problems: ['warning:unreadable-directory@absent'],
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      const set = loadModulesFromDirectories(
        testCase.directories.map((directory) => join(root, directory)),
        testCase.implement,
        { recursive: testCase.recursive },
      );
      assert.deepEqual(
        set.modules.map((loaded) => loaded.file.slice(root.length + 1)),
        testCase.modules,
      );
      assert.deepEqual(codes(set), testCase.problems);
    });
  }
});

const YUMA_DIRECTORY = '/usr/share/yuma/modules';
const yumaPresent = ((): boolean => {
  try {
    return statSync(YUMA_DIRECTORY).isDirectory();
  } catch {
    return false;
  }
})();

describe('loadModulesFromDirectories on the installed yuma modules', () => {
  const skip = !yumaPresent && process.env.CI !== 'true' ? `${YUMA_DIRECTORY} is absent (install libyuma-base)` : false;

  it('loads ietf-ip from one directory with its imports', { skip }, () => {
    const set = loadModulesFromDirectories([join(YUMA_DIRECTORY, 'ietf')], ['ietf-ip']);
    assert.deepEqual(set.diagnostics, []);
    assert.deepEqual(
      set.modules.map((loaded) => `${loaded.name}@${loaded.revision ?? ''}:${loaded.implemented}`),
      [
        'ietf-yang-types@2013-07-15:false',
        'ietf-interfaces@2014-05-08:false',
        'ietf-inet-types@2013-07-15:false',
        'ietf-ip@2014-06-16:true',
      ],
    );
  });

  it('implements every module and links submodules, recursively', { skip }, () => {
    const names = readdirSync(YUMA_DIRECTORY, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.yang') && file !== 'ietf/ietf-ipv6-router-advertisements@2016-11-04.yang')
      .map((file) => file.replace(/^.*\//, '').replace(/(@.*)?\.yang$/, ''));
    const set = loadModulesFromDirectories([YUMA_DIRECTORY], names, { recursive: true });
    assert.deepEqual(set.diagnostics, []);
    assert.equal(set.modules.length, names.length);
    assert.ok(set.modules.every((loaded) => loaded.implemented && loaded.namespace !== '' && loaded.prefix !== ''));
    const routing = set.modules.find((loaded) => loaded.name === 'ietf-ipv6-unicast-routing');
    assert.deepEqual(
      routing?.submodules.map((submodule) => submodule.name),
      ['ietf-ipv6-router-advertisements'],
    );
  });
});
