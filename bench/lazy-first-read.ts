/**
 * @module bench/lazy-first-read
 * What the first read of a lazily loaded list's entry costs: a checkpoint of N benchmark entries
 * is loaded from its UTF-8 bytes (large lists lazily, docs/datastore.md), then entries are
 * looked up at random: the first read of a B+tree leaf decodes its line (64 entries), later
 * reads of the same leaf do not. Also the same lookups on the eagerly loaded tree.
 *
 * Run: `node bench/lazy-first-read.ts [--size 100000] [--reads 2000]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ContainerInstance, DataTree, ListInstance } from '../src/data/index.ts';
import { decodeJsonText } from '../src/data/index.ts';
import { testSchema } from '../src/data/test-schema.test-support.ts';
import { checkpointTextInSlices, treeFromCheckpointChunks } from '../src/datastore/checkpoint-text.ts';
import { loadDocument } from './workload.ts';

const { values: flags } = parseArgs({
  options: { size: { type: 'string', default: '100000' }, reads: { type: 'string', default: '2000' } },
});
const SIZE = Number(flags.size);
const READS = Number(flags.reads);
const schema = testSchema([readFileSync(join(import.meta.dirname, 'bench.yang'), 'utf8')]);
const original = decodeJsonText(schema, loadDocument(SIZE), { schema, config: true });
const text = await checkpointTextInSlices(original, 1000);
const bytes = new TextEncoder().encode(text);
const rows: Uint8Array[] = [];
for (let start = 0; start < bytes.length; start += 256 * 1024) rows.push(bytes.subarray(start, start + 256 * 1024));

const listOf = (tree: DataTree): ListInstance => {
  const bench = tree.slots[0] as ContainerInstance;
  return bench.slots.find((slot) => typeof slot === 'object' && slot !== null && 'entries' in slot) as ListInstance;
};
const quantiles = (times: number[]): string => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number): string => ((sorted[Math.floor(q * (sorted.length - 1))] as number) * 1000).toFixed(1);
  const mean = ((times.reduce((sum, time) => sum + time, 0) / times.length) * 1000).toFixed(1);
  return `mean ${mean} µs, p50 ${at(0.5)} µs, p90 ${at(0.9)} µs, p99 ${at(0.99)} µs, max ${at(1)} µs`;
};
const indices = Array.from({ length: READS }, () => Math.floor(Math.random() * SIZE));
const timeReads = (list: ListInstance): number[] =>
  indices.map((index) => {
    const start = performance.now();
    list.entries.get(`entry-${index}`);
    return performance.now() - start;
  });

let started = performance.now();
const lazy = listOf(await treeFromCheckpointChunks(rows, schema));
process.stdout.write(`lazy load of ${SIZE} entries: ${(performance.now() - started).toFixed(0)} ms\n`);
process.stdout.write(`first reads (random): ${quantiles(timeReads(lazy))}\n`);
process.stdout.write(`same reads again: ${quantiles(timeReads(lazy))}\n`);
started = performance.now();
let count = 0;
for (const _ of lazy.entries.values()) count++;
const wholeMs = performance.now() - started;
process.stdout.write(
  `every other entry read in order: ${wholeMs.toFixed(0)} ms, ${((wholeMs * 1000 * 64) / count).toFixed(0)} µs per 64 entries\n`,
);
const eagerText = text.replace(/,"keys":\[[^\]]*\],"lineEntries":\d+/g, '');
started = performance.now();
const eager = listOf(await treeFromCheckpointChunks([eagerText], schema));
process.stdout.write(`eager load: ${(performance.now() - started).toFixed(0)} ms\n`);
process.stdout.write(`reads of the eager tree: ${quantiles(timeReads(eager))}\n`);
