/**
 * @module datastore/checkpoint-text
 * The text of a checkpoint: the whole configuration as RFC 7951 JSON, in lines that start-up
 * decodes one by one as the journal hands them over, so that it never holds the whole text, nor
 * its parsed JSON, at once:
 *
 *     "idconf checkpoint 2"
 *     {"bench:bench":{"label":"x"}}                               the tree without its large lists
 *     {"list":["bench:bench","bench:entry"],"entries":1000000,"keyOrder":[0,1,10,100,…],
 *      "keys":["entry-0","entry-1",…],"lineEntries":64,"schema":"3f9a…"}
 *     [{"name":"entry-0",…},{"name":"entry-1",…},…]               … 64 entries per line
 *
 * A large list is one with at least 256 entries that sits below containers only (not inside a
 * list entry); its lines give its entries in order. Its line before them names it, and gives in
 * `keyOrder` the positions of its entries in the order of their keys, so that start-up builds the
 * list's index by key without sorting the keys (it checks the order in O(n), and sorts when it is
 * wrong or missing, as in checkpoints written before it was added: the member is optional, and
 * other readers of this format ignore it). When the list's line also gives its entry keys in
 * order (`keys`) and its entries per line (`lineEntries`), start-up builds the list from the keys
 * alone and keeps its lines of entries as they came (UTF-8 bytes from the SQLite store): each
 * leaf of the list's B+tree decodes its line when it is first read (`LazyValues`), checking the
 * entries' keys against `keys`; a line that does not decode fails that read as a damaged
 * checkpoint. `schema` is the fingerprint of the YANG modules the checkpoint was written under
 * (absent when the writer was given none): a start under other modules decodes, and so checks,
 * every entry at once, as it does without `keys` (checkpoints written before). JSON text holds no
 * raw line feed, so lines are found without parsing. A checkpoint without the first line is one
 * RFC 7951 JSON text (as written before this format) and loads as such.
 * @see RFC 7951
 */
import type {
  DataTree,
  DecodeJsonOptions,
  InstanceNode,
  InstancePath,
  InstancePathStep,
  ListEntry,
  ListInstance,
} from '../data/index.ts';
import {
  decodeJsonEntries,
  decodeJsonText,
  emptyDataTree,
  encodeJson,
  encodeJsonEntries,
  encodeJsonEntryTexts,
  listInstanceFromArrays,
  parseJsonText,
  slotChildByName,
  slotTableOf,
  stampingCreations,
  updateAt,
} from '../data/index.ts';
import { OperationFailedError } from '../errors/index.ts';
import { LazyValues } from '../util/index.ts';
import type { ListNode, SchemaTree } from '../yang/index.ts';
import type { CheckpointEntryTexts } from './checkpoint-entry-texts.ts';
import { joinBytes } from './join-bytes.ts';

/** The first line of a checkpoint in this format. */
export const CHECKPOINT_HEADER = '"idconf checkpoint 2"';
/** Lists with at least this many entries are written after the tree, in lines of their own. */
const LARGE_LIST = 256;
/**
 * Entries per line of a large list: as many as a leaf of the B+tree that holds a list's entries
 * (see `util/persistent`), so that a lazily loaded leaf decodes about one line.
 */
const LINE_ENTRIES = 64;
/** The most entries of a large list for which start-up allocates its arrays before reading them. */
const MAX_PREALLOCATED = 2 ** 24;

const OPTIONS = { content: 'config', withDefaults: 'explicit' } as const;
const encoder = new TextEncoder();
/**
 * Milliseconds of encoding between two turns of the event loop. A request that arrives while a
 * checkpoint is written waits for the slice in progress: at 4 ms, a checkpoint of 100,000 entries
 * (0.6 s in slices) put a few hundred PATCHes in a row above 3 ms, the p99 of a run.
 */
