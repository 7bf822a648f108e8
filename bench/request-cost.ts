/**
 * @module bench/request-cost
 * The cost of single requests on one or more checkouts of idconf, compared run by run: GET one
 * entry (RESTCONF and the legacy API) and PATCH one leaf, with wrk at 1 and 16 connections. Beside
 * requests/s and latency it reports the server's CPU time per request (all its threads, from
 * `/proc/<pid>/stat`): on a machine shared with other work, requests/s follow the neighbours'
 * load, the CPU a request costs much less so. Each run alternates between the checkouts (A, B, A,
 * B…), so that a change of load hits both alike; figures are medians with their range.
 *
 * Run: `node bench/request-cost.ts [--size 100000] [--duration 3] [--runs 3] [--roots DIR,DIR…]
 * [--only TEXT] [--warmup SECONDS] [--node-args "ARGS;ARGS…"]` (only the requests whose name contains
 * TEXT, e.g. `restconf`; each request first runs SECONDS unmeasured at 1 connection, e.g. to leave
 * the cold start behind; Node.js options for each checkout's server in turn, after the shipped
 * ones, so that `--roots .,. "--node-args=;--max-semi-space-size=0 --min-semi-space-size=16"` compares the
 * shipped young generation with the one V8 would grow).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ServerProcess } from './child-process.ts';
import { cpuTimeMicros } from './child-process.ts';
import { BenchClient } from './http-client.ts';
import { ADMIN, loadedDataDir, nodeArgsOf, startIdconf } from './idconf-server.ts';
import { medianRange } from './statistics.ts';
import { type ApiRequests, LEGACY_REQUESTS, RESTCONF_REQUESTS } from './workload.ts';
import { ensureWrk, runWrk } from './wrk.ts';

const { values: flags } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '3' },
    runs: { type: 'string', default: '3' },
    roots: { type: 'string', default: join(import.meta.dirname, '..') },
    only: { type: 'string', default: '' },
    warmup: { type: 'string', default: '0' },
    'node-args': { type: 'string', default: '' },
  },
});
const SIZE = Number(flags.size);
const DURATION = Number(flags.duration);
const RUNS = Math.max(1, Math.floor(Number(flags.runs)));
/** Seconds of each request at 1 connection, unmeasured, before its measurements (after the cold start). */
const WARMUP = Number(flags.warmup);
/** The checkouts to compare, each with the Node.js options its server gets and its label in the table. */
const ROOTS = (flags.roots ?? '')
  .split(',')
  .filter((root) => root !== '')
  .map((root, index) => {
    const nodeArgs = nodeArgsOf((flags['node-args'] ?? '').split(';')[index]);
    return { root, nodeArgs, label: nodeArgs.length === 0 ? root : `${root} (${nodeArgs.join(' ')})` };
  });
const log = (line: string): void => {
  process.stderr.write(`[request-cost] ${line}\n`);
};

interface Sample {
  readonly rate: number;
  readonly cpu: number;
  readonly p50: number;
  readonly p99: number;
}

const samples = new Map<string, Sample[]>();
const add = (key: string, sample: Sample): void => {
  const list = samples.get(key) ?? [];
  list.push(sample);
  samples.set(key, list);
};

/** The measurements of one run on one checkout. */
const measure = async (server: ServerProcess, label: string): Promise<void> => {
  const cases: { name: string; api: ApiRequests; method: string; path: string; body?: string; type?: string }[] = [
    { name: 'GET one entry, restconf', api: RESTCONF_REQUESTS, method: 'GET', path: RESTCONF_REQUESTS.getOne },
    { name: 'GET one entry, legacy', api: LEGACY_REQUESTS, method: 'GET', path: LEGACY_REQUESTS.getOne },
    {
      name: 'PATCH one leaf, restconf',
      api: RESTCONF_REQUESTS,
      method: 'PATCH',
      path: RESTCONF_REQUESTS.patchLeaf.path,
      body: RESTCONF_REQUESTS.patchLeaf.body,
      type: RESTCONF_REQUESTS.patchLeaf.type,
    },
    {
      name: 'PATCH one leaf, legacy',
      api: LEGACY_REQUESTS,
      method: 'PATCH',
      path: LEGACY_REQUESTS.patchLeaf.path,
      body: LEGACY_REQUESTS.patchLeaf.body,
      type: LEGACY_REQUESTS.patchLeaf.type,
    },
  ];
  const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
  for (const each of cases.filter((candidate) => candidate.name.includes(flags.only ?? ''))) {
    const request = {
      origin: server.url,
      method: each.method,
      path: each.path,
      ...(each.body === undefined ? {} : { body: each.body }),
      headers: {
        Authorization: client.authorization,
        Accept: each.api.jsonType,
        ...(each.type === undefined ? {} : { 'Content-Type': each.type }),
      },
      count: SIZE,
    };
    if (WARMUP > 0) await runWrk(request, 1, WARMUP);
    for (const connections of [1, 16]) {
      const before = cpuTimeMicros(server.child.pid);
      const result = await runWrk(request, connections, DURATION);
      const cpu = (cpuTimeMicros(server.child.pid) - before) / Math.max(1, result.requests);
      if (result.errors > 0) log(`${label}: ${each.name}: ${result.errors} errors`);
      add(`${each.name}, ${connections} connection${connections > 1 ? 's' : ''}|${label}`, {
        rate: result.requestsPerSecond,
        cpu,
        p50: result.p50,
        p99: result.p99,
      });
    }
  }
  client.close();
};

ensureWrk(log);
const dataDirs = new Map<string, string>();
try {
  for (const { label, root } of ROOTS) {
    dataDirs.set(label, await loadedDataDir(root, SIZE, 'idconf-request-cost-'));
  }
  for (let run = 0; run < RUNS; run++) {
    for (const { label, root, nodeArgs } of ROOTS) {
      log(`run ${run + 1}: ${label}`);
      const dataDir = dataDirs.get(label) as string;
      const server = await startIdconf({ dataDir, root, nodeArgs, timeoutMs: 120_000 + SIZE / 5 });
      try {
        await measure(server, label);
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  for (const dir of dataDirs.values()) rmSync(dir, { recursive: true, force: true });
}

const names = [...new Set([...samples.keys()].map((key) => key.split('|')[0] as string))];
const lines = [
  `${SIZE.toLocaleString('en')} entries, ${RUNS} runs of ${DURATION} s, median (min–max); CPU is the server's, all threads, per request`,
  '',
  `| request | checkout | req/s | CPU µs/request | p50 ms | p99 ms |`,
  '| --- | --- | --- | --- | --- | --- |',
];
for (const name of names) {
  for (const { label } of ROOTS) {
    const list = samples.get(`${name}|${label}`) ?? [];
    if (list.length === 0) continue;
    lines.push(
      `| ${name} | ${label} | ${medianRange(
        list.map((sample) => sample.rate),
        0,
      )} | ${medianRange(
        list.map((sample) => sample.cpu),
        0,
      )} | ${medianRange(
        list.map((sample) => sample.p50),
        2,
      )} | ${medianRange(
        list.map((sample) => sample.p99),
        2,
      )} |`,
    );
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
