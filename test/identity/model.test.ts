/**
 * @module test/identity/model.test
 * The identity model's modules and factory default against our compiler and libyang's
 * `yanglint`: the modules compile without a diagnostic in both, our tree diagrams equal
 * `yanglint -f tree`, the shipped factory default validates in both, and so does the
 * configuration a first start stores (exported with `idconf backup`).
 * @see issue 7 (tests), docs/model.md
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { makeDataDir } from '../support/server-process.ts';
import { startIdentityServer } from './identity-server.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const MODELS = join(ROOT, 'models');
const REVISION = '2026-11-22';
const IDENTITY_MODULES = ['base', 'profile-oauth', 'profile-authentication', 'profile-user-management'];
const CONFIG_MODULES = [
  ...IDENTITY_MODULES,
  'idconf-aaa',
  'ietf-netconf-acm@2018-02-14',
  'ietf-inet-types@2013-07-15',
  'ietf-yang-types@2013-07-15',
];
const moduleFile = (name: string): string =>
  join(MODELS, name.includes('@') ? `${name}.yang` : `${name}@${REVISION}.yang`);

const idconf = (args: readonly string[]) =>
  spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', join(ROOT, 'src', 'cli', 'main.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });

const yanglintMissing = ((): string | false => {
  if (spawnSync('yanglint', ['--version']).status === 0 || process.env.CI === 'true') return false;
  return 'yanglint is not installed (apt-get install libyang2-tools)';
})();

const yanglint = (args: readonly string[]): string =>
  execFileSync('yanglint', ['-p', MODELS, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('the identity model', () => {
  it('compiles without a diagnostic (idconf yang check)', () => {
    const result = idconf(['yang', 'check', ...IDENTITY_MODULES.map(moduleFile), moduleFile('idconf-aaa')]);
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, '');
  });

  it('the shipped factory default validates (idconf data validate)', () => {
    const result = idconf(['data', 'validate', join(MODELS, 'factory-default.json')]);
    assert.equal(result.status, 0, result.stdout + result.stderr);
  });

  describe('against yanglint', { skip: yanglintMissing }, () => {
    it('the identity modules compile without a message', () => {
      const files = [...IDENTITY_MODULES.map(moduleFile), moduleFile('idconf-aaa')];
      const result = spawnSync('yanglint', ['-p', MODELS, ...files], { encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
      assert.equal(result.stderr, '');
    });

    for (const name of [...IDENTITY_MODULES, 'idconf-aaa']) {
      it(`${name}: our tree diagram equals yanglint -f tree`, () => {
        const ours = idconf(['yang', 'tree', moduleFile(name)]);
        assert.equal(ours.status, 0, ours.stderr);
        assert.equal(ours.stdout, yanglint(['-f', 'tree', moduleFile(name)]));
      });
    }

    it('the shipped factory default validates as configuration', () => {
      yanglint(['-t', 'config', ...CONFIG_MODULES.map(moduleFile), join(MODELS, 'factory-default.json')]);
    });

    it('the configuration a first start stores validates too (with the generated keystore)', async () => {
      const server = await startIdentityServer();
      assert.equal(await server.stop(), 0);
      const exported = join(makeDataDir(), 'first-start.json');
      const backup = idconf(['backup', exported, '--data-dir', server.process.dataDir]);
      assert.equal(backup.status, 0, backup.stderr);
      const text = readFileSync(exported, 'utf8');
      assert.match(text, /"id":"default-admin-keystore","keystore":"data:application\/x-pem-file;aes256gcm;/);
      yanglint(['-t', 'config', ...CONFIG_MODULES.map(moduleFile), exported]);
    });
  });
});
