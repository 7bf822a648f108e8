/**
 * @module bench/young-generation
 * How the size of V8's young generation shapes the two request rows it touches: GET one entry at
 * 16 connections (throughput: each scavenge has a fixed cost) and PATCH one leaf at 1 connection
 * (the p99: a scavenge copies every commit's survivors since the previous one, so its pause grows
 * with the young generation). For each setting, in turn, a fresh server with `--trace-gc` gets
 * GET one entry at 16 connections (as `npm run bench` measures it before the PATCHes, which lets
 * a growable young generation grow), then PATCH one leaf at 1 connection, in windows separated by
 * windows at 16 connections (as the benchmark alternates them). Each line gives the requests/s or
 * latencies with the collections counted in the same window (scavenges: how many, how many
 * requests apart, their pause p50 and max; each mark-compact's pause and marking time), and
 * whether a checkpoint of the datastore ended in it; and the server's resident memory at the end
 * (after SECONDS idle with `--settle`).
 *
 * Run: `node bench/young-generation.ts [--size 100000] [--api restconf|legacy] [--duration 3]
 * [--rounds 2] [--settle SECONDS] "--settings=;--min-semi-space-size=1 --max-semi-space-size=2;…"` (Node.js options
 * per setting, separated by `;`, each after the shipped ones: an empty setting is the shipped
 * young generation, `--max-semi-space-size=0 --min-semi-space-size=16` the one V8 grows).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { residentMemory } from './child-process.ts';
import { BenchClient } from './http-client.ts';
import { ADMIN, loadedDataDir, nodeArgsOf, startIdconf } from './idconf-server.ts';
import { followServerOutput } from './server-output.ts';
import { percentile } from './statistics.ts';
import { LEGACY_REQUESTS, RESTCONF_REQUESTS } from './workload.ts';
import { ensureWrk, getOneRequest, patchLeafRequest, runWrk, type WrkRequest, type WrkResult } from './wrk.ts';

const { values: flags } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    api: { type: 'string', default: 'restconf' },
    duration: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '2' },
    settle: { type: 'string', default: '0' },
    settings: { type: 'string', default: ';--max-semi-space-size=0 --min-semi-space-size=16' },
  },
});
const SIZE = Number(flags.size);
const DURATION = Number(flags.duration);
const ROUNDS = Math.max(1, Math.floor(Number(flags.rounds)));
const API = flags.api === 'legacy' ? LEGACY_REQUESTS : RESTCONF_REQUESTS;
const SETTINGS = (flags.settings ?? '').split(';').map(nodeArgsOf);
const log = (line: string): void => {
  process.stderr.write(`[young-generation] ${line}\n`);
};

/** A `--trace-gc` scavenge line: `… ms: Scavenge 88.8 (92.0) -> 87.4 (92.0) MB, pooled: 0 MB, 0.43 / 0.00 ms …`. */
const SCAVENGE = /: Scavenge\b.*?, ([\d.]+) \/ [\d.]+ ms/;

/** The pauses (ms) of the scavenges in `lines`. */
const scavengePausesOf = (lines: readonly string[]): number[] =>
  lines.flatMap((line) => {
    const match = SCAVENGE.exec(line);
    return match === null ? [] : [Number(match[1])];
  });

/** Whether the datastore logged the end of a checkpoint among `lines`. */
const checkpointEnded = (lines: readonly string[]): boolean =>
  lines.some((line) => line.includes('checkpoint written'));

/** A `--trace-gc` line's heap after the collection: `-> 87.4 (92.0) MB` (in use, committed). */
const HEAP = /-> ([\d.]+) \(([\d.]+)\) MB/;

