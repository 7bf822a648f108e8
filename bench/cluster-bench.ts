/**
 * @module bench/cluster-bench
 * The cluster figures of `npm run bench` (and `npm run bench:cluster` alone): idconf on the
 * embedded SQLite journal against idconf on a PostgreSQL journal (a throwaway server started here,
 * durable: `fsync=on`, `synchronous_commit=on`, as in production), over plain HTTP with kept-alive
 * connections and the benchmark model at 1,000 entries:
 *
 * - commit latency on one node: PATCH of one leaf, one request at a time, p50/p99;
 * - cross-node propagation: PATCH on node A, then GET on node B until it shows the value, from A's
 *   answer to B's (p50/p99; includes one GET round trip);
 * - commits/s with 24 writers: all on one node (SQLite, PostgreSQL), then 8 on each of three nodes.
 *
 * Run alone: `npm run bench:cluster -- [--duration 5] [--samples 300] [--out DIR]`; prints a
 * Markdown table and writes `bench/results/<date>-cluster.json`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { postgresMissing, startPostgres } from '../test/support/postgres.ts';
import type { ServerProcess } from './child-process.ts';
import { BenchClient } from './http-client.ts';
import { ADMIN, startIdconf } from './idconf-server.ts';
import { type Summary, summarize } from './statistics.ts';
import { loadDocument, RESTCONF } from './workload.ts';

/** Entries in the list while measuring. */
const ENTRIES = 1000;
/** The configuration key the nodes of the benchmark cluster share. */
const CLUSTER_KEY = 'be'.repeat(32);
const JSON_TYPE = 'application/yang-data+json';

/** Options of {@link measureCluster}. */
export interface ClusterBenchOptions {
  readonly log: (line: string) => void;
  /** Where the data directories go. */
  readonly dataRoot: string;
  /** Sequential commits per latency figure, and propagation samples. */
  readonly samples: number;
  /** Seconds per throughput figure. */
  readonly durationSeconds: number;
}

/** What {@link measureCluster} measured. */
export interface ClusterFigures {
  readonly sqliteLatency: Summary;
  readonly postgresLatency: Summary;
  readonly propagation: Summary;
  /** Commits per second with 24 writers. */
  readonly sqliteThroughput: number;
  readonly postgresThroughput: number;
  readonly threeNodeThroughput: number;
  /** Of the three-node figure, the commits each node made. */
  readonly perNode: readonly number[];
  readonly machine: { readonly cpus: number; readonly loadAverage: readonly number[] };
}

/** The body of a PATCH that sets one entry's `details/counter`. */
const counterPatch = (value: number): string => JSON.stringify({ 'bench:details': { counter: value } });
const detailsPath = (index: number): string => `${RESTCONF}/data/bench:bench/entry=entry-${index}/details`;

const startNode = (dataRoot: string, store: string | undefined): Promise<ServerProcess> =>
  startIdconf({
    dataDir: mkdtempSync(join(dataRoot, 'idconf-bench-cluster-')),
    timeoutMs: 120_000,
    ...(store === undefined
      ? {}
      : { extraArgs: ['--store', store], env: { IDCONF_CONFIG_ENCRYPTION_KEY: CLUSTER_KEY } }),
  });

const load = async (server: ServerProcess): Promise<void> => {
  const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
  try {
    await client.send('PUT', `${RESTCONF}/data/bench:bench`, {
      body: loadDocument(ENTRIES),
      headers: { 'Content-Type': JSON_TYPE },
      expected: [201, 204],
    });
  } finally {
    client.close();
  }
};

/** `samples` PATCHes of one leaf, one at a time: their latencies in ms. */
const commitLatency = async (server: ServerProcess, samples: number): Promise<number[]> => {
  const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
  const latencies: number[] = [];
  try {
    for (let sample = 0; sample < samples + 20; sample++) {
      const timing = await client.send('PATCH', detailsPath(sample % ENTRIES), {
        body: counterPatch(1_000_000 + sample),
        headers: { 'Content-Type': JSON_TYPE },
        expected: [204],
      });
      // The first requests warm the connection and the code paths up.
      if (sample >= 20) latencies.push(timing.totalMs);
    }
  } finally {
    client.close();
  }
  return latencies;
};

