/**
 * @module bench/data-json
 * Benchmark (not a test): decoding and encoding N entries of the benchmark model's list, against
 * `JSON.parse`/`JSON.stringify` of the same plain objects, and the heap used per entry.
 * Run: `node --expose-gc bench/data-json.ts [entries]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJson } from '../src/data/codec/json/json-decode.ts';
import { encodeJsonString } from '../src/data/codec/json/json-encode.ts';
import { testSchema } from '../src/data/test-schema.test-support.ts';

/** Writes one line of the report to standard output. */
const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const count = Number(process.argv[2] ?? 100_000);
const schema = testSchema([readFileSync(join(import.meta.dirname, 'bench.yang'), 'utf8')]);

const plain = {
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
};

/** Median times of `runs` interleaved rounds of each job (interleaving shares machine noise fairly). */
const timeAll = (runs: number, jobs: readonly (() => void)[]): number[] => {
  for (const job of jobs) job();
  const samples = jobs.map((): number[] => []);
  for (let round = 0; round < runs; round++) {
    jobs.forEach((job, index) => {
      const start = performance.now();
      job();
      samples[index]?.push(performance.now() - start);
    });
  }
  return samples.map((list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number);
};

const gc = (globalThis as { gc?: () => void }).gc;
const text = JSON.stringify(plain);
const heapUsed = (): number => {
  gc?.();
  return process.memoryUsage().heapUsed;
};
const heapBefore = heapUsed();
const tree = decodeJson(schema, plain, { schema, config: true });
const heapAfter = heapUsed();

const [stringify = 0, encode = 0, parse = 0, decode = 0] = timeAll(9, [
  () => JSON.stringify(plain),
  () => encodeJsonString(tree, schema),
  () => JSON.parse(text),
  () => decodeJson(schema, plain, { schema, config: true }),
]);
const same = encodeJsonString(tree, schema) === text;

const row = (name: string, ms: number): string => `${name.padEnd(34)} ${ms.toFixed(1).padStart(8)} ms`;
print(`${count} entries, ${(text.length / 1e6).toFixed(1)} MB of JSON, output identical to JSON.stringify: ${same}`);
print(row('JSON.stringify (plain objects)', stringify));
print(row('encodeJson', encode));
print(`${'encode / stringify'.padEnd(34)} ${(encode / stringify).toFixed(2).padStart(8)} ×`);
print(row('JSON.parse', parse));
print(row('decodeJson (from parsed JSON)', decode));
if (gc !== undefined)
  print(`heap per entry (decoded tree)      ${((heapAfter - heapBefore) / count).toFixed(0).padStart(8)} bytes`);
