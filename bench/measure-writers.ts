/**
 * @module bench/measure-writers
 * Durable commits per second with 1 and 16 concurrent writers (group commit), for `npm run bench`:
 * runs bench/writers.ts in a process of its own (its heap and journal thread apart from the
 * harness's) at one list size, and records one sample per run.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { BenchContext } from './measure-api.ts';
import { row } from './measure-api.ts';

/** One run's figure, as bench/writers.ts prints it. */
interface WritersRun {
  readonly writers: number;
  readonly commitsPerSecond: number;
}

const isWritersRun = (value: unknown): value is WritersRun =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as WritersRun).writers === 'number' &&
  typeof (value as WritersRun).commitsPerSecond === 'number';

/** Runs bench/writers.ts and resolves with its runs; rejects with its last output when it fails. */
const runWriters = (args: readonly string[]): Promise<WritersRun[]> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', join(import.meta.dirname, 'writers.ts'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      errors = (errors + text).slice(-2000);
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) {
        reject(new Error(`bench/writers.ts exited with ${code}: ${errors.trim().split('\n').at(-1) ?? ''}`));
        return;
      }
      resolve(
        output
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line): unknown => JSON.parse(line))
          .filter(isWritersRun),
      );
    });
  });

/** Commits/s with 1 and 16 writers at `size` entries, `context.runs` runs of `context.duration` s each. */
export const measureWriters = async (context: BenchContext, size: number, dataRoot: string): Promise<void> => {
  const runs = await runWriters([
    '--size',
    String(size),
    '--writers',
    '1,16',
    '--runs',
    String(context.runs),
    '--duration',
    String(context.duration),
    '--data-root',
    dataRoot,
  ]);
  for (const run of runs) {
    const plural = run.writers > 1 ? 's' : '';
    context.results.add(
      row(
        'idconf',
        'durable-commits',
        `w${run.writers}`,
        '-',
        'commits/s',
        `datastore: one-leaf commits, each durable, ${run.writers} concurrent writer${plural} (no HTTP)`,
      ),
      size,
      [run.commitsPerSecond],
    );
  }
};
