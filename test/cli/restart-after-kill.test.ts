/**
 * @module test/cli/restart-after-kill.test
 * A server killed with SIGKILL never blocks its restart on the same data directory: the whole
 * process group of `bin/idconf serve` killed and restarted at once, several times in a row; and
 * a server left a zombie by a parent that never reaps it (as under an init that does not).
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { send } from '../support/https-request.ts';
import { makeDataDir, type ServerProcess, startServerProcess } from '../support/server-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'idconf');
const PASSWORD = 'restart-secret';
const env = { IDCONF_ADMIN_PASSWORD: PASSWORD, IDCONF_DATA_DIR: '' };

const serverPid = (server: ServerProcess): number => {
  const line = server.output.find((text) => text.includes('listening'));
  const pid = Number(line?.match(/"pid":(\d+)/)?.[1]);
  assert.ok(Number.isInteger(pid) && pid > 0, `no pid in the listening line: ${line}`);
  return pid;
};

const processState = (pid: number): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
};

const assertServes = async (server: ServerProcess): Promise<void> => {
  const response = await send(`${server.url}/admin/api/restconf/data/ietf-netconf-acm:nacm/enable-nacm`, {
    headers: {
      authorization: `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`,
      accept: 'application/yang-data+json',
    },
  });
  assert.equal(response.status, 200, response.body);
};

describe('restart after SIGKILL', () => {
  const dataDir = makeDataDir();
  const cleanups: (() => void)[] = [];
  after(() => {
    for (const cleanup of cleanups) cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('restarts at once after the whole process group of bin/idconf was killed, every time', async () => {
    for (let round = 0; round < 4; round++) {
      const server = await startServerProcess({
        dataDir,
        env,
        detached: true,
        // bin/idconf → scripts/run.mjs → src/cli/main.ts: three processes in one group.
        wrap: (command) => [process.execPath, BIN, ...command.slice(3)],
      });
      const group = server.child.pid as number;
      cleanups.push(() => {
        try {
          process.kill(-group, 'SIGKILL');
        } catch {}
      });
      await assertServes(server);
      // No waiting for the processes to end: the next start follows the kill straight away.
      process.kill(-group, 'SIGKILL');
    }
    const last = await startServerProcess({ dataDir, env });
    await assertServes(last);
    assert.equal(await last.stop('SIGTERM'), 0);
  });

  it('restarts while the killed server is a zombie its parent never reaps', async (t) => {
    if (process.platform !== 'linux') {
      t.skip('needs /proc to see the zombie');
      return;
    }
    // sh starts the server in the background and becomes `sleep`, which never calls wait().
    const server = await startServerProcess({
      dataDir,
      env,
      wrap: (command) => ['sh', '-c', '"$0" "$@" & exec sleep 300', ...command],
    });
    cleanups.push(() => server.child.kill('SIGKILL'));
    const pid = serverPid(server);
    process.kill(pid, 'SIGKILL');
    for (let tries = 0; processState(pid) !== 'Z' && tries < 500; tries++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(processState(pid), 'Z', 'the killed server is a zombie');
    const next = await startServerProcess({ dataDir, env });
    assert.equal(processState(pid), 'Z', 'the zombie is still there while the new server runs');
    await assertServes(next);
    assert.equal(await next.stop('SIGTERM'), 0);
  });
});
