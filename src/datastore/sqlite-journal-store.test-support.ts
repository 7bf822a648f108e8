/**
 * @module datastore/sqlite-journal-store.test-support
 * The JournalStore contract's harness for {@link SqliteJournalStore}: a location is a temporary
 * data directory; read-only is `chmod 0555` (the children then run as `nobody` when the tests
 * run as root, whom permissions do not bind); a full disk is `maxBytes` (SQLite `max_page_count`).
 */
import { spawnSync } from 'node:child_process';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JournalStoreHarness } from './journal-store-harness.test-support.ts';
import { SqliteJournalStore } from './sqlite-journal-store.ts';

/** `nobody`/`nogroup` on Debian. */
const NOBODY = { uid: 65534, gid: 65534 } as const;
const isRoot = process.getuid?.() === 0;

/**
 * Whether a child running as nobody can run node and read this checkout. It cannot when the
 * checkout sits below a directory only root may enter (e.g. a `mktemp -d` clone); then root
 * cannot make a location read-only for the store, and that scenario is skipped.
 */
const nobodyCanRun = (): boolean => {
  const probe = spawnSync(
    process.execPath,
    ['-e', `require('node:fs').accessSync(${JSON.stringify(import.meta.filename)})`],
    { uid: NOBODY.uid, gid: NOBODY.gid, stdio: 'ignore' },
  );
  return probe.error === undefined && probe.status === 0;
};

/** Read-only works by permissions: for a non-root run always, as root only through nobody. */
const readOnlyWorks = !isRoot || nobodyCanRun();

/** The harness the contract and its child processes use for SQLite. */
export const SQLITE_HARNESS: JournalStoreHarness = {
  async createLocation() {
    const location = await mkdtemp(join(tmpdir(), 'idconf-journal-'));
    // The read-only scenario's children run as nobody; they must be able to write here until it is read-only.
    if (isRoot) await chown(location, NOBODY.uid, NOBODY.gid);
    return location;
  },
  async removeLocation(location) {
    await chmod(location, 0o755);
    await rm(location, { recursive: true, force: true });
  },
  openStore(location, options = {}) {
    return new SqliteJournalStore({
      dataDir: location,
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    });
  },
  module: { url: import.meta.url, exportName: 'SQLITE_HARNESS' },
  limitsSize: true,
  ...(readOnlyWorks
    ? {
        async setReadOnly(location: string, readOnly: boolean) {
          await chmod(location, readOnly ? 0o555 : 0o755);
        },
      }
    : {}),
  ...(isRoot ? { unprivileged: NOBODY } : {}),
};

/**
 * The same store with every append handed to the journal's thread (`directAppend: false`): the
 * contract holds on both paths, and a lone commit's direct append is checked against it.
 */
export const SQLITE_THREAD_ONLY_HARNESS: JournalStoreHarness = {
  ...SQLITE_HARNESS,
  openStore(location, options = {}) {
    return new SqliteJournalStore({
      dataDir: location,
      directAppend: false,
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    });
  },
  module: { url: import.meta.url, exportName: 'SQLITE_THREAD_ONLY_HARNESS' },
};
