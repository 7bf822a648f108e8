/**
 * @module test/cli/offline-commands.test
 * The offline commands as a user runs them: a server makes its first commit, stops, and then
 * `idconf backup`, `restore`, `rollback list|show|apply` and `data validate|convert` work on its
 * data directory; a live server's data directory is refused.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { makeDataDir, startServerProcess } from '../support/server-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');

const idconf = (...args: string[]): { status: number | null; stdout: string; stderr: string } => {
  const result = spawnSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(ROOT, 'src/cli/main.ts'), ...args],
    { encoding: 'utf8', env: { ...process.env, IDCONF_DATA_DIR: '' } },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe('offline commands on a stopped server’s data directory', () => {
  const dataDir = makeDataDir();
  const file = (name: string): string => join(dataDir, name);
  const dir = ['--data-dir', dataDir];

  before(async () => {
    const server = await startServerProcess({ dataDir, env: { IDCONF_ADMIN_PASSWORD: 'first-secret' } });
    let busy: ReturnType<typeof idconf>;
    try {
      busy = idconf('rollback', 'list', ...dir);
    } finally {
      assert.equal(await server.stop('SIGTERM'), 0);
    }
    assert.equal(busy.status, 1);
    assert.match(busy.stderr, /in use by process \d+/);
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('lists the factory default as rollback file 0, via system', () => {
    const result = idconf('rollback', 'list', ...dir);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^0\tfixed-number=1\t.*\tsystem\tvia=system/m);
  });

  it('backs up, restores a smaller configuration, and rolls it back to the backup', () => {
    assert.equal(idconf('backup', file('before.json'), ...dir).status, 0);
    const backup = readFileSync(file('before.json'), 'utf8');
    assert.match(backup, /"idconf-aaa:aaa"/);
    writeFileSync(
      file('small.xml'),
      '<data><nacm xmlns="urn:ietf:params:xml:ns:yang:ietf-netconf-acm"><enable-nacm>false</enable-nacm></nacm></data>',
    );
    const restored = idconf('restore', file('small.xml'), '--comment', 'shrink', ...dir);
    assert.equal(restored.status, 0, restored.stderr);
    assert.match(restored.stdout, /as commit 2/);
    const listed = idconf('rollback', 'list', ...dir).stdout;
    assert.match(listed, /^0\tfixed-number=2\t.*via=cli\tcomment="shrink"/m);
    const shown = idconf('rollback', 'show', '2', ...dir);
    assert.match(shown.stdout, /enable-nacm false -> true/);
    const rolled = idconf('rollback', 'apply', '0', '--id', ...dir);
    assert.equal(rolled.status, 0, rolled.stderr);
    assert.match(rolled.stdout, /as commit 3/);
    assert.equal(idconf('backup', file('after.json'), ...dir).status, 0);
    assert.equal(readFileSync(file('after.json'), 'utf8'), backup);
  });

  it('refuses a restore that does not validate, and changes nothing', () => {
    writeFileSync(
      file('bad.json'),
      JSON.stringify({
        'base:environments': { environment: { 'admin-service': { http: { 'listening-port': 70000 } } } },
      }),
    );
    const result = idconf('restore', file('bad.json'), ...dir);
    assert.equal(result.status, 1);
    assert.match(
      result.stderr,
      /invalid-value at \/base:environments\/environment\/admin-service\/http\/listening-port/,
    );
    assert.match(idconf('rollback', 'list', '--limit', '1', ...dir).stdout, /fixed-number=3/);
  });

  it('reports a selective rollback that conflicts with a later commit', () => {
    writeFileSync(file('one.json'), JSON.stringify({ 'ietf-netconf-acm:nacm': { 'enable-nacm': false } }));
    writeFileSync(file('two.json'), JSON.stringify({ 'ietf-netconf-acm:nacm': { 'enable-nacm': true } }));
    assert.equal(idconf('restore', file('one.json'), ...dir).status, 0);
    assert.equal(idconf('restore', file('two.json'), ...dir).status, 0);
    const result = idconf('rollback', 'apply', '4', '--selective', ...dir);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /operation-failed/);
    assert.match(result.stderr, /enable-nacm/);
  });
  it('encrypts a clear secret of the restored file, as a write through the API would', () => {
    assert.equal(idconf('backup', file('with-secret-base.json'), ...dir).status, 0);
    const document = JSON.parse(readFileSync(file('with-secret-base.json'), 'utf8')) as Record<string, unknown>;
    const clear = 'offline-restore-Pa55word';
    const facilities = (document['base:facilities'] ?? {}) as Record<string, unknown>;
    document['base:facilities'] = {
      ...facilities,
      'data-sources': {
        'data-source': [
          { id: 'accounts', sql: { url: 'postgresql://db.example.com/a', username: 'idsvr', password: clear } },
        ],
      },
    };
    writeFileSync(file('with-secret.json'), JSON.stringify(document));
    const restored = idconf('restore', file('with-secret.json'), ...dir);
    assert.equal(restored.status, 0, restored.stderr);
    assert.equal(idconf('backup', file('with-secret-after.json'), ...dir).status, 0);
    const after = readFileSync(file('with-secret-after.json'), 'utf8');
    assert.ok(!after.includes(clear), 'the clear password is not stored');
    const stored = (
      JSON.parse(after) as {
        'base:facilities': { 'data-sources': { 'data-source': { sql: { password: string } }[] } };
      }
    )['base:facilities']['data-sources']['data-source'][0]?.sql.password;
    assert.match(String(stored), /^data:text\/plain;aes256gcm;kid=[0-9a-f]{8},/);
    assert.ok(!readFileSync(join(dataDir, 'journal.sqlite')).includes(clear), 'nor in the journal');
  });
});

describe('backup and restore through a running server’s API', () => {
  it('backs up over RESTCONF, restores a change away, and gets the same configuration back', async () => {
    const dataDir = makeDataDir();
    const server = await startServerProcess({ dataDir, env: { IDCONF_ADMIN_PASSWORD: 'pw' } });
    const online = (...args: string[]) =>
      spawnSync(
        process.execPath,
        [
          '--disable-warning=ExperimentalWarning',
          join(ROOT, 'src/cli/main.ts'),
          ...args,
          '--url',
          server.url,
          '--insecure',
        ],
        {
          encoding: 'utf8',
          env: { ...process.env, IDCONF_PASSWORD: 'pw' },
        },
      );
    try {
      const first = join(dataDir, 'first.json');
      const backup = await new Promise<ReturnType<typeof online>>((resolve) =>
        setImmediate(() => resolve(online('backup', first))),
      );
      assert.equal(backup.status, 0, backup.stderr);
      const saved = JSON.parse(readFileSync(first, 'utf8')) as Record<string, Record<string, unknown>>;
      assert.ok('idconf-aaa:aaa' in saved);
      const changed = {
        ...saved,
        'ietf-netconf-acm:nacm': { ...saved['ietf-netconf-acm:nacm'], 'enable-nacm': false },
      };
      writeFileSync(join(dataDir, 'changed.json'), JSON.stringify(changed));
      const restored = online('restore', join(dataDir, 'changed.json'), '--comment', 'nacm off');
      assert.equal(restored.status, 0, restored.stderr);
      assert.match(restored.stdout, /as commit 2/);
      assert.equal(online('restore', first).status, 0);
      assert.equal(online('backup', join(dataDir, 'again.json')).status, 0);
      assert.equal(readFileSync(join(dataDir, 'again.json'), 'utf8'), readFileSync(first, 'utf8'));
      const wrong = spawnSync(
        process.execPath,
        [
          '--disable-warning=ExperimentalWarning',
          join(ROOT, 'src/cli/main.ts'),
          'backup',
          join(dataDir, 'x.json'),
          '--url',
          server.url,
          '--insecure',
        ],
        {
          encoding: 'utf8',
          env: { ...process.env, IDCONF_PASSWORD: 'wrong' },
        },
      );
      assert.equal(wrong.status, 1);
    } finally {
      await server.stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('idconf data', () => {
  it('validates documents and prints every error with its tag and path', () => {
    const dir = makeDataDir();
    try {
      writeFileSync(
        join(dir, 'bad.json'),
        JSON.stringify({
          'base:environments': { environment: { 'admin-service': { http: { 'listening-port': 99999 } } } },
        }),
      );
      const good = idconf('data', 'validate', join(ROOT, 'models/factory-default.json'));
      assert.equal(good.status, 0, good.stderr);
      assert.match(good.stdout, /factory-default.json: valid/);
      const bad = idconf('data', 'validate', join(dir, 'bad.json'));
      assert.equal(bad.status, 1);
      assert.match(
        bad.stdout,
        /invalid-value at \/base:environments\/environment\/admin-service\/http\/listening-port: .*65535/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('converts JSON to XML and back to the same canonical JSON', () => {
    const dir = makeDataDir();
    try {
      const xml = idconf('data', 'convert', '--to', 'xml', join(ROOT, 'models/factory-default.json'));
      assert.equal(xml.status, 0, xml.stderr);
      assert.match(xml.stdout, /^<data xmlns="urn:ietf:params:xml:ns:yang:ietf-restconf">/);
      writeFileSync(join(dir, 'fd.xml'), xml.stdout);
      const json = idconf('data', 'convert', '--to', 'json', join(dir, 'fd.xml'));
      assert.equal(json.status, 0, json.stderr);
      const again = idconf('data', 'convert', '--to', 'json', join(ROOT, 'models/factory-default.json'));
      assert.deepEqual(JSON.parse(json.stdout), JSON.parse(again.stdout));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
