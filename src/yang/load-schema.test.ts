/**
 * @module yang/load-schema.test
 * From directories and named files to a compiled schema: a module directory with a submodule and
 * two revisions of one module, an import by revision-date resolved in the older revision
 * (typedefs and identities) while the newer one is implemented, and a named older revision.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadSchema } from './load-schema.ts';
import { printTree } from './tree-printer.ts';

const module = (name: string, body = ''): string =>
  `module ${name} { yang-version 1.1; namespace "urn:${name}"; prefix ${name}; ${body} }`;

describe('loadSchema with module directories and several revisions', () => {
  let dir = '';
  let other = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'idconf-load-schema-'));
    other = mkdtempSync(join(tmpdir(), 'idconf-load-schema-other-'));
    writeFileSync(
      join(dir, 'app.yang'),
      module(
        'app',
        `include app-part;
        import kinds { prefix k; revision-date 2020-01-01; }
        leaf level { type k:level; }
        leaf kind { type identityref { base k:old-kind; } }`,
      ),
    );
    writeFileSync(
      join(dir, 'app-part.yang'),
      'submodule app-part { yang-version 1.1; belongs-to app { prefix app; } container part; }',
    );
    writeFileSync(
      join(dir, 'kinds@2020-01-01.yang'),
      module('kinds', 'revision 2020-01-01; typedef level { type uint8; } identity old-kind; container old;'),
    );
    writeFileSync(
      join(dir, 'kinds@2021-01-01.yang'),
      module('kinds', 'revision 2021-01-01; typedef grade { type int8; } identity new-kind; container new;'),
    );
    writeFileSync(join(other, 'user.yang'), module('user', 'import kinds { prefix k; } leaf grade { type k:grade; }'));
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(other, { recursive: true, force: true });
  });

  it('implements the directory’s modules; an import by revision-date uses the older revision', () => {
    const result = loadSchema({ searchDirs: [], moduleDirs: [dir], modules: [join(other, 'user.yang')] });
    assert.deepEqual(
      result.diagnostics.map((diagnostic) => diagnostic.code),
      ['revision-not-implemented'],
    );
    assert.ok(result.schema);
    assert.equal(
      printTree(result.schema, ['user', 'app', 'kinds']),
      [
        'module: user',
        '  +--rw grade?   k:grade',
        '',
        'module: app',
        '  +--rw level?   k:level',
        '  +--rw kind?    identityref',
        '  +--rw part',
        '',
        'module: kinds',
        '  +--rw new',
        '',
      ].join('\n'),
    );
    assert.deepEqual(
      result.moduleSet.modules.map((loaded) => `${loaded.name}@${loaded.revision ?? ''}:${loaded.implemented}`),
      ['kinds@2021-01-01:true', 'user@:true', 'kinds@2020-01-01:false', 'app@:true'],
    );
    assert.deepEqual([...result.schema.identities.keys()], ['kinds:new-kind']);
  });

  it('takes a named file as it is, although the search path has a newer revision', () => {
    const result = loadSchema({ searchDirs: [dir], modules: [join(dir, 'kinds@2020-01-01.yang')] });
    assert.deepEqual(result.diagnostics, []);
    assert.ok(result.schema);
    assert.equal(printTree(result.schema, ['kinds']), 'module: kinds\n  +--rw old\n');
  });

  it('refuses a named submodule and points at the module to name instead', () => {
    const result = loadSchema({ searchDirs: [], modules: [join(dir, 'app-part.yang')] });
    assert.equal(result.schema, undefined);
    assert.deepEqual(
      result.diagnostics.map((diagnostic) => `${diagnostic.code}: ${diagnostic.message}`),
      ['not-a-module: app-part.yang is a submodule; name the module that includes it'],
    );
  });
});
