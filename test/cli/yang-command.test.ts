/**
 * @module test/cli/yang-command.test
 * `idconf yang tree` as a user runs it: a file named on the command line is the module drawn,
 * even when the shipped `models/` holds another revision of it (as `yanglint FILE` does), and a
 * submodule named alone is refused with a pointer to its module.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

const ROOT = join(import.meta.dirname, '..', '..');
const YUMA_IETF = '/usr/share/yuma/modules/ietf';

const idconf = (...args: string[]): { status: number | null; stdout: string; stderr: string } => {
  const result = spawnSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(ROOT, 'src/cli/main.ts'), ...args],
    { encoding: 'utf8' },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

const yumaMissing = ((): string | false => {
  try {
    if (statSync(YUMA_IETF).isDirectory()) return false;
  } catch {}
  // Under CI the package is installed, so its absence is a failure there.
  if (process.env.CI === 'true') return false;
  return `${YUMA_IETF} is absent (apt-get install libyuma-base)`;
})();

describe('idconf yang tree with named files', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'idconf-yang-tree-'));
    // An older revision of the shipped module "base", with a tree of its own.
    writeFileSync(
      join(dir, 'base@2020-01-01.yang'),
      'module base { yang-version 1.1; namespace "urn:idconf:yang:base"; prefix base; revision 2020-01-01; container old-base; }',
    );
    writeFileSync(
      join(dir, 'parts.yang'),
      'submodule parts { yang-version 1.1; belongs-to whole { prefix w; } container part; }',
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('draws the named older revision, not the one shipped in models/', () => {
    const result = idconf('yang', 'tree', join(dir, 'base@2020-01-01.yang'));
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, 'module: base\n  +--rw old-base\n');
  });

  it('draws the 2016 ietf-yang-library of libyuma-base, not the shipped 2019 one', { skip: yumaMissing }, () => {
    const result = idconf('yang', 'tree', join(YUMA_IETF, 'ietf-yang-library@2016-06-21.yang'));
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^module: ietf-yang-library\n {2}\+--ro modules-state\n/);
    assert.doesNotMatch(result.stdout, /\+--ro yang-library$/m);
  });

  it('refuses a submodule named alone, naming the fix', () => {
    const result = idconf('yang', 'tree', join(dir, 'parts.yang'));
    assert.equal(result.status, 1);
    assert.match(result.stderr, /parts\.yang:1:1: error: parts\.yang is a submodule; name the module that includes it/);
  });
});
