/**
 * @module bench/warm-pairs
 * GET one entry on warm servers side by side: one idconf per checkout (each loaded once, then
 * kept running) and the bare `node:http` server of `npm run bench`, measured in turns — short
 * wrk runs rotating over the servers, round after round — so that the neighbours' load hits
 * every server alike and no figure carries a cold start or the checkpoint after the load. For
 * each request it reports, per server, requests/s, the ratio to the bare server of the same
 * round, the server's CPU time per request (all threads, from `/proc`) and p99 latency, as
 * medians with their range over the rounds. `--env` runs a checkout a second time with an
 * environment variable (e.g. `IDCONF_FAST_ROUTES=0`, the general pipeline alone). `--busy 10,20`
 * adds bare servers that spin that many µs of CPU per request: the ratio a server reaches with a
 * given cost of its own, beside idconf's measured CPU per request.
 *
 * Run: `node bench/warm-pairs.ts [--size 100000] [--duration 2] [--rounds 6] [--roots DIR,DIR…]
 * [--env NAME=VALUE] [--busy µs,µs…] [--only TEXT]` (only the requests whose name contains TEXT).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ServerProcess } from './child-process.ts';
import { cpuTimeMicros } from './child-process.ts';
import { BenchClient } from './http-client.ts';
import { ADMIN, loadedDataDir, startBaseline, startIdconf } from './idconf-server.ts';
import { medianRange } from './statistics.ts';
import { type ApiRequests, LEGACY_REQUESTS, RESTCONF_REQUESTS } from './workload.ts';
import { ensureWrk, runWrk } from './wrk.ts';

const { values: flags } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '6' },
    roots: { type: 'string', default: join(import.meta.dirname, '..') },
    env: { type: 'string', default: '' },
    only: { type: 'string', default: '' },
    busy: { type: 'string', default: '' },
  },
});
const SIZE = Number(flags.size);
const DURATION = Number(flags.duration);
const ROUNDS = Math.max(1, Math.floor(Number(flags.rounds)));
const ROOTS = (flags.roots ?? '').split(',').filter((root) => root !== '');
const BUSY = (flags.busy ?? '')
  .split(',')
  .filter((each) => each !== '')
  .map(Number);
const log = (line: string): void => {
  process.stderr.write(`[warm-pairs] ${line}\n`);
};

interface Subject {
  readonly name: string;
  readonly root: string;
  readonly env: Readonly<Record<string, string>>;
  server?: ServerProcess;
}

const subjects: Subject[] = ROOTS.map((root) => ({ name: root, root, env: {} }));
if (flags.env !== undefined && flags.env !== '') {
  const [name = '', value = ''] = flags.env.split('=');
  const last = ROOTS.at(-1) as string;
  subjects.push({ name: `${last} ${name}=${value}`, root: last, env: { [name]: value } });
}

interface Sample {
  readonly rate: number;
  readonly ratio: number;
  readonly cpu: number;
  readonly p99: number;
}
const samples = new Map<string, Sample[]>();
const add = (key: string, sample: Sample): void => {
  samples.set(key, [...(samples.get(key) ?? []), sample]);
};

ensureWrk(log);
const dataDirs = new Map<string, string>();
const baselines: ServerProcess[] = [];
try {
  for (const subject of subjects) {
    log(`loading ${SIZE} entries into ${subject.name}`);
    const dataDir = await loadedDataDir(subject.root, SIZE, 'idconf-warm-pairs-');
    dataDirs.set(subject.name, dataDir);
    subject.server = await startIdconf({
      dataDir,
      root: subject.root,
      timeoutMs: 120_000 + SIZE / 5,
      env: subject.env,
    });
  }
  const first = subjects[0]?.server as ServerProcess;
  const client = new BenchClient(first.url, ADMIN.user, ADMIN.password);
  const apis: ApiRequests[] = [RESTCONF_REQUESTS, LEGACY_REQUESTS];
  const bare = new Map<ApiRequests, ServerProcess>();
  const busy = new Map<ApiRequests, { name: string; server: ServerProcess }[]>();
  for (const api of apis) {
    const sample = await client.send('GET', api.getOne.replace('{i}', String(Math.floor(SIZE / 2))), {
      headers: { Accept: api.jsonType },
      expected: [200],
    });
    const bodyFile = join(dataDirs.get(subjects[0]?.name as string) as string, `baseline-${api.name}.json`);
    writeFileSync(bodyFile, sample.body);
    const baseline = await startBaseline(bodyFile, api.jsonType);
    baselines.push(baseline);
    bare.set(api, baseline);
    const spinning: { name: string; server: ServerProcess }[] = [];
    for (const micros of BUSY) {
      const server = await startBaseline(bodyFile, api.jsonType, undefined, micros);
      baselines.push(server);
      spinning.push({ name: `bare node:http + ${micros} µs busy`, server });
    }
    busy.set(api, spinning);
  }
  const request = (api: ApiRequests, origin: string) => ({
    origin,
    method: 'GET',
    path: api.getOne,
    headers: { Authorization: client.authorization, Accept: api.jsonType },
    count: SIZE,
  });
  // Warm-up: every server answers for a while before anything is measured.
  for (const api of apis) {
    for (const subject of subjects) await runWrk(request(api, subject.server?.url as string), 16, 2);
    await runWrk(request(api, bare.get(api)?.url as string), 16, 1);
    for (const each of busy.get(api) ?? []) await runWrk(request(api, each.server.url), 16, 1);
  }
  for (let round = 0; round < ROUNDS; round++) {
    log(`round ${round + 1} of ${ROUNDS}`);
    for (const api of apis) {
      for (const connections of [1, 16]) {
        const name = `GET one entry, ${api.name}, ${connections} connection${connections > 1 ? 's' : ''}`;
        if (!name.includes(flags.only ?? '')) continue;
        const servers: { name: string; server: ServerProcess }[] = [
          { name: 'bare node:http', server: bare.get(api) as ServerProcess },
          ...(busy.get(api) ?? []),
          ...subjects.map((subject) => ({ name: subject.name, server: subject.server as ServerProcess })),
        ];
        // The order rotates every round, so that no server always follows the same one.
        const shift = round % servers.length;
        const order = [...servers.slice(shift), ...servers.slice(0, shift)];
        const measured = new Map<string, { rate: number; cpu: number; p99: number }>();
        for (const each of order) {
          const before = cpuTimeMicros(each.server.child.pid);
          const result = await runWrk(request(api, each.server.url), connections, DURATION);
          if (result.errors > 0) log(`${each.name}: ${name}: ${result.errors} errors`);
          measured.set(each.name, {
            rate: result.requestsPerSecond,
            cpu: (cpuTimeMicros(each.server.child.pid) - before) / Math.max(1, result.requests),
            p99: result.p99,
          });
        }
        const bareRate = measured.get('bare node:http')?.rate ?? Number.NaN;
        for (const [server, figures] of measured)
          add(`${name}|${server}`, { ...figures, ratio: figures.rate / bareRate });
      }
    }
  }
  client.close();
} finally {
  for (const subject of subjects) await subject.server?.stop();
  for (const baseline of baselines) await baseline.stop();
  for (const dir of dataDirs.values()) rmSync(dir, { recursive: true, force: true });
}

const lines = [
  `${SIZE.toLocaleString('en')} entries, ${ROUNDS} rounds of ${DURATION} s per server, median (min–max); CPU is the server's, all threads, per request`,
  '',
  '| request | server | req/s | ÷ bare | CPU µs/request | p99 ms |',
  '| --- | --- | --- | --- | --- | --- |',
];
for (const [key, list] of samples) {
  const [name, server] = key.split('|');
  lines.push(
    `| ${name} | ${server} | ${medianRange(
      list.map((sample) => sample.rate),
      0,
    )} | ${medianRange(
      list.map((sample) => sample.ratio),
      2,
    )} | ${medianRange(
      list.map((sample) => sample.cpu),
      0,
    )} | ${medianRange(
      list.map((sample) => sample.p99),
      2,
    )} |`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
