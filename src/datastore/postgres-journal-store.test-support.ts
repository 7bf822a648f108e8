/**
 * @module datastore/postgres-journal-store.test-support
 * The JournalStore contract's harness for {@link PostgresJournalStore}: a location is the URL of
 * a fresh database (with a login role of its own) on the test's throwaway PostgreSQL server;
 * read-only is `ALTER DATABASE … SET default_transaction_read_only` (new sessions refuse writes).
 * The parent test gives the harness its server with {@link useHarnessServer}; the child processes
 * of the crash and read-only scenarios only open stores on the URLs they are given.
 */
import type { PostgresServer } from '../../test/support/postgres.ts';
import type { JournalStoreHarness } from './journal-store-harness.test-support.ts';
import { PostgresJournalStore } from './postgres-journal-store.ts';

let server: PostgresServer | undefined;
let created = 0;

/** Sets the server the harness creates its databases on. */
export const useHarnessServer = (postgres: PostgresServer | undefined): void => {
  server = postgres;
};

const serverOf = (): PostgresServer => {
  if (server === undefined) throw new Error('the PostgreSQL harness has no server (useHarnessServer)');
  return server;
};

const databaseOf = (location: string): string => new URL(location).pathname.slice(1);

/** The harness the contract and its child processes use for PostgreSQL. */
export const POSTGRES_HARNESS: JournalStoreHarness = {
  async createLocation() {
    created += 1;
    return serverOf().createDatabase(`journal_${process.pid}_${created}`);
  },
  async removeLocation(location) {
    const name = databaseOf(location);
    await serverOf().executeIn('postgres', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await serverOf().executeIn('postgres', `DROP ROLE IF EXISTS ${name}`);
  },
  openStore(location) {
    return new PostgresJournalStore({ url: location, checkpointChunkSize: 256 * 1024 });
  },
  module: { url: import.meta.url, exportName: 'POSTGRES_HARNESS' },
  async setReadOnly(location, readOnly) {
    await serverOf().executeIn(
      'postgres',
      `ALTER DATABASE ${databaseOf(location)} SET default_transaction_read_only = ${readOnly ? 'on' : 'off'}`,
    );
  },
};
