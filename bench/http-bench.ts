/**
 * @module bench/http-bench
 * `npm run bench`: the end-to-end benchmark over real sockets (issue 9, DESIGN §6). For each
 * list size it starts `idconf serve` as its own process with the benchmark model and a fresh
 * data dir, loads the entries, and measures every request with wrk (throughput) or a
 * one-request-at-a-time client (latency), both in processes other than the server's. In the
 * same run it measures the machine's ceilings: a bare `node:http(s)` server answering the same
 * bytes as GET-one-entry, and `fdatasync` on the data dir's disk. Prints Markdown tables and
 * writes `bench/results/<date>.json`.
 *
 * Run: `npm run bench -- [--sizes 1000,100000] [--duration 3] [--runs 3] [--skip-https]
 * [--cpu-prof] [--out DIR] [--data-root DIR]`. Needs wrk (installed with apt-get when missing and run as root).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { residentMemory, type ServerProcess } from './child-process.ts';
import { measureFsync } from './fsync.ts';
import { BenchClient } from './http-client.ts';
import { ADMIN, startBaseline, startIdconf } from './idconf-server.ts';
import { checkTargets, rowsTable, targetsTable } from './report.ts';
import { Results, type RowInfo } from './results.ts';
import { type TlsFiles, writeSelfSignedTlsFiles } from './tls-files.ts';
import {
  type ApiRequests,
  createPatch,
  distinctIndexes,
  LEGACY,
  LEGACY_REQUESTS,
  legacyMergeBody,
  loadDocument,
  mergePatch,
  RESTCONF,
  RESTCONF_REQUESTS,
} from './workload.ts';
import { ensureWrk, runWrk, type WrkRequest } from './wrk.ts';

const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,100000' },
    duration: { type: 'string', default: '3' },
    runs: { type: 'string', default: '3' },
    'skip-https': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    'auth-cache': { type: 'boolean', default: false },
    out: { type: 'string', default: join(import.meta.dirname, 'results') },
    'data-root': { type: 'string', default: tmpdir() },
  },
});
const SIZES = (flags.sizes ?? '')
  .split(',')
  .map((text) => Number(text.replaceAll('_', '')))
  .filter((size) => Number.isInteger(size) && size > 0);
const DURATION = Number(flags.duration);
const RUNS = Math.max(1, Math.floor(Number(flags.runs)));
if (SIZES.length === 0 || !(DURATION > 0)) {
  process.stderr.write('usage: npm run bench -- [--sizes 1000,100000] [--duration SECONDS] [--runs N]\n');
  process.exit(2);
}

const started = performance.now();
const log = (line: string): void => {
  process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
};
const results = new Results();
const stamp = new Date();
const cpuProfileDir = flags['cpu-prof']
  ? join(flags.out, 'profiles', stamp.toISOString().replaceAll(':', '-'))
  : undefined;
if (cpuProfileDir !== undefined) mkdirSync(cpuProfileDir, { recursive: true });

const row = (
  subject: RowInfo['subject'],
  operation: string,
  variant: string,
  transport: RowInfo['transport'],
  unit: RowInfo['unit'],
  label: string,
): RowInfo => ({ id: `${subject}:${operation}:${variant}:${transport}`, subject, transport, unit, label });

const JSON_TYPE = 'application/yang-data+json';

/** Commits with a size-independent cost; samples per run of the one-at-a-time measurements. */
const WRITE_SAMPLES = 20;
/** Seconds of wrk before the measured runs of each request, so that the JIT has compiled its path. */
const WARM_UP_SECONDS = 1;
const PATCH_SAMPLES = 5;

const startTimeout = (size: number): number => 60_000 + size / 10;

const transportOf = (server: ServerProcess): 'http' | 'https' => (server.url.startsWith('https:') ? 'https' : 'http');

