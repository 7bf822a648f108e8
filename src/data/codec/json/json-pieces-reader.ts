/**
 * @module data/codec/json/json-pieces-reader
 * Reads a JSON object from the pieces of text it arrives in (a request body's decoded chunks),
 * as `readJsonObjectLazily` reads the same text whole, without joining the pieces: the items of
 * one array of objects (at a path of member names from the top) are handed out one by one as
 * text as soon as each is complete — only an item that straddles two pieces is joined — and the
 * other members' values are parsed from their text. It reads exactly what the lazy reader reads,
 * the same way; where the lazy reader would do anything else (an array whose items are not all
 * objects, an empty one, that array's member twice, or text it cannot read) the reading gives up
 * and the caller reads the whole text as usual.
 * @see RFC 8259
 */
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from './json-char-codes.ts';

const isSpace = (code: number): boolean => code === 32 || code === 10 || code === 13 || code === 9;

/** Where the reader is in the document (between tokens, or inside a value being delimited). */
type State =
  | 'document'
  | 'first-member'
  | 'next-member'
  | 'name'
  | 'colon'
  | 'value'
  | 'parsed-value'
  | 'after-member'
  | 'first-item'
  | 'next-item'
  | 'item'
  | 'after-item'
  | 'trailing'
  | 'given-up';

/** An object being read member by member. */
interface Frame {
  /** Its member names from the top. */
  readonly path: readonly string[];
  readonly result: Record<string, unknown>;
}

/** A document read from pieces: the object, and how many items the lazy array had. */
export interface JsonPiecesDocument {
  /** The object, with the lazy array's member holding an empty array in place of its items. */
  readonly document: Record<string, unknown>;
  readonly items: number;
}

/** One reading of one document from its pieces. */
export class JsonPiecesReader {
  readonly #lazyPath: readonly string[];
  readonly #onItem: (text: string, index: number) => void;
  #pieces: readonly string[] = [];
  #state: State = 'document';
  /** The piece being read, and the offset in it. */
  #piece = 0;
  #at = 0;
  /** Where the value being delimited started. */
  #markPiece = 0;
  #markAt = 0;
  /** While delimiting a value: its depth of braces and brackets, whether in a string, after a backslash. */
  #depth = 0;
  #inString = false;
  #escaped = false;
  /** Whether the value being delimited is a string, an object or array, or another value. */
  #valueKind: 'string' | 'composite' | 'other' = 'other';
  readonly #frames: Frame[] = [];
  /** The member whose value is read next. */
  #name = '';
  #items = 0;
  #lazyFound = false;
  #top: Record<string, unknown> | undefined;

  /** `onItem` gets each item of the array at `lazyPath` (member names from the top), in order. */
  constructor(lazyPath: readonly string[], onItem: (text: string, index: number) => void) {
    this.#lazyPath = lazyPath;
    this.#onItem = onItem;
  }

  /** Whether the reading gave up (the caller must read the whole text). */
  get givenUp(): boolean {
    return this.#state === 'given-up';
  }

