/**
 * @module bench/write-soak
 * Whether a server's memory stays put under a long stream of writes: for each setting of Node.js
 * options in turn, a fresh server (loaded with SIZE entries, `--trace-gc`) takes PATCHes of one
 * leaf at 16 connections for MINUTES, in slices of INTERVAL seconds. After each slice it reads the
 * server's resident memory and the V8 heap after the last full collection (in use, and committed:
 * a heap that fragments commits more and more pages for the same objects in use), and lists the
 * slice's mark-compacts with their pauses. Made for `--no-compact` (full collections that never
 * move objects), whose risk is exactly such fragmentation over hours of writes.
 *
 * Run: `node bench/write-soak.ts [--size 1000000] [--minutes 10] [--interval 30]
 * [--api restconf|legacy] "--settings=;--no-compact"` (Node.js options per setting, separated by
 * `;`, each after the shipped ones; an empty setting is the server as shipped). Prints a Markdown
 * table per setting.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { residentMemory } from './child-process.ts';
import { BenchClient } from './http-client.ts';
import { ADMIN, loadedDataDir, nodeArgsOf, startIdconf } from './idconf-server.ts';
import { followServerOutput } from './server-output.ts';
import { LEGACY_REQUESTS, RESTCONF_REQUESTS } from './workload.ts';
import { ensureWrk, patchLeafRequest, runWrk } from './wrk.ts';

const { values: flags } = parseArgs({
  options: {
    size: { type: 'string', default: '1000000' },
    minutes: { type: 'string', default: '10' },
    interval: { type: 'string', default: '30' },
    api: { type: 'string', default: 'restconf' },
    settings: { type: 'string', default: ';--no-compact' },
  },
});
const SIZE = Number(flags.size);
const MINUTES = Number(flags.minutes);
const INTERVAL = Math.max(1, Number(flags.interval));
const API = flags.api === 'legacy' ? LEGACY_REQUESTS : RESTCONF_REQUESTS;
const SETTINGS = (flags.settings ?? '').split(';').map(nodeArgsOf);
const log = (line: string): void => {
  process.stderr.write(`[write-soak] ${line}\n`);
};

/**
 * A `--trace-gc` mark-compact line: its isolate, heap before, after (in use, committed), pause and
 * marking wall time. Worker threads' isolates trace too; only the main thread's is reported.
 */
const MARK_COMPACT =
  /^\[\d+:(0x[0-9a-f]+)\].*?: Mark-Compact ([\d.]+) \([\d.]+\) -> ([\d.]+) \(([\d.]+)\) MB.*?, ([\d.]+) \/ [\d.]+ ms .*?walltime since start of marking (\d+) ms/;

interface FullCollection {
  readonly isolate: string;
  readonly inUse: number;
  readonly committed: number;
  readonly pauseMs: number;
  readonly markingMs: number;
}

const fullCollectionOf = (line: string): FullCollection | undefined => {
  const match = MARK_COMPACT.exec(line);
  if (match === null) return undefined;
  return {
    isolate: match[1] as string,
    inUse: Number(match[3]),
    committed: Number(match[4]),
    pauseMs: Number(match[5]),
    markingMs: Number(match[6]),
  };
};

/** The soak of one setting: a table row per slice. */
const soak = async (setting: readonly string[]): Promise<string[]> => {
  const name = setting.length === 0 ? 'shipped' : setting.join(' ');
  log(`${name}: loading ${SIZE} entries`);
  const dataDir = await loadedDataDir(join(import.meta.dirname, '..'), SIZE, 'idconf-write-soak-');
  const rows = [
    `${name}: ${SIZE.toLocaleString('en')} entries, PATCH one leaf (${API.name}) at 16 connections`,
    '',
    '| minute | PATCHes so far | PATCHes/s | resident (MiB) | V8 heap after the last full collection, in use / committed (MB) | mark-compacts in the slice: pause (marking) |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  try {
    const server = await startIdconf({ dataDir, timeoutMs: 120_000 + SIZE / 5, nodeArgs: ['--trace-gc', ...setting] });
    let collections: FullCollection[] = [];
    let last: FullCollection | undefined;
    // The main thread's isolate: the first with a heap the entries could fill (over 100 bytes
    // each, and over 20 MB: the worker threads' heaps stay smaller).
    let mainIsolate: string | undefined;
    followServerOutput(server.child, log, (line) => {
      const collection = fullCollectionOf(line);
      if (collection === undefined) return false;
      if (mainIsolate === undefined && collection.inUse > Math.max(20, SIZE / 10_000)) mainIsolate = collection.isolate;
      if (collection.isolate === mainIsolate) {
        collections.push(collection);
        last = collection;
      }
      return true;
    });
    const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
    try {
      const patch = patchLeafRequest(server.url, client.authorization, API.patchLeaf, SIZE);
      const started = performance.now();
      let patches = 0;
      while (performance.now() - started < MINUTES * 60_000) {
        collections = [];
        const result = await runWrk(patch, 16, INTERVAL);
        patches += result.requests;
        const memory = residentMemory(server.child.pid);
        const minute = (performance.now() - started) / 60_000;
        const heap = last === undefined ? '–' : `${last.inUse} / ${last.committed}`;
        const pauses = collections.map((c) => `${c.pauseMs.toFixed(1)} (${c.markingMs})`).join(', ') || '–';
        const failed = result.errors > 0 ? ` (${result.errors} failed)` : '';
        rows.push(
          `| ${minute.toFixed(1)} | ${patches.toLocaleString('en')} | ${Math.round(result.requestsPerSecond).toLocaleString('en')}${failed} | ` +
            `${memory === undefined ? '–' : Math.round(memory.rss)} | ${heap} | ${pauses} |`,
        );
        log(rows.at(-1) ?? '');
      }
    } finally {
      client.close();
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
};

ensureWrk(log);
const tables: string[] = [];
for (const setting of SETTINGS) tables.push((await soak(setting)).join('\n'));
process.stdout.write(`${tables.join('\n\n')}\n`);
