/**
 * @module datastore/checkpoint-entry-texts
 * The JSON text of the large lists' entries that the last checkpoint wrote, as UTF-8 bytes
 * outside V8's heap, so that the next checkpoint re-encodes only the entries that changed since
 * and copies the bytes of the others. The trees are persistent: an entry that did not change is
 * the same object in every later version, and an entry object never changes, so its text is the
 * same as long as the schema it is written under is (its options are the checkpoint's own,
 * always the same).
 *
 * A checkpoint writes each line of a large list into slabs of bytes (see {@link ListEntryTexts.line})
 * and keeps, for the next one, each entry object beside where its text lies in them, in the
 * list's order. The next checkpoint walks the list and the kept entries side by side, comparing
 * objects (a few steps ahead when entries were inserted or deleted, by an index of the kept
 * entries when many were), so that an unchanged entry costs a comparison and a copy of its
 * bytes (one copy for a run of unchanged neighbours), not an encoding. While the keys are the
 * same, the entries are met in the order they were kept, and a slab whose entries were all
 * copied is written over with new lines: a checkpoint then allocates next to no new memory
 * (allocating 160 MB outside the heap at every checkpoint of 1,000,000 entries brought V8's
 * major collections of the whole heap into it). So a checkpoint forgets the last one's texts
 * when it begins, and one abandoned half way leaves none for the next.
 * Bounded: a checkpoint keeps the texts of at most `budget` bytes of entries (and their
 * objects, until the next checkpoint); the rest are encoded each time.
 */
import { Buffer } from 'node:buffer';
import type { ListEntry } from '../data/index.ts';
import type { SchemaTree } from '../yang/index.ts';

/**
 * Bytes of entry text kept by default: all of 1,000,000 entries of the benchmark's list (about
 * 160 bytes each), outside V8's heap.
 */
export const DEFAULT_ENTRY_TEXT_BUDGET = 2 ** 28;

/** Bytes of a slab that lines are written into (a longer line gets a slab of its own size). */
export const SLAB_BYTES = 2 ** 20;
/** Kept entries looked at past the expected one before an entry is taken as changed. */
const LOOK_AHEAD = 8;
/** Changed entries in a row after which the kept entries are indexed (once per list and checkpoint). */
const MISSES_BEFORE_INDEX = 16;

const COMMA = 0x2c;
const OPENING_BRACKET = 0x5b;
const CLOSING_BRACKET = 0x5d;
const LINE_FEED = 0x0a;

/** The entries of one list that a checkpoint wrote (or start-up read), in order, and where their texts lie. */
interface KeptTexts {
  /** The keys token of the list they were written from (or read into). */
  token: object | undefined;
  /** The text of the list's key order and keys in pieces of bytes, for lists of the same keys token. */
  keys?: readonly Uint8Array[];
  /** The first `count` are kept (allocated ahead for the whole list; undefined where none is). */
  readonly entries: (ListEntry | undefined)[];
  /** Entry `i`'s text is `slabs[slabOf[i]]` from `startOf[i]` up to `endOf[i]`. */
  readonly slabOf: Uint32Array;
  readonly startOf: Uint32Array;
  readonly endOf: Uint32Array;
  readonly slabs: Buffer[];
  /** `slabEnds[k]`: one past the last entry whose text lies in `slabs[k]` (slabs a checkpoint wrote). */
  readonly slabEnds: number[];
  /** The slabs are ones a checkpoint wrote, which the next may write over (not the rows start-up read). */
  readonly owned: boolean;
  /** Slabs allocated ahead and not used yet, for the next checkpoint to write into. */
  readonly spare: Buffer[];
  count: number;
}

/**
 * The entry texts of one large list during a checkpoint: {@link find} looks each entry up among
 * the last checkpoint's, in the list's order; {@link line} writes a line of entries.
 */
