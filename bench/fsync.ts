/**
 * @module bench/fsync
 * The ceiling for durable commits on a disk: how long appending one 4 KiB page to a file and
 * flushing it (`fdatasync`, as SQLite's WAL does at each commit with synchronous=FULL) takes
 * in the data dir. A commit that is durable before it is acknowledged cannot be faster.
 */
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Times `samples` append-and-flush rounds (at most `budgetMs` in all) in `dir`; milliseconds each. */
export const measureFsync = (dir: string, samples = 200, budgetMs = 3_000): number[] => {
  const file = join(dir, 'fsync-probe');
  const descriptor = openSync(file, 'a');
  const page = Buffer.alloc(4096, 0x5a);
  const timings: number[] = [];
  const deadline = performance.now() + budgetMs;
  try {
    while (timings.length < samples && performance.now() < deadline) {
      const started = performance.now();
      writeSync(descriptor, page);
      fdatasyncSync(descriptor);
      timings.push(performance.now() - started);
    }
  } finally {
    closeSync(descriptor);
    rmSync(file, { force: true });
  }
  return timings;
};
