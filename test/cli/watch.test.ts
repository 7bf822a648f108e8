/**
 * @module test/cli/watch.test
 * `idconf watch` against `idconf serve`, both run as a user runs them: each commit is printed
 * as it happens (readable, and one JSON line each with --json); a server restart is bridged by
 * reconnecting with Last-Event-ID, so that a commit made meanwhile is printed once and nothing
 * twice; --stop-time ends the command; a refused subscription is one line and exit code 1.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { send } from '../support/https-request.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { makeDataDir, startServerProcess } from '../support/server-process.ts';
import { SseConnection } from '../support/sse-client.ts';

const MAIN = join(import.meta.dirname, '..', '..', 'src', 'cli', 'main.ts');
const PASSWORD = 'watch-test-password';
const PROFILE = '/admin/api/restconf/data/base:profiles/profile=token-service,profile-oauth%3Aoauth-service';
const AUTHORIZATION = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;

/** A running `idconf watch` and what it printed. */
interface Watcher {
  readonly child: ChildProcess;
  readonly stdout: string[];
  readonly stderr: string[];
  /** Waits until a line of standard output matches. */
  line(pattern: RegExp, timeoutMs?: number): Promise<string>;
  readonly exited: Promise<number | null>;
}

const startWatch = (url: string, ...args: string[]): Watcher => {
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', MAIN, 'watch', '--url', url, '--insecure', ...args],
    { env: { ...process.env, IDCONF_PASSWORD: PASSWORD }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stdout: string[] = [];
  const stderr: string[] = [];
  const waiters: (() => void)[] = [];
  const collect = (into: string[]) => {
    let pending = '';
    return (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      into.push(...lines);
      for (const waiter of waiters.splice(0)) waiter();
    };
  };
  child.stdout.setEncoding('utf8').on('data', collect(stdout));
  child.stderr.setEncoding('utf8').on('data', collect(stderr));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    child,
    stdout,
    stderr,
    exited,
    line: async (pattern, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = stdout.find((line) => pattern.test(line));
        if (found !== undefined) return found;
        if (Date.now() > deadline)
          throw new Error(`no line matched ${pattern}; stdout:\n${stdout.join('\n')}\nstderr:\n${stderr.join('\n')}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 200);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
};

describe('idconf watch', () => {
  const dataDir = makeDataDir();
  const servers: ServerProcess[] = [];
  const watchers: Watcher[] = [];
  after(async () => {
    for (const watcher of watchers) watcher.child.kill();
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (port = 0): Promise<ServerProcess> => {
    const server = await startServerProcess({
      dataDir,
      env: { IDCONF_ADMIN_PASSWORD: PASSWORD },
      ...(port === 0 ? {} : { args: ['--port', String(port)] }),
    });
    servers.push(server);
    return server;
  };
  const watch = (url: string, ...args: string[]): Watcher => {
    const watcher = startWatch(url, ...args);
    watchers.push(watcher);
    return watcher;
  };
  /** Sets the profile's description with a comment; resolves with the commit's transaction id. */
  const describe_ = async (url: string, text: string): Promise<number> => {
    const response = await send(`${url}${PROFILE}?rollback-id=true&rollback-comment=${encodeURIComponent(text)}`, {
      method: 'PATCH',
      headers: { Authorization: AUTHORIZATION, 'Content-Type': 'application/yang-data+json' },
      body: JSON.stringify({
        'base:profile': [{ id: 'token-service', type: 'profile-oauth:oauth-service', description: text }],
      }),
    });
    assert.equal(response.status, 200, response.body);
    return (JSON.parse(response.body) as { 'idconf-restconf:result': { rollback: { id: number } } })[
      'idconf-restconf:result'
    ].rollback.id;
  };
  /** Follows the sessions stream: each subscription that starts shows there (the first is its own). */
  const sessions = async (url: string): Promise<SseConnection> =>
    SseConnection.open(`${url}/admin/api/restconf/streams/sessions/json`, { Authorization: AUTHORIZATION });

  it('prints each commit as it happens, readable and as JSON lines, and follows the server across a restart', async () => {
    let server = await start();
    const started = await sessions(server.url);
    const readable = watch(server.url);
    const json = watch(server.url, '--json');
    // Both have subscribed once the sessions stream shows them (after its own start).
    await started.waitFor(3, 20_000);
    started.close();
    const first = await describe_(server.url, 'first change');
    const head = await readable.line(new RegExp(`^#${first}  `));
    assert.match(head, new RegExp(`^#${first}  \\d{4}-\\d\\d-\\d\\dT[^ ]+Z  admin  via restconf  "first change"$`));
    await readable.line(
      /^ {4}(replace|create) {2,}\/base:profiles\/profile\[id='token-service'\]\[type='profile-oauth:oauth-service'\]\/description$/,
    );
    const line = await json.line(new RegExp(`"idconf-notifications:transaction-id":${first}`));
    const parsed = JSON.parse(line) as { 'ietf-restconf:notification': Record<string, unknown> };
    assert.ok('ietf-netconf-notifications:netconf-config-change' in parsed['ietf-restconf:notification']);

    // The server stops and comes back on the same port; a commit is made while the watcher waits.
    const { port } = new URL(server.url);
    await server.stop();
    await readable.line(/^-- the server ended the subscription \(server-shutdown\)/);
    server = await start(Number(port));
    const second = await describe_(server.url, 'made while it reconnected');
    await readable.line(new RegExp(`^#${second}  .*"made while it reconnected"$`), 40_000);
    const third = await describe_(server.url, 'live again');
    await readable.line(new RegExp(`^#${third}  `));
    await json.line(new RegExp(`"idconf-notifications:transaction-id":${third}`), 40_000);
    for (const id of [first, second, third])
      assert.equal(readable.stdout.filter((text) => text.startsWith(`#${id}  `)).length, 1, `#${id} once`);
    assert.ok(
      readable.stderr.some((text) => /reconnecting in \d+ s to resume after #\d+/.test(text)),
      readable.stderr.join('\n'),
    );
  });

  it('shows the stored changes from --start-time, then stops at --stop-time (exit 0)', async () => {
    const server = servers.at(-1) as ServerProcess;
    const stop = new Date(Date.now() + 2000).toISOString();
    const watcher = watch(
      server.url,
      '--start-time',
      new Date(Date.now() - 3_600_000).toISOString(),
      '--stop-time',
      stop,
    );
    assert.equal(await watcher.exited, 0, watcher.stderr.join('\n'));
    assert.ok(watcher.stdout.some((text) => /"first change"$/.test(text)));
    assert.ok(watcher.stdout.includes('-- the stored changes asked for are shown; live changes follow'));
    assert.match(watcher.stdout.at(-1) ?? '', /^-- the server ended the subscription \(stop-time\)/);
  });

  it('a subscription the server refuses is one line on standard error and exit code 1', async () => {
    const server = servers.at(-1) as ServerProcess;
    const watcher = watch(server.url, '--filter', '/a[');
    assert.equal(await watcher.exited, 1);
    assert.deepEqual(watcher.stdout, []);
    assert.equal(watcher.stderr.length, 1, watcher.stderr.join('\n'));
    assert.match(
      watcher.stderr[0] as string,
      /^idconf: the server refused the subscription: filter: not an XPath 1\.0 expression/,
    );
  });
});