export const CHECKPOINT_SLICE_MS = 1;
/** Characters of a large list's line encoded at a time (about 30 benchmark entries), between which a slice may end. */
const LINE_PIECE = 4096;
const LINE_OPTIONS = { ...OPTIONS, chunkSize: LINE_PIECE } as const;
/** Entries whose text is not kept encoded at a time (about 3,000 characters), between which a slice may end. */
const MISSING_AT_ONCE = 20;

/** A large list of the tree and where it is. */
interface LargeList {
  readonly path: InstancePath;
  readonly list: ListInstance;
}

/** The large lists below `node` (at `path`), through containers only. */
const largeListsOf = (node: InstanceNode, path: readonly InstancePathStep[], found: LargeList[]): void => {
  const { nodes } = slotTableOf(node.schema);
  for (let index = 0; index < node.slots.length; index++) {
    const slot = node.slots[index];
    const child = nodes[index];
    if (slot === undefined || child === undefined || !child.config) continue;
    if (child.kind === 'container') largeListsOf(slot as InstanceNode, [...path, { schema: child }], found);
    else if (child.kind === 'list' && (slot as ListInstance).entries.size >= LARGE_LIST)
      found.push({ path: [...path, { schema: child }], list: slot as ListInstance });
  }
};

const qualifiedName = (step: InstancePathStep): string => `${step.schema.module}:${step.schema.name}`;

/** How long a slice of checkpoint encoding may run now (ms), asked after every piece. */
export type CheckpointSlice = () => number;

/**
 * The checkpoint text of `root` (configuration only, defaults as set) in pieces, encoded in
 * slices of about `sliceMs` (or as long as it says at each piece) between which the event loop runs.
 * With `entryTexts`, a large list's entries that the last checkpoint written with them wrote too
 * (the same objects) are not encoded again: their texts are taken from there. The text is the
 * same with them or without. A piece is text, or UTF-8 bytes of whole characters (a line of a
 * large list's entries, or a piece of its keys, as kept by `entryTexts`), to be read before the
 * next piece is asked for: its memory may then be written over.
 */
