/**
 * @module datastore/journal-store-child.test-support
 * The child process of the JournalStore contract's crash and permission scenarios, and the
 * deterministic payloads both sides agree on. Run as
 * `node journal-store-child.test-support.ts <harness-url> <export> <location> <scenario>`; it
 * reports on standard output, one line per event (`ready N`, `ack N`, … or one JSON result).
 */
import type { CommitRecord } from './commit-record.ts';
import type { JournalStore } from './journal-store.ts';
import type { JournalStoreHarness } from './journal-store-harness.test-support.ts';

/** The scenarios the child runs. */
export type ChildScenario = 'append-once' | 'crash-writer' | 'fill';

/** A child's JSON result: what succeeded, or the error it met. */
export interface ChildResult {
  readonly last?: number;
  readonly acknowledged?: number;
  readonly reopenedLast?: number;
  readonly error?: ChildError;
  readonly reopenedError?: ChildError;
}

/** An error as a child reports it. */
export interface ChildError {
  readonly name: string;
  readonly code?: string;
  readonly message: string;
}

/** The diff text the crash writer stores for fixed number `fixedNumber`. */
export const payloadOf = (kind: 'forward' | 'reverse', fixedNumber: number): string =>
  `${kind}:${fixedNumber}:${'x'.repeat(100 + ((fixedNumber * 7919) % 3000))}`;

/** The tree text the crash writer checkpoints at `fixedNumber` (1–2 MB, so that a kill can land inside). */
export const treeOf = (fixedNumber: number): string =>
  `{"fixed-number":${fixedNumber},"pad":"${'y'.repeat(1_000_000 + (fixedNumber % 5) * 250_000)}"}`;

/** The label that tells which group a record was appended in: its first fixed number and size. */
export const groupLabel = (first: number, size: number): string => `group ${first} ${size}`;

/** A crash-writer record. */
export const crashRecord = (fixedNumber: number, label: string): CommitRecord => ({
  fixedNumber,
  timestamp: new Date(0).toISOString(),
  user: 'crash-writer',
  via: 'system',
  label,
  forward: payloadOf('forward', fixedNumber),
  reverse: payloadOf('reverse', fixedNumber),
});

const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const errorOf = (error: unknown): ChildError => {
  const {
    name = 'Error',
    message = String(error),
    code,
  } = error as { name?: string; message?: string; code?: unknown };
  return { name, message, ...(typeof code === 'string' ? { code } : {}) };
};

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Appends one record after the last; reports the new last or the error. */
const appendOnce = async (store: JournalStore): Promise<ChildResult> => {
  try {
    await store.open();
  } catch (error) {
    return { error: errorOf(error) };
  }
  try {
    const last = (await store.lastFixedNumber()) + 1;
    await store.append([crashRecord(last, 'once')]);
    return { last };
  } catch (error) {
    return { error: errorOf(error) };
  } finally {
    await store.close();
  }
};

/**
 * Appends groups of 1–4 records forever, printing `ack N` once each group is durable; every 40
 * commits starts a checkpoint in the background (`checkpoint-begin N` / `checkpoint-end N`) and
 * then prunes, as a server does. The parent kills it with SIGKILL.
 */
const crashWriter = async (store: JournalStore): Promise<never> => {
  await store.open();
  let last = await store.lastFixedNumber();
  let checkpointed = (await store.latestCheckpoint())?.fixedNumber ?? 0;
  let checkpointing = false;
  print(`ready ${last}`);
  for (;;) {
    const size = 1 + Math.floor(Math.random() * 4);
    const first = last + 1;
    const records = Array.from({ length: size }, (_, index) => crashRecord(first + index, groupLabel(first, size)));
    await store.append(records);
    last += size;
    print(`ack ${last}`);
    if (!checkpointing && last - checkpointed >= 40) {
      checkpointing = true;
      const at = last;
      print(`checkpoint-begin ${at}`);
      void store
        .writeCheckpoint({ fixedNumber: at, tree: treeOf(at) })
        .then(async () => {
          print(`checkpoint-end ${at}`);
          checkpointed = at;
          await store.prune(30);
          print(`pruned ${at}`);
          checkpointing = false;
        })
        .catch((error: unknown) => {
          print(`error ${JSON.stringify(errorOf(error))}`);
          process.exit(2);
        });
    }
    // A server's commits arrive through I/O; let the background checkpoint have its turns.
    await yieldToEventLoop();
  }
};

/** Appends 4 KB records until the storage is full, then checks what is stored, reopened too. */
const fill = async (store: JournalStore, reopen: () => JournalStore): Promise<ChildResult> => {
  await store.open();
  let acknowledged = await store.lastFixedNumber();
  let failure: unknown;
  for (;;) {
    try {
      await store.append([{ ...crashRecord(acknowledged + 1, 'fill'), forward: 'f'.repeat(4096) }]);
      acknowledged += 1;
    } catch (error) {
      failure = error;
      break;
    }
  }
  const last = await store.lastFixedNumber();
  for (let fixedNumber = 1; fixedNumber <= acknowledged; fixedNumber++) {
    if ((await store.readCommit(fixedNumber)) === undefined) throw new Error(`commit ${fixedNumber} is missing`);
  }
  await store.close();
  const again = reopen();
  let reopenedLast: number | undefined;
  try {
    await again.open();
    reopenedLast = await again.lastFixedNumber();
    await again.close();
  } catch (error) {
    return { last, acknowledged, error: errorOf(failure), reopenedError: errorOf(error) };
  }
  return { last, acknowledged, reopenedLast, error: errorOf(failure) };
};

if (import.meta.main) {
  const [harnessUrl = '', exportName = '', location = '', scenario = ''] = process.argv.slice(2);
  const harness = (await import(harnessUrl))[exportName] as JournalStoreHarness;
  const store = harness.openStore(location);
  switch (scenario as ChildScenario) {
    case 'append-once':
      print(JSON.stringify(await appendOnce(store)));
      break;
    case 'crash-writer':
      await crashWriter(store);
      break;
    case 'fill':
      print(JSON.stringify(await fill(store, () => harness.openStore(location))));
      break;
    default:
      throw new Error(`unknown scenario ${scenario}`);
  }
}
