/**
 * @module datastore/journal-history
 * Finding places in the journal's history by its cheap listing (metadata only, newest first):
 * the oldest commit still stored (where a replay can begin), and the first commit made at or
 * after a time (where a replay from a start time begins). Timestamps are taken to grow with the
 * fixed numbers, which holds as long as the server's clock does not step back.
 */
import type { CommitMetadata } from './commit-record.ts';
import type { JournalStore } from './journal-store.ts';

/** Commits listed per query while walking back in time. */
const PAGE = 256;

/** The oldest commit the journal still stores, or undefined for an empty journal. */
export const oldestStoredCommit = async (journal: JournalStore): Promise<CommitMetadata | undefined> => {
  const at = async (offset: number): Promise<CommitMetadata | undefined> =>
    (await journal.listCommits({ limit: 1, offset }))[0];
  let found = await at(0);
  if (found === undefined) return undefined;
  // Exponential search for an offset past the end, then a binary search for the last one stored.
  let low = 0;
  let high = 1;
  for (;;) {
    const candidate = await at(high);
    if (candidate === undefined) break;
    found = candidate;
    low = high;
    high *= 2;
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    const candidate = await at(middle);
    if (candidate === undefined) high = middle;
    else {
      found = candidate;
      low = middle;
    }
  }
  return found;
};

/**
 * The fixed number of the oldest stored commit made at or after `time` (milliseconds since the
 * epoch), or undefined when every stored commit is older. The walk stops at the first older
 * commit, so it costs the number of commits since `time`.
 */
export const firstCommitSince = async (journal: JournalStore, time: number): Promise<number | undefined> => {
  let first: number | undefined;
  for (let offset = 0; ; offset += PAGE) {
    const page = await journal.listCommits({ limit: PAGE, offset });
    for (const commit of page) {
      if (Date.parse(commit.timestamp) < time) return first;
      first = commit.fixedNumber;
    }
    if (page.length < PAGE) return first;
  }
};
