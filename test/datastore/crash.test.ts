/**
 * @module test/datastore/crash.test
 * Crash safety, tested for real: a child process commits in bursts (group commits, a checkpoint
 * every 5 commits, retention 20) and is killed with SIGKILL at random moments, 50 times. After
 * each restart: every acknowledged commit is there, no partial commit is visible (the state is
 * exactly the one after the last commit), the tree validates, and the rollback files are the
 * newest commits without gaps.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, describe, it } from 'node:test';

const DRIVER = join(import.meta.dirname, 'commit-driver.ts');
const ROUNDS = 50;

interface Loaded {
  readonly loaded: number;
  readonly state: { readonly counter: number; readonly entries: number };
  readonly errors: readonly string[];
  readonly files: readonly number[];
}

/** A deterministic pseudo-random sequence (the test is repeatable). */
const random = (() => {
  let seed = 20261122;
  return (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
})();

/**
 * Runs the driver and kills it `killAfterMs` after it reported start-up or, when `afterFirstAck`,
 * after its first acknowledged commit (so that a slow, loaded machine still drives commits in
 * every mid-stream round); returns what it said.
 */
const round = (
  dataDir: string,
  killAfterMs: number,
  afterFirstAck: boolean,
): Promise<{ loaded: Loaded; acks: number[] }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', DRIVER, dataDir, '4'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let loaded: Loaded | undefined;
    const acks: number[] = [];
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (loaded === undefined) {
        loaded = JSON.parse(line) as Loaded;
        if (!afterFirstAck) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      } else if (line.startsWith('ack ')) {
        acks.push(Number(line.slice(4)));
        if (afterFirstAck && acks.length === 1) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      }
    });
    child.on('exit', (code, signal) => {
      if (loaded === undefined || signal !== 'SIGKILL') {
        reject(new Error(`the driver ended with ${code ?? signal} before it was killed:\n${stderr}`));
        return;
      }
      resolve({ loaded, acks });
    });
  });

describe('crash safety (SIGKILL during commits and checkpoints)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idconf-crash-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it(`keeps every acknowledged commit and nothing partial across ${ROUNDS} kills`, async () => {
    let acknowledged = 0;
    let totalAcks = 0;
    for (let index = 0; index < ROUNDS; index++) {
      // Mostly mid-stream (timed from the first acknowledged commit); now and then right after start-up.
      const early = random() < 0.2;
      const killAfterMs = early ? Math.floor(random() * 5) : Math.floor(random() * 200);
      const { loaded, acks } = await round(dataDir, killAfterMs, !early);
      const where = `round ${index} (after ${acknowledged} acknowledged commits)`;
      assert.ok(loaded.loaded >= acknowledged, `${where}: loaded commit ${loaded.loaded} lost acknowledged ones`);
      assert.deepEqual(loaded.state, { counter: loaded.loaded, entries: loaded.loaded }, `${where}: partial state`);
      assert.deepEqual(loaded.errors, [], `${where}: the loaded tree does not validate`);
      if (loaded.loaded > 0) {
        assert.equal(loaded.files[0], loaded.loaded, `${where}: the newest rollback file is not the last commit`);
        loaded.files.forEach((number, position) => {
          assert.equal(number, loaded.loaded - position, `${where}: rollback files have a gap`);
        });
      }
      for (const ack of acks) assert.ok(ack > loaded.loaded, `${where}: acknowledged ${ack} twice`);
      if (acks.length > 0) acknowledged = Math.max(...acks);
      totalAcks += acks.length;
    }
    assert.ok(totalAcks > ROUNDS, `too few commits were driven (${totalAcks}) for the test to mean anything`);
  });
});
