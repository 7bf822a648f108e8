/**
 * @module bench/data-validate
 * Benchmark (not a test): validation of N entries of the benchmark model's list, full and after a
 * one-entry edit (incremental), on the model as it is and with constraints added by a second
 * module (a leafref from every entry to the list's key, a `must` per entry, a `unique`, a
 * max-elements). The first incremental run after a full one may build an index (`unique`); the
 * median of the following runs is the steady cost of a commit. Run:
 * `node --expose-gc bench/data-validate.ts [entries]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJson } from '../src/data/codec/json/json-decode.ts';
import type { DataDiff } from '../src/data/diff/diff.ts';
import { diffTrees } from '../src/data/diff/diff-trees.ts';
import type { DataTree } from '../src/data/instance/instance-node.ts';
import type { InstancePath } from '../src/data/instance/instance-path.ts';
import { updateAt } from '../src/data/instance/instance-path.ts';
import { testSchema } from '../src/data/test-schema.test-support.ts';
import { validateChange, validateTree } from '../src/data/validation/index.ts';
import type { ContainerNode, LeafNode, ListNode, SchemaTree } from '../src/yang/index.ts';

/** Writes one line of the report to standard output. */
const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const count = Number(process.argv[2] ?? 100_000);
const BENCH = readFileSync(join(import.meta.dirname, 'bench.yang'), 'utf8');
const CONSTRAINTS = `module bench-constraints {
  yang-version 1.1;
  namespace "urn:example:bench-constraints";
  prefix bc;
  import bench { prefix b; }
  augment "/b:bench/b:entry" {
    leaf peer {
      type leafref { path "/b:bench/b:entry/b:name"; }
      must ". != ../b:name" { error-message "an entry cannot be its own peer"; }
    }
    leaf ceiling { type uint32; must ". >= ../b:value"; }
  }
  deviation "/b:bench/b:entry" { deviate add { unique "b:description"; max-elements 2000000; } }
}`;

const document = (withConstraints: boolean) => ({
  'bench:bench': {
    label: 'benchmark',
    entry: Array.from({ length: count }, (_, index) => ({
      name: `entry-${index}`,
      value: index,
      enabled: index % 2 === 0,
      description: `the entry number ${index}`,
      details: { counter: index * 7, note: `note ${index}` },
      ...(withConstraints
        ? { 'bench-constraints:peer': `entry-${(index + 1) % count}`, 'bench-constraints:ceiling': index + 10 }
        : {}),
    })),
  },
});

/** Median wall-clock and CPU times of `runs` runs (CPU time is steadier on a shared machine). */
const median = (runs: number, job: () => void): readonly [number, number] => {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let round = 0; round < runs; round++) {
    const usage = process.cpuUsage();
    const start = performance.now();
    job();
    wall.push(performance.now() - start);
    const spent = process.cpuUsage(usage);
    cpu.push((spent.user + spent.system) / 1000);
  }
  const middle = (list: number[]): number => [...list].sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
  return [middle(wall), middle(cpu)];
};

const figure = (ms: number): string => ms.toFixed(ms < 10 ? 2 : 0).padStart(9);
const row = (name: string, [wall, cpu]: readonly [number, number]): string =>
  `  ${name.padEnd(60)} ${figure(wall)} ms wall ${figure(cpu)} ms CPU`;

const leafOf = (list: ListNode, name: string): LeafNode => list.dataChildIndex.get(name) as LeafNode;

/** Times the full validation, then one-entry edits validated incrementally. */
const measure = (schema: SchemaTree, tree: DataTree, title: string): void => {
  print(`${title}: ${count} entries`);
  let errors = validateTree(tree).length;
  print(
    row(
      `validateTree (errors: ${errors})`,
      median(3, () => validateTree(tree)),
    ),
  );
  const bench = schema.dataChildIndex.get('bench:bench') as ContainerNode;
  const entry = bench.dataChildIndex.get('bench:entry') as ListNode;
  const at = (key: string, leaf: LeafNode): InstancePath => [
    { schema: bench },
    { schema: entry, keys: [key] },
    { schema: leaf },
  ];
  // Each edit is a chain of commits, each version edited in another entry (as a datastore does):
  // the first validateChange after the full validation, then the median of the next ones.
  const entryAt = (step: number): string => `entry-${Math.floor(count / 2) + step}`;
  const edits: [string, (step: number) => InstancePath, (current: unknown, step: number) => unknown][] = [
    ['value of one entry', (step) => at(entryAt(step), leafOf(entry, 'value')), (current) => (current as number) + 1],
    [
      'description of one entry (unique)',
      (step) => at(entryAt(step), leafOf(entry, 'description')),
      (_current, step) => `changed text ${step}`,
    ],
  ];
  const peer = entry.dataChildIndex.get('bench-constraints:peer') as LeafNode | undefined;
  if (peer !== undefined) {
    edits.push(['peer of one entry (leafref by key)', (step) => at(entryAt(step), peer), () => 'entry-7']);
    edits.push([
      'value of one entry above its ceiling',
      (step) => at(entryAt(step), leafOf(entry, 'value')),
      () => 4_000_000_000,
    ]);
  }
  for (const [name, pathAt, change] of edits) {
    const versions: DataTree[] = [tree];
    const diffs: DataDiff[] = [];
    const diffTimes: number[] = [];
    for (let step = 0; step < 8; step++) {
      const before = versions[step] as DataTree;
      const after = updateAt(before, pathAt(step), (current) => change(current, step) as never);
      versions.push(after);
      const start = performance.now();
      diffs.push(diffTrees(before, after));
      diffTimes.push(performance.now() - start);
    }
    const timings = diffs.map((diff, step) => {
      const usage = process.cpuUsage();
      const start = performance.now();
      const found = validateChange(versions[step] as DataTree, versions[step + 1] as DataTree, diff).length;
      const wall = performance.now() - start;
      const spent = process.cpuUsage(usage);
      if (step === 0) errors = found;
      return [wall, (spent.user + spent.system) / 1000] as const;
    });
    const middleOf = (list: readonly number[]): number =>
      [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
    const rest = timings.slice(1);
    print(row(`edit ${name}: diffTrees`, [middleOf(diffTimes), middleOf(diffTimes)]));
    print(row(`edit ${name}: first validateChange (errors: ${errors})`, timings[0] as readonly [number, number]));
    print(
      row(`edit ${name}: next validateChanges`, [middleOf(rest.map((t) => t[0])), middleOf(rest.map((t) => t[1]))]),
    );
  }
  const middle = entryAt(0);
  const removed = updateAt(tree, [{ schema: bench }, { schema: entry, keys: [middle] }], () => undefined);
  const removal = diffTrees(tree, removed);
  errors = validateChange(tree, removed, removal).length;
  print(
    row(
      `delete one entry: validateChange (errors: ${errors})`,
      median(5, () => validateChange(tree, removed, removal)),
    ),
  );
};

const plainSchema = testSchema([BENCH]);
measure(plainSchema, decodeJson(plainSchema, document(false), { schema: plainSchema, config: true }), 'bench.yang');
const constrainedSchema = testSchema([BENCH, CONSTRAINTS]);
measure(
  constrainedSchema,
  decodeJson(constrainedSchema, document(true), { schema: constrainedSchema, config: true }),
  'bench.yang + leafref, must, unique, max-elements',
);
