/**
 * @module bench/data-edit
 * Benchmark (not a test): the cost of one edit of the benchmark model's list at 1,000, 100,000 and
 * 1,000,000 entries (merge of one leaf, of a nested leaf, create, replace and delete of one entry),
 * which should not grow with the list (O(depth · log n)).
 * Run: `node bench/data-edit.ts [entries…]` (default 1000 100000 1000000).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataEdit } from '../src/data/edit/edit.ts';
import { applyEdit } from '../src/data/edit/edit.ts';
import type { DataTree, ListEntry, Slot } from '../src/data/instance/instance-node.ts';
import { emptyDataTree, instanceFromSlots, setChild } from '../src/data/instance/instance-node.ts';
import type { InstancePath } from '../src/data/instance/instance-path.ts';
import { listInstanceFromEntries } from '../src/data/instance/list-instance.ts';
import { slotTableOf } from '../src/data/instance/slot-table.ts';
import { testSchema } from '../src/data/test-schema.test-support.ts';
import type { ContainerNode, LeafNode, ListNode } from '../src/yang/index.ts';

/** Writes one line of the report to standard output. */
const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const schema = testSchema([readFileSync(join(import.meta.dirname, 'bench.yang'), 'utf8')]);
const bench = schema.dataChildIndex.get('bench:bench') as ContainerNode;
const list = bench.dataChildIndex.get('bench:entry') as ListNode;
const leaf = (parent: ContainerNode | ListNode, name: string): LeafNode =>
  parent.dataChildIndex.get(`bench:${name}`) as LeafNode;
const details = list.dataChildIndex.get('bench:details') as ContainerNode;
const [valueLeaf, enabledLeaf, descriptionLeaf] = ['value', 'enabled', 'description'].map((name) => leaf(list, name));
const counterLeaf = leaf(details, 'counter');

/** One entry, built slot by slot as the decoder would. */
const entryOf = (index: number): ListEntry => {
  const slots: Slot[] = [];
  const table = slotTableOf(list);
  const put = (node: object, value: Slot): void => {
    slots[table.indexOf.get(node as LeafNode) as number] = value;
  };
  put(list.keys[0] as LeafNode, `entry-${index}`);
  put(valueLeaf as LeafNode, index);
  put(enabledLeaf as LeafNode, index % 2 === 0);
  put(descriptionLeaf as LeafNode, `the entry number ${index}`);
  put(details, instanceFromSlots(details, [index * 7, `note ${index}`]));
  return instanceFromSlots(list, slots);
};

const treeOf = (count: number): DataTree => {
  const entries = Array.from({ length: count }, (_, index) => [`entry-${index}`, entryOf(index)] as const);
  const container = setChild(instanceFromSlots(bench, []), list, listInstanceFromEntries(list, entries));
  return setChild(emptyDataTree(schema), bench, container);
};

const entryPath = (name: string): InstancePath => [{ schema: bench }, { schema: list, keys: [name] }];

/** A deterministic pseudo-random index below `count`. */
const indices = (count: number): (() => number) => {
  let state = 12345;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % count;
  };
};

/**
 * Microseconds per edit: the median of 5 rounds of `runs` edits, each applied to the same root
 * (the edits are built before the clock starts).
 */
const microseconds = (root: DataTree, count: number, runs: number, make: MakeEdit): number => {
  const pick = indices(count);
  const rounds: number[] = [];
  for (let round = 0; round < 6; round++) {
    const edits = Array.from({ length: runs }, (_, run) => make(pick(), round * runs + run));
    const start = performance.now();
    for (const edit of edits) applyEdit(root, edit);
    // The first round warms up.
    if (round > 0) rounds.push(((performance.now() - start) * 1000) / runs);
  }
  return rounds.sort((a, b) => a - b)[2] as number;
};

/** Builds an edit of the existing entry number `existing`, or of a new entry numbered `fresh`. */
type MakeEdit = (existing: number, fresh: number) => DataEdit;

const entryWithName = (index: number, name: string): ListEntry => {
  const entry = entryOf(index);
  return instanceFromSlots(list, [name, ...entry.slots.slice(1)]);
};

const OPERATIONS: readonly { readonly name: string; readonly make: MakeEdit }[] = [
  {
    name: 'merge one leaf',
    make: (existing) => ({
      operation: 'merge',
      target: [...entryPath(`entry-${existing}`), { schema: valueLeaf as LeafNode }],
      value: 42,
    }),
  },
  {
    name: 'merge one nested leaf',
    make: (existing) => ({
      operation: 'merge',
      target: [...entryPath(`entry-${existing}`), { schema: details }, { schema: counterLeaf }],
      value: 7,
    }),
  },
  {
    name: 'create one entry',
    make: (_, fresh) => ({
      operation: 'create',
      target: entryPath(`new-${fresh}`),
      value: entryWithName(fresh, `new-${fresh}`),
    }),
  },
  {
    name: 'replace one entry',
    make: (existing) => ({
      operation: 'replace',
      target: entryPath(`entry-${existing}`),
      value: entryWithName(existing + 1, `entry-${existing}`),
    }),
  },
  { name: 'delete one entry', make: (existing) => ({ operation: 'delete', target: entryPath(`entry-${existing}`) }) },
];

const counts = process.argv.length > 2 ? process.argv.slice(2).map(Number) : [1_000, 100_000, 1_000_000];
print(`${'entries'.padStart(10)} ${OPERATIONS.map((operation) => operation.name.padStart(22)).join('')}`);
for (const count of counts) {
  const root = treeOf(count);
  const figures = OPERATIONS.map((operation) => microseconds(root, count, 20_000, operation.make));
  print(`${String(count).padStart(10)} ${figures.map((us) => `${us.toFixed(1)} µs`.padStart(22)).join('')}`);
}