/** 24 writers (spread over `servers`) PATCHing random leaves for `seconds`: commits/s, and per server. */
const throughput = async (
  servers: readonly ServerProcess[],
  seconds: number,
): Promise<{ total: number; perServer: number[] }> => {
  const writersPerServer = Math.round(24 / servers.length);
  const counts = servers.map(() => 0);
  const deadline = performance.now() + seconds * 1000;
  let stamp = 2_000_000;
  await Promise.all(
    servers.flatMap((server, serverIndex) =>
      Array.from({ length: writersPerServer }, async () => {
        const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
        try {
          while (performance.now() < deadline) {
            await client.send('PATCH', detailsPath(Math.floor(Math.random() * ENTRIES)), {
              body: counterPatch(stamp++),
              headers: { 'Content-Type': JSON_TYPE },
              expected: [204],
            });
            counts[serverIndex] = (counts[serverIndex] ?? 0) + 1;
          }
        } finally {
          client.close();
        }
      }),
    ),
  );
  return {
    total: counts.reduce((sum, count) => sum + count, 0) / seconds,
    perServer: counts.map((count) => count / seconds),
  };
};

/**
 * PATCH on `writer`, then GET on `reader` until it shows the value: ms from the writer's answer
 * to the reader's first answer with the value, `samples` times.
 */
