/**
 * @module datastore/checkpoint-entry-texts
 * The JSON text of the large lists' entries that earlier checkpoints wrote, by entry object, so
 * that the next checkpoint re-encodes only the entries that changed since. The trees are
 * persistent: an entry that did not change is the same object in every later version, and an
 * entry object never changes, so its text is the same as long as the schema it is written
 * under is (its options are the checkpoint's own, always the same). Bounded: a checkpoint keeps
 * the texts of at most `budget` characters of entries; the rest are encoded each time, as
 * before. Weakly held: the text of an entry goes with the entry.
 */
import type { ListEntry } from '../data/index.ts';
import type { SchemaTree } from '../yang/index.ts';

/**
 * Characters of entry text kept by default: all of 100,000 entries of the benchmark's list
 * (about 150 characters each), a sixth of a million; one-byte strings in V8's heap.
 */
export const DEFAULT_ENTRY_TEXT_BUDGET = 2 ** 25;

/** The texts one checkpoint reads and adds; see {@link CheckpointEntryTexts.begin}. */
export interface EntryTextsOfCheckpoint {
  /** The text of `entry` as the last checkpoint wrote it, if kept; kept for the next one too, within the budget. */
  get(entry: ListEntry): string | undefined;
  /** Keeps the text of `entry` (just encoded) for the next checkpoint, within the budget. */
  keep(entry: ListEntry, text: string): void;
  /** Makes the texts of this checkpoint those the next one finds (once it is written whole). */
  finish(): void;
}

/** The entry texts of the last checkpoint of one datastore. */
export class CheckpointEntryTexts {
  readonly #budget: number;
  #schema: SchemaTree | undefined;
  #texts = new WeakMap<ListEntry, string>();

  constructor(budget: number = DEFAULT_ENTRY_TEXT_BUDGET) {
    this.#budget = budget;
  }

  /**
   * The texts for a checkpoint of a tree of `schema`: those of the last checkpoint written under
   * the same schema. The checkpoint keeps for the next one the texts of its entries (found or
   * encoded) until they reach the budget: no more than that is ever held, however the trees change.
   */
  begin(schema: SchemaTree): EntryTextsOfCheckpoint {
    const previous = this.#schema === schema ? this.#texts : new WeakMap<ListEntry, string>();
    const next = new WeakMap<ListEntry, string>();
    let left = this.#budget;
    const keep = (entry: ListEntry, text: string): void => {
      if (text.length > left) return;
      left -= text.length;
      next.set(entry, text);
    };
    return {
      get: (entry) => {
        const text = previous.get(entry);
        if (text !== undefined) keep(entry, text);
        return text;
      },
      keep,
      finish: () => {
        this.#schema = schema;
        this.#texts = next;
      },
    };
  }
}
