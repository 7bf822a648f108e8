/**
 * @module bench/patch-tail
 * Where the p99 of PATCH one leaf at 1 connection comes from. One server, loaded and warmed at 16
 * connections (so that a lazily loaded list is read and checkpoints have started), then rounds of
 * two windows each on the same server: wrk at 1 connection as `npm run bench` measures it, and a
 * Node.js client sending the same PATCHes one after the other. For the wrk window it also counts
 * how often each of the server's threads was taken off its core while it could run (involuntary
 * context switches, `/proc/<pid>/task/<tid>/status`): on a machine of two cores shared by the
 * client, the server's main thread, its journal and WAL threads and V8's helper threads, each
 * such switch can hold one request for a scheduler slice.
 *
 * Run: `node bench/patch-tail.ts [--size 100000] [--api restconf|legacy] [--warmup 20]
 * [--rounds 4] [--duration 3] [--node-args "--v8-pool-size=1"] [--renice-helpers 19]
 * [--pin server|main]`. Prints a Markdown table. `--renice-helpers` gives every server thread but
 * the main one that nice value after the warm-up (the journal's and WAL threads, V8's helpers),
 * to see what their competition for the two cores costs the main thread. `--pin` (with
 * `taskset`, after the warm-up) separates the clients from the server: `server` puts every server
 * thread on CPU 0 and this process, wrk and the Node.js client on CPU 1; `main` gives the
 * server's main thread CPU 0 alone and everything else CPU 1.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BenchClient } from './http-client.ts';
import { ADMIN, loadedDataDir, nodeArgsOf, startIdconf } from './idconf-server.ts';
import { percentile } from './statistics.ts';
import { LEGACY_REQUESTS, RESTCONF_REQUESTS } from './workload.ts';
import { ensureWrk, patchLeafRequest, runWrk } from './wrk.ts';

const { values: flags } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    api: { type: 'string', default: 'restconf' },
    warmup: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '4' },
    duration: { type: 'string', default: '3' },
    'node-args': { type: 'string', default: '' },
    'renice-helpers': { type: 'string' },
    pin: { type: 'string' },
  },
});
if (flags.pin !== undefined && flags.pin !== 'server' && flags.pin !== 'main') {
  process.stderr.write('--pin takes server or main\n');
  process.exit(2);
}
const SIZE = Number(flags.size);
const API = flags.api === 'legacy' ? LEGACY_REQUESTS : RESTCONF_REQUESTS;
const DURATION = Number(flags.duration);
const log = (line: string): void => {
  process.stderr.write(`[patch-tail] ${line}\n`);
};

/** Involuntary context switches of each thread of process `pid`, by `name:tid`. */
const involuntarySwitches = (pid: number): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
      const name = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '?';
      counts.set(`${name}:${tid}`, Number(/^nonvoluntary_ctxt_switches:\s+(\d+)$/m.exec(status)?.[1] ?? 0));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return counts;
};

/** The main thread's switches, and the other threads' together, from `before` to `after`. */
const switchesBetween = (before: Map<string, number>, after: Map<string, number>, pid: number) => {
  let main = 0;
  let others = 0;
  for (const [thread, count] of after) {
    const added = count - (before.get(thread) ?? 0);
    if (thread.endsWith(`:${pid}`)) main += added;
    else others += added;
  }
  return { main, others };
};

/** Sequential PATCHes from this process for `seconds`: each one's milliseconds. */
const nodeClientWindow = async (client: BenchClient, seconds: number): Promise<number[]> => {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  for (let stamp = 1; performance.now() < end; stamp++) {
    const index = Math.floor(Math.random() * SIZE);
    const timing = await client.send('PATCH', API.patchLeaf.path.replace('{i}', String(index)), {
      body: API.patchLeaf.body.replace('{n}', String(stamp)),
      headers: { 'Content-Type': API.patchLeaf.type },
      expected: [204],
    });
    latencies.push(timing.totalMs);
  }
  return latencies;
};

ensureWrk(log);
log(`loading ${SIZE} entries`);
const dataDir = await loadedDataDir(join(import.meta.dirname, '..'), SIZE, 'idconf-patch-tail-');
const nodeArgs = nodeArgsOf(flags['node-args']);
const server = await startIdconf({ dataDir, timeoutMs: 120_000 + SIZE / 5, nodeArgs });
const pid = server.child.pid as number;
const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
/** Gives every thread of the server but its main thread the nice value `niceness` (an experiment on contention). */
const reniceHelpers = (niceness: number): void => {
  for (const tid of readdirSync(`/proc/${pid}/task`).map(Number))
    if (tid !== pid) {
      try {
        setPriority(tid, niceness);
      } catch {
        // The thread ended meanwhile.
      }
    }
};
/** Sets the CPUs that thread `tid` may run on (`taskset -p`); the children it spawns later inherit them. */
const pinThread = (tid: number, cpus: string): void => {
  const done = spawnSync('taskset', ['-p', '-c', cpus, String(tid)], { stdio: 'ignore' });
  if (done.status !== 0) throw new Error(`taskset could not pin thread ${tid} to CPU ${cpus}`);
};
/** Pins the server's threads and this process's (hence wrk's) as `--pin` says. */
const pin = (how: string): void => {
  for (const tid of readdirSync(`/proc/${pid}/task`).map(Number))
    pinThread(tid, how === 'main' && tid !== pid ? '1' : '0');
  for (const tid of readdirSync(`/proc/${process.pid}/task`).map(Number)) pinThread(tid, '1');
};
const rows = [
  `${SIZE.toLocaleString('en')} entries, ${API.name} PATCH one leaf, rounds of ${DURATION} s per client on one server` +
    ` after ${flags.warmup} s at 16 connections${nodeArgs.length > 0 ? `; node ${nodeArgs.join(' ')}` : ''}` +
    `${flags['renice-helpers'] === undefined ? '' : `; other threads at nice ${flags['renice-helpers']}`}` +
    `${flags.pin === undefined ? '' : `; pinned: ${flags.pin === 'main' ? "the server's main thread alone on CPU 0" : 'the server on CPU 0, the clients on CPU 1'}`}`,
  '',
  '| round | wrk p50 / p99 ms (requests) | main thread switched off its core (other threads) | Node.js client p50 / p99 ms (requests) |',
  '| --- | --- | --- | --- |',
];
try {
  const request = patchLeafRequest(server.url, client.authorization, API.patchLeaf, SIZE);
  log(`warming up: ${flags.warmup} s at 16 connections`);
  await runWrk(request, 16, Number(flags.warmup));
  if (flags['renice-helpers'] !== undefined) reniceHelpers(Number(flags['renice-helpers']));
  if (flags.pin !== undefined) pin(flags.pin);
  for (let round = 1; round <= Number(flags.rounds); round++) {
    const before = involuntarySwitches(pid);
    const wrk = await runWrk(request, 1, DURATION);
    const switches = switchesBetween(before, involuntarySwitches(pid), pid);
    const own = await nodeClientWindow(client, DURATION);
    rows.push(
      `| ${round} | ${wrk.p50.toFixed(2)} / ${wrk.p99.toFixed(2)} (${wrk.requests}) | ${switches.main} (${switches.others}) | ` +
        `${percentile(own, 50).toFixed(2)} / ${percentile(own, 99).toFixed(2)} (${own.length}) |`,
    );
    log(rows.at(-1) as string);
  }
} finally {
  client.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.stdout.write(`${rows.join('\n')}\n`);