export async function* checkpointChunks(
  root: DataTree,
  sliceMs: number | CheckpointSlice = CHECKPOINT_SLICE_MS,
  fingerprint?: string,
  entryTexts?: CheckpointEntryTexts,
): AsyncGenerator<string | Uint8Array> {
  const texts = entryTexts?.begin(root.schema);
  const limit: CheckpointSlice = typeof sliceMs === 'number' ? () => sliceMs : sliceMs;
  let sliceStart = performance.now();
  const pause = async (): Promise<void> => {
    if (performance.now() - sliceStart < limit()) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
  yield `${CHECKPOINT_HEADER}\n`;
  const large: LargeList[] = [];
  largeListsOf(root, [], large);
  let skeleton = root;
  for (const { path } of large) skeleton = updateAt(skeleton, path, () => undefined);
  for (const chunk of encodeJson(skeleton, root.schema, { ...OPTIONS, chunkSize: LINE_PIECE })) {
    yield chunk;
    await pause();
  }
  yield '\n';
  for (const { path, list } of large) {
    const name = path.map(qualifiedName);
    const head = JSON.stringify({ list: name, entries: list.entries.size });
    const token = list.entries.keysToken;
    const kept = texts?.list(name.join('/'), list.entries.size, token);
    yield `${head.slice(0, -1)},"keyOrder":[`;
    // The key order and the keys, in pieces: as the last checkpoint wrote them when the list's
    // keys are the same (only values replaced since).
    const known = kept?.keysText(token);
    if (known !== undefined) {
      for (const piece of known) {
        yield piece;
        await pause();
      }
    } else {
      // Kept as bytes, encoded piece by piece (never joined: no long stall).
      const parts: Uint8Array[] = [];
      for (const piece of keysPieces(list)) {
        if (kept === undefined) yield piece;
        else {
          const bytes = encoder.encode(piece);
          parts.push(bytes);
          yield bytes;
        }
        await pause();
      }
      kept?.keepKeysText(token, parts);
    }
    const schema = fingerprint === undefined ? '' : `,"schema":${JSON.stringify(fingerprint)}`;
    yield `],"lineEntries":${LINE_ENTRIES}${schema}}\n`;
    if (kept === undefined) {
      let batch: ListEntry[] = [];
      for (const entry of list.entries.values()) {
        batch.push(entry);
        if (batch.length < LINE_ENTRIES) continue;
        // A line is handed out in pieces: the event loop may run in the middle of one.
        for (const piece of encodeJsonEntries(list.schema, batch, root.schema, LINE_OPTIONS)) {
          yield piece;
          await pause();
        }
        yield '\n';
        batch = [];
      }
      if (batch.length > 0) yield `${[...encodeJsonEntries(list.schema, batch, root.schema, LINE_OPTIONS)].join('')}\n`;
      continue;
    }
    // The same lines, of the entries' texts: the bytes the last checkpoint kept where the entry
    // is the same object, the others encoded in groups of a few entries.
    const line: ListEntry[] = [];
    const found: number[] = [];
    const encoded: (string | undefined)[] = [];
    const missing: ListEntry[] = [];
    const missingAt: number[] = [];
    let count = 0;
    for (const entry of list.entries.values()) {
      const at = kept.find(entry);
      if (at < 0) {
        missing.push(entry);
        missingAt.push(line.length);
      }
      found.push(at);
      encoded.push(undefined);
      line.push(entry);
      if (++count < list.entries.size && line.length < LINE_ENTRIES) continue;
      // In groups of a few entries, between which a slice may end.
      for (let start = 0; start < missing.length; start += MISSING_AT_ONCE) {
        const group = missing.slice(start, start + MISSING_AT_ONCE);
        const texts = encodeJsonEntryTexts(list.schema, group, root.schema, OPTIONS);
        for (let index = 0; index < group.length; index++)
          encoded[missingAt[start + index] as number] = texts[index] as string;
        await pause();
      }
      yield kept.line(line, found, encoded);
      await pause();
      missing.length = 0;
      missingAt.length = 0;
      found.length = 0;
      encoded.length = 0;
      line.length = 0;
    }
  }
  texts?.finish();
}

/**
 * The key order of `list` (the positions of its entries in the order of their keys) and its keys
 * in its order, as in its line of a checkpoint: `0,2,1],"keys":["a","c","b"` in pieces of about
 * {@link LINE_PIECE} characters (about 7 characters per position, 10 per key).
 */
function* keysPieces(list: ListInstance): Generator<string> {
  let piece = '';
  let first = true;
  for (const position of list.entries.keyOrder()) {
    piece += first ? `${position}` : `,${position}`;
    first = false;
    if (piece.length < LINE_PIECE) continue;
    yield piece;
    piece = '';
  }
  piece += '],"keys":[';
  first = true;
  for (const key of list.entries.keys()) {
    piece += first ? JSON.stringify(key) : `,${JSON.stringify(key)}`;
    first = false;
    if (piece.length < LINE_PIECE) continue;
    yield piece;
    piece = '';
  }
  yield piece;
}

/** The whole checkpoint text of {@link checkpointChunks}. */
export const checkpointTextInSlices = async (
  root: DataTree,
  sliceMs: number | CheckpointSlice = CHECKPOINT_SLICE_MS,
  fingerprint?: string,
  entryTexts?: CheckpointEntryTexts,
): Promise<string> => {
  const parts: string[] = [];
  const decoder = new TextDecoder();
  for await (const chunk of checkpointChunks(root, sliceMs, fingerprint, entryTexts))
    parts.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk));
  return parts.join('');
};

const damaged = (reason: string): OperationFailedError =>
  new OperationFailedError(`the checkpoint is damaged: ${reason}`);

