/**
 * @module bench/datastore
 * Benchmark (not a test) of the datastore on the benchmark model (bench/bench.yang), with a
 * real SQLite journal (WAL, synchronous=FULL) in a temporary directory: one-leaf commit latency
 * at several list sizes, commits/s with 1 and 16 concurrent writers, start-up time (replay and
 * checkpoint), and the rollback of one commit.
 * Run: `node --expose-gc bench/datastore.ts [sizes…]` (default 1000 100000 1000000).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataTree, InstancePath } from '../src/data/index.ts';
import { applyEdit, decodeJson } from '../src/data/index.ts';
import { applyRollback, Datastore, SqliteJournalStore } from '../src/datastore/index.ts';
import type { ContainerNode, LeafNode, ListNode, SchemaTree } from '../src/yang/index.ts';
import { testSchema } from '../test/support/test-schema.ts';

const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const schema: SchemaTree = testSchema([readFileSync(join(import.meta.dirname, 'bench.yang'), 'utf8')]);
const bench = schema.children.find((node) => node.name === 'bench') as ContainerNode;
const entry = bench.children.find((node) => node.name === 'entry') as ListNode;
const value = entry.children.find((node) => node.name === 'value') as LeafNode;

const initialTree = (count: number): DataTree =>
  decodeJson(
    schema,
    {
      'bench:bench': {
        label: 'benchmark',
        entry: Array.from({ length: count }, (_, index) => ({
          name: `entry-${index}`,
          value: index,
          enabled: index % 2 === 0,
          description: `the entry number ${index}`,
          details: { counter: index * 7, note: `note ${index}` },
        })),
      },
    },
    { schema, config: true },
  );

const leafPath = (index: number): InstancePath => [
  { schema: bench },
  { schema: entry, keys: [`entry-${index}`] },
  { schema: value },
];

let tick = 1_000_000_000;
const setLeaf = (index: number) => (root: DataTree) =>
  applyEdit(root, { operation: 'merge', target: leafPath(index), value: tick++ });

const percentile = (samples: number[], p: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

const ms = (value: number): string => `${value.toFixed(2)} ms`;
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const WHO = { user: 'bench', via: 'cli' } as const;

const open = (dataDir: string, initial?: () => DataTree): Promise<Datastore> =>
  Datastore.open({
    schema,
    journal: new SqliteJournalStore({ dataDir }),
    ...(initial === undefined ? {} : { initial }),
    checkpointEvery: 1_000_000,
  });

const measure = async (count: number): Promise<void> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'idconf-bench-'));
  try {
    let started = performance.now();
    const datastore = await open(dataDir, () => initialTree(count));
    print(`\n## ${count.toLocaleString('en')} entries`);
    print(`first commit (decode + diff + validate + journal): ${ms(performance.now() - started)}`);
    started = performance.now();
    await datastore.checkpoint();
    print(`checkpoint of the whole tree: ${ms(performance.now() - started)}`);

    const latencies: number[] = [];
    for (let round = 0; round < 200; round++) {
      const begin = performance.now();
      await datastore.commit(setLeaf((round * 7919) % count), WHO);
      latencies.push(performance.now() - begin);
    }
    print(`one-leaf commit, 1 writer: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}`);

    for (const writers of [1, 16]) {
      const total = 400;
      const begin = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: writers }, async () => {
          while (next < total) {
            const index = next++;
            await datastore.commit(setLeaf((index * 104729) % count), WHO);
          }
        }),
      );
      print(`commits/s with ${writers} writer(s): ${Math.round(total / ((performance.now() - begin) / 1000))}`);
    }

    const rollbackTimes: number[] = [];
    for (let round = 0; round < 20; round++) {
      await datastore.commit(setLeaf(round), WHO);
      const last = datastore.snapshot.fixedNumber;
      const begin = performance.now();
      await applyRollback(datastore, { fixedNumber: last }, WHO);
      rollbackTimes.push(performance.now() - begin);
    }
    print(`rollback of the last commit (one leaf): p50 ${ms(percentile(rollbackTimes, 50))}`);
    await datastore.close();

    globalThis.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    started = performance.now();
    const reopened = await open(dataDir);
    print(
      `start-up (checkpoint + replay of ${reopened.snapshot.fixedNumber - 2} commits): ${ms(performance.now() - started)}`,
    );
    globalThis.gc?.();
    print(
      `heap held by the loaded datastore: ${mb(process.memoryUsage().heapUsed - heapBefore)}; rss ${mb(process.memoryUsage().rss)}`,
    );
    await reopened.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const sizes = process.argv.slice(2).map(Number);
for (const size of sizes.length > 0 ? sizes : [1000, 100_000, 1_000_000]) await measure(size);
