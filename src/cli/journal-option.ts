/**
 * @module cli/journal-option
 * Where the offline commands (`backup`, `restore`, `rollback`, `nacm recover`) find the journal:
 * the data directory of a stopped server (locked meanwhile), or with `--store` (env IDCONF_STORE)
 * the PostgreSQL journal of a cluster, which they change as one more node would, while the others
 * run.
 */
import { Option } from 'commander';
import type { JournalStore } from '../datastore/index.ts';
import { isPostgresUrl, PostgresJournalStore, SqliteJournalStore } from '../datastore/index.ts';
import { lockDataDir } from '../server/index.ts';

/** The `--store` option of the offline commands. */
export const storeOption = (): Option =>
  new Option(
    '--store <url>',
    'a cluster’s PostgreSQL journal (postgres://…) instead of the data directory’s (env IDCONF_STORE; default: none)',
  );

/** The journal the flags name, not yet opened, and how to let go of the data directory afterwards. */
export const journalOf = (flags: {
  readonly dataDir: string;
  readonly store?: string;
}): { readonly journal: JournalStore; readonly unlock: () => void } => {
  const store = flags.store ?? (process.env.IDCONF_STORE || undefined);
  if (store === undefined)
    return { journal: new SqliteJournalStore({ dataDir: flags.dataDir }), unlock: lockDataDir(flags.dataDir) };
  if (!isPostgresUrl(store)) throw new Error(`--store (IDCONF_STORE) takes a postgres:// or postgresql:// URL`);
  return { journal: new PostgresJournalStore({ url: store }), unlock: () => undefined };
};