/** GET one random entry with 1 and 16 connections, interleaved with the bare baseline server. */
const measureGetOne = async (
  server: ServerProcess,
  client: BenchClient,
  api: ApiRequests,
  size: number,
  dataDir: string,
  tls: TlsFiles | undefined,
): Promise<void> => {
  const transport = transportOf(server);
  const sample = await client.send('GET', api.getOne.replace('{i}', String(Math.floor(size / 2))), {
    headers: { Accept: api.jsonType },
    expected: [200],
  });
  const bodyFile = join(dataDir, `baseline-${api.name}.json`);
  writeFileSync(bodyFile, sample.body);
  const baseline = await startBaseline(bodyFile, api.name === 'restconf' ? JSON_TYPE : api.jsonType, tls);
  const request: WrkRequest = {
    origin: server.url,
    method: 'GET',
    path: api.getOne,
    headers: { Authorization: client.authorization, Accept: api.jsonType },
    count: size,
  };
  try {
    await runWrk(request, 1, WARM_UP_SECONDS);
    await runWrk({ ...request, origin: baseline.url }, 1, WARM_UP_SECONDS);
    for (let run = 0; run < RUNS; run++) {
      for (const connections of [1, 16]) {
        const bare = await runWrk({ ...request, origin: baseline.url }, connections, DURATION);
        const ours = await runWrk(request, connections, DURATION);
        if (ours.errors > 0) results.note(`${api.name} GET one entry: ${ours.errors} failed requests at ${size}`);
        const variant = `c${connections}`;
        const plural = connections > 1 ? 's' : '';
        if (api.name === 'restconf') {
          results.add(
            row(
              'baseline',
              'get-one',
              variant,
              transport,
              'req/s',
              `bare node:${transport} server, same bytes, ${connections} connection${plural}`,
            ),
            size,
            [bare.requestsPerSecond],
          );
        }
        results.add(
          row(
            api.name,
            'get-one',
            variant,
            transport,
            'req/s',
            `GET one random entry, ${connections} connection${plural}`,
          ),
          size,
          [ours.requestsPerSecond],
        );
        results.add(
          row(
            api.name,
            'get-one-ratio',
            variant,
            transport,
            'ratio',
            `GET one entry ÷ bare server, ${connections} connection${plural}`,
          ),
          size,
          [ours.requestsPerSecond / bare.requestsPerSecond],
        );
        if (connections === 1 && ours.requests > 0) {
          results.add(row(api.name, 'get-one-p50', variant, transport, 'ms', 'GET one entry, p50 latency'), size, [
            ours.p50,
          ]);
        }
      }
    }
  } finally {
    await baseline.stop();
  }
};

/** PATCH one leaf of a random entry, durable, with 1 and 16 connections. */
const measurePatchLeaf = async (
  server: ServerProcess,
  client: BenchClient,
  api: ApiRequests,
  size: number,
): Promise<void> => {
  const transport = transportOf(server);
  const request: WrkRequest = {
    origin: server.url,
    method: 'PATCH',
    path: api.patchLeaf.path,
    body: api.patchLeaf.body,
    headers: { Authorization: client.authorization, 'Content-Type': api.patchLeaf.type },
    count: size,
  };
  await runWrk(request, 1, WARM_UP_SECONDS);
  for (let run = 0; run < RUNS; run++) {
    for (const connections of [1, 16]) {
      const result = await runWrk(request, connections, DURATION);
      if (result.requests === 0) results.note(`${api.name} PATCH one leaf: no answer within ${DURATION} s at ${size}`);
      if (result.errors > 0) results.note(`${api.name} PATCH one leaf: ${result.errors} failed requests at ${size}`);
      const plural = connections > 1 ? 's' : '';
      results.add(
        row(
          api.name,
          'patch-leaf',
          `c${connections}`,
          transport,
          'req/s',
          `PATCH one leaf, ${connections} connection${plural}`,
        ),
        size,
        [result.requestsPerSecond],
      );
      if (connections === 1 && result.requests > 0) {
        results.add(row(api.name, 'patch-leaf-p50', 'c1', transport, 'ms', 'PATCH one leaf, p50 latency'), size, [
          result.p50,
        ]);
        results.add(row(api.name, 'patch-leaf-p99', 'c1', transport, 'ms', 'PATCH one leaf, p99 latency'), size, [
          result.p99,
        ]);
      }
    }
  }
};

/** GET the whole list in JSON and XML: first byte, total, bytes. */
const measureGetAll = async (client: BenchClient, api: ApiRequests, size: number, transport: 'http' | 'https') => {
  const samples = size <= 10_000 ? RUNS * 3 : RUNS;
  for (const [format, accept] of [
    ['json', api.jsonType],
    ['xml', api.xmlType],
  ] as const) {
    await client.send('GET', api.getAll, { headers: { Accept: accept }, expected: [200] });
    for (let sample = 0; sample < samples; sample++) {
      const timing = await client.send('GET', api.getAll, { headers: { Accept: accept }, expected: [200] });
      const what = `GET the whole list, ${format.toUpperCase()}`;
      results.add(row(api.name, 'get-all-first-byte', format, transport, 'ms', `${what}: first byte`), size, [
        timing.firstByteMs,
      ]);
      results.add(row(api.name, 'get-all-total', format, transport, 'ms', `${what}: total`), size, [timing.totalMs]);
      results.add(row(api.name, 'get-all-bytes', format, transport, 'bytes', `${what}: size`), size, [timing.bytes]);
    }
  }
};

