/**
 * @module bench/writers
 * Durable commits per second with concurrent writers, in a process of its own (`npm run bench`
 * runs it once per list size; bench/measure-writers.ts). The datastore on the benchmark model
 * with the server's SQLite journal (its own thread, WAL, synchronous=FULL) and the server's
 * checkpoint cadence; each writer commits one-leaf changes one after the other, each awaited until
 * durable, so concurrent writers are made durable together by group commit. No HTTP: the figure
 * is the datastore's ceiling, which the request path then shares a core with.
 *
 * Run: `node --expose-gc bench/writers.ts [--size 100000] [--writers 1,16] [--duration 3]
 * [--runs 3] [--data-root DIR]`. Prints one JSON line per run: `{"writers":16,"commitsPerSecond":…,
 * "groups":…}`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { DataTree, InstancePath } from '../src/data/index.ts';
import { applyEdit, decodeJson } from '../src/data/index.ts';
import { Datastore, SqliteJournalStore } from '../src/datastore/index.ts';
import type { ContainerNode, LeafNode, ListNode, SchemaTree } from '../src/yang/index.ts';
import { testSchema } from '../test/support/test-schema.ts';
import { loadDocument } from './workload.ts';

const { values: flags } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    writers: { type: 'string', default: '1,16' },
    duration: { type: 'string', default: '3' },
    runs: { type: 'string', default: '3' },
    'data-root': { type: 'string', default: tmpdir() },
  },
});
const SIZE = Number(flags.size);
const WRITERS = (flags.writers ?? '').split(',').map(Number);
const DURATION_MS = Number(flags.duration) * 1000;
const RUNS = Math.max(1, Math.floor(Number(flags.runs)));

const schema: SchemaTree = testSchema([readFileSync(join(import.meta.dirname, 'bench.yang'), 'utf8')]);
const bench = schema.children.find((node) => node.name === 'bench') as ContainerNode;
const entry = bench.children.find((node) => node.name === 'entry') as ListNode;
const value = entry.children.find((node) => node.name === 'value') as LeafNode;

const leafPath = (index: number): InstancePath => [
  { schema: bench },
  { schema: entry, keys: [`entry-${index}`] },
  { schema: value },
];

let tick = 1_000_000_000;
const setLeaf =
  (index: number) =>
  (root: DataTree): DataTree =>
    applyEdit(root, { operation: 'merge', target: leafPath(index), value: tick++ });

const WHO = { user: 'bench', via: 'cli' } as const;

const dataDir = mkdtempSync(join(flags['data-root'] ?? tmpdir(), 'idconf-bench-writers-'));
try {
  const datastore = await Datastore.open({
    schema,
    journal: new SqliteJournalStore({ dataDir }),
    initial: () => decodeJson(schema, JSON.parse(loadDocument(SIZE)), { schema, config: true }),
  });
  try {
    // The load's checkpoint and garbage out of the way, as after a server's start.
    await datastore.checkpoint();
    globalThis.gc?.();
    // Warm-up: the code paths compiled, the WAL grown.
    for (let index = 0; index < 2000; index++) await datastore.commit(setLeaf(index % SIZE), WHO);
    let random = 12345;
    const nextIndex = (): number => {
      random = (random * 1103515245 + 12345) % 2 ** 31;
      return random % SIZE;
    };
    for (let run = 0; run < RUNS; run++) {
      for (const writers of WRITERS) {
        let commits = 0;
        const deadline = performance.now() + DURATION_MS;
        const begin = performance.now();
        await Promise.all(
          Array.from({ length: writers }, async () => {
            while (performance.now() < deadline) {
              await datastore.commit(setLeaf(nextIndex()), WHO);
              commits++;
            }
          }),
        );
        const seconds = (performance.now() - begin) / 1000;
        process.stdout.write(`${JSON.stringify({ writers, commitsPerSecond: commits / seconds })}\n`);
      }
    }
  } finally {
    await datastore.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
