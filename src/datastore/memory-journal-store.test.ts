/**
 * @module datastore/memory-journal-store.test
 * The JournalStore contract for the in-memory store (a location is a {@link MemoryJournal};
 * the scenarios that need a file system or a child process are skipped).
 */
import { describeJournalStoreContract } from './journal-store-contract.test-support.ts';
import { emptyMemoryJournal, type MemoryJournal, MemoryJournalStore } from './memory-journal-store.ts';

const journals = new Map<string, MemoryJournal>();

describeJournalStoreContract('MemoryJournalStore', {
  async createLocation() {
    const location = `memory-${journals.size + 1}`;
    journals.set(location, emptyMemoryJournal());
    return location;
  },
  async removeLocation(location) {
    journals.delete(location);
  },
  openStore(location) {
    return new MemoryJournalStore(journals.get(location));
  },
});
