/**
 * @module test/ansible/ansible.test
 * Ansible as a real third-party RESTCONF client of `idconf serve`: Debian's `ansible` package,
 * whose ansible.netcommon collection brings the `restconf` httpapi plugin and the
 * `restconf_get` and `restconf_config` modules. configure.yml reads the configuration (JSON,
 * XML, `content=config`), merges a leaf and adds a list entry; unconfigure.yml deletes both.
 * The test then looks through the API itself: the changes landed and went again, and each one
 * is a commit in the rollback files, made by admin via restconf. Skipped without Ansible outside
 * CI; under CI=true a missing Ansible fails.
 * @see RFC 8040 §4.3 (GET), §4.4.1 (POST), §4.6 (PATCH), §4.7 (DELETE)
 */
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import { send, type TestResponse } from '../support/https-request.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const HERE = import.meta.dirname;
const PASSWORD = 'pw';
const AUTHORIZATION = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const INSTALL_HINT =
  'Ansible with the ansible.netcommon collection and xmltodict is not installed (apt-get install ansible python3-xmltodict)';
const BASE_URL = 'https://login.example.com';
const ENVIRONMENT = '/data/base:environments/environment';
const SCOPES =
  '/data/base:profiles/profile=token-service,profile-oauth:oauth-service/settings/profile-oauth:authorization-server/scopes';

/** What one task did on the host, as the `json` stdout callback reports it. */
interface TaskResult {
  readonly changed?: boolean;
  readonly failed?: boolean;
  readonly msg?: unknown;
  /** The failed condition of an assert task. */
  readonly assertion?: string;
  readonly response?: unknown;
  readonly warnings?: readonly string[];
}

/** The whole report of the `json` stdout callback. */
interface PlaybookReport {
  readonly plays: readonly {
    readonly tasks: readonly {
      readonly task: { readonly name: string };
      readonly hosts: Readonly<Record<string, TaskResult>>;
    }[];
  }[];
  readonly stats: Readonly<Record<string, { readonly failures: number; readonly unreachable: number }>>;
}

