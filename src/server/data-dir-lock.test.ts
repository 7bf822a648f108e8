/**
 * @module server/data-dir-lock.test
 * The data directory lock: one owner at a time, and an owner that was killed — reaped or left a
 * zombie by a parent that never waits — never blocks the next one.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DataDirInUseError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock.ts';

const MODULE_URL = new URL('./data-dir-lock.ts', import.meta.url).href;
/** A child that takes the lock of the directory in argv[1], prints `locked <pid>` and waits. */
const HOLDER = `const { lockDataDir } = await import(${JSON.stringify(MODULE_URL)});
lockDataDir(process.argv[1]);
process.stdout.write('locked ' + process.pid + '\\n');
setInterval(() => {}, 60_000);`;

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'idconf-lock-'));
const dirs: string[] = [];
const children: ChildProcess[] = [];
after(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const newDir = (): string => {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
};

/** Resolves with the holder's pid once it printed that it holds the lock. */
const holderPid = (child: ChildProcess): Promise<number> =>
  new Promise((resolve, reject) => {
    let text = '';
    let errors = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const match = text.match(/locked (\d+)\n/);
      if (match !== null) resolve(Number(match[1]));
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk;
    });
    child.on('exit', (code) => reject(new Error(`the holder exited with ${code}: ${errors}`)));
  });

const holderArgs = (dataDir: string): string[] => [
  '--disable-warning=ExperimentalWarning',
  '--input-type=module',
  '-e',
  HOLDER,
  dataDir,
];

const processState = (pid: number): string | undefined => {
  try {
    // /proc/<pid>/stat: "pid (comm) S …"; the state follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
};

describe('lockDataDir', () => {
  it('admits one owner at a time, names it, and lets the next one in after release', () => {
    const dataDir = newDir();
    const release = lockDataDir(dataDir);
    assert.throws(
      () => lockDataDir(dataDir, { waitMs: 0 }),
      (error: unknown) =>
        error instanceof DataDirInUseError &&
        error.pid === process.pid &&
        error.message.includes(`in use by process ${process.pid}`),
    );
    release();
    release();
    lockDataDir(dataDir, { waitMs: 0 })();
  });

  it('refuses while another process holds it, and takes it straight after that process is killed', async () => {
    const dataDir = newDir();
    const child = spawn(process.execPath, holderArgs(dataDir), { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const pid = await holderPid(child);
    assert.throws(() => lockDataDir(dataDir, { waitMs: 0 }), { name: 'DataDirInUseError', pid });
    // No waiting for the exit: the default wait covers a process that is still being torn down.
    child.kill('SIGKILL');
    lockDataDir(dataDir)();
  });

  it('takes the lock of an owner killed and left a zombie by a parent that never reaps it', async (t) => {
    if (process.platform !== 'linux') {
      t.skip('needs /proc to see the zombie');
      return;
    }
    const dataDir = newDir();
    // sh starts the holder in the background and becomes `sleep`, which never calls wait():
    // the killed holder stays a zombie with its pid still in use.
    const parent = spawn('sh', ['-c', '"$0" "$@" & exec sleep 120', process.execPath, ...holderArgs(dataDir)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(parent);
    const pid = await holderPid(parent);
    process.kill(pid, 'SIGKILL');
    for (let tries = 0; processState(pid) !== 'Z' && tries < 200; tries++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(processState(pid), 'Z', 'the killed holder is a zombie');
    assert.doesNotThrow(() => process.kill(pid, 0), 'a pid check would think the zombie alive');
    // The leader turns zombie before its other threads have finished exiting (and closed the
    // files they share): the default wait covers that.
    lockDataDir(dataDir)();
    assert.equal(processState(pid), 'Z', 'still a zombie while the lock was taken');
  });

  it('replaces the pid file of an earlier version whose process is gone', () => {
    const dataDir = newDir();
    // A pid far above any pid_max: no such process.
    writeFileSync(join(dataDir, LOCK_FILE_NAME), '2147483646\n');
    lockDataDir(dataDir, { waitMs: 0 })();
  });

  it('refuses the pid file of an earlier version whose process is alive', async () => {
    const dataDir = newDir();
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' });
    children.push(child);
    await new Promise((resolve) => child.once('spawn', resolve));
    writeFileSync(join(dataDir, LOCK_FILE_NAME), `${child.pid}\n`);
    assert.throws(() => lockDataDir(dataDir, { waitMs: 0 }), { name: 'DataDirInUseError', pid: child.pid });
  });
});