const propagation = async (writer: ServerProcess, reader: ServerProcess, samples: number): Promise<number[]> => {
  const writing = new BenchClient(writer.url, ADMIN.user, ADMIN.password);
  const reading = new BenchClient(reader.url, ADMIN.user, ADMIN.password);
  const delays: number[] = [];
  try {
    for (let sample = 0; sample < samples + 10; sample++) {
      const value = 3_000_000 + sample;
      await writing.send('PATCH', detailsPath(0), {
        body: counterPatch(value),
        headers: { 'Content-Type': JSON_TYPE },
        expected: [204],
      });
      const answered = performance.now();
      let seen = false;
      while (!seen) {
        const read = await reading.send('GET', `${detailsPath(0)}/counter`, {
          headers: { Accept: JSON_TYPE },
          expected: [200],
        });
        seen = read.body.toString('utf8').includes(`:${value}}`);
        if (performance.now() - answered > 10_000) throw new Error(`node B did not show ${value} within 10 s`);
      }
      if (sample >= 10) delays.push(performance.now() - answered);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    writing.close();
    reading.close();
  }
  return delays;
};

/** Every cluster figure; needs PostgreSQL (`postgresMissing` says why not). */
export const measureCluster = async (options: ClusterBenchOptions): Promise<ClusterFigures> => {
  const { log, dataRoot, samples, durationSeconds } = options;
  const running: ServerProcess[] = [];
  const postgres = await startPostgres({ durable: true });
  try {
    log('cluster: SQLite, one node');
    const sqlite = await startNode(dataRoot, undefined);
    running.push(sqlite);
    await load(sqlite);
    const sqliteLatency = summarize(await commitLatency(sqlite, samples));
    const sqliteThroughput = (await throughput([sqlite], durationSeconds)).total;
    await sqlite.stop();

    log('cluster: PostgreSQL, one node');
    const url = await postgres.createDatabase('bench_cluster');
    const first = await startNode(dataRoot, url);
    running.push(first);
    await load(first);
    const postgresLatency = summarize(await commitLatency(first, samples));
    const postgresThroughput = (await throughput([first], durationSeconds)).total;

    log('cluster: propagation between two nodes');
    const second = await startNode(dataRoot, url);
    running.push(second);
    const delays = summarize(await propagation(first, second, samples));

    log('cluster: writers on three nodes');
    const third = await startNode(dataRoot, url);
    running.push(third);
    const three = await throughput([first, second, third], durationSeconds);
    return {
      sqliteLatency,
      postgresLatency,
      propagation: delays,
      sqliteThroughput,
      postgresThroughput,
      threeNodeThroughput: three.total,
      perNode: three.perServer,
      machine: { cpus: cpus().length, loadAverage: loadavg() },
    };
  } finally {
    for (const server of running) await server.stop().catch(() => undefined);
    await postgres.close();
  }
};

const ms = (value: number | undefined): string => (value === undefined ? '–' : `${value.toFixed(2)} ms`);
const rate = (value: number): string => `${Math.round(value).toLocaleString('en')}/s`;

/** The figures as a Markdown table. */
export const clusterTable = (figures: ClusterFigures): string =>
  [
    `| measurement (${ENTRIES.toLocaleString('en')} entries, HTTP, kept-alive) | SQLite, 1 node | PostgreSQL, 1 node | PostgreSQL cluster |`,
    '| --- | --- | --- | --- |',
    `| commit latency, PATCH one leaf, one at a time: p50 / p99 | ${ms(figures.sqliteLatency.median)} / ${ms(figures.sqliteLatency.p99)} | ${ms(figures.postgresLatency.median)} / ${ms(figures.postgresLatency.p99)} | – |`,
    `| cross-node propagation (A answers → B shows it): p50 / p99 | – | – | 2 nodes: ${ms(figures.propagation.median)} / ${ms(figures.propagation.p99)} |`,
    `| commits/s, 24 writers | ${rate(figures.sqliteThroughput)} | ${rate(figures.postgresThroughput)} | 3 nodes × 8 writers: ${rate(figures.threeNodeThroughput)} (${figures.perNode.map(rate).join(', ')}) |`,
  ].join('\n');

if (import.meta.main) {
  const { values: flags } = parseArgs({
    options: {
      duration: { type: 'string', default: '5' },
      samples: { type: 'string', default: '300' },
      out: { type: 'string', default: join(import.meta.dirname, 'results') },
      'data-root': { type: 'string', default: tmpdir() },
    },
  });
  if (postgresMissing !== false) {
    process.stderr.write(`bench:cluster needs PostgreSQL: ${postgresMissing}\n`);
    process.exit(1);
  }
  const started = performance.now();
  const log = (line: string): void => {
    process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
  };
  const dataRoot = mkdtempSync(join(flags['data-root'], 'idconf-bench-'));
  try {
    const loadBefore = loadavg();
    const figures = await measureCluster({
      log,
      dataRoot,
      samples: Number(flags.samples),
      durationSeconds: Number(flags.duration),
    });
    const stamp = new Date();
    process.stdout.write(
      `\n## Cluster benchmark, ${stamp.toISOString().slice(0, 16).replace('T', ' ')} UTC\n\n` +
        `Machine: ${figures.machine.cpus} CPUs, load average ${loadBefore.map((v) => v.toFixed(2)).join(' ')} before, ` +
        `${figures.machine.loadAverage.map((v) => v.toFixed(2)).join(' ')} after.\n\n${clusterTable(figures)}\n`,
    );
    mkdirSync(flags.out, { recursive: true });
    const date = stamp.toISOString().slice(0, 10);
    let file = join(flags.out, `${date}-cluster.json`);
    for (let suffix = 2; existsSync(file); suffix++) file = join(flags.out, `${date}-cluster-${suffix}.json`);
    writeFileSync(
      file,
      `${JSON.stringify({ date: stamp.toISOString(), loadAverageBefore: loadBefore, ...figures }, null, 2)}\n`,
    );
    const biome = join(import.meta.dirname, '..', 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
    if (existsSync(biome)) spawnSync(process.execPath, [biome, 'format', '--write', file], { stdio: 'ignore' });
    log(`written ${file}`);
  } finally {
    rmSync(dataRoot, { recursive: true, force: true });
  }
}
