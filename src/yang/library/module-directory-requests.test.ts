/**
 * @module yang/library/module-directory-requests.test
 * Loading a directory as `idconf serve --yang-dir` does, and files named as `yanglint FILE` does:
 * submodules come in through include, the newest revision of a module is implemented and older
 * ones stay available to imports by revision-date, a named file wins over other revisions, and
 * modules that are only imported are import-only.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ModuleSet } from '../loaded-module.ts';
import type { ImplementRequest } from './implement-request.ts';
import { fileCandidate } from './list-module-files.ts';
import { loadModulesFromDirectories } from './load-modules-from-directories.ts';
import { moduleDirectoryRequests } from './module-directory-requests.ts';

const module = (name: string, body = ''): string =>
  `module ${name} { yang-version 1.1; namespace "urn:${name}"; prefix ${name}; ${body} }`;

/** Each module as `name@revision:implement|import`, with its submodules, in the set's order. */
const summary = (set: ModuleSet): string[] =>
  set.modules.map(
    (loaded) =>
      `${loaded.name}@${loaded.revision ?? ''}:${loaded.implemented ? 'implement' : 'import'}${loaded.submodules
        .map((submodule) => ` +${submodule.name}`)
        .join('')}`,
  );

const problems = (set: ModuleSet): string[] =>
  set.diagnostics.map(
    (diagnostic) => `${diagnostic.severity}:${diagnostic.code}@${diagnostic.location.file.replace(/^.*\//, '')}`,
  );

describe('moduleDirectoryRequests and named files', () => {
  let root = '';
  const path = (...parts: string[]): string => join(root, ...parts);
  const load = (requests: readonly ImplementRequest[], directories = [path('shop')]): ModuleSet =>
    loadModulesFromDirectories(directories, requests, { recursive: true });
  const directory = (name: string, importOnly?: ReadonlySet<string>): readonly ImplementRequest[] =>
    moduleDirectoryRequests(path(name), importOnly).requests;
  const named = (...parts: string[]): ImplementRequest => ({ file: fileCandidate(path(...parts)), use: 'this-file' });

  before(() => {
    root = mkdtempSync(join(tmpdir(), 'idconf-module-dir-'));
    mkdirSync(path('shop', 'deps'), { recursive: true });
    mkdirSync(path('empty'));
    writeFileSync(
      path('shop', 'shop.yang'),
      module(
        'shop',
        `include shop-items;
        import stock { prefix s; revision-date 2023-01-01; }
        import common { prefix c; }
        revision 2024-05-01;
        leaf count { type s:count; }
        leaf label { type c:label; }`,
      ),
    );
    writeFileSync(
      path('shop', 'shop-items.yang'),
      'submodule shop-items { yang-version 1.1; belongs-to shop { prefix shop; } container items; }',
    );
    writeFileSync(
      path('shop', 'stock@2023-01-01.yang'),
      module('stock', 'revision 2023-01-01; typedef count { type uint8; }'),
    );
    writeFileSync(
      path('shop', 'stock@2024-01-01.yang'),
      module('stock', 'revision 2024-01-01; revision 2023-01-01; typedef amount { type uint16; } container stock;'),
    );
    writeFileSync(path('shop', 'notes.txt'), 'not YANG');
    writeFileSync(path('shop', 'deps', 'common.yang'), module('common', 'typedef label { type string; }'));
    writeFileSync(
      path('shop', 'deps', 'audit.yang'),
      module('audit', 'import stock { prefix s; } leaf a { type s:amount; }'),
    );
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('implements each module file of the directory, with its submodules through include', () => {
    const set = load(directory('shop'));
    assert.deepEqual(summary(set), [
      'stock@2023-01-01:import',
      'common@:import',
      'shop@2024-05-01:implement +shop-items',
      'stock@2024-01-01:implement',
    ]);
    assert.deepEqual(problems(set), ['warning:revision-not-implemented@stock@2023-01-01.yang']);
  });

  it('keeps the modules of subdirectories for imports only', () => {
    const set = load(directory('shop'));
    assert.equal(
      set.modules.some((loaded) => loaded.name === 'audit'),
      false,
    );
    assert.equal(set.modules.find((loaded) => loaded.name === 'common')?.file, path('shop', 'deps', 'common.yang'));
  });

  it('leaves the import-only names unimplemented, but available to imports', () => {
    const set = load(directory('shop', new Set(['stock'])));
    assert.deepEqual(summary(set), [
      'stock@2023-01-01:import',
      'common@:import',
      'shop@2024-05-01:implement +shop-items',
    ]);
    assert.deepEqual(problems(set), []);
  });

  it('imports without revision-date the implemented revision, else the newest', () => {
    assert.deepEqual(summary(load([named('shop', 'deps', 'audit.yang')])), [
      'stock@2024-01-01:import',
      'audit@:implement',
    ]);
    assert.deepEqual(summary(load([named('shop', 'stock@2023-01-01.yang'), named('shop', 'deps', 'audit.yang')])), [
      'stock@2023-01-01:implement',
      'audit@:implement',
    ]);
  });

  it('implements a named file as it is, even when the search path has a newer revision', () => {
    const set = load([named('shop', 'stock@2023-01-01.yang')]);
    assert.deepEqual(summary(set), ['stock@2023-01-01:implement']);
    assert.deepEqual(problems(set), []);
  });

  it('lets a named file win over the directory that offers another revision', () => {
    const set = load([named('shop', 'stock@2023-01-01.yang'), ...directory('shop')]);
    assert.deepEqual(summary(set), [
      'stock@2023-01-01:implement',
      'common@:import',
      'shop@2024-05-01:implement +shop-items',
    ]);
    assert.deepEqual(problems(set), ['warning:revision-not-implemented@stock@2024-01-01.yang']);
  });

  it('refuses a named submodule and two named revisions of one module', () => {
    assert.deepEqual(problems(load([named('shop', 'shop-items.yang')])), ['error:not-a-module@shop-items.yang']);
    assert.deepEqual(problems(load([named('shop', 'stock@2023-01-01.yang'), named('shop', 'stock@2024-01-01.yang')])), [
      'error:duplicate-module@stock@2024-01-01.yang',
    ]);
  });

  it('implements nothing from an empty directory, and refuses a directory that cannot be listed', () => {
    assert.deepEqual(directory('empty'), []);
    const missing = moduleDirectoryRequests(path('absent'));
    assert.deepEqual(missing.requests, []);
    assert.deepEqual(
      missing.diagnostics.map((diagnostic) => `${diagnostic.severity}:${diagnostic.code}`),
      ['error:unreadable-directory'],
    );
  });
});
