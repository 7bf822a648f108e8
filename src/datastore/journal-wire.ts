/**
 * @module datastore/journal-wire
 * What crosses between the SQLite journal's thread and the main thread: requests and replies,
 * long texts as UTF-8 bytes (moved between the threads, not copied), and errors, which lose
 * their class on the way (structured clone keeps only `Error`) and get it back here.
 */
import { CommitFailedError, type ManagementError, OperationFailedError, ResourceDeniedError } from '../errors/index.ts';
import type { CommitMetadata } from './commit-record.ts';
import { JournalConflictError } from './journal-conflict-error.ts';

/** A text as it crosses threads: a string, or its UTF-8 bytes when it is long. */
export type WireText = string | Uint8Array;

/** Texts at least this long (UTF-16 code units) cross as UTF-8 bytes, and are stored in slices. */
export const LONG_TEXT = 1 << 20;

/** A commit record as it crosses threads. */
export interface WireRecord extends CommitMetadata {
  readonly forward: WireText;
  readonly reverse: WireText;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * `bytes` over a buffer of their own, which can move to another thread without taking other
 * data along (a view of a shared or larger buffer is copied).
 */
export const movable = (bytes: Uint8Array): Uint8Array<ArrayBuffer> =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? (bytes as Uint8Array<ArrayBuffer>)
    : bytes.slice();

/**
 * `text` as it crosses threads: UTF-8 bytes when long. With `pieces` (whose concatenation `text`
 * is), the bytes are encoded piece by piece into one buffer: a text that is a rope of pieces is
 * then never flattened, which would copy it whole first (a second of a 150 MB diff's commit).
 */
export const toWireText = (text: string, pieces?: readonly string[], spare?: SpareBuffer): WireText => {
  if (text.length < LONG_TEXT) return text;
  if (pieces === undefined || pieces.some(endsInsidePair)) return movable(encoder.encode(text));
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece, 'utf8');
  // The bytes are written into memory already touched when there is some (see SpareBuffer);
  // else into a new buffer with room to spare, so that the next long text may reuse it.
  const bytes = spare?.take(length) ?? new Uint8Array(new ArrayBuffer(roomFor(length)), 0, length);
  let at = 0;
  for (const piece of pieces) at += encoder.encodeInto(piece, bytes.subarray(at)).written;
  return at === length ? bytes : movable(encoder.encode(text));
};

/** The capacity of a new buffer for `length` bytes: the next whole MiB (a text a little longer than the last one still fits). */
const roomFor = (length: number): number => Math.ceil((length + 1) / 2 ** 20) * 2 ** 20;

/**
 * One buffer of a long text's bytes, back from the journal's thread once stored, kept for the
 * next long text: writing a fresh buffer of 150 MB costs its first touch of every page (about a
 * second on the machine measured, against 25–50 ms for the encoding itself). Let go of after
 * {@link SPARE_MS} without use, so that an idle server does not keep it.
 */
