/**
 * @module datastore/checkpoint-entry-texts
 * The JSON text of the large lists' entries that the last checkpoint wrote, so that the next
 * checkpoint re-encodes only the entries that changed since. The trees are persistent: an entry
 * that did not change is the same object in every later version, and an entry object never
 * changes, so its text is the same as long as the schema it is written under is (its options
 * are the checkpoint's own, always the same). The texts of a list are kept in its order, beside
 * its entry objects: the next checkpoint walks the list and the kept entries side by side,
 * comparing objects (a few steps ahead when entries were inserted or deleted, by an index of the
 * kept entries when many were), so that an unchanged entry costs a comparison, not a lookup in
 * a hash table. Bounded: a checkpoint keeps the texts of at most `budget` characters of
 * entries (and their objects, until the next checkpoint); the rest are encoded each time.
 */
import type { ListEntry } from '../data/index.ts';
import type { SchemaTree } from '../yang/index.ts';

/**
 * Characters of entry text kept by default: all of 100,000 entries of the benchmark's list
 * (about 160 characters each), a fifth of a million; one-byte strings in V8's heap.
 */
export const DEFAULT_ENTRY_TEXT_BUDGET = 2 ** 25;

/**
 * Lists with more entries are encoded whole at every checkpoint, as without kept texts: at
 * 1,000,000 entries the budget keeps a fifth of them, which measured no gain, and the texts
 * promoted to V8's old generation brought its major collections into the checkpoint.
 */
export const MAX_KEPT_LIST = 250_000;

/** Kept entries looked at past the expected one before an entry is taken as changed. */
const LOOK_AHEAD = 8;
/** Changed entries in a row after which the kept entries are indexed (once per list and checkpoint). */
const MISSES_BEFORE_INDEX = 16;

/** The entries of one list that a checkpoint wrote, in order, and their texts. */
interface KeptTexts {
  /** The text of the list's key order and keys in pieces (never joined: no long stall), and the keys token of the list it was written from. */
  keys?: { readonly token: object; readonly pieces: readonly string[] };
  /** The first `count` are kept (allocated ahead, as the budget allows). */
  readonly entries: ListEntry[];
  readonly texts: string[];
  count: number;
  /** Characters of the kept texts, the keys' text included. */
  length: number;
}

/** The entry texts of one large list during a checkpoint; see {@link EntryTextsOfCheckpoint.list}. */
export class ListEntryTexts {
  readonly #kept: KeptTexts | undefined;
  readonly #next: KeptTexts;
  readonly #budget: { left: number };
  /** The kept texts are those of the same keys in the same order: they are updated where they are. */
  readonly #inPlace: boolean;
  /** Where the next entry is expected among the kept ones. */
  #position = 0;
  /** Where the next text is kept, in place. */
  #written = 0;
  #misses = 0;
  #index: Map<ListEntry, number> | undefined;

  constructor(kept: KeptTexts | undefined, next: KeptTexts, budget: { left: number }) {
    this.#kept = kept;
    this.#next = next;
    this.#budget = budget;
    this.#inPlace = kept === next;
  }