export class ListEntryTexts {
  readonly #kept: KeptTexts | undefined;
  readonly #next: KeptTexts;
  readonly #budget: { left: number };
  /** The kept texts are those of the same keys in the same order: an entry is where it was. */
  readonly #sameKeys: boolean;
  /** Where the next entry is expected among the kept ones. */
  #position = 0;
  #misses = 0;
  #index: Map<ListEntry, number> | undefined;
  /** The slab lines are written into, and where the next byte goes. */
  #slab: Buffer | undefined;
  #at = 0;
  /** The index of `#slab` among the next checkpoint's slabs (-1: not kept). */
  #slabIndex = -1;
  /** Entries written so far: kept texts before this one are not read again (with the same keys). */
  #written = 0;
  /** The first of the kept slabs not yet written over. */
  #reuse = 0;

  readonly #slabBytes: number;

  constructor(
    kept: KeptTexts | undefined,
    next: KeptTexts,
    budget: { left: number },
    sameKeys: boolean,
    slabBytes: number,
  ) {
    this.#slabBytes = slabBytes;
    this.#kept = kept;
    this.#next = next;
    this.#budget = budget;
    this.#sameKeys = sameKeys;
  }

  /**
   * Where the text of `entry` (the list's next entry) lies among the last checkpoint's kept
   * texts, to be given to {@link line}; -1 when it is not kept (changed, new, or past the budget).
   */
  find(entry: ListEntry): number {
    const kept = this.#kept;
    if (kept === undefined) return -1;
    const { entries, count } = kept;
    const position = this.#position;
    if (this.#sameKeys) {
      this.#position = position + 1;
      return position < count && entries[position] === entry ? position : -1;
    }
    // Past the kept entries (the budget's end, or entries appended): nothing to look for there.
    if (position >= count) return -1;
    const end = Math.min(count, position + LOOK_AHEAD + 1);
    for (let at = position; at < end; at++) {
      if (entries[at] !== entry) continue;
      this.#position = at + 1;
      this.#misses = 0;
      return at;
    }
    if (this.#index === undefined && ++this.#misses < MISSES_BEFORE_INDEX) return -1;
    if (this.#index === undefined) {
      this.#index = new Map();
      for (let at = 0; at < count; at++) this.#index.set(entries[at] as ListEntry, at);
    }
    const at = this.#index.get(entry);
    if (at === undefined) return -1;
    this.#position = at + 1;
    return at;
  }

  /** The text of the key order and the keys of a list whose keys token is `token`, in pieces, as the last checkpoint wrote them (if the same). */
  keysText(token: object): readonly Uint8Array[] | undefined {
    const kept = this.#kept;
    return kept?.token === token ? kept.keys : undefined;
  }

  /** Keeps the text of the key order and keys of the list (whose keys token is `token`), in pieces, for the next checkpoint, within the budget. */
  keepKeysText(token: object, pieces: readonly Uint8Array[]): void {
    let length = 0;
    for (const piece of pieces) length += piece.length;
    const budget = this.#budget;
    if (length > budget.left) return;
    budget.left -= length;
    this.#next.keys = pieces;
  }

  /**
   * The bytes of one line of the list (`[`, the entries' texts between commas, `]` and a line
   * feed), of `entries` (the list's next ones): where `found[i]` is not -1 (see {@link find}),
   * the text the last checkpoint kept there, else `encoded[i]`. Keeps each entry's text for the
   * next checkpoint while the budget lasts. The bytes stay as they are until the next call.
   */
  line(entries: readonly ListEntry[], found: readonly number[], encoded: readonly (string | undefined)[]): Uint8Array {
    const kept = this.#kept;
    let size = 2 + entries.length;
    for (let index = 0; index < entries.length; index++) {
      const at = found[index] as number;
      size +=
        at >= 0
          ? ((kept as KeptTexts).endOf[at] as number) - ((kept as KeptTexts).startOf[at] as number)
          : Buffer.byteLength(encoded[index] as string, 'utf8');
    }
    const slab = this.#room(size);
    const lineStart = this.#at;
    let at = lineStart;
    slab[at++] = OPENING_BRACKET;
    // A run of kept texts that lie side by side in one slab (commas included): copied at once.
    let runSlab: Buffer | undefined;
    let runFrom = 0;
    let runTo = 0;
    let runAt = 0;
    let previous = -1;
    const flush = (): void => {
      if (runSlab !== undefined) runSlab.copy(slab, runAt, runFrom, runTo);
      runSlab = undefined;
    };
    for (let index = 0; index < entries.length; index++) {
      const entry = entries[index] as ListEntry;
      const from = found[index] as number;
      if (from >= 0) {
        const { slabs, slabOf, startOf, endOf } = kept as KeptTexts;
        const source = slabs[slabOf[from] as number] as Buffer;
        const start = startOf[from] as number;
        const end = endOf[from] as number;
        if (index > 0 && runSlab === source && from === previous + 1 && start === runTo + 1) {
          // The comma before it is the kept one.
          runTo = end;
          this.#keep(entry, at + 1, at + 1 + end - start);
          at += 1 + end - start;
          previous = from;
          continue;
        }
        flush();
        if (index > 0) slab[at++] = COMMA;
        runSlab = source;
        runFrom = start;
        runTo = end;
        runAt = at;
        this.#keep(entry, at, at + end - start);
        at += end - start;
        previous = from;
        continue;
      }
      flush();
      if (index > 0) slab[at++] = COMMA;
      const written = slab.write(encoded[index] as string, at, 'utf8');
      this.#keep(entry, at, at + written);
      at += written;
      previous = -1;
    }
    flush();
    slab[at++] = CLOSING_BRACKET;
    slab[at++] = LINE_FEED;
    this.#at = at;
    this.#written += entries.length;
    return slab.subarray(lineStart, at);
  }

  /** The slab to write `size` bytes into now: the current one while they fit, else a kept one already copied, else a new one. */
  #room(size: number): Buffer {
    const slab = this.#slab;
    if (slab !== undefined && slab.length - this.#at >= size) return slab;
    const fresh = this.#reusable(size) ?? Buffer.allocUnsafeSlow(Math.max(this.#slabBytes, size));
    this.#slab = fresh;
    this.#at = 0;
    const next = this.#next;
    if (this.#budget.left > 0) {
      this.#slabIndex = next.slabs.length;
      next.slabs.push(fresh);
      next.slabEnds.push(next.count);
    } else this.#slabIndex = -1;
    return fresh;
  }

  /**
   * A slab of the last checkpoint's with room for `size` bytes whose entries were all written
   * (with the same keys, the kept entries are read in order: those before `#written` never again).
   */
  #reusable(size: number): Buffer | undefined {
    const kept = this.#kept;
    if (kept === undefined) return undefined;
    if (kept.spare.length > 0 && size <= this.#slabBytes) return kept.spare.pop();
    if (!this.#sameKeys || !kept.owned) return undefined;
    while (this.#reuse < kept.slabs.length && (kept.slabEnds[this.#reuse] as number) <= this.#written) {
      const index = this.#reuse++;
      const slab = kept.slabs[index] as Buffer;
      if (slab.length >= size) return slab;
    }
    return undefined;
  }

  /** Keeps for the next checkpoint that `entry`'s text lies from `start` up to `end` of the current slab, within the budget. */
  #keep(entry: ListEntry, start: number, end: number): void {
    const budget = this.#budget;
    const next = this.#next;
    // In order: once one is not kept, none after it is.
    if (this.#slabIndex < 0 || end - start > budget.left || next.count >= next.entries.length) {
      budget.left = 0;
      return;
    }
    budget.left -= end - start;
    const at = next.count++;
    next.slabEnds[this.#slabIndex] = at + 1;
    next.entries[at] = entry;
    next.slabOf[at] = this.#slabIndex;
    next.startOf[at] = start;
    next.endOf[at] = end;
  }
}

/** The texts one checkpoint reads and keeps; see {@link CheckpointEntryTexts.begin}. */
export interface EntryTextsOfCheckpoint {
  /**
   * The texts of the large list named `name` (its path) of `size` entries whose keys token is
   * `keys` (see `KeyedSequence.keysToken`), to be given its entries in order; undefined for a
   * list of more than the most entries texts are kept for.
   */
  list(name: string, size: number, keys: object): ListEntryTexts | undefined;
  /** Makes the texts this checkpoint kept those the next one finds (once it is written whole). */
  finish(): void;
}

/**
 * An array of `size` elements, all undefined, in V8's fast elements: `new Array(size)` of more
 * than about 100,000 elements is a dictionary, whose every write and read is a hash lookup.
 */
const filledArray = <T>(size: number): (T | undefined)[] => {
  const array: (T | undefined)[] = [];
  for (let index = 0; index < size; index++) array.push(undefined);
  return array;
};

/** Room for the texts of a list of `size` entries whose keys token is `token`, in slabs it `owned` or not. */
const keptTexts = (size: number, token: object | undefined, owned: boolean): KeptTexts => ({
  token,
  owned,
  entries: filledArray<ListEntry>(size),
  slabOf: new Uint32Array(size),
  startOf: new Uint32Array(size),
  endOf: new Uint32Array(size),
  slabs: [],
  slabEnds: [],
  spare: [],
  count: 0,
});

/**
 * Takes the texts of a large list's entries as start-up reads them from a checkpoint's lines
 * (see {@link CheckpointEntryTexts.seed}): the next checkpoint copies them for the entries that
 * did not change since.
 */
export interface SeedOfList {
  /** Makes the text of the list's keys token `token` (given once the list is built). */
  readonly keysToken: (token: object) => void;
  /**
   * Takes `line`, the bytes of a line of the checkpoint (`[`, entry texts between commas, `]`),
   * whose entries, decoded, are `entries`, the list's from position `from` on; of them, those
   * handed to the list are the ones from position `first` up to `last`. A line whose texts
   * cannot be told apart is left out (its entries are encoded again).
   */
  readonly line: (from: number, line: Uint8Array, entries: readonly ListEntry[], first: number, last: number) => void;
}

/** The entry texts of the last checkpoint of one datastore. */
export class CheckpointEntryTexts {
  readonly #budget: number;
  readonly #maxList: number;
  #schema: SchemaTree | undefined;
  #lists = new Map<string, KeptTexts>();

  readonly #slabBytes: number;

  /** Keeps at most `budget` bytes of texts, of lists of at most `maxList` entries, in slabs of `slabBytes` (at least). */
  constructor(
    budget: number = DEFAULT_ENTRY_TEXT_BUDGET,
    maxList: number = Number.POSITIVE_INFINITY,
    slabBytes: number = SLAB_BYTES,
  ) {
    this.#slabBytes = slabBytes;
    this.#budget = budget;
    this.#maxList = maxList;
  }

  /**
   * Takes for the first checkpoint the texts of the large list named `name` of `size` entries of a
   * tree of `schema`, as start-up reads them from its lines of `bytes` bytes in all. The texts of the lists seeded this way are the ones
   * read, which the next checkpoint writes again for the same entries; until then they hold the
   * lines read (which the list's lazy loading holds anyway until it decodes them).
   */
  seed(schema: SchemaTree, name: string, size: number, bytes: number): SeedOfList {
    if (this.#schema !== schema) {
      this.#schema = schema;
      this.#lists = new Map();
    }
    // Views of the rows the store read: never written over.
    const kept = keptTexts(size, undefined, false);
    // Slabs for the first checkpoint's lines, allocated now (their pages are touched only when
    // written): allocated during the checkpoint, as much memory outside the heap as the list's
    // text made V8 mark the whole heap meanwhile.
    const slabBytes = this.#slabBytes;
    const slabs = Math.min(Math.ceil(bytes / slabBytes) + 1, Math.ceil(this.#budget / slabBytes));
    for (let index = 0; index < slabs; index++) kept.spare.push(Buffer.allocUnsafeSlow(slabBytes));
    this.#lists.set(name, kept);
    return {
      keysToken: (token) => {
        kept.token = token;
      },
      line: (from, line, entries, first, last) => {
        const ranges = arrayElementRanges(line);
        if (ranges === undefined || ranges.length !== entries.length * 2) return;
        if (first < from || last > from + entries.length || last > size) return;
        const slab = kept.slabs.length;
        kept.slabs.push(line instanceof Buffer ? line : Buffer.from(line.buffer, line.byteOffset, line.length));

        for (let position = first; position < last; position++) {
          const index = position - from;
          kept.entries[position] = entries[index] as ListEntry;
          kept.slabOf[position] = slab;
          kept.startOf[position] = ranges[index * 2] as number;
          kept.endOf[position] = ranges[index * 2 + 1] as number;
        }
        // Positions of lines not read are holes, which match no entry.
        kept.count = Math.max(kept.count, last);
      },
    };
  }

  /**
   * The texts for a checkpoint of a tree of `schema`: those of the last checkpoint written under
   * the same schema. The checkpoint keeps for the next one the texts of its entries (found or
   * encoded), in the order they are given, until they reach the budget: no more than that is
   * ever held, however the trees change (and, while a checkpoint is written, the last one's too).
   */
  begin(schema: SchemaTree): EntryTextsOfCheckpoint {
    const previous = this.#schema === schema ? this.#lists : new Map<string, KeptTexts>();
    // This checkpoint may write over them: none are left for a checkpoint after one abandoned.
    this.#lists = new Map();
    const next = new Map<string, KeptTexts>();
    const budget = { left: this.#budget };
    return {
      list: (name, size, keys) => {
        if (size > this.#maxList) return undefined;
        const before = previous.get(name);
        const kept = keptTexts(size, keys, true);
        next.set(name, kept);
        return new ListEntryTexts(before, kept, budget, before?.token === keys, this.#slabBytes);
      },
      finish: () => {
        this.#schema = schema;
        this.#lists = next;
      },
    };
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENING_BRACE = 0x7b;
const CLOSING_BRACE = 0x7d;

/**
 * Where the elements of the JSON array whose UTF-8 bytes are `line` lie (start and end of each,
 * in turn), without white space between them; undefined when `line` is not such an array.
 */
export const arrayElementRanges = (line: Uint8Array): number[] | undefined => {
  let end = line.length;
  if (end > 0 && line[end - 1] === LINE_FEED) end--;
  if (end < 2 || line[0] !== OPENING_BRACKET || line[end - 1] !== CLOSING_BRACKET) return undefined;
  const ranges: number[] = [];
  let depth = 0;
  let start = 1;
  for (let at = 1; at < end - 1; at++) {
    const byte = line[at] as number;
    if (byte === QUOTE) {
      // To the closing quote, past escaped characters.
      for (at++; at < end - 1 && line[at] !== QUOTE; at++) if (line[at] === BACKSLASH) at++;
      continue;
    }
    if (byte === OPENING_BRACE || byte === OPENING_BRACKET) depth++;
    else if (byte === CLOSING_BRACE || byte === CLOSING_BRACKET) depth--;
    else if (byte === COMMA && depth === 0) {
      if (at === start) return undefined;
      ranges.push(start, at);
      start = at + 1;
    }
    if (depth < 0) return undefined;
  }
  if (depth !== 0) return undefined;
  if (end - 1 > start) ranges.push(start, end - 1);
  return ranges;
};