/** Decodes the lines of a checkpoint in this format, one at a time. */
class CheckpointDecoder {
  readonly #schema: SchemaTree;
  readonly #fingerprint: string | undefined;
  /** Where the texts of lazily loaded lists' entries go, as they are read. */
  readonly #entryTexts: CheckpointEntryTexts | undefined;
  #line = 0;
  #root: DataTree;
  #list:
    | {
        readonly path: InstancePath;
        readonly schema: ListNode;
        readonly expected: number;
        readonly keyOrder: readonly unknown[] | undefined;
        /** Given when the list's line names its keys: its entries are then decoded when first read. */
        readonly lazy: LazyList | undefined;
      }
    | undefined;
  #keys: string[] = [];
  #entries: ListEntry[] = [];
  /** Entries of the current large list decoded so far. */
  #count = 0;

  constructor(schema: SchemaTree, fingerprint: string | undefined, entryTexts: CheckpointEntryTexts | undefined) {
    this.#schema = schema;
    this.#fingerprint = fingerprint;
    this.#entryTexts = entryTexts;
    this.#root = emptyDataTree(schema);
  }

  /** Takes the next line (without its line feed), as text or as its UTF-8 bytes. */
  line(line: string | Uint8Array): void {
    const number = this.#line++;
    if (number === 0) return;
    const schema = this.#schema;
    if (number === 1) {
      this.#root = decodeJsonText(schema, textOf(line), { schema, config: true });
      return;
    }
    if (typeof line === 'string' ? line.startsWith('[') : line[0] === OPENING_BRACKET) {
      const list = this.#list;
      if (list === undefined) throw damaged(`line ${number + 1} holds list entries, but no list was named`);
      if (list.lazy !== undefined) {
        // Kept as it is: decoded when its entries are first read.
        list.lazy.lines.push(line);
        return;
      }
      const items = parseJsonText(textOf(line));
      if (!Array.isArray(items)) throw damaged(`line ${number + 1} is not a JSON array`);
      const options = { schema, config: true, path: list.path.slice(0, -1) };
      this.#count = decodeJsonEntries(list.schema, items, options, this.#keys, this.#entries, this.#count);
      return;
    }
    this.#finishList();
    const header = parseJsonText(textOf(line)) as {
      list?: unknown;
      entries?: unknown;
      keyOrder?: unknown;
      keys?: unknown;
      lineEntries?: unknown;
      schema?: unknown;
    };
    if (!Array.isArray(header.list) || typeof header.entries !== 'number')
      throw damaged(`line ${number + 1} names no list`);
    const path = this.#resolve(header.list as unknown[]);
    // Only a hint: listInstanceFromArrays checks it, and sorts the keys when it is wrong.
    const keyOrder = Array.isArray(header.keyOrder) ? (header.keyOrder as unknown[]) : undefined;
    // Lazily only under the modules the checkpoint was written with: under others, entries that
    // no longer decode must stop the start, as they always did.
    const lazy = header.schema === this.#fingerprint ? lazyListOf(header, number + 2) : undefined;
    this.#list = { path, schema: path.at(-1)?.schema as ListNode, expected: header.entries, keyOrder, lazy };
    if (lazy !== undefined) return;
    // Allocated whole (as long as announced, within reason): filled faster than grown by push().
    const length = Number.isSafeInteger(header.entries) && header.entries <= MAX_PREALLOCATED ? header.entries : 0;
    this.#keys = new Array<string>(length);
    this.#entries = new Array<ListEntry>(length);
    this.#count = 0;
  }

  /** The tree, once every line is in. */
  finish(): DataTree {
    if (this.#line < 2) throw damaged('it ends before the tree');
    this.#finishList();
    return this.#root;
  }

  #resolve(names: readonly unknown[]): InstancePath {
    const path: InstancePathStep[] = [];
    let parent: InstanceNode['schema'] = this.#schema;
    names.forEach((name, index) => {
      const [module, local] = typeof name === 'string' ? name.split(':') : [];
      const node = module === undefined || local === undefined ? undefined : slotChildByName(parent, module, local);
      const last = index === names.length - 1;
      if (node === undefined || (last ? node.kind !== 'list' : node.kind !== 'container'))
        throw damaged(`the list ${names.join('/')} is not in the schema`);
      path.push({ schema: node });
      if (node.kind === 'container') parent = node;
    });
    if (path.length === 0) throw damaged('a list without a path');
    return path;
  }

