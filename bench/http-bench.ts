/**
 * @module bench/http-bench
 * `npm run bench`: the end-to-end benchmark over real sockets (issue 9, DESIGN §6). For each
 * list size it starts `idconf serve` as its own process with the benchmark model and a fresh
 * data dir, loads the entries, and measures every request with wrk (throughput) or a
 * one-request-at-a-time client (latency), both in processes other than the server's. In the
 * same run it measures what NACM costs a read (the whole list and one entry by a user a rule
 * hides half the list from, against the same reads without NACM; bench/measure-nacm.ts), GET
 * one entry as an LDAP user against the local admin (when slapd is
 * installed; bench/measure-ldap-login.ts) and the machine's ceilings: a bare `node:http(s)` server answering the same
 * bytes as GET-one-entry, and `fdatasync` on the data dir's disk. When PostgreSQL is installed it
 * ends with the cluster figures (bench/cluster-bench.ts: commit latency on a PostgreSQL journal
 * against SQLite, cross-node propagation, commits/s with writers on three nodes). Prints Markdown
 * tables and writes `bench/results/<date>.json`.
 *
 * It also measures the event stream (bench/measure-events.ts): commit-to-delivery latency with
 * one and a thousand subscribers, and the memory of a thousand idle ones.
 *
 * Run: `npm run bench -- [--sizes 1000,100000] [--duration 3] [--runs 3] [--skip-https]
 * [--skip-cluster] [--cpu-prof] [--out DIR] [--data-root DIR] [--events-only]
 * [--subscriber-processes 2]`. Needs wrk (installed with apt-get when missing and run as root);
 * `--events-only` measures only the event stream (no wrk), over HTTP and HTTPS;
 * `--subscriber-processes` is the number of child processes the event stream's subscribers are
 * spread over.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hashPassword } from '../src/auth/index.ts';
import { postgresMissing } from '../test/support/postgres.ts';
import { residentMemory, type ServerProcess, takeUnexpectedExits } from './child-process.ts';
import { type ClusterFigures, clusterTable, measureCluster } from './cluster-bench.ts';
import { measureFsync } from './fsync.ts';
import { BenchClient } from './http-client.ts';
import { ADMIN, startIdconf } from './idconf-server.ts';
import { type BenchContext, measureApi, measureGetOne, row, transportOf } from './measure-api.ts';
import { measureEvents } from './measure-events.ts';
import { ldapLoginUnavailable, measureLdapLogin } from './measure-ldap-login.ts';
import { measureNacmGetAll, measureNacmGetOne, NACM_READER, NACM_REQUESTS, setUpNacmBench } from './measure-nacm.ts';
import { measureWriters } from './measure-writers.ts';
import { checkRoundTwoTargets, checkTargets, rowsTable, targetsTable } from './report.ts';
import { Results } from './results.ts';
import { DEFAULT_SUBSCRIBER_PROCESSES } from './subscriber-processes.ts';
import { writeSelfSignedTlsFiles } from './tls-files.ts';
import { createPatch, LEGACY, LEGACY_REQUESTS, loadDocument, RESTCONF, RESTCONF_REQUESTS } from './workload.ts';
import { ensureWrk } from './wrk.ts';

const { values: flags } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,100000' },
    duration: { type: 'string', default: '3' },
    runs: { type: 'string', default: '3' },
    'skip-https': { type: 'boolean', default: false },
    'skip-cluster': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    out: { type: 'string', default: join(import.meta.dirname, 'results') },
    'data-root': { type: 'string', default: tmpdir() },
    'events-only': { type: 'boolean', default: false },
    'subscriber-processes': { type: 'string', default: String(DEFAULT_SUBSCRIBER_PROCESSES) },
  },
});
const EVENTS_ONLY = flags['events-only'] === true;
const SIZES = (flags.sizes ?? '')
  .split(',')
  .map((text) => Number(text.replaceAll('_', '')))
  .filter((size) => Number.isInteger(size) && size > 0);
const DURATION = Number(flags.duration);
const SUBSCRIBER_PROCESSES = Math.max(1, Math.floor(Number(flags['subscriber-processes'])));
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

const context: BenchContext = { results, runs: RUNS, duration: DURATION, log };
const JSON_TYPE = 'application/yang-data+json';
const startTimeout = (size: number): number => 60_000 + size / 10;

const recordMemory = (server: ServerProcess, size: number, what: 'load' | 'start' | 'bench'): void => {
  const memory = residentMemory(server.child.pid);
  // The load phase runs over HTTPS unless --skip-https; its rows do not depend on the transport.
  const transport = what === 'load' ? '-' : transportOf(server);
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

/**
 * DELETE of the whole container, then the same entries loaded again by one YANG Patch of
 * `size` create edits (`patchBody`); records both times.
 */