  /** The text of `entry` (the list's next entry) as the last checkpoint wrote it, if kept. */
  find(entry: ListEntry): string | undefined {
    const kept = this.#kept;
    if (kept === undefined) return undefined;
    const { entries, texts, count } = kept;
    const position = this.#position;
    if (this.#inPlace) {
      this.#position = position + 1;
      return position < count && entries[position] === entry ? texts[position] : undefined;
    }
    // Past the kept entries (the budget's end, or entries appended): nothing to look for there.
    if (position >= count) return undefined;
    const end = Math.min(count, position + LOOK_AHEAD + 1);
    for (let at = position; at < end; at++) {
      if (entries[at] !== entry) continue;
      this.#position = at + 1;
      this.#misses = 0;
      return texts[at];
    }
    if (this.#index === undefined && ++this.#misses < MISSES_BEFORE_INDEX) return undefined;
    if (this.#index === undefined) {
      this.#index = new Map();
      for (let at = 0; at < count; at++) this.#index.set(entries[at] as ListEntry, at);
    }
    const at = this.#index.get(entry);
    if (at === undefined) return undefined;
    this.#position = at + 1;
    return texts[at];
  }

  /** The text of the key order and the keys of a list whose keys token is `token`, in pieces, as the last checkpoint wrote them (if the same). */
  keysText(token: object): readonly string[] | undefined {
    const keys = this.#kept?.keys;
    return keys?.token === token ? keys.pieces : undefined;
  }

  /** Keeps the text of the key order and keys of the list (whose keys token is `token`), in pieces, for the next checkpoint, within the budget. */
  keepKeysText(token: object, pieces: readonly string[]): void {
    let length = 0;
    for (const piece of pieces) length += piece.length;
    const budget = this.#budget;
    if (length > budget.left) return;
    budget.left -= length;
    this.#next.keys = { token, pieces };
    this.#next.length += length;
  }

  /** True once the budget is spent: {@link keep} keeps nothing more. */
  get full(): boolean {
    return this.#inPlace ? this.#written >= this.#next.count : this.#budget.left === 0;
  }

  /** Keeps the text of `entry` (the list's next entry, found or just encoded) for the next checkpoint, within the budget. */
  keep(entry: ListEntry, text: string): void {
    const next = this.#next;
    if (this.#inPlace) {
      // Past the kept ones (beyond the budget): not kept, as the last time.
      const at = this.#written++;
      if (at >= next.count) return;
      next.length += text.length - (next.texts[at] as string).length;
      next.entries[at] = entry;
      next.texts[at] = text;
      return;
    }
    const budget = this.#budget;
    if (text.length > budget.left) {
      budget.left = 0;
      return;
    }
    budget.left -= text.length;
    next.length += text.length;
    next.entries[next.count] = entry;
    next.texts[next.count++] = text;
  }
}

/** The texts one checkpoint reads and keeps; see {@link CheckpointEntryTexts.begin}. */
export interface EntryTextsOfCheckpoint {
  /**
   * The texts of the large list named `name` (its path) of `size` entries whose keys token is
   * `keys` (see `KeyedSequence.keysToken`), to be given its entries in order; undefined for a
   * list of more than {@link MAX_KEPT_LIST} entries, encoded whole.
   */
  list(name: string, size: number, keys: object): ListEntryTexts | undefined;
  /** Makes the texts this checkpoint kept those the next one finds (once it is written whole). */
  finish(): void;
}

/** The entry texts of the last checkpoint of one datastore. */
export class CheckpointEntryTexts {
  readonly #budget: number;
  readonly #maxList: number;
  #schema: SchemaTree | undefined;
  #lists = new Map<string, KeptTexts>();

  /** Keeps at most `budget` characters of texts, of lists of at most `maxList` entries. */
  constructor(budget: number = DEFAULT_ENTRY_TEXT_BUDGET, maxList: number = MAX_KEPT_LIST) {
    this.#budget = budget;
    this.#maxList = maxList;
  }

  /**
   * The texts for a checkpoint of a tree of `schema`: those of the last checkpoint written under
   * the same schema. The checkpoint keeps for the next one the texts of its entries (found or
   * encoded), in the order they are given, until they reach the budget: no more than that is
   * ever held, however the trees change.
   */
  begin(schema: SchemaTree): EntryTextsOfCheckpoint {
    const previous = this.#schema === schema ? this.#lists : new Map<string, KeptTexts>();
    const next = new Map<string, KeptTexts>();
    const budget = { left: this.#budget };
    return {
      list: (name, size, keys) => {
        if (size > this.#maxList) return undefined;
        const before = previous.get(name);
        // The same keys in the same order as last time: the texts are replaced where they are
        // (no new arrays), those of unchanged entries left as they are; of a list longer than
        // the budget, those of the entries kept the last time (the first ones).
        if (before !== undefined && before.keys?.token === keys && before.count <= size) {
          if (before.length <= budget.left) {
            budget.left -= before.length;
            next.set(name, before);
            return new ListEntryTexts(before, before, budget);
          }
        }
        // Allocated whole for as many entries as the budget may keep (at 32 characters or more each).
        const length = Math.min(size, Math.ceil(budget.left / 32));
        const kept: KeptTexts = { entries: new Array(length), texts: new Array(length), count: 0, length: 0 };
        next.set(name, kept);
        return new ListEntryTexts(before, kept, budget);
      },
      finish: () => {
        this.#schema = schema;
        this.#lists = next;
      },
    };
  }
}