/** A `--trace-gc` mark-compact line's heap before and after (MB), pause and the wall time of its marking (ms). */
const MARKING =
  /: Mark-Compact ([\d.]+) \([\d.]+\) -> ([\d.]+) \(.*?, ([\d.]+) \/ [\d.]+ ms .*?walltime since start of marking (\d+) ms/;

/** The mark-compacts in `lines`, each as its pause, its marking's wall time and the heap it left. */
const markCompactsOf = (lines: readonly string[]): string[] =>
  lines.flatMap((line) => {
    const match = MARKING.exec(line);
    return match === null
      ? []
      : [`${Number(match[3]).toFixed(1)} ms after ${match[4]} ms of marking (${match[1]} → ${match[2]} MB)`];
  });

/** One window's figures beside the collections that fell into it. */
const describe = (result: WrkResult, lines: readonly string[], latency: boolean): string => {
  const scavenges = scavengePausesOf(lines);
  const marks = markCompactsOf(lines);
  const failed = result.errors > 0 ? ` (${result.errors} failed)` : '';
  const figures = latency
    ? `p50 ${result.p50.toFixed(2)} / p99 ${result.p99.toFixed(2)} ms${failed}`
    : `${Math.round(result.requestsPerSecond).toLocaleString('en')}/s${failed}`;
  const apart = scavenges.length === 0 ? '–' : Math.round(result.requests / scavenges.length).toLocaleString('en');
  const pauses =
    scavenges.length === 0
      ? ''
      : `, pause ${percentile(scavenges, 50).toFixed(2)} / max ${Math.max(...scavenges).toFixed(2)} ms`;
  return (
    `${figures}; ${scavenges.length} scavenges, every ${apart} requests${pauses}` +
    `${marks.length > 0 ? `; mark-compact ${marks.join(', ')}` : ''}${checkpointEnded(lines) ? '; a checkpoint ended' : ''}`
  );
};

ensureWrk(log);
log(`loading ${SIZE} entries`);
const dataDir = await loadedDataDir(join(import.meta.dirname, '..'), SIZE, 'idconf-young-generation-');
const rows = [
  `${SIZE.toLocaleString('en')} entries, ${API.name}, windows of ${DURATION} s; GET one entry at 16 connections, then PATCH one leaf at 1 connection`,
  '',
  '| setting | GET, 16 connections | PATCH windows at 1 connection |',
  '| --- | --- | --- |',
];
try {
  for (const setting of SETTINGS) {
    const name = setting.length === 0 ? 'shipped' : setting.join(' ');
    log(`setting: ${name}`);
    const server = await startIdconf({ dataDir, timeoutMs: 120_000 + SIZE / 5, nodeArgs: ['--trace-gc', ...setting] });
    const lines: string[] = [];
    /** The last `--trace-gc` line: the heap's size after it. */
    let lastCollection = '';
    followServerOutput(server.child, log, (line) => {
      lines.push(line);
      if (!HEAP.test(line)) return false;
      lastCollection = line;
      return true;
    });
    /** Runs wrk and returns its result with the `--trace-gc` lines printed meanwhile. */
    const windowOf = async (request: WrkRequest, connections: number) => {
      lines.length = 0;
      const result = await runWrk(request, connections, DURATION);
      return { result, traced: [...lines] };
    };
    const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
    try {
      const get = getOneRequest(server.url, client.authorization, API, SIZE);
      await runWrk(get, 16, 1);
      const gets = await windowOf(get, 16);
      const patch = patchLeafRequest(server.url, client.authorization, API.patchLeaf, SIZE);
      await runWrk(patch, 1, 1);
      const windows: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        let before = '';
        if (round > 0) {
          const busy = await windowOf(patch, 16);
          if (checkpointEnded(busy.traced)) before = ' (a checkpoint ended in the 16 connections before)';
        }
        const { result, traced } = await windowOf(patch, 1);
        windows.push(describe(result, traced, true) + before);
      }
      // Idle before the memory reading, so that V8's memory reducer may collect (`--settle SECONDS`).
      const settle = Number(flags.settle);
      if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle * 1000));
      const memory = residentMemory(server.child.pid);
      const heap = HEAP.exec(lastCollection);
      const resident =
        memory === undefined
          ? ''
          : `<br>at the end: resident ${Math.round(memory.rss)} MiB` +
            `${heap === null ? '' : `; V8 heap ${heap[1]} MB in use of ${heap[2]} MB after the last collection`}`;
      rows.push(`| ${name} | ${describe(gets.result, gets.traced, false)} | ${windows.join('<br>')}${resident} |`);
    } finally {
      client.close();
      await server.stop();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.stdout.write(`${rows.join('\n')}\n`);
