/**
 * @module bench/checkpoint-cost
 * What a checkpoint of the benchmark's list costs the main thread after random changes, as a
 * server sees it: a checkpoint of N entries is loaded lazily from its UTF-8 bytes (as start-up
 * does), C random entries are replaced (as PATCHes of one leaf replace them), then the next
 * checkpoint is written twice over: once with the entry texts taken from the lines read at
 * start-up, once encoding every entry (as without kept texts); then C more changes and a third
 * checkpoint from the texts the second kept. For each: the CPU and wall time of writing it (no
 * slices), and V8's heap and the array buffers held after it (texts kept outside the heap).
 *
 * Run: `node --expose-gc bench/checkpoint-cost.ts [--size 1000000] [--changes 150000] [--profile FILE]`
 * (`--profile`: a CPU profile of the third checkpoint, to open in Chrome's DevTools).
 */
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type {
  ContainerInstance,
  DataTree,
  InstanceNode,
  InstancePath,
  ListEntry,
  ListInstance,
} from '../src/data/index.ts';
import { decodeJsonText, getChild, putEntry, updateAt } from '../src/data/index.ts';
import { testSchema } from '../src/data/test-schema.test-support.ts';
import { CheckpointEntryTexts } from '../src/datastore/checkpoint-entry-texts.ts';
import { checkpointChunks, treeFromCheckpointChunks } from '../src/datastore/checkpoint-text.ts';
import type { ListNode } from '../src/yang/index.ts';
import { entry, loadDocument } from './workload.ts';

const { values: flags } = parseArgs({
  options: {
    size: { type: 'string', default: '1000000' },
    changes: { type: 'string', default: '150000' },
    profile: { type: 'string' },
  },
});
const SIZE = Number(flags.size);
const CHANGES = Number(flags.changes);
const FINGERPRINT = 'bench';
const schema = testSchema([readFileSync(join(import.meta.dirname, 'bench.yang'), 'utf8')]);
const collect = (): void => (globalThis as { gc?: () => void }).gc?.();
/** Garbage collection pauses of the main thread (ms), as V8 reports them. */
let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

/** A checkpoint's text as bytes, and the main thread's CPU, V8 allocation and wall time to write it. */
const write = async (tree: DataTree, texts: CheckpointEntryTexts | undefined, keep = false) => {
  collect();
  await new Promise((resolve) => setImmediate(resolve));
  const gcBefore = gcMs;
  const cpu = process.cpuUsage();
  const wall = performance.now();
  // A digest of the bytes, not the bytes: keeping them would allocate as much again.
  const digest = createHash('sha256');
  const parts: Uint8Array[] = [];
  for await (const chunk of checkpointChunks(tree, 1e9, FINGERPRINT, texts)) {
    digest.update(chunk);
    if (keep) parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk.slice());
  }
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - wall;
  // Observed entries come in a later turn.
  await new Promise((resolve) => setImmediate(resolve));
  const figures = { cpuMs: (used.user + used.system) / 1000, wallMs, gcMs: gcMs - gcBefore };
  return { parts, digest: digest.digest('hex'), figures };
};

const listNodeOf = (tree: DataTree): { list: ListInstance; node: ListNode; bench: InstanceNode } => {
  const bench = tree.slots[0] as ContainerInstance;
  const list = bench.slots.find(
    (slot) => typeof slot === 'object' && slot !== null && 'entries' in slot,
  ) as ListInstance;
  return { list, node: list.schema, bench };
};

/** `tree` with `count` random entries (each once) replaced by new ones (a leaf changed). */
const changed = (tree: DataTree, count: number, round: number): DataTree => {
  const { node, bench } = listNodeOf(tree);
  // New entries decoded in one document, then put one by one.
  const indices = new Set<number>();
  while (indices.size < Math.min(count, SIZE)) indices.add(Math.floor(Math.random() * SIZE));
  const document = {
    'bench:bench': {
      entry: [...indices].map((index) => ({ ...entry(`entry-${index}`, index), value: index + round })),
    },
  };
  const decoded = decodeJsonText(schema, JSON.stringify(document), { schema, config: true });
  const fresh = getChild(decoded.slots[0] as InstanceNode, node) as ListInstance;
  const path = [{ schema: bench.schema }, { schema: node }] as InstancePath;
  return updateAt(tree, path, (list) => {
    let result = list as ListInstance;
    for (const value of fresh.entries.values()) result = putEntry(result, value as ListEntry);
    return result;
  });
};

const report = (name: string, figures: { cpuMs: number; wallMs: number; gcMs: number }): void => {
  collect();
  const { arrayBuffers, heapUsed } = process.memoryUsage();
  process.stdout.write(
    `${name}: CPU ${figures.cpuMs.toFixed(0)} ms, wall ${figures.wallMs.toFixed(0)} ms ` +
      `(garbage collection ${figures.gcMs.toFixed(0)} ms); after it, ` +
      `V8 heap ${(heapUsed / 2 ** 20).toFixed(0)} MiB, array buffers ${(arrayBuffers / 2 ** 20).toFixed(0)} MiB\n`,
  );
};

const original = decodeJsonText(schema, loadDocument(SIZE), { schema, config: true });
const first = await write(original, undefined, true);
const rows = first.parts;
process.stdout.write(
  `${SIZE.toLocaleString('en')} entries, ${CHANGES.toLocaleString('en')} random changes between checkpoints\n`,
);
report('checkpoint of the loaded document, every entry encoded', first.figures);
const keeping = await write(original, new CheckpointEntryTexts());
report('the same, keeping the texts for the next checkpoint (as a server does)', keeping.figures);

const seeded = new CheckpointEntryTexts();
const loaded = await treeFromCheckpointChunks(rows, schema, FINGERPRINT, seeded);
const afterLoad = changed(loaded, CHANGES, 1);
const whole = await write(afterLoad, undefined);
report('after start-up and changes, every entry encoded', whole.figures);
const fromRead = await write(afterLoad, seeded);
report('after start-up and changes, the texts read at start-up copied', fromRead.figures);
process.stdout.write(`  the same bytes: ${whole.digest === fromRead.digest}\n`);
const later = changed(afterLoad, CHANGES, 2);
const session = new Session();
if (flags.profile !== undefined) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const fromKept = await write(later, seeded);
if (flags.profile !== undefined) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(flags.profile, JSON.stringify(profile));
}
report('after more changes, the texts the last checkpoint kept copied', fromKept.figures);
const check = await write(later, undefined);
process.stdout.write(`  the same bytes: ${check.digest === fromKept.digest}\n`);
