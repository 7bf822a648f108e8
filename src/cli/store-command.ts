/**
 * @module cli/store-command
 * `idconf store migrate --from A --to B`: copies a whole journal — every stored commit (the
 * rollback files, with their fixed numbers, authors, dates, labels and comments), the latest
 * checkpoint and the last fixed number — from the SQLite journal of a data directory into an empty
 * PostgreSQL database, or back. A data directory is locked as the offline commands lock it, so the
 * copy refuses to run beside a server on it; the servers of a cluster must be stopped too (the copy
 * fails if the source changes meanwhile). Secrets stay encrypted as they are: the nodes need the
 * configuration key of the source.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { JournalStore } from '../datastore/index.ts';
import {
  copyJournal,
  describeStoreUrl,
  isPostgresUrl,
  JOURNAL_FILE_NAME,
  PostgresJournalStore,
  SqliteJournalStore,
} from '../datastore/index.ts';
import { CONFIG_KEY_FILE } from '../identity/index.ts';
import { lockDataDir } from '../server/index.ts';

interface MigrateFlags {
  readonly from: string;
  readonly to: string;
}

/** A journal location as the user named it, opened (and locked, for a data directory). */
interface OpenedJournal {
  readonly store: JournalStore;
  readonly name: string;
  readonly dataDir: string | undefined;
  close(): Promise<void>;
}

const openLocation = async (location: string, role: 'source' | 'target'): Promise<OpenedJournal> => {
  if (isPostgresUrl(location)) {
    const store = new PostgresJournalStore({ url: location });
    await store.open();
    return { store, name: describeStoreUrl(location), dataDir: undefined, close: () => store.close() };
  }
  const dataDir = resolve(location);
  if (role === 'source' && !existsSync(join(dataDir, JOURNAL_FILE_NAME)))
    throw new Error(`${dataDir} holds no journal (${JOURNAL_FILE_NAME}): name a server's data directory`);
  if (role === 'target') mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const unlock = lockDataDir(dataDir);
  const store = new SqliteJournalStore({ dataDir });
  try {
    await store.open();
  } catch (error) {
    unlock();
    throw error;
  }
  return {
    store,
    name: dataDir,
    dataDir,
    close: async () => {
      await store.close();
      unlock();
    },
  };
};

const migrate = async (flags: MigrateFlags): Promise<void> => {
  const opened: OpenedJournal[] = [];
  try {
    if (isPostgresUrl(flags.from) === isPostgresUrl(flags.to))
      throw new Error('--from and --to must be one data directory and one postgres:// URL');
    const from = await openLocation(flags.from, 'source');
    opened.push(from);
    const to = await openLocation(flags.to, 'target');
    opened.push(to);
    const copy = await copyJournal(from.store, to.store, (copied) => {
      if (copied % 5000 === 0) process.stderr.write(`idconf: ${copied} commits copied\n`);
    });
    process.stdout.write(
      `copied ${copy.commits} commit(s)${copy.checkpoint === undefined ? '' : ` and the checkpoint at ${copy.checkpoint}`} ` +
        `from ${from.name} to ${to.name}; the last fixed number is ${copy.lastFixedNumber}, compared: the same\n`,
    );
    const keyFile = from.dataDir === undefined ? undefined : join(from.dataDir, CONFIG_KEY_FILE);
    process.stdout.write(
      keyFile !== undefined && existsSync(keyFile)
        ? `secrets stay encrypted with the key in ${keyFile}: give every node that key (IDCONF_CONFIG_ENCRYPTION_KEY, or the file in its data directory)\n`
        : 'secrets stay encrypted with the key they were written with: start the server with that key (IDCONF_CONFIG_ENCRYPTION_KEY, or the key file in its data directory)\n',
    );
  } catch (error) {
    process.stderr.write(`idconf: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    for (const journal of opened.reverse()) await journal.close().catch(() => undefined);
  }
};

/** Adds `store migrate` to the program. */
export const addStoreCommand = (program: Command): void => {
  const store = program.command('store').description('the journal: where commits and rollback files are stored');
  store
    .command('migrate')
    .description(
      'copy a whole journal (every rollback file, the latest checkpoint) from a data directory into an empty PostgreSQL database, or back; stop the servers first',
    )
    .requiredOption('--from <location>', 'the source: a data directory, or postgres://user:password@host:port/database')
    .requiredOption('--to <location>', 'the target, empty: a postgres:// URL, or a data directory')
    .action((flags: MigrateFlags) => migrate(flags));
};