  /** Reads on through `pieces` (all the pieces so far, the same growing list each time). */
  read(pieces: readonly string[]): void {
    this.#pieces = pieces;
    while (this.#state !== 'given-up' && this.#step()) {}
  }

  /** After the last piece: the document, or undefined when the reading gave up or the text ended early. */
  end(): JsonPiecesDocument | undefined {
    if (this.#state !== 'given-up' && this.#state !== 'trailing') this.#giveUp();
    this.#pieces = [];
    if (this.#state === 'given-up' || this.#top === undefined) return undefined;
    return { document: this.#top, items: this.#items };
  }

  #giveUp(): false {
    this.#state = 'given-up';
    this.#frames.length = 0;
    this.#top = undefined;
    return false;
  }

  /** The next character that is not white space, moved to (-1: none yet). */
  #skipSpace(): number {
    const pieces = this.#pieces;
    while (this.#piece < pieces.length) {
      const piece = pieces[this.#piece] as string;
      let at = this.#at;
      while (at < piece.length && isSpace(piece.charCodeAt(at))) at++;
      this.#at = at;
      if (at < piece.length) return piece.charCodeAt(at);
      if (this.#piece + 1 >= pieces.length) return -1;
      this.#piece++;
      this.#at = 0;
    }
    return -1;
  }

  #mark(): void {
    this.#markPiece = this.#piece;
    this.#markAt = this.#at;
  }

  /** The text from the mark to the reader's position. */
  #marked(): string {
    const pieces = this.#pieces;
    if (this.#markPiece === this.#piece) return (pieces[this.#piece] as string).slice(this.#markAt, this.#at);
    const parts = [(pieces[this.#markPiece] as string).slice(this.#markAt)];
    for (let index = this.#markPiece + 1; index < this.#piece; index++) parts.push(pieces[index] as string);
    parts.push((pieces[this.#piece] as string).slice(0, this.#at));
    return parts.join('');
  }

  /** One step; false when it needs more text (or gave up). */
  #step(): boolean {
    switch (this.#state) {
      case 'document': {
        const code = this.#skipSpace();
        if (code < 0) return false;
        if (code !== OPEN_BRACE) return this.#giveUp();
        this.#at++;
        this.#frames.push({ path: [], result: {} });
        this.#state = 'first-member';
        return true;
      }
      case 'first-member':
      case 'next-member': {
        const code = this.#skipSpace();
        if (code < 0) return false;
        if (code === CLOSE_BRACE && this.#state === 'first-member') {
          this.#at++;
          return this.#closeObject();
        }
        if (code !== QUOTE) return this.#giveUp();
        this.#startValue('string');
        this.#state = 'name';
        return true;
      }
      case 'name': {
        if (!this.#delimit()) return false;
        const quoted = this.#marked();
        const name = quoted.slice(1, -1);
        if (!name.includes('\\')) this.#name = name;
        else {
          try {
            this.#name = JSON.parse(quoted) as string;
          } catch {
            return this.#giveUp();
          }
        }
        this.#state = 'colon';
        return true;
      }
      case 'colon': {
        const code = this.#skipSpace();
        if (code < 0) return false;
        if (code !== COLON) return this.#giveUp();
        this.#at++;
        this.#state = 'value';
        return true;
      }
      case 'value':
        return this.#value();
      case 'parsed-value': {
        if (!this.#delimit()) return false;
        let value: unknown;
        try {
          value = JSON.parse(this.#marked()) as unknown;
        } catch {
          return this.#giveUp();
        }
        this.#define(value);
        this.#state = 'after-member';
        return true;
      }
      case 'after-member': {
        const code = this.#skipSpace();
        if (code < 0) return false;
        this.#at++;
        if (code === CLOSE_BRACE) return this.#closeObject();
        if (code !== COMMA) return this.#giveUp();
        this.#state = 'next-member';
        return true;
      }
      case 'first-item':
      case 'next-item': {
        const code = this.#skipSpace();
        if (code < 0) return false;
        // An empty array, or an item that is no object: the lazy reader parses the array whole.
        if (code !== OPEN_BRACE) return this.#giveUp();
        this.#startValue('composite');
        this.#state = 'item';
        return true;
      }
      case 'item': {
        if (!this.#delimit()) return false;
        this.#onItem(this.#marked(), this.#items++);
        this.#state = 'after-item';
        return true;
      }
      case 'after-item': {
        const code = this.#skipSpace();
        if (code < 0) return false;
        this.#at++;
        if (code === CLOSE_BRACKET) {
          this.#define([]);
          this.#state = 'after-member';
          return true;
        }
        if (code !== COMMA) return this.#giveUp();
        this.#state = 'next-item';
        return true;
      }
      case 'trailing': {
        const code = this.#skipSpace();
        if (code < 0) return false;
        return this.#giveUp();
      }
      case 'given-up':
        return false;
    }
  }

  /** The start of a member's value: an object read member by member, the lazy array, or a value to parse. */
  #value(): boolean {
    const code = this.#skipSpace();
    if (code < 0) return false;
    const frame = this.#frames.at(-1) as Frame;
    const path = [...frame.path, this.#name];
    const lazy = this.#lazyPath;
    const below = path.length <= lazy.length && path.every((step, index) => lazy[index] === step);
    if (below) {
      // A member on the way to the lazy array given twice: the lazy reader keeps the last one,
      // whose items this reader would hand out after the first one's.
      if (Object.hasOwn(frame.result, this.#name)) return this.#giveUp();
      if (path.length < lazy.length && code === OPEN_BRACE) {
        this.#at++;
        this.#frames.push({ path, result: {} });
        this.#state = 'first-member';
        return true;
      }
      if (path.length === lazy.length && code === OPEN_BRACKET) {
        if (this.#lazyFound) return this.#giveUp();
        this.#lazyFound = true;
        this.#at++;
        this.#state = 'first-item';
        return true;
      }
    }
    this.#startValue(code === QUOTE ? 'string' : code === OPEN_BRACE || code === OPEN_BRACKET ? 'composite' : 'other');
    this.#state = 'parsed-value';
    return true;
  }

  /** Marks the start of a value of `kind` at the reader's position (its first character). */
  #startValue(kind: 'string' | 'composite' | 'other'): void {
    this.#mark();
    this.#valueKind = kind;
    this.#depth = 0;
    this.#escaped = false;
    this.#inString = kind === 'string';
    if (kind === 'string') this.#at++;
  }

  /** Sets the member just read in the object being read: an own property whatever the name, the last one wins. */
  #define(value: unknown): void {
    const frame = this.#frames.at(-1) as Frame;
    Object.defineProperty(frame.result, this.#name, { value, enumerable: true, writable: true, configurable: true });
  }

  /** The object being read has ended (its `}` passed). */
  #closeObject(): boolean {
    const frame = this.#frames.pop() as Frame;
    if (this.#frames.length === 0) {
      this.#top = frame.result;
      this.#state = 'trailing';
      return true;
    }
    this.#name = frame.path.at(-1) as string;
    this.#define(frame.result);
    this.#state = 'after-member';
    return true;
  }

  /**
   * Moves past the value being delimited, as the lazy reader delimits it: a string to its
   * unescaped quote, an object or array to the brace or bracket that brings the depth back to 0
   * (strings skipped), another value to the first `,`, `}`, `]` or white space. False when the
   * value goes on past the pieces so far (or it gave up).
   */
  #delimit(): boolean {
    const pieces = this.#pieces;
    let index = this.#piece;
    let at = this.#at;
    let depth = this.#depth;
    let inString = this.#inString;
    let escaped = this.#escaped;
    const kind = this.#valueKind;
    for (;;) {
      const piece = pieces[index] as string;
      const length = piece.length;
      if (inString) {
        if (escaped && at < length) {
          at++;
          escaped = false;
        }
        if (at >= length) {
          // The string goes on in the next piece (with its escape, if a backslash ended this one).
        } else {
          const quote = piece.indexOf('"', at);
          let backslashes = 0;
          const from = quote < 0 ? length : quote;
          while (from - 1 - backslashes >= at && piece.charCodeAt(from - 1 - backslashes) === BACKSLASH) backslashes++;
          if (quote < 0) {
            escaped = backslashes % 2 === 1;
            at = length;
          } else {
            at = quote + 1;
            if (backslashes % 2 === 0) {
              inString = false;
              if (kind === 'string') {
                this.#piece = index;
                this.#at = at;
                return true;
              }
            }
            continue;
          }
        }
      } else if (kind === 'composite') {
        while (at < length) {
          const code = piece.charCodeAt(at);
          if (code === QUOTE) {
            inString = true;
            at++;
            break;
          }
          if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
          else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && --depth === 0) {
            this.#piece = index;
            this.#at = at + 1;
            return true;
          }
          at++;
        }
        if (inString) continue;
      } else {
        while (at < length) {
          const code = piece.charCodeAt(at);
          if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || isSpace(code)) break;
          at++;
        }
        if (at < length) {
          this.#piece = index;
          this.#at = at;
          // The value is not empty: its first character was none of these.
          return true;
        }
      }
      // This piece is read to its end: on to the next one, if it has come.
      if (index + 1 >= pieces.length) {
        this.#piece = index;
        this.#at = at;
        this.#depth = depth;
        this.#inString = inString;
        this.#escaped = escaped;
        return false;
      }
      index++;
      at = 0;
    }
  }
}