  #finishList(): void {
    const list = this.#list;
    if (list === undefined) return;
    this.#list = undefined;
    if (list.lazy !== undefined) {
      this.#finishLazyList(list.path, list.schema, list.lazy, list.keyOrder);
      return;
    }
    const keys = this.#keys;
    const entries = this.#entries;
    const count = this.#count;
    this.#keys = [];
    this.#entries = [];
    this.#count = 0;
    if (count !== list.expected || keys.length !== count)
      throw damaged(`the list ${list.schema.name} has ${count} of its ${list.expected} entries`);
    let instance: ListInstance;
    try {
      instance = listInstanceFromArrays(list.schema, keys, entries, list.keyOrder as ArrayLike<number> | undefined);
    } catch (error) {
      throw damaged(`the list ${list.schema.name} holds two entries with the same key (${String(error)})`);
    }
    this.#root = updateAt(this.#root, list.path, () => instance);
  }

  /** Where the texts of a lazily loaded list's entries go as its `lines` are decoded, when they are kept. */
  #seedOf(path: InstancePath, count: number, lines: readonly (string | Uint8Array | undefined)[]) {
    const entryTexts = this.#entryTexts;
    if (entryTexts === undefined) return undefined;
    let bytes = 0;
    for (const line of lines) bytes += line?.length ?? 0;
    return entryTexts.seed(this.#schema, path.map(qualifiedName).join('/'), count, bytes);
  }

  /**
   * Builds a large list whose line named its keys: its B+trees of keys now, its entries as
   * {@link LazyValues} that decode a leaf's lines when the leaf is first read.
   */
  #finishLazyList(path: InstancePath, schema: ListNode, lazy: LazyList, keyOrder: readonly unknown[] | undefined) {
    const { keys, lines, lineEntries, firstLine } = lazy;
    const count = keys.length;
    const expected = Math.ceil(count / lineEntries);
    if (lines.length !== expected)
      throw damaged(`the list ${schema.name} has ${lines.length} of its ${expected} lines of entries`);
    // Entries of each line not yet handed to a leaf: a line's text is let go once all are.
    const unread = lines.map((_, line) => Math.min(lineEntries, count - line * lineEntries));
    const options = { schema: this.#schema, config: true, path: path.slice(0, -1) };
    // The texts of the entries as read, for the next checkpoint.
    const seed = this.#seedOf(path, count, lines);
    const read = (start: number, end: number): ListEntry[] => {
      const found: ListEntry[] = [];
      for (let line = Math.floor(start / lineEntries); line * lineEntries < end; line++) {
        const from = line * lineEntries;
        const size = Math.min(lineEntries, count - from);
        const text = lines[line];
        // Entries read during a commit are no part of it: unstamped, whatever stamp is in force.
        const decoded = stampingCreations(0, () => decodeLine(schema, text, size, options, firstLine + line));
        const first = Math.max(start, from);
        const last = Math.min(end, from + decoded.keys.length);
        for (let position = first; position < last; position++) {
          if (decoded.keys[position - from] !== keys[position])
            throw damaged(
              `line ${firstLine + line} holds an entry of ${schema.name} that its list's line does not name`,
            );
          found.push(decoded.entries[position - from] as ListEntry);
        }
        if (seed !== undefined && typeof text !== 'string' && text !== undefined)
          seed.line(from, text, decoded.entries, first, last);
        const left = (unread[line] as number) - (last - first);
        unread[line] = left;
        if (left === 0) lines[line] = undefined;
      }
      return found;
    };
    let instance: ListInstance;
    try {
      instance = listInstanceFromArrays(
        schema,
        keys,
        new LazyValues(count, read),
        keyOrder as ArrayLike<number> | undefined,
      );
    } catch (error) {
      throw damaged(`the list ${schema.name} holds two entries with the same key (${String(error)})`);
    }
    seed?.keysToken(instance.entries.keysToken);
    this.#root = updateAt(this.#root, path, () => instance);
  }
}