/** One run of ansible-playbook. */
interface PlaybookRun {
  readonly exitCode: number;
  readonly report: PlaybookReport | undefined;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * True when ansible-playbook, the netcommon restconf plugin and xmltodict (which restconf_get's
 * `output: xml` needs, a mere recommendation of Debian's package) are there.
 */
const ansibleInstalled = (): boolean => {
  const env = { ...process.env, LC_ALL: 'C.UTF-8' };
  const doc = spawnSync('ansible-doc', ['--json', '-t', 'httpapi', 'ansible.netcommon.restconf'], {
    encoding: 'utf8',
    env,
  });
  if (doc.status !== 0 || !doc.stdout.includes('"ansible.netcommon.restconf"')) return false;
  const version = spawnSync('ansible-playbook', ['--version'], { encoding: 'utf8', env });
  // "python version = 3.11.2 (main, …) [GCC 12.2.0] (/usr/bin/python3)": the Python that runs Ansible.
  const python = version.stdout?.match(/python version = .*\((\/[^)]+)\)\s*$/m)?.[1];
  return version.status === 0 && python !== undefined && spawnSync(python, ['-c', 'import xmltodict']).status === 0;
};

/** Outside CI a test without Ansible is skipped; under CI (which installs it) it fails. */
const requireAnsible = (t: TestContext, installed: boolean): boolean => {
  if (installed) return true;
  if (process.env.CI === 'true') throw new Error(INSTALL_HINT);
  t.skip(INSTALL_HINT);
  return false;
};

describe('RESTCONF with Ansible (ansible.netcommon restconf_get and restconf_config)', () => {
  const installed = ansibleInstalled();
  let server: ServerProcess | undefined;
  let ansibleHome = '';

  before(async () => {
    if (!installed) return;
    ansibleHome = mkdtempSync(join(tmpdir(), 'idconf-ansible-'));
    server = await startServerProcess({ env: { IDCONF_ADMIN_PASSWORD: PASSWORD } });
  });
  after(async () => {
    if (server !== undefined) {
      await server.stop();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
    if (ansibleHome !== '') rmSync(ansibleHome, { recursive: true, force: true });
  });

  const running = (): ServerProcess => {
    assert.ok(server !== undefined, 'the server was not started');
    return server;
  };

  /** Runs a playbook of this folder against the server, with the JSON report on stdout. */
  const runPlaybook = (playbook: string): Promise<PlaybookRun> => {
    const port = new URL(running().url).port;
    return new Promise((resolve) => {
      execFile(
        'ansible-playbook',
        ['-i', 'inventory.ini', playbook, '-e', `ansible_httpapi_port=${port}`, '-e', `ansible_password=${PASSWORD}`],
        {
          cwd: HERE,
          encoding: 'utf8',
          timeout: 120_000,
          maxBuffer: 16 * 1024 * 1024,
          env: {
            ...process.env,
            // Ansible refuses to start without a UTF-8 locale.
            LC_ALL: 'C.UTF-8',
            ANSIBLE_HOME: ansibleHome,
            ANSIBLE_STDOUT_CALLBACK: 'json',
            ANSIBLE_NOCOLOR: '1',
          },
        },
        (error, stdout, stderr) => {
          let report: PlaybookReport | undefined;
          try {
            report = JSON.parse(stdout) as PlaybookReport;
          } catch {
            report = undefined;
          }
          const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
          resolve({ exitCode, report, stdout, stderr });
        },
      );
    });
  };

  /** Asserts that the run passed; else the failed tasks, Ansible's errors and the server's requests. */
  const assertPassed = (run: PlaybookRun): PlaybookReport => {
    const failed = (run.report?.plays ?? []).flatMap((play) =>
      play.tasks.flatMap((task) =>
        Object.values(task.hosts)
          .filter((result) => result.failed === true)
          .map((result) => `${task.task.name}: ${JSON.stringify(result.msg)} ${result.assertion ?? ''}`),
      ),
    );
    const requests = running().output.filter((line) => line.includes('"msg":"request"'));
    assert.equal(
      run.exitCode,
      0,
      `ansible-playbook exited with ${run.exitCode}\nfailed tasks:\n${failed.join('\n')}\n` +
        `stderr:\n${run.stderr}\n${run.report === undefined ? `stdout:\n${run.stdout}\n` : ''}` +
        `server requests:\n${requests.join('\n')}`,
    );
    assert.ok(run.report !== undefined);
    for (const [host, stats] of Object.entries(run.report.stats)) {
      assert.equal(stats.failures, 0, host);
      assert.equal(stats.unreachable, 0, host);
    }
    return run.report;
  };

  /** The result of the task named `name` on the one host. */
  const task = (report: PlaybookReport, name: string): TaskResult => {
    const found = report.plays.flatMap((play) => play.tasks).find((entry) => entry.task.name === name);
    assert.ok(found !== undefined, `no task named ${name}`);
    const result = found.hosts['idconf-under-test'];
    assert.ok(result !== undefined, `task ${name} did not run on idconf-under-test`);
    return result;
  };

  /** The request lines of the server's access log, parsed. */
  const requestLog = (): readonly { method: string; path: string; status: number; user?: string }[] =>
    running()
      .output.filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as { method: string; path: string; status: number; user?: string });

  const get = (path: string): Promise<TestResponse> =>
    send(`${running().url}/admin/api/restconf${path}`, { headers: { Authorization: AUTHORIZATION } });

  it('configure.yml reads the configuration and changes it', async (t) => {
    if (!requireAnsible(t, installed)) return;
    const report = assertPassed(await runPlaybook('configure.yml'));

    const profiles = task(report, 'Read the profiles').response as { 'base:profiles': { profile: unknown[] } };
    assert.equal(profiles['base:profiles'].profile.length, 3);
    assert.equal(task(report, 'Merge a base URL into the environment').changed, true);
    assert.equal(task(report, 'Merge the same base URL again').changed, false);
    assert.equal(task(report, 'Add an OAuth scope (a list entry, by POST to its parent)').changed, true);

    const baseUrl = await get(`${ENVIRONMENT}/base-url`);
    assert.equal(baseUrl.status, 200);
    assert.deepEqual(JSON.parse(baseUrl.body), { 'base:base-url': BASE_URL });
    const scope = await get(`${SCOPES}/scope=ansible`);
    assert.equal(scope.status, 200);
    assert.deepEqual(JSON.parse(scope.body), {
      'profile-oauth:scope': [{ id: 'ansible', description: 'Added by Ansible' }],
    });

    // restconf_config reads the target first, then sends the difference.
    const writes = requestLog().filter((entry) => entry.method !== 'GET');
    assert.deepEqual(
      writes.map(({ method, path, status }) => ({ method, path, status })),
      [
        { method: 'PATCH', path: `/admin/api/restconf${ENVIRONMENT}`, status: 204 },
        { method: 'POST', path: `/admin/api/restconf${SCOPES}`, status: 201 },
      ],
    );
    assert.ok(requestLog().every((entry) => entry.user === 'admin' && entry.status < 300));
  });

  it('unconfigure.yml deletes the changes, and the rollback files show each commit', async (t) => {
    if (!requireAnsible(t, installed)) return;
    const report = assertPassed(await runPlaybook('unconfigure.yml'));
    assert.equal(task(report, 'Delete the base URL').changed, true);
    assert.equal(task(report, 'Delete the base URL again').changed, false);
    assert.deepEqual(task(report, 'Delete the base URL again').warnings, [
      `delete not executed as resource '${ENVIRONMENT}/base-url' does not exist`,
    ]);

    assert.equal((await get(`${ENVIRONMENT}/base-url`)).status, 404);
    assert.equal((await get(`${SCOPES}/scope=ansible`)).status, 404);

    const files = await get('/data/idconf-rollback:rollback-files');
    assert.equal(files.status, 200);
    const entries = (
      JSON.parse(files.body) as {
        'idconf-rollback:rollback-files': { file: { creator: string; via: string; comment?: string }[] };
      }
    )['idconf-rollback:rollback-files'].file;
    // Newest first: the two deletes, the scope, the merge, then the factory default.
    assert.deepEqual(
      entries.map(({ creator, via }) => ({ creator, via })),
      [
        ...Array.from({ length: 4 }, () => ({ creator: 'admin', via: 'restconf' })),
        { creator: 'system', via: 'system' },
      ],
    );
    assert.equal(entries.at(-1)?.comment, 'factory default');
  });
});