export class SpareBuffer {
  #buffer: ArrayBuffer | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** Keeps `buffer` if it is larger than the one kept (a long text's buffer handed back). */
  keep(buffer: ArrayBuffer): void {
    if (buffer.byteLength < LONG_TEXT || (this.#buffer !== undefined && this.#buffer.byteLength >= buffer.byteLength))
      return;
    this.#buffer = buffer;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.clear(), SPARE_MS);
    this.#timer.unref();
  }

  /** A view of `length` bytes over the kept buffer, which is no longer kept; undefined when none is large enough. */
  take(length: number): Uint8Array | undefined {
    const buffer = this.#buffer;
    if (buffer === undefined || buffer.byteLength < length) return undefined;
    this.clear();
    return new Uint8Array(buffer, 0, length);
  }

  /** Lets go of the kept buffer. */
  clear(): void {
    this.#buffer = undefined;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

/** How long a {@link SpareBuffer} keeps a buffer unused. */
export const SPARE_MS = 60_000;

/** True when `piece` ends with the first half of a surrogate pair (encoded alone, it would not survive). */
const endsInsidePair = (piece: string): boolean => {
  const last = piece.charCodeAt(piece.length - 1);
  return last >= 0xd800 && last <= 0xdbff;
};

/** The text of a {@link WireText}. */
export const fromWireText = (text: WireText): string => (typeof text === 'string' ? text : decoder.decode(text));

/** The buffers of the byte texts among `texts`, to move with a message. */
export const transferablesOf = (texts: readonly WireText[]): ArrayBuffer[] =>
  texts.flatMap((text) => (typeof text === 'string' ? [] : [text.buffer as ArrayBuffer]));

/** The operations of the journal thread. */
export type JournalOperation =
  | 'open'
  | 'append'
  | 'latestCheckpoint'
  | 'checkpointHead'
  | 'checkpointChunks'
  | 'commitsAfter'
  | 'listCommits'
  | 'readCommit'
  | 'writeCheckpoint'
  | 'beginCheckpoint'
  | 'checkpointChunk'
  | 'finishCheckpoint'
  | 'abortCheckpoint'
  | 'pruneBatch'
  | 'lastFixedNumber'
  | 'restartLog'
  | 'close';

/** A request to the journal thread. */
export interface JournalRequest {
  readonly id: number;
  readonly op: JournalOperation;
  readonly args: readonly unknown[];
}

/** An error as it crosses threads. */
export interface WireError {
  readonly name: string;
  readonly message: string;
  /** A {@link JournalConflictError}'s last fixed number. */
  readonly last?: number;
  readonly cause?: {
    readonly message: string;
    readonly code?: string;
    readonly errcode?: number;
    readonly errstr?: string;
  };
}

/** A reply of the journal thread: to a request, or a line for the main thread's log. */
export type JournalReply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: WireError }
  | {
      readonly log: { readonly message: string; readonly error: WireError };
      /** The WAL checkpointer thread stopped: connections that write checkpoint the WAL themselves. */
      readonly automaticWalCheckpoints?: true;
    };

const fieldOf = <T>(value: unknown, name: string, type: string): T | undefined => {
  const field = (value as Record<string, unknown>)[name];
  return typeof field === type ? (field as T) : undefined;
};

/** `error` as it crosses threads: its class name, message, and the SQLite error it came from. */
export const toWireError = (error: unknown): WireError => {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const cause = error.cause;
  const code = typeof cause === 'object' && cause !== null ? fieldOf<string>(cause, 'code', 'string') : undefined;
  const errcode = typeof cause === 'object' && cause !== null ? fieldOf<number>(cause, 'errcode', 'number') : undefined;
  const errstr = typeof cause === 'object' && cause !== null ? fieldOf<string>(cause, 'errstr', 'string') : undefined;
  return {
    name: error.constructor.name,
    message: error.message,
    ...(error instanceof JournalConflictError ? { last: error.last } : {}),
    ...(cause instanceof Error
      ? {
          cause: {
            message: cause.message,
            ...(code === undefined ? {} : { code }),
            ...(errcode === undefined ? {} : { errcode }),
            ...(errstr === undefined ? {} : { errstr }),
          },
        }
      : {}),
  };
};

const MANAGEMENT_ERRORS: Readonly<
  Record<string, new (message: string, details: { cause?: unknown }) => ManagementError>
> = { CommitFailedError, OperationFailedError, ResourceDeniedError };

/** The error of a {@link WireError}, of its class again (the journal's ManagementErrors, RangeError, Error). */
export const fromWireError = (wire: WireError): Error => {
  const cause =
    wire.cause === undefined
      ? undefined
      : Object.assign(new Error(wire.cause.message), {
          ...(wire.cause.code === undefined ? {} : { code: wire.cause.code }),
          ...(wire.cause.errcode === undefined ? {} : { errcode: wire.cause.errcode }),
          ...(wire.cause.errstr === undefined ? {} : { errstr: wire.cause.errstr }),
        });
  if (wire.name === 'JournalConflictError' && wire.last !== undefined)
    return new JournalConflictError(wire.message, wire.last);
  const Management = MANAGEMENT_ERRORS[wire.name];
  if (Management !== undefined) return new Management(wire.message, cause === undefined ? {} : { cause });
  const options = cause === undefined ? undefined : { cause };
  if (wire.name === 'RangeError') return new RangeError(wire.message, options);
  if (wire.name === 'TypeError') return new TypeError(wire.message, options);
  return new Error(wire.message, options);
};