/** A large list whose entries are kept as the text of their lines until first read. */
interface LazyList {
  /** The entry keys, in the list's order. */
  readonly keys: readonly string[];
  /** Entries per line (the last line may hold fewer). */
  readonly lineEntries: number;
  /** The lines, as text or UTF-8 bytes; a line is dropped once all its entries are decoded. */
  readonly lines: (string | Uint8Array | undefined)[];
  /** The number of the list's first line of entries in the checkpoint (from 1), for messages. */
  readonly firstLine: number;
}

/** The lazy form of a list's line that names its keys and its entries per line, else undefined. */
const lazyListOf = (
  header: { readonly entries?: unknown; readonly keys?: unknown; readonly lineEntries?: unknown },
  firstLine: number,
): LazyList | undefined => {
  const { keys, entries, lineEntries } = header;
  if (!Array.isArray(keys) || keys.length !== entries) return undefined;
  if (typeof lineEntries !== 'number' || !Number.isSafeInteger(lineEntries) || lineEntries < 1) return undefined;
  for (const key of keys) if (typeof key !== 'string') return undefined;
  return { keys: keys as string[], lineEntries, lines: [], firstLine };
};

/**
 * The entries of one line of a lazily loaded list and their keys, checked to be `count` entries of
 * `schema`; throws the checkpoint's damage otherwise (or when the line's text is gone).
 */
const decodeLine = (
  schema: ListNode,
  line: string | Uint8Array | undefined,
  count: number,
  options: DecodeJsonOptions,
  lineNumber: number,
): { readonly keys: string[]; readonly entries: ListEntry[] } => {
  if (line === undefined) throw damaged(`line ${lineNumber} was read twice`);
  const keys: string[] = [];
  const entries: ListEntry[] = [];
  try {
    const items = parseJsonText(textOf(line));
    if (!Array.isArray(items)) throw new TypeError('not a JSON array');
    decodeJsonEntries(schema, items, options, keys, entries, 0);
  } catch (error) {
    throw damaged(`line ${lineNumber}, entries of ${schema.name}, cannot be decoded: ${describe(error)}`);
  }
  if (entries.length !== count)
    throw damaged(`line ${lineNumber} holds ${entries.length} entries of ${schema.name}, not ${count}`);
  return { keys, entries };
};

const textOf = (line: string | Uint8Array): string => (typeof line === 'string' ? line : UTF8.decode(line));

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The tree of a checkpoint's text, given in pieces (cut anywhere): all text, or all its UTF-8
 * bytes (then a large list's lines stay bytes, outside V8's heap, until decoded); throws a
 * ManagementError when the text is not a checkpoint of `schema`. A large list whose line names
 * its keys is loaded lazily when the line's `schema` is `fingerprint` (both may be absent), and
 * decoded whole at once otherwise. With `entryTexts`, the bytes of such a list's entries are
 * kept there as they are decoded, for the next checkpoint to copy where they did not change.
 */
