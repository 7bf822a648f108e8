/**
 * @module test/nacm/recover.test
 * Locked out and back in: an administrator replaces the NACM rules with ones that deny
 * everyone everything; the server refuses even them; `idconf nacm recover` on the stopped
 * server's data directory restores the admin group and rule-list as one commit with a rollback
 * file; the restarted server lets the admin in again. Also: `idconf rollback show` keeps the
 * secrets of a rollback file off the terminal unless asked, and `idconf backup --url` as an
 * auditor gets only what NACM lets them read.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { send } from '../support/https-request.ts';
import { makeDataDir, startServerProcess } from '../support/server-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const PASSWORD = 'recover-test-password';
const AUTHORIZATION = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;

const idconf = (args: readonly string[], env: Readonly<Record<string, string>> = {}) => {
  const result = spawnSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(ROOT, 'src/cli/main.ts'), ...args],
    { encoding: 'utf8', env: { ...process.env, IDCONF_DATA_DIR: '', ...env } },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

const restconf = (url: string, method: string, path: string, body?: unknown) => {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return send(`${url}/admin/api/restconf${path}`, {
    method,
    headers: {
      Authorization: AUTHORIZATION,
      Accept: 'application/yang-data+json',
      ...(text === undefined ? {} : { 'Content-Type': 'application/yang-data+json' }),
    },
    ...(text === undefined ? {} : { body: text }),
  });
};

describe('idconf nacm recover', () => {
  const dataDir = makeDataDir();
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('restores administrator access after a lock-out, as one commit with a rollback file', async () => {
    const first = await startServerProcess({ dataDir, env: { IDCONF_ADMIN_PASSWORD: PASSWORD } });
    try {
      const locked = await restconf(first.url, 'PUT', '/data/ietf-netconf-acm:nacm', {
        'ietf-netconf-acm:nacm': {
          'rule-list': [
            { name: 'lockout', group: ['*'], rule: [{ name: 'nothing', 'module-name': '*', action: 'deny' }] },
          ],
        },
      });
      assert.equal(locked.status, 204, locked.body);
      const refused = await restconf(
        first.url,
        'PATCH',
        '/data/base:profiles/profile=token-service,profile-oauth%3Aoauth-service',
        {
          'base:profile': [{ id: 'token-service', type: 'profile-oauth:oauth-service', description: 'x' }],
        },
      );
      assert.equal(refused.status, 403, 'the admin is locked out');
      assert.equal((await restconf(first.url, 'GET', '/data/ietf-netconf-acm:nacm')).status, 403);
    } finally {
      assert.equal(await first.stop(), 0);
    }

    const recovered = idconf(['nacm', 'recover', '--data-dir', dataDir]);
    assert.equal(recovered.status, 0, recovered.stderr);
    assert.match(
      recovered.stdout,
      /^restored administrator access for admin as commit 3 \(undo with: idconf rollback apply 3 --selective\)$/m,
    );
    const listed = idconf(['rollback', 'list', '--data-dir', dataDir]);
    assert.match(
      listed.stdout,
      /^0\tfixed-number=3\t.*\tvia=cli\tlabel=nacm-recover comment="restored the admin group and rule-list for admin"$/m,
    );
    const again = idconf(['nacm', 'recover', '--data-dir', dataDir]);
    assert.match(again.stdout, /nothing changed/);

    const second = await startServerProcess({ dataDir });
    try {
      const nacm = await restconf(second.url, 'GET', '/data/ietf-netconf-acm:nacm');
      assert.equal(nacm.status, 200, nacm.body);
      const lists = (JSON.parse(nacm.body) as { 'ietf-netconf-acm:nacm': { 'rule-list': { name: string }[] } })[
        'ietf-netconf-acm:nacm'
      ]['rule-list'].map((list) => list.name);
      assert.deepEqual(lists, ['admin', 'lockout']);
      const write = await restconf(
        second.url,
        'PATCH',
        '/data/base:profiles/profile=token-service,profile-oauth%3Aoauth-service',
        {
          'base:profile': [{ id: 'token-service', type: 'profile-oauth:oauth-service', description: 'back in' }],
        },
      );
      assert.equal(write.status, 204, write.body);

      // Online CLI: a backup made as an auditor holds only what they may read.
      const hash = (
        JSON.parse(
          (await restconf(second.url, 'GET', '/data/idconf-aaa:aaa/authentication/users/user=admin/password')).body,
        ) as Record<string, string>
      )['idconf-aaa:password'];
      assert.equal((await restconf(second.url, 'DELETE', '/data/ietf-netconf-acm:nacm/rule-list=lockout')).status, 204);
      const setup = await restconf(second.url, 'PATCH', '/data', {
        'ietf-restconf:data': {
          'idconf-aaa:aaa': { authentication: { users: { user: [{ name: 'audrey', password: hash }] } } },
          'ietf-netconf-acm:nacm': { groups: { group: [{ name: 'auditors', 'user-name': ['audrey'] }] } },
        },
      });
      assert.equal(setup.status, 204, setup.body);
      const file = join(dataDir, 'audrey.json');
      const backup = idconf(['backup', file, '--url', second.url, '--user', 'audrey', '--insecure'], {
        IDCONF_PASSWORD: PASSWORD,
      });
      assert.equal(backup.status, 0, backup.stderr);
      const saved = readFileSync(file, 'utf8');
      assert.match(saved, /token-service/);
      assert.doesNotMatch(saved, /\$argon2|aes256gcm|rule-list/);
      // A password change: its rollback file holds the old hash (shown below).
      const changed = await restconf(second.url, 'PATCH', '/data/idconf-aaa:aaa/authentication/users/user=audrey', {
        'idconf-aaa:user': [{ name: 'audrey', password: `$6$saltsalt$${'a'.repeat(86)}` }],
      });
      assert.equal(changed.status, 204, changed.body);
    } finally {
      assert.equal(await second.stop(), 0);
    }
  });

  it('rollback show keeps secrets off the terminal unless --show-secrets', () => {
    const newest = /^0\tfixed-number=(\d+)/m.exec(idconf(['rollback', 'list', '--data-dir', dataDir]).stdout)?.[1];
    assert.ok(newest !== undefined);
    const shown = idconf(['rollback', 'show', newest, '--data-dir', dataDir]);
    assert.equal(shown.status, 0, shown.stderr);
    assert.match(shown.stdout, /# secrets left out \(--show-secrets prints them\)/);
    assert.doesNotMatch(shown.stdout, /\$argon2|\$6\$/);
    const secrets = idconf(['rollback', 'show', newest, '--show-secrets', '--data-dir', dataDir]);
    assert.match(secrets.stdout, /\$argon2/);
    assert.doesNotMatch(secrets.stdout, /secrets left out/);
    // The NACM configuration is not a secret: a change to it shows (commit 2 replaced it).
    assert.match(idconf(['rollback', 'show', '2', '--data-dir', dataDir]).stdout, /rule-list|admin/);
  });

  it('refuses a data directory a server is using', async () => {
    const server = await startServerProcess({ dataDir });
    try {
      const busy = idconf(['nacm', 'recover', '--data-dir', dataDir]);
      assert.equal(busy.status, 1);
      assert.match(busy.stderr, /in use by process \d+/);
    } finally {
      await server.stop();
    }
  });
});
