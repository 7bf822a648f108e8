/**
 * @module bench/persistent-collections
 * Micro-benchmark of the persistent collections at 1,000,000 entries (not a test). Run with:
 * `node --expose-gc bench/persistent-collections.ts [entries]`
 */
import { naturalOrder } from '../src/util/persistent/comparator.ts';
import { KeyedSequence } from '../src/util/persistent/keyed-sequence.ts';
import { PersistentSortedMap } from '../src/util/persistent/persistent-sorted-map.ts';

/** Writes one line of the report to standard output. */
const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const ENTRIES = Number(process.argv[2] ?? 1_000_000);
const SAMPLES = 10_000;
const collectGarbage = (globalThis as { gc?: () => void }).gc;

const heapUsed = (): number => {
  collectGarbage?.();
  collectGarbage?.();
  return process.memoryUsage().heapUsed;
};

const key = (index: number): string => `user-${index.toString().padStart(8, '0')}`;
// A JSON round trip turns the template literals' cons strings into flat ones, as keys parsed from requests are;
// otherwise the first comparisons would flatten them and be charged to whichever build ran first.
const keys: string[] = JSON.parse(JSON.stringify(Array.from({ length: ENTRIES }, (_, index) => key(index))));
const values = keys.map((_, index) => ({ index }));
let seed = 42;
const random = (bound: number): number => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed % bound;
};

const time = <T>(run: () => T): [T, number] => {
  const start = performance.now();
  const result = run();
  return [result, performance.now() - start];
};

/** Heap growth per entry while `build` runs and its result stays reachable. */
const measureBuild = <T>(label: string, build: () => T): T => {
  const before = heapUsed();
  const [result, milliseconds] = time(build);
  const perEntry = (heapUsed() - before) / ENTRIES;
  print(`${label.padEnd(58)} ${milliseconds.toFixed(0).padStart(6)} ms  ${perEntry.toFixed(1)} B/entry`);
  return result;
};

/** p50 and p99 latency of `operation` over SAMPLES runs. */
const measureLatency = (label: string, operation: (sample: number) => unknown): void => {
  const latencies: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    const start = performance.now();
    operation(sample);
    latencies.push((performance.now() - start) * 1000);
  }
  latencies.sort((a, b) => a - b);
  const p50 = latencies[Math.floor(SAMPLES * 0.5)] as number;
  const p99 = latencies[Math.floor(SAMPLES * 0.99)] as number;
  print(`${label.padEnd(58)} p50 ${p50.toFixed(2)} μs  p99 ${p99.toFixed(2)} μs`);
};

const measureThroughput = (label: string, count: number, run: () => void): void => {
  const [, milliseconds] = time(run);
  print(
    `${label.padEnd(58)} ${milliseconds.toFixed(0).padStart(6)} ms  ${(((count / milliseconds) * 1000) / 1e6).toFixed(2)} M/s`,
  );
};

print(
  `node ${process.version}, ${ENTRIES} entries, gc ${collectGarbage ? 'exposed' : 'NOT exposed (heap figures unreliable)'}`,
);
const sorted = keys.map((entryKey, index) => [entryKey, values[index]] as [string, { index: number }]);

const map = measureBuild('PersistentSortedMap.fromSorted', () => PersistentSortedMap.fromSorted(sorted, naturalOrder));
measureBuild('PersistentSortedMap withMutations, ascending one by one', () =>
  PersistentSortedMap.empty<string, { index: number }>(naturalOrder).withMutations((draft) => {
    for (const [entryKey, value] of sorted) draft.set(entryKey, value);
  }),
);
const shuffled = sorted.slice();
for (let i = shuffled.length - 1; i > 0; i--) {
  const j = random(i + 1);
  [shuffled[i], shuffled[j]] = [shuffled[j] as [string, { index: number }], shuffled[i] as [string, { index: number }]];
}
measureBuild('PersistentSortedMap withMutations, random order one by one', () =>
  PersistentSortedMap.empty<string, { index: number }>(naturalOrder).withMutations((draft) => {
    for (const [entryKey, value] of shuffled) draft.set(entryKey, value);
  }),
);
measureBuild('PersistentSortedMap.set (persistent), random order', () => {
  let built = PersistentSortedMap.empty<string, { index: number }>(naturalOrder);
  for (const [entryKey, value] of shuffled) built = built.set(entryKey, value);
  return built;
});
shuffled.length = 0;

let edited = map;
measureLatency('map.set existing key, new value (1M map)', () => {
  const index = random(ENTRIES);
  edited = edited.set(keys[index] as string, { index });
});
measureLatency('map.set new key (1M map)', (sample) => {
  edited = edited.set(`${keys[random(ENTRIES)] as string}-new${sample}`, { index: sample });
});
measureLatency('map.delete (1M map)', () => {
  edited = edited.delete(keys[random(ENTRIES)] as string);
});
const probes = Array.from({ length: ENTRIES }, () => keys[random(ENTRIES)] as string);
measureThroughput('map.get, 1M random existing keys', ENTRIES, () => {
  for (const probe of probes) map.get(probe);
});
measureThroughput('map.at, 1M random indexes', ENTRIES, () => {
  for (let i = 0; i < ENTRIES; i++) map.at(random(ENTRIES));
});
measureThroughput('map full iteration, for…of entries()', ENTRIES, () => {
  for (const _entry of map);
});
measureThroughput('map full iteration, values()', ENTRIES, () => {
  for (const _value of map.values());
});
measureThroughput('map full iteration, forEach', ENTRIES, () => {
  map.forEach(() => {});
});

const sequence = measureBuild('KeyedSequence.fromOrdered', () => KeyedSequence.fromOrdered(sorted, naturalOrder));
measureBuild('KeyedSequence.append one by one', () => {
  let built = KeyedSequence.empty<string, { index: number }>(naturalOrder);
  for (const [entryKey, value] of sorted) built = built.append(entryKey, value);
  return built;
});
let editedSequence = sequence;
measureLatency('sequence.append (1M sequence)', (sample) => {
  editedSequence = editedSequence.append(`appended-${sample}`, { index: sample });
});
measureLatency('sequence.insertBefore random point (1M sequence)', (sample) => {
  editedSequence = editedSequence.insertBefore(keys[random(ENTRIES)] as string, `before-${sample}`, { index: sample });
});
measureLatency('sequence.insertBefore one crowded point (1M sequence)', (sample) => {
  editedSequence = editedSequence.insertBefore(keys[500_000 % ENTRIES] as string, `crowd-${sample}`, { index: sample });
});
measureLatency('sequence.move random key after random point', () => {
  editedSequence = editedSequence.move(keys[random(ENTRIES)] as string, {
    insert: 'after',
    point: keys[random(ENTRIES)] as string,
  });
});
measureLatency('sequence.set existing key (1M sequence)', (sample) => {
  editedSequence = editedSequence.set(keys[random(ENTRIES)] as string, { index: -sample });
});
measureThroughput('sequence.get, 1M random existing keys', ENTRIES, () => {
  for (const probe of probes) sequence.get(probe);
});
measureThroughput('sequence full iteration, for…of', ENTRIES, () => {
  for (const _entry of sequence);
});
measureThroughput('sequence full iteration, forEach', ENTRIES, () => {
  sequence.forEach(() => {});
});