/** POST new entries one at a time, then DELETE them. */
const measurePostDelete = async (client: BenchClient, api: ApiRequests, size: number, transport: 'http' | 'https') => {
  const names: string[] = [];
  for (let sample = 0; sample < WRITE_SAMPLES * RUNS; sample++) {
    const name = `new-${api.name}-${sample}`;
    const post = api.post(name);
    const timing = await client.send('POST', post.path, {
      body: post.body,
      headers: { 'Content-Type': post.type },
      expected: [201],
    });
    names.push(name);
    results.add(row(api.name, 'post', 'c1', transport, 'ms', 'POST a new entry'), size, [timing.totalMs]);
  }
  for (const name of names) {
    const timing = await client.send('DELETE', api.deleteEntry(name), { expected: [204] });
    results.add(row(api.name, 'delete', 'c1', transport, 'ms', 'DELETE an entry'), size, [timing.totalMs]);
  }
};

/** A YANG Patch of 100 merge edits (legacy: one PATCH of the container naming 100 entries). */
const measurePatch100 = async (client: BenchClient, api: ApiRequests, size: number, transport: 'http' | 'https') => {
  for (let sample = 0; sample < PATCH_SAMPLES * RUNS; sample++) {
    const indexes = distinctIndexes(size, 100);
    const timing =
      api.name === 'restconf'
        ? await client.send('PATCH', `${RESTCONF}/data/bench:bench`, {
            body: mergePatch(indexes, 1_000_000 + sample * 1000),
            headers: { 'Content-Type': 'application/yang-patch+json' },
            expected: [200],
          })
        : await client.send('PATCH', `${LEGACY}/running/bench`, {
            body: legacyMergeBody(indexes, 1_000_000 + sample * 1000),
            headers: { 'Content-Type': api.jsonType },
            expected: [204],
          });
    const label = api.name === 'restconf' ? 'YANG Patch of 100 merge edits' : 'PATCH of 100 entries (merge)';
    results.add(row(api.name, 'patch-100', 'c1', transport, 'ms', label), size, [timing.totalMs]);
  }
};

/** Commits a one-leaf change, then times the rollback of that commit (apply-rollback-file / _rollback). */
const measureRollback = async (client: BenchClient, api: ApiRequests, size: number, transport: 'http' | 'https') => {
  for (let sample = 0; sample < PATCH_SAMPLES * RUNS; sample++) {
    const path = api.patchLeaf.path.replace('{i}', String(Math.floor(Math.random() * size)));
    const body = api.patchLeaf.body.replace('{n}', String(2_000_000 + sample));
    let timing: Awaited<ReturnType<BenchClient['send']>>;
    if (api.name === 'restconf') {
      const change = await client.send('PATCH', `${path}?rollback-id=true`, {
        body,
        headers: { 'Content-Type': api.patchLeaf.type },
        expected: [200],
      });
      const result = JSON.parse(change.body.toString('utf8')) as {
        'idconf-restconf:result': { rollback: { id: number } };
      };
      const fixedNumber = result['idconf-restconf:result'].rollback.id;
      timing = await client.send('POST', `${RESTCONF}/data/idconf-rollback:rollback-files/apply-rollback-file`, {
        body: JSON.stringify({ input: { 'fixed-number': String(fixedNumber) } }),
        headers: { 'Content-Type': JSON_TYPE },
        expected: [204],
      });
    } else {
      await client.send('PATCH', path, { body, headers: { 'Content-Type': api.patchLeaf.type }, expected: [204] });
      timing = await client.send('POST', `${LEGACY}/running/_rollback`, {
        body: '{"file": "0"}',
        headers: { 'Content-Type': 'application/vnd.yang.operation+json' },
        expected: [204],
      });
    }
    results.add(row(api.name, 'rollback', 'c1', transport, 'ms', 'apply the rollback of the last commit'), size, [
      timing.totalMs,
    ]);
  }
};

