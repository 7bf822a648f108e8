/**
 * @module datastore/journal-store-harness.test-support
 * What the JournalStore contract suite needs from a store's test file: how to create, reopen and
 * break its stores. Both the suite and its child processes read it.
 */
import type { JournalStore } from './journal-store.ts';

/** What the contract needs from a store's test file to create, reopen and break its stores. */
export interface JournalStoreHarness {
  /** A fresh, empty place for a journal (a directory, a database schema …), named by a string. */
  createLocation(): Promise<string>;
  /** Deletes a location made by {@link createLocation}. */
  removeLocation(location: string): Promise<void>;
  /** A new, not yet opened store on `location`; `maxBytes` limits its storage (a full disk). */
  openStore(location: string, options?: { readonly maxBytes?: number }): JournalStore;
  /** Where child processes import this harness from; without it the crash and read-only tests are skipped. */
  readonly module?: { readonly url: string; readonly exportName: string };
  /** Whether {@link openStore} honours `maxBytes`; without it the full-disk test is skipped. */
  readonly limitsSize?: boolean;
  /** Makes a location refuse writes or accept them again; without it the read-only test is skipped. */
  setReadOnly?(location: string, readOnly: boolean): Promise<void>;
  /** The user the read-only scenario's child processes run as (permissions do not bind root). */
  readonly unprivileged?: { readonly uid: number; readonly gid: number };
}
