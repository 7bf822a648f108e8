/**
 * @module bench/datastore-journal
 * Benchmark (not a test) of the SQLite journal: append latency of one ~1 KB commit
 * (synchronous=FULL), commits per second through the CommitQueue with 1 and 16 writers, and
 * checkpoints of 10 MB and 100 MB: their write time, how long commits wait meanwhile, and the
 * read-back time start-up pays.
 * Run: `node --disable-warning=ExperimentalWarning bench/datastore-journal.ts [data-dir-parent] [chunk-size]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommitQueue, type PrepareCommit } from '../src/datastore/commit-queue.ts';
import type { CommitRecord } from '../src/datastore/commit-record.ts';
import type { JournalStore } from '../src/datastore/journal-store.ts';
import { SqliteJournalStore } from '../src/datastore/sqlite-journal-store.ts';

/** Writes one line of the report to standard output. */
const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const parent = process.argv[2] ?? tmpdir();
const chunkSize = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const directory = mkdtempSync(join(parent, 'idconf-bench-journal-'));

const percentile = (sorted: readonly number[], fraction: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
const ms = (value: number): string => `${value.toFixed(2)} ms`;
const summary = (samples: readonly number[]): string => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? Number.NaN)}`;
};

/** A ~1 KB commit: metadata plus a forward and a reverse diff of about 450 characters each. */
const commit = (fixedNumber: number): Omit<CommitRecord, 'fixedNumber'> => ({
  timestamp: new Date().toISOString(),
  user: 'admin',
  via: 'restconf',
  label: 'bench',
  forward: `{"bench:bench":{"entry":[{"name":"entry-${fixedNumber}","value":${fixedNumber}}]}}`.padEnd(450, ' '),
  reverse: `{"bench:bench":{"entry":[{"name":"entry-${fixedNumber}","value":${fixedNumber - 1}}]}}`.padEnd(450, ' '),
});

/** Counts a store's appends and the records in them (the group sizes). */
const counting = (store: JournalStore): { store: JournalStore; appends: () => number } => {
  let appends = 0;
  const wrapped: JournalStore = {
    open: () => store.open(),
    append: (records) => {
      appends += 1;
      return store.append(records);
    },
    latestCheckpoint: () => store.latestCheckpoint(),
    commitsAfter: (fixedNumber) => store.commitsAfter(fixedNumber),
    listCommits: (options) => store.listCommits(options),
    readCommit: (fixedNumber) => store.readCommit(fixedNumber),
    writeCheckpoint: (checkpoint) => store.writeCheckpoint(checkpoint),
    prune: (keep) => store.prune(keep),
    lastFixedNumber: () => store.lastFixedNumber(),
    close: () => store.close(),
  };
  return { store: wrapped, appends: () => appends };
};

const store = new SqliteJournalStore({
  dataDir: directory,
  ...(chunkSize === undefined ? {} : { checkpointChunkSize: chunkSize }),
});
await store.open();
let last = 0;

// 1. One append at a time, straight to the store.
const latencies: number[] = [];
for (let index = 0; index < 2000; index++) {
  last += 1;
  const record = { ...commit(last), fixedNumber: last };
  const start = performance.now();
  await store.append([record]);
  latencies.push(performance.now() - start);
}
print(`append of one ~1 KB commit (2,000): ${summary(latencies)}`);

// 2. Through the commit queue, with 1 and with 16 writers.
const prepare: PrepareCommit<number> = (state, fixedNumber) => ({ record: commit(fixedNumber), newState: state + 1 });
for (const writers of [1, 16]) {
  const counted = counting(store);
  const queue = new CommitQueue<number>({ store: counted.store, state: 0, lastFixedNumber: last });
  const perWriter = 4000 / writers;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (let index = 0; index < perWriter; index++) await queue.submit(prepare);
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  last = queue.lastFixedNumber;
  print(
    `CommitQueue, ${writers} writer(s), 4,000 commits: ${Math.round(4000 / seconds)} commits/s ` +
      `(${counted.appends()} appends, ${(4000 / counted.appends()).toFixed(1)} commits per append)`,
  );
}

await store.close();

// 3. Checkpoints, with one writer committing all along; WAL checkpoints in a thread or in commits.
for (const [megabytes, walCheckpoints] of [
  [10, 'thread'],
  [10, 'automatic'],
  [100, 'thread'],
  [100, 'automatic'],
] as const) {
  const store = new SqliteJournalStore({
    dataDir: mkdtempSync(join(directory, 'checkpoint-')),
    walCheckpoints,
    ...(chunkSize === undefined ? {} : { checkpointChunkSize: chunkSize }),
  });
  await store.open();
  await store.append([{ ...commit(1), fixedNumber: 1 }]);
  let last = 1;
  const entry = '{"name":"entry-000000","value":123456,"enabled":true,"details":{"counter":42,"note":"n"}},';
  const tree = `[${entry.repeat(Math.ceil((megabytes * 1_000_000) / entry.length))}{}]`;
  // `repeat` makes a rope; flatten it now (as JSON.stringify's output already is), not in the first slice.
  tree.charCodeAt(tree.length - 1);
  const queue = new CommitQueue<number>({ store, state: 0, lastFixedNumber: last });
  const during: number[] = [];
  let writing = true;
  const committer = (async () => {
    while (writing) {
      const start = performance.now();
      await queue.submit(prepare);
      during.push(performance.now() - start);
    }
  })();
  const start = performance.now();
  await store.writeCheckpoint({ fixedNumber: last, tree });
  const written = performance.now() - start;
  writing = false;
  await committer;
  last = queue.lastFixedNumber;
  const readStart = performance.now();
  const read = await store.latestCheckpoint();
  const readTime = performance.now() - readStart;
  if (read?.tree.length !== tree.length) throw new Error('the checkpoint did not read back');
  await store.close();
  print(
    `checkpoint of ${megabytes} MB (WAL checkpoints: ${walCheckpoints}): written in ${ms(written)}, read back in ${ms(readTime)}; ` +
      `${during.length} commits meanwhile: ${summary(during)}`,
  );
}

rmSync(directory, { recursive: true, force: true });