/** Every request of one API on a loaded server. */
const measureApi = async (server: ServerProcess, api: ApiRequests, size: number, dataDir: string) => {
  // Every request of this phase is plain HTTP.
  const transport = transportOf(server);
  const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
  try {
    log(`${size}: ${api.name} GET one entry (${transport}, wrk, ${RUNS} × ${DURATION} s × 2, with the baseline)`);
    await measureGetOne(server, client, api, size, dataDir, undefined);
    log(`${size}: ${api.name} PATCH one leaf (wrk)`);
    await measurePatchLeaf(server, client, api, size);
    log(`${size}: ${api.name} GET the whole list`);
    await measureGetAll(client, api, size, transport);
    log(`${size}: ${api.name} POST and DELETE`);
    await measurePostDelete(client, api, size, transport);
    log(`${size}: ${api.name} 100-edit patch`);
    await measurePatch100(client, api, size, transport);
    log(`${size}: ${api.name} rollback`);
    await measureRollback(client, api, size, transport);
  } finally {
    client.close();
  }
};

const recordMemory = (server: ServerProcess, size: number, what: 'load' | 'start' | 'bench'): void => {
  const memory = residentMemory(server.child.pid);
  const transport = transportOf(server);
  if (memory === undefined) return;
  const label = { load: 'after loading', start: 'after a cold start', bench: 'at the end of the measurements' }[what];
  results.add(row('idconf', `rss-after-${what}`, '-', transport, 'MiB', `resident memory ${label}`), size, [
    memory.rss,
  ]);
  if (what === 'load') {
    results.add(row('idconf', 'rss-peak-load', '-', transport, 'MiB', 'peak resident memory while loading'), size, [
      memory.peak,
    ]);
  }
};

const legacyAvailable = async (server: ServerProcess): Promise<boolean> => {
  const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
  try {
    const answer = await client.send('GET', `${LEGACY}/running/bench/label`, {
      headers: { Accept: LEGACY_REQUESTS.jsonType },
      expected: [200, 404, 405, 501],
    });
    const served = answer.status === 200;
    if (!served) {
      results.note(
        `legacy API rows skipped: GET ${LEGACY}/running/bench/label answered ${answer.status} (the legacy API is not served by this build)`,
      );
    }
    return served;
  } finally {
    client.close();
  }
};

