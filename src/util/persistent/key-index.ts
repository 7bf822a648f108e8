/**
 * @module util/persistent/key-index
 * A hash index of a large keyed sequence's keys, for lookups that do not descend its trees. A
 * descent of a B+tree of n keys compares the key with about log2(n) stored keys, each a string
 * somewhere else in memory: at 100,000 entries that is some 17 cache misses per lookup, the
 * largest part of reading one list entry. A `Map` finds the key with one hash and one comparison.
 *
 * The index holds the keys looked up so far, each with its value: it fills as lookups come, one
 * key at a time (building it whole would stop the event loop for half a second at a million
 * entries), and reads no value a lookup does not read (values of a lazily loaded sequence stay
 * unread). A key it lacks is looked up in the trees, and added.
 *
 * The index belongs to one version of the sequence at a time, its `owner`. Edits made inside
 * {@link handingOverIndexes} — the edits that make the next version of record, such as a
 * datastore's commit — hand the owner's index, updated by the edit (O(1) per edited key), to the
 * version they make. Other edits leave it with the version they start from: a transaction's
 * working copies, which are dropped once the commit is made, never take it from the version of
 * record. A version without the index descends its trees, and starts an index of its own after
 * {@link DESCENTS_BEFORE_INDEX} such lookups; the versions of record count their lookups
 * together, so a sequence edited between every few reads starts one too, while a chain of working
 * copies, each looked up once or twice, starts none.
 */

/** Sequences smaller than this are searched in their trees, which then stay in the caches. */
export const INDEX_MIN_SIZE = 4096;

/** Lookups by descent after which a large sequence starts its index. */
export const DESCENTS_BEFORE_INDEX = 64;

let handingOver = 0;

/**
 * Runs `edit` (synchronous) with its edits of keyed sequences handing their indexes over to the
 * versions they make (see the module's description), and returns what it returns.
 */
export const handingOverIndexes = <T>(edit: () => T): T => {
  handingOver++;
  try {
    return edit();
  } finally {
    handingOver--;
  }
};

/** True while {@link handingOverIndexes} runs. */
export const handsOverIndexes = (): boolean => handingOver > 0;

/** The index of one version of a sequence: keys looked up (or edited), each to its value. */
export class KeyIndex<K, V> {
  /** The one version the index describes; every other version ignores it. */
  owner: object;
  readonly values: Map<K, V>;

  constructor(owner: object, values: Map<K, V>) {
    this.owner = owner;
    this.values = values;
  }
}
