/**
 * @module bench/memory
 * Memory and start-up of `idconf serve` with a large list, without the request measurements:
 * a first start on an empty data dir, one PUT of the whole list (its time, the resident memory
 * after it and the peak while it was committed), a graceful stop, then cold starts (their time
 * and the resident memory after each). Resident memory comes from `/proc`, so CPU contention
 * on a shared machine does not disturb it (the times it does).
 *
 * Run: `node bench/memory.ts [--size 1000000] [--runs 3] [--roots DIR,DIR…] [--heap-snapshot]
 * [--yang-patch] [--cpu-prof DIR]`. `--yang-patch` also deletes the list and loads it again by a
 * YANG Patch of one create per entry; `--cpu-prof` writes V8 CPU profiles of the servers to DIR.
 * `--roots` runs the same steps on other checkouts of idconf (e.g. an older commit extracted
 * with `git archive`), alternating between them run by run; `--heap-snapshot` writes a V8 heap
 * snapshot of the server after the first cold start into the data dir's parent.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cpuTimeMs, residentMemory, type ServerProcess } from './child-process.ts';
import { BenchClient } from './http-client.ts';
import { ADMIN, startIdconf } from './idconf-server.ts';
import { medianRange } from './statistics.ts';
import { createPatch, loadDocument, RESTCONF } from './workload.ts';

const { values: flags } = parseArgs({
  options: {
    size: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '3' },
    roots: { type: 'string', default: join(import.meta.dirname, '..') },
    'heap-snapshot': { type: 'boolean', default: false },
    'yang-patch': { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    'data-root': { type: 'string', default: tmpdir() },
  },
});
const SIZE = Number((flags.size ?? '').replaceAll('_', ''));
const RUNS = Math.max(1, Math.floor(Number(flags.runs)));
const ROOTS = (flags.roots ?? '').split(',').filter((root) => root !== '');

const log = (line: string): void => {
  process.stderr.write(`[memory] ${line}\n`);
};

interface Figures {
  load: number[];
  rssAfterLoad: number[];
  peakWhileLoading: number[];
  stop: number[];
  coldStart: number[];
  rssAfterStart: number[];
  yangPatch: number[];
  yangPatchCpu: number[];
  peakYangPatch: number[];
}

const figures = new Map<string, Figures>(
  ROOTS.map((root) => [
    root,
    {
      load: [],
      rssAfterLoad: [],
      peakWhileLoading: [],
      stop: [],
      coldStart: [],
      rssAfterStart: [],
      yangPatch: [],
      yangPatchCpu: [],
      peakYangPatch: [],
    },
  ]),
);

const memoryOf = (server: ServerProcess): { rss: number; peak: number } => {
  const memory = residentMemory(server.child.pid);
  if (memory === undefined) throw new Error('resident memory is read from /proc (Linux only)');
  return memory;
};

const snapshotOf = async (server: ServerProcess, dir: string): Promise<string | undefined> => {
  const before = new Set(readdirSync(dir));
  server.child.kill('SIGUSR2');
  for (let waited = 0; waited < 600; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const written = readdirSync(dir).filter((name) => !before.has(name) && name.endsWith('.heapsnapshot'));
    // V8 writes the file in one go; a size that stops growing means it is complete.
    if (written.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return join(dir, written[0] as string);
    }
  }
  return undefined;
};

const oneRun = async (root: string, document: string, run: number): Promise<void> => {
  const dataDir = mkdtempSync(join(flags['data-root'], 'idconf-memory-'));
  const row = figures.get(root) as Figures;
  const snapshotDir = flags['heap-snapshot'] && run === 0 ? mkdtempSync(join(tmpdir(), 'idconf-heap-')) : undefined;
  const start = (): Promise<ServerProcess> =>
    startIdconf({
      dataDir,
      root,
      timeoutMs: 120_000 + SIZE / 5,
      nodeArgs: [
        ...(snapshotDir === undefined ? [] : ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`]),
        ...(flags['cpu-prof'] === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${flags['cpu-prof']}`]),
      ],
    });
  try {
    let server = await start();
    const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
    const load = await client.send('PUT', `${RESTCONF}/data/bench:bench`, {
      body: document,
      headers: { 'Content-Type': 'application/yang-data+json' },
      expected: [201, 204],
    });
    client.close();
    const loaded = memoryOf(server);
    row.load.push(load.totalMs);
    row.rssAfterLoad.push(loaded.rss);
    row.peakWhileLoading.push(loaded.peak);
    row.stop.push(await server.stop());
    server = await start();
    const started = memoryOf(server);
    row.coldStart.push(server.startupMs);
    row.rssAfterStart.push(started.rss);
    log(
      `${root}: load ${load.totalMs.toFixed(0)} ms, RSS ${loaded.rss.toFixed(0)} MiB (peak ${loaded.peak.toFixed(0)}), ` +
        `stop ${row.stop.at(-1)?.toFixed(0)} ms, cold start ${server.startupMs.toFixed(0)} ms, RSS ${started.rss.toFixed(0)} MiB`,
    );
    if (snapshotDir !== undefined) log(`heap snapshot: ${await snapshotOf(server, snapshotDir)}`);
    if (flags['yang-patch']) {
      // Built and encoded first: making the 250 MB body takes seconds, and the connection kept
      // alive after the DELETE would be closed by the server meanwhile (idle 5 s + 1 s).
      const patchBody = Buffer.from(createPatch(0, SIZE), 'utf8');
      const patchClient = new BenchClient(server.url, ADMIN.user, ADMIN.password);
      await patchClient.send('DELETE', `${RESTCONF}/data/bench:bench`, { expected: [204] });
      // The DELETE's checkpoint and garbage run in the background: let them end before the PATCH.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const cpuBefore = cpuTimeMs(server.child.pid) ?? Number.NaN;
      const patched = await patchClient
        .send('PATCH', `${RESTCONF}/data/bench:bench`, {
          body: patchBody,
          headers: { 'Content-Type': 'application/yang-patch+json' },
          expected: [200],
        })
        .catch(async (error: unknown) => {
          // The server's log is batched: give it time to write what it logged about the failure.
          await new Promise((resolve) => setTimeout(resolve, 3000));
          const { exitCode, signalCode } = server.child;
          const state =
            exitCode === null && signalCode === null ? 'still running' : `exited (${signalCode ?? exitCode})`;
          log(
            `the YANG Patch failed (${String(error)}); the server is ${state}; its last output:\n${server.output().slice(-3000)}`,
          );
          throw error;
        });
      const cpu = (cpuTimeMs(server.child.pid) ?? Number.NaN) - cpuBefore;
      patchClient.close();
      row.yangPatch.push(patched.totalMs);
      row.yangPatchCpu.push(cpu);
      row.peakYangPatch.push(memoryOf(server).peak);
      log(`${root}: YANG Patch of ${SIZE} creates ${patched.totalMs.toFixed(0)} ms (server CPU ${cpu.toFixed(0)} ms)`);
    }
    await server.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

log(`${SIZE} entries, ${RUNS} runs, roots ${ROOTS.join(', ')}`);
const document = loadDocument(SIZE);
for (let run = 0; run < RUNS; run++) for (const root of ROOTS) await oneRun(root, document, run);

const lines = [
  `| measurement, ${SIZE.toLocaleString('en')} entries | ${ROOTS.join(' | ')} |`,
  `| --- |${ROOTS.map(() => ' --- |').join('')}`,
];
const rows: [string, keyof Figures][] = [
  ['load: PUT of the whole list (ms)', 'load'],
  ['resident memory after loading (MiB)', 'rssAfterLoad'],
  ['peak resident memory while loading (MiB)', 'peakWhileLoading'],
  ['graceful stop (ms)', 'stop'],
  ['cold start (ms)', 'coldStart'],
  ['resident memory after a cold start (MiB)', 'rssAfterStart'],
  ['load: YANG Patch, one create per entry (ms)', 'yangPatch'],
  ['server CPU time during the YANG Patch, every thread (ms)', 'yangPatchCpu'],
  ['peak resident memory after the YANG Patch (MiB)', 'peakYangPatch'],
];
for (const [label, key] of rows) {
  lines.push(`| ${label} | ${ROOTS.map((root) => medianRange((figures.get(root) as Figures)[key])).join(' | ')} |`);
}
process.stdout.write(`${lines.join('\n')}\n`);