/** Every measurement at one list size, in a fresh data dir. */
const measureSize = async (size: number): Promise<void> => {
  const dataDir = mkdtempSync(join(flags['data-root'], 'idconf-bench-'));
  const tls = flags['skip-https'] ? undefined : await writeSelfSignedTlsFiles(dataDir);
  const start = (transport: 'http' | 'https') =>
    startIdconf({
      dataDir,
      ...(transport === 'https' && tls !== undefined ? { tls } : {}),
      timeoutMs: startTimeout(size),
      authCache: flags['auth-cache'],
      ...(cpuProfileDir === undefined ? {} : { cpuProfileDir }),
    });
  try {
    results.add(row('disk', 'fdatasync', '-', '-', 'ms', 'append 4 KiB + fdatasync in the data dir'), size, [
      ...measureFsync(dataDir),
    ]);
    // 1. A first start on an empty data dir (HTTPS, as in production), then the load.
    const firstTransport = flags['skip-https'] ? 'http' : 'https';
    let server = await start(firstTransport);
    results.add(row('idconf', 'first-start', '-', firstTransport, 'ms', 'first start, empty data dir'), size, [
      server.startupMs,
    ]);
    log(`${size}: loading ${size} entries (PUT of the whole container)`);
    const document = loadDocument(size);
    let client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
    const load = await client.send('PUT', `${RESTCONF}/data/bench:bench`, {
      body: document,
      headers: { 'Content-Type': JSON_TYPE },
      expected: [201, 204],
    });
    client.close();
    results.add(row('restconf', 'load-put', '-', firstTransport, 'ms', 'load: PUT of the whole list'), size, [
      load.totalMs,
    ]);
    recordMemory(server, size, 'load');
    if (firstTransport === 'https') {
      log(`${size}: HTTPS GET one entry`);
      client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
      try {
        await measureGetOne(server, client, RESTCONF_REQUESTS, size, dataDir, tls);
      } finally {
        client.close();
      }
    }
    await server.stop();

    // 2. A cold start with the entries, then every request over plain HTTP.
    server = await start('http');
    results.add(row('idconf', 'cold-start', '-', 'http', 'ms', 'cold start with the entries'), size, [
      server.startupMs,
    ]);
    recordMemory(server, size, 'start');
    await measureApi(server, RESTCONF_REQUESTS, size, dataDir);
    if (await legacyAvailable(server)) await measureApi(server, LEGACY_REQUESTS, size, dataDir);
    recordMemory(server, size, 'bench');

    // 3. Loading again, by a YANG Patch with one create edit per entry.
    log(`${size}: DELETE the whole container, then load by YANG Patch (${size} create edits)`);
    client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
    try {
      const removal = await client.send('DELETE', `${RESTCONF}/data/bench:bench`, { expected: [204] });
      results.add(row('restconf', 'delete-all', '-', 'http', 'ms', 'DELETE the whole container'), size, [
        removal.totalMs,
      ]);
      const patched = await client.send('PATCH', `${RESTCONF}/data/bench:bench`, {
        body: createPatch(0, size),
        headers: { 'Content-Type': 'application/yang-patch+json' },
        expected: [200],
      });
      results.add(
        row('restconf', 'load-yang-patch', '-', 'http', 'ms', 'load: YANG Patch, one create per entry'),
        size,
        [patched.totalMs],
      );
    } finally {
      client.close();
    }
    const stopMs = await server.stop();
    results.add(row('idconf', 'stop', '-', 'http', 'ms', 'graceful stop (SIGTERM to exit)'), size, [stopMs]);

    // 4. More cold starts, for a median.
    for (let run = 1; run < RUNS; run++) {
      server = await start('http');
      results.add(row('idconf', 'cold-start', '-', 'http', 'ms', 'cold start with the entries'), size, [
        server.startupMs,
      ]);
      recordMemory(server, size, 'start');
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

ensureWrk(log);
mkdirSync(flags.out, { recursive: true });
const loadBefore = loadavg();
log(
  `sizes ${SIZES.join(', ')}; ${RUNS} runs of ${DURATION} s per wrk measurement; load average ${loadBefore.map((v) => v.toFixed(2)).join(' ')}`,
);
for (const size of SIZES) {
  log(`${size.toLocaleString('en')} entries`);
  await measureSize(size);
}
const loadAfter = loadavg();

const machine = {
  cpus: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  os: `${type()} ${release()}`,
  node: process.version,
  loadAverageBefore: loadBefore,
  loadAverageAfter: loadAfter,
};
const checks = checkTargets(results, SIZES);
const elapsed = (performance.now() - started) / 1000;
const report = [
  `## End-to-end benchmark, ${stamp.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  '',
  `Machine: ${machine.cpus} × ${machine.cpu}, ${machine.memoryGiB} GiB, ${machine.os}, Node.js ${machine.node}; ` +
    `load average ${loadBefore.map((v) => v.toFixed(2)).join(' ')} before, ${loadAfter.map((v) => v.toFixed(2)).join(' ')} after. ` +
    `${RUNS} runs of ${DURATION} s per wrk figure; median (min–max). Took ${Math.round(elapsed)} s.` +
    (flags['auth-cache']
      ? ' **Experiment `--auth-cache`: logins cached by bench/auth-cache-preload.ts, not the shipped server.**'
      : ''),
  '',
  rowsTable(results, SIZES),
  '',
  targetsTable(checks),
  ...(results.notes.length === 0 ? [] : ['', ...results.notes.map((note) => `- ${note}`)]),
].join('\n');
process.stdout.write(`\n${report}\n`);

const date = stamp.toISOString().slice(0, 10);
let file = join(flags.out, `${date}.json`);
for (let suffix = 2; existsSync(file); suffix++) file = join(flags.out, `${date}-${suffix}.json`);
writeFileSync(
  file,
  `${JSON.stringify(
    {
      date: stamp.toISOString(),
      options: {
        sizes: SIZES,
        duration: DURATION,
        runs: RUNS,
        https: !flags['skip-https'],
        authCache: flags['auth-cache'],
      },
      machine,
      elapsedSeconds: Math.round(elapsed),
      rows: [...results.rows.values()].map((entry) => ({
        ...entry,
        bySize: Object.fromEntries(entry.bySize),
      })),
      targets: checks,
      notes: results.notes,
    },
    null,
    2,
  )}\n`,
);
log(`written ${file}`);
