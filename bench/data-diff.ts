/**
 * @module bench/data-diff
 * Benchmark (not a test): diffs on the benchmark model's list of N entries — diff after a one-leaf change
 * and after a one-entry insertion, apply, reverse + apply (a rollback), encode and decode of the diff; a
 * large change (N/10 entries added: diff, encode, decode, apply); and for reference a diff of two trees
 * decoded apart (nothing shared, every entry compared).
 * Run: `node bench/data-diff.ts [entries]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJson } from '../src/data/codec/json/json-decode.ts';
import { reverseDiff } from '../src/data/diff/diff.ts';
import { applyDiff } from '../src/data/diff/diff-apply.ts';
import { decodeDiff, encodeDiff } from '../src/data/diff/diff-codec.ts';
import { instancesEqual } from '../src/data/diff/diff-equal.ts';
import { diffTrees } from '../src/data/diff/diff-trees.ts';
import type { DataTree, ListInstance } from '../src/data/instance/instance-node.ts';
import type { InstancePath } from '../src/data/instance/instance-path.ts';
import { entryWithKeys, resolveInstancePath, updateAt } from '../src/data/instance/instance-path.ts';
import { putEntry } from '../src/data/instance/list-instance.ts';
import { slotChildByName } from '../src/data/instance/slot-table.ts';
import { testSchema } from '../src/data/test-schema.test-support.ts';
import type { ContainerNode, ListNode } from '../src/yang/index.ts';

/** Writes one line of the report to standard output. */
const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const count = Number(process.argv[2] ?? 100_000);
const schema = testSchema([readFileSync(join(import.meta.dirname, 'bench.yang'), 'utf8')]);
const bench = slotChildByName(schema, 'bench', 'bench') as ContainerNode;
const entry = slotChildByName(bench, 'bench', 'entry') as ListNode;
const value = slotChildByName(entry, 'bench', 'value');
if (value === undefined) throw new Error('bench.yang has no entry/value');

const plain = () => ({
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
});

/** Median time of `runs` runs of `job` (after one warm-up run), in milliseconds. */
const median = (runs: number, job: () => unknown): number => {
  job();
  const samples: number[] = [];
  for (let round = 0; round < runs; round++) {
    const start = performance.now();
    job();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
};

const before: DataTree = decodeJson(schema, plain(), { schema, config: true });
const middle = `entry-${Math.floor(count / 2)}`;
const leafPath: InstancePath = [{ schema: bench }, { schema: entry, keys: [middle] }, { schema: value }];
const changed = updateAt(before, leafPath, () => 4_000_000_000);
const listPath: InstancePath = [{ schema: bench }, { schema: entry }];
const inserted = updateAt(before, listPath, (list) =>
  putEntry(list as ListInstance, entryWithKeys(entry, ['entry-new'])),
);

const diff = diffTrees(before, changed);
const reverse = reverseDiff(diff);
const text = encodeDiff(diff, schema);
if (!instancesEqual(applyDiff(changed, reverse), before)) throw new Error('rollback does not restore the tree');

const rows: [string, number][] = [
  ['diff, one leaf changed', median(21, () => diffTrees(before, changed))],
  ['diff, one entry inserted', median(21, () => diffTrees(before, inserted))],
  ['apply (strict)', median(21, () => applyDiff(before, diff))],
  ['reverse + apply (rollback)', median(21, () => applyDiff(changed, reverseDiff(diff)))],
  ['encode diff (JSON text)', median(21, () => encodeDiff(diff, schema))],
  ['decode diff', median(21, () => decodeDiff(text, schema))],
  ['instancesEqual, after rollback', median(21, () => instancesEqual(applyDiff(changed, reverse), before))],
];
const tenth = Math.floor(count / 10);
let grown = (resolveInstancePath(before, listPath) as ListInstance).entries;
for (let index = 0; index < tenth; index++)
  grown = grown.append(`added-${index}`, entryWithKeys(entry, [`added-${index}`]));
const larger = updateAt(before, listPath, () => ({ schema: entry, entries: grown }));
const big = diffTrees(before, larger);
const bigText = encodeDiff(big, schema);
const bigDecoded = decodeDiff(bigText, schema);
rows.push(
  [`diff, ${tenth} entries added (per entry)`, median(5, () => diffTrees(before, larger)) / tenth],
  ['encode that diff (per entry)', median(5, () => encodeDiff(big, schema)) / tenth],
  ['decode that diff (per entry)', median(5, () => decodeDiff(bigText, schema)) / tenth],
  ['apply the decoded diff (per entry)', median(5, () => applyDiff(before, bigDecoded)) / tenth],
);
const apart = decodeJson(schema, plain(), { schema, config: true });
const apartChanged = updateAt(apart, leafPath, () => 1);
rows.push(['diff, trees decoded apart (reference)', median(3, () => diffTrees(before, apartChanged))]);

print(`${count} entries; diff after one leaf: ${diff.changes.length} change, ${text.length} bytes of JSON`);
for (const [name, ms] of rows) print(`${name.padEnd(42)} ${ms.toFixed(3).padStart(10)} ms`);
print(`(list size check: ${(resolveInstancePath(before, listPath) as ListInstance).entries.size} entries)`);