export const treeFromCheckpointChunks = async (
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  schema: SchemaTree,
  fingerprint?: string,
  entryTexts?: CheckpointEntryTexts,
): Promise<DataTree> => {
  let decoder: CheckpointDecoder | undefined;
  /** Text seen before the format is known, or the unfinished line at the end of a piece. */
  let carry = '';
  const older: string[] = [];
  /** Bytes seen before the format is known, and the lines of bytes once it is. */
  let headBytes: Uint8Array = EMPTY_BYTES;
  let byteLines: ByteLines | undefined;
  const olderBytes = new TextDecoder();
  for await (const chunk of chunks) {
    if (typeof chunk !== 'string') {
      if (decoder === undefined && older.length === 0) {
        const head = concatBytes(headBytes, chunk);
        const start = UTF8.decode(head.subarray(0, CHECKPOINT_HEADER.length + 1));
        if (head.length < CHECKPOINT_HEADER.length + 1 && CHECKPOINT_HEADER.startsWith(start.trimEnd())) {
          headBytes = head;
          continue;
        }
        headBytes = EMPTY_BYTES;
        if (start === `${CHECKPOINT_HEADER}\n`) {
          decoder = new CheckpointDecoder(schema, fingerprint, entryTexts);
          byteLines = new ByteLines();
          byteLines.push(head, decoder);
        } else older.push(olderBytes.decode(head, { stream: true }));
        continue;
      }
      if (decoder === undefined) older.push(olderBytes.decode(chunk, { stream: true }));
      else if (byteLines === undefined) throw new TypeError('a checkpoint given partly as text, partly as bytes');
      else byteLines.push(chunk, decoder);
      continue;
    }
    if (decoder === undefined && older.length === 0) {
      const head = carry + chunk;
      if (head.length < CHECKPOINT_HEADER.length + 1 && CHECKPOINT_HEADER.startsWith(head.trimEnd())) {
        carry = head;
        continue;
      }
      carry = '';
      if (head.startsWith(`${CHECKPOINT_HEADER}\n`)) decoder = new CheckpointDecoder(schema, fingerprint, entryTexts);
      else {
        older.push(head);
        continue;
      }
      carry = feedLines(decoder, head, '');
      continue;
    }
    if (decoder === undefined) older.push(chunk);
    else carry = feedLines(decoder, chunk, carry);
  }
  if (decoder === undefined) {
    const text = carry + UTF8.decode(headBytes) + older.join('') + olderBytes.decode();
    return text.trim() === '' ? emptyDataTree(schema) : decodeJsonText(schema, text, { schema, config: true });
  }
  const rest = byteLines?.rest();
  if (rest !== undefined) decoder.line(rest);
  if (carry !== '') decoder.line(carry);
  return decoder.finish();
};

const EMPTY_BYTES = new Uint8Array(0);
/** Decodes whole lines (not streaming): a line feed never occurs inside a UTF-8 character. */
const UTF8 = new TextDecoder();
const LINE_FEED = 0x0a;
const OPENING_BRACKET = 0x5b;

const concatBytes = (first: Uint8Array, second: Uint8Array): Uint8Array => {
  if (first.length === 0) return second;
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first);
  joined.set(second, first.length);
  return joined;
};

/** The complete lines of UTF-8 text given in pieces of bytes (cut anywhere). */
class ByteLines {
  /** The unfinished line at the end of the pieces so far. */
  #carry: Uint8Array[] = [];

  /** Hands the complete lines of `chunk` (after what earlier pieces left) to `decoder`. */
  push(chunk: Uint8Array, decoder: CheckpointDecoder): void {
    let start = 0;
    for (let end = chunk.indexOf(LINE_FEED); end >= 0; end = chunk.indexOf(LINE_FEED, start)) {
      // A view of the piece: a line kept as bytes (a large list's entries) holds no copy.
      const piece = chunk.subarray(start, end);
      if (this.#carry.length === 0) decoder.line(piece);
      else {
        this.#carry.push(piece);
        decoder.line(joinBytes(this.#carry));
        this.#carry = [];
      }
      start = end + 1;
    }
    if (start < chunk.length) this.#carry.push(chunk.subarray(start));
  }

  /** The last line when the text does not end with a line feed. */
  rest(): Uint8Array | undefined {
    return this.#carry.length === 0 ? undefined : joinBytes(this.#carry);
  }
}

/** Hands the complete lines of `carry + chunk` to `decoder`; returns what is left after the last line feed. */
const feedLines = (decoder: CheckpointDecoder, chunk: string, carry: string): string => {
  let start = 0;
  let end = chunk.indexOf('\n');
  if (end < 0) return carry + chunk;
  // Only the unfinished line of the previous piece is joined to this piece's first line.
  decoder.line(carry + chunk.slice(0, end));
  for (;;) {
    start = end + 1;
    end = chunk.indexOf('\n', start);
    if (end < 0) return chunk.slice(start);
    decoder.line(chunk.slice(start, end));
  }
};