const reloadByYangPatch = async (server: ServerProcess, size: number, patchBody: Buffer): Promise<void> => {
  log(`${size}: DELETE the whole container, then load by YANG Patch (${size} create edits)`);
  const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
  try {
    const removal = await client.send('DELETE', `${RESTCONF}/data/bench:bench`, { expected: [204] });
    results.add(row('restconf', 'delete-all', '-', 'http', 'ms', 'DELETE the whole container'), size, [
      removal.totalMs,
    ]);
    const patched = await client.send('PATCH', `${RESTCONF}/data/bench:bench`, {
      body: patchBody,
      headers: { 'Content-Type': 'application/yang-patch+json' },
      expected: [200],
    });
    results.add(row('restconf', 'load-yang-patch', '-', 'http', 'ms', 'load: YANG Patch, one create per entry'), size, [
      patched.totalMs,
    ]);
  } finally {
    client.close();
  }
};

/** Every measurement at one list size, in a fresh data dir. */
const measureSize = async (size: number): Promise<void> => {
  const dataDir = mkdtempSync(join(flags['data-root'], 'idconf-bench-'));
  const tls = flags['skip-https'] ? undefined : await writeSelfSignedTlsFiles(dataDir);
  // The server started last: stopped at the end even when a step fails, so that the next steps
  // do not run beside it (and the harness can exit).
  let latest: ServerProcess | undefined;
  const start = async (transport: 'http' | 'https'): Promise<ServerProcess> => {
    latest = await startIdconf({
      dataDir,
      ...(transport === 'https' && tls !== undefined ? { tls } : {}),
      timeoutMs: startTimeout(size),
      ...(cpuProfileDir === undefined ? {} : { cpuProfileDir }),
    });
    return latest;
  };
  try {
    results.add(row('disk', 'fdatasync', '-', '-', 'ms', 'append 4 KiB + fdatasync in the data dir'), size, [
      ...measureFsync(dataDir),
    ]);
    // 1. A first start on an empty data dir (HTTPS, as in production), then the load.
    const firstTransport = flags['skip-https'] ? 'http' : 'https';
    let server = await start(firstTransport);
    results.add(row('idconf', 'first-start', '-', '-', 'ms', 'first start, empty data dir'), size, [server.startupMs]);
    log(`${size}: loading ${size} entries (PUT of the whole container)`);
    const document = loadDocument(size);
    let client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
    const load = await client.send('PUT', `${RESTCONF}/data/bench:bench`, {
      body: document,
      headers: { 'Content-Type': JSON_TYPE },
      expected: [201, 204],
    });
    client.close();
    results.add(row('restconf', 'load-put', '-', '-', 'ms', 'load: PUT of the whole list'), size, [load.totalMs]);
    recordMemory(server, size, 'load');
    if (firstTransport === 'https') {
      log(`${size}: HTTPS GET one entry`);
      client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
      try {
        await measureGetOne(context, server, client, RESTCONF_REQUESTS, size, dataDir, tls);
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
    await measureApi(context, server, RESTCONF_REQUESTS, size, dataDir);
    if (await legacyAvailable(server)) await measureApi(context, server, LEGACY_REQUESTS, size, dataDir);
    await measureEvents(context, server, size, SUBSCRIBER_PROCESSES);
    recordMemory(server, size, 'bench');

    // 3. Loading again, by a YANG Patch with one create edit per entry.
    // Built and encoded first: making a large body takes seconds, and the kept-alive connection
    // would time out (idle 5 s + 1 s) between the DELETE and the PATCH.
    const patchBody = Buffer.from(createPatch(0, size), 'utf8');
    await reloadByYangPatch(server, size, patchBody);
    const stopMs = await server.stop();
    results.add(row('idconf', 'stop', '-', 'http', 'ms', 'graceful stop (SIGTERM to exit)'), size, [stopMs]);

    // 4. More cold starts, for a median.
    for (let run = 1; run < RUNS; run++) {
      server = await start('http');
      results.add(row('idconf', 'cold-start', '-', 'http', 'ms', 'cold start with the entries'), size, [
        server.startupMs,
      ]);
      recordMemory(server, size, 'start');
      // The reload again, on this server: its row is a median of RUNS, as the cold start's is.
      await reloadByYangPatch(server, size, patchBody);
      await server.stop();
    }
  } finally {
    await latest?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/**
 * What NACM costs a read (bench/measure-nacm.ts), on a server of its own: the whole list and one
 * entry, by a reader a key-predicate rule hides half of the list from, against the same reads
 * without NACM.
 */
const measureNacmSize = async (size: number): Promise<void> => {
  const dataDir = mkdtempSync(join(flags['data-root'], 'idconf-bench-nacm-'));
  try {
    const server = await startIdconf({
      dataDir,
      timeoutMs: startTimeout(size),
      ...(cpuProfileDir === undefined ? {} : { cpuProfileDir }),
    });
    try {
      log(`${size}: NACM: loading ${size} zoned entries and a copy of the visible half; the reader`);
      const admin = new BenchClient(server.url, ADMIN.user, ADMIN.password);
      try {
        await setUpNacmBench(admin, size, await hashPassword(NACM_READER.password));
      } finally {
        admin.close();
      }
      for (const api of NACM_REQUESTS) {
        log(`${size}: NACM: ${api.name} GET the whole list, with and without NACM, interleaved`);
        await measureNacmGetAll(context, server, api, size);
        log(`${size}: NACM: ${api.name} GET one entry, with and without NACM, alternating (wrk)`);
        await measureNacmGetOne(context, server, api, size);
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/** The event stream alone (`--events-only`): one server per size and transport, loaded as above. */
const measureEventsOnly = async (size: number): Promise<void> => {
  const dataDir = mkdtempSync(join(flags['data-root'], 'idconf-bench-'));
  const tls = flags['skip-https'] ? undefined : await writeSelfSignedTlsFiles(dataDir);
  try {
    for (const transport of tls === undefined ? (['http'] as const) : (['http', 'https'] as const)) {
      const server = await startIdconf({
        dataDir,
        ...(transport === 'https' && tls !== undefined ? { tls } : {}),
        timeoutMs: startTimeout(size),
        ...(cpuProfileDir === undefined ? {} : { cpuProfileDir }),
      });
      try {
        const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
        const loaded = await client.send('GET', `${RESTCONF}/data/bench:bench/label`, { expected: [200, 404] });
        if (loaded.status === 404)
          await client.send('PUT', `${RESTCONF}/data/bench:bench`, {
            body: loadDocument(size),
            headers: { 'Content-Type': JSON_TYPE },
            expected: [201, 204],
          });
        client.close();
        await measureEvents(context, server, size, SUBSCRIBER_PROCESSES);
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (!EVENTS_ONLY) ensureWrk(log);
mkdirSync(flags.out, { recursive: true });
const loadBefore = loadavg();
log(
  `sizes ${SIZES.join(', ')}; ${RUNS} runs of ${DURATION} s per wrk measurement; load average ${loadBefore.map((v) => v.toFixed(2)).join(' ')}`,
);
const date = stamp.toISOString().slice(0, 10);
let file = join(flags.out, `${date}.json`);
for (let suffix = 2; existsSync(file); suffix++) file = join(flags.out, `${date}-${suffix}.json`);
let cluster: ClusterFigures | undefined;
let failedSteps = 0;

/**
 * Writes the figures so far to `file` (again after every step, so that a late failure loses
 * none); `complete` is false until the last step has run.
 */
const writeResults = (file: string, complete: boolean): void => {
  const machine = {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${type()} ${release()}`,
    node: process.version,
    loadAverageBefore: loadBefore,
    loadAverageAfter: loadavg(),
  };
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        date: stamp.toISOString(),
        complete,
        options: {
          sizes: SIZES,
          duration: DURATION,
          runs: RUNS,
          https: !flags['skip-https'],
          subscriberProcesses: SUBSCRIBER_PROCESSES,
        },
        machine,
        elapsedSeconds: Math.round((performance.now() - started) / 1000),
        rows: [...results.rows.values()].map((entry) => ({
          ...entry,
          bySize: Object.fromEntries(entry.bySize),
        })),
        targets: checkTargets(results, SIZES),
        roundTwoTargets: checkRoundTwoTargets(results, SIZES),
        ...(cluster === undefined ? {} : { cluster }),
        notes: results.notes,
      },
      null,
      2,
    )}\n`,
  );
  // The repository's `biome check .` (npm test) reads bench/ and would fail on JSON formatted
  // otherwise: format the file as Biome does.
  const biome = join(import.meta.dirname, '..', 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
  if (existsSync(biome)) spawnSync(process.execPath, [biome, 'format', '--write', file], { stdio: 'ignore' });
};

/**
 * Runs one step, then writes the figures so far: a step that fails late (a lost connection, a
 * server that died) is noted, the others still run, and no earlier figure is lost.
 */
const step = async (name: string, run: () => Promise<void>): Promise<void> => {
  try {
    await run();
  } catch (error) {
    failedSteps++;
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const exits = takeUnexpectedExits();
    const why = exits.length === 0 ? '' : `; ${exits.join('; ')}`;
    log(`${name} failed: ${reason}${why}`);
    results.note(`${name} failed: ${reason}${why}`);
  }
  writeResults(file, false);
  log(`figures so far written to ${file}`);
};

for (const size of SIZES) {
  log(`${size.toLocaleString('en')} entries`);
  if (EVENTS_ONLY) await step(`${size}: events`, () => measureEventsOnly(size));
  else {
    await step(`${size}: the API measurements`, () => measureSize(size));
    await step(`${size}: NACM`, () => measureNacmSize(size));
    await step(`${size}: durable writers`, () => {
      log(`${size}: durable commits/s with 1 and 16 writers (bench/writers.ts, no HTTP)`);
      return measureWriters(context, size, flags['data-root'] ?? tmpdir());
    });
  }
}
// GET one entry as an LDAP user against the local admin: needs slapd.
const ldapUnavailable = EVENTS_ONLY ? 'LDAP login rows skipped (--events-only)' : ldapLoginUnavailable();
if (ldapUnavailable === undefined) {
  for (const size of SIZES)
    await step(`${size}: LDAP login`, () => measureLdapLogin(context, size, flags['data-root']));
} else {
  log(ldapUnavailable);
  results.note(ldapUnavailable);
}
// The cluster figures: needs PostgreSQL.
if (flags['skip-cluster']) results.note('cluster figures skipped (--skip-cluster)');
else if (postgresMissing !== false) {
  log(`cluster figures skipped: ${postgresMissing}`);
  results.note(`cluster figures skipped: ${postgresMissing}`);
} else {
  const clusterRoot = mkdtempSync(join(flags['data-root'], 'idconf-bench-'));
  try {
    await step('the cluster', async () => {
      cluster = await measureCluster({ log, dataRoot: clusterRoot, samples: 300, durationSeconds: DURATION });
    });
  } finally {
    rmSync(clusterRoot, { recursive: true, force: true });
  }
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
    `${RUNS} run${RUNS > 1 ? 's' : ''} of ${DURATION} s per wrk figure; median (min–max). Took ${Math.round(elapsed)} s.`,
  '',
  rowsTable(results, SIZES),
  '',
  targetsTable(checks),
  '',
  targetsTable(checkRoundTwoTargets(results, SIZES), 'second-round target'),
  ...(cluster === undefined ? [] : ['', '### Cluster (PostgreSQL journal)', '', clusterTable(cluster)]),
  ...(results.notes.length === 0 ? [] : ['', ...results.notes.map((note) => `- ${note}`)]),
].join('\n');
process.stdout.write(`\n${report}\n`);

writeResults(file, true);
log(`written ${file}`);
if (failedSteps > 0) process.exitCode = 1;
