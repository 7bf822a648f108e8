/**
 * @module bench/yang-compile
 * Measures how long loading and compiling every shipped module takes (issue 3's target:
 * under 300 ms). Prints the median, minimum and maximum of several runs.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadSchema } from '../src/yang/index.ts';

const MODELS = join(import.meta.dirname, '..', 'models');
const files = readdirSync(MODELS)
  .filter((name) => name.endsWith('.yang'))
  .map((name) => join(MODELS, name));
const RUNS = Number(process.env.RUNS ?? 15);

const timings: number[] = [];
let diagnostics = 0;
for (let run = 0; run < RUNS; run++) {
  const started = process.hrtime.bigint();
  const result = loadSchema({ searchDirs: [MODELS], modules: files });
  timings.push(Number(process.hrtime.bigint() - started) / 1e6);
  diagnostics = result.diagnostics.length;
  if (result.schema === undefined) throw new Error('the shipped modules do not compile');
}
timings.sort((a, b) => a - b);
const median = timings[Math.floor(timings.length / 2)] ?? Number.NaN;
const first = timings[0] ?? Number.NaN;
const last = timings.at(-1) ?? Number.NaN;
process.stdout.write(
  `compile ${files.length} shipped modules (load + parse + compile), ${RUNS} runs: ` +
    `median ${median.toFixed(1)} ms, min ${first.toFixed(1)} ms, max ${last.toFixed(1)} ms ` +
    `(first run includes JIT warm-up); ${diagnostics} diagnostics\n`,
);
