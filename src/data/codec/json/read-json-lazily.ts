/**
 * @module data/codec/json/read-json-lazily
 * Reads RFC 7951 JSON text the way `JSON.parse` does, except that the entries of lists stay text
 * ({@link JsonArrayText}) until the decoder reaches them. The reader follows the schema through
 * the root and containers only (a handful of objects); every other value, and every list entry,
 * is parsed by `JSON.parse` from its slice of the text. Text it cannot read (a syntax error, an
 * unexpected shape) gives `undefined`, and the caller parses the whole text as usual, which
 * reports the error.
 * @see RFC 7951 §4–§5, RFC 8259
 */

import type { InnerSchemaNode } from '../../instance/index.ts';
import { slotChildByName } from '../../instance/index.ts';
import { JsonArrayText } from './json-array-text.ts';
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

/**
 * What the reader knows of an object's members: which one holds an array to leave as text, and
 * which one holds an object to read member by member (with its own guide).
 */
interface Guide {
  member(name: string): { readonly lazyArray: boolean; readonly object: Guide | undefined } | undefined;
}

/** The guide of an object whose members are children of `parent` (unqualified names in `module`). */
const schemaGuide = (parent: InnerSchemaNode, module: string | undefined): Guide => ({
  member(name) {
    const colon = name.indexOf(':');
    const childModule = colon < 0 ? module : name.slice(0, colon);
    if (childModule === undefined) return undefined;
    const child = slotChildByName(parent, childModule, colon < 0 ? name : name.slice(colon + 1));
    if (child?.kind === 'list') return { lazyArray: true, object: undefined };
    if (child?.kind === 'container') return { lazyArray: false, object: schemaGuide(child, childModule) };
    return undefined;
  },
});

/** The guide of an object at `path` (member names from the top), for the lazy arrays at `lazyPaths`. */
const pathGuide = (path: readonly string[], lazyPaths: readonly (readonly string[])[]): Guide => ({
  member(name) {
    const childPath = [...path, name];
    const startsWith = (lazy: readonly string[]): boolean => childPath.every((step, index) => lazy[index] === step);
    const below = lazyPaths.filter(startsWith);
    if (below.length === 0) return undefined;
    return {
      lazyArray: below.some((lazy) => lazy.length === childPath.length),
      object: below.some((lazy) => lazy.length > childPath.length) ? pathGuide(childPath, below) : undefined,
    };
  },
});

/** Thrown inside the reader when the text is not what it can read; never leaves this module. */
class Unreadable extends Error {}

const isSpace = (code: number): boolean => code === 32 || code === 10 || code === 13 || code === 9;

/** One read of one text. */
class LazyReader {
  readonly #text: string;
  /** Where the value read last ended. */
  end = 0;

  constructor(text: string) {
    this.#text = text;
  }

  skipSpace(from: number): number {
    const text = this.#text;
    let at = from;
    while (at < text.length && isSpace(text.charCodeAt(at))) at++;
    return at;
  }

  /** The offset just past the string that starts (with its quote) at `from`. */
  stringEnd(from: number): number {
    const text = this.#text;
    let at = from + 1;
    for (;;) {
      const quote = text.indexOf('"', at);
      if (quote < 0) throw new Unreadable();
      // The quote is escaped when an odd number of backslashes precede it.
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
      if (backslashes % 2 === 0) return quote + 1;
      at = quote + 1;
    }
  }

  /** The offset just past the value that starts at `from` (not checked: `JSON.parse` checks it). */
  valueEnd(from: number): number {
    const text = this.#text;
    const first = text.charCodeAt(from);
    if (first === QUOTE) return this.stringEnd(from);
    if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
      let at = from;
      while (at < text.length) {
        const code = text.charCodeAt(at);
        if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || isSpace(code)) break;
        at++;
      }
      if (at === from) throw new Unreadable();
      return at;
    }
    let depth = 0;
    let at = from;
    while (at < text.length) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) {
        at = this.stringEnd(at);
        continue;
      }
      if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
      else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && --depth === 0) return at + 1;
      at++;
    }
    throw new Unreadable();
  }

  /** The value at `from`, parsed whole; sets `end`. */
  parsed(from: number): unknown {
    const end = this.valueEnd(from);
    this.end = end;
    try {
      return JSON.parse(this.#text.slice(from, end)) as unknown;
    } catch {
      throw new Unreadable();
    }
  }

  /** The object at `from`, whose members `guide` knows (or nothing is known of); sets `end`. */
  object(from: number, guide: Guide | undefined): Record<string, unknown> {
    const text = this.#text;
    const result: Record<string, unknown> = {};
    let at = this.skipSpace(from + 1);
    if (text.charCodeAt(at) === CLOSE_BRACE) {
      this.end = at + 1;
      return result;
    }
    for (;;) {
      if (text.charCodeAt(at) !== QUOTE) throw new Unreadable();
      const nameEnd = this.stringEnd(at);
      const name = this.#memberName(at, nameEnd);
      at = this.skipSpace(nameEnd);
      if (text.charCodeAt(at) !== COLON) throw new Unreadable();
      at = this.skipSpace(at + 1);
      const value = this.#member(at, guide, name);
      // As JSON.parse: an own data property whatever the name (`__proto__` included); the last one wins.
      Object.defineProperty(result, name, { value, enumerable: true, writable: true, configurable: true });
      at = this.skipSpace(this.end);
      const next = text.charCodeAt(at);
      if (next === CLOSE_BRACE) {
        this.end = at + 1;
        return result;
      }
      if (next !== COMMA) throw new Unreadable();
      at = this.skipSpace(at + 1);
    }
  }

  #memberName(start: number, end: number): string {
    const name = this.#text.slice(start + 1, end - 1);
    if (!name.includes('\\')) return name;
    try {
      return JSON.parse(this.#text.slice(start, end)) as string;
    } catch {
      throw new Unreadable();
    }
  }

  /** A member's value: lazy arrays stay text, guided objects are read member by member, the rest is parsed. */
  #member(at: number, guide: Guide | undefined, name: string): unknown {
    const first = this.#text.charCodeAt(at);
    if (guide !== undefined && (first === OPEN_BRACKET || first === OPEN_BRACE)) {
      const known = guide.member(name);
      if (known?.lazyArray === true && first === OPEN_BRACKET) return this.#entries(at);
      if (known?.object !== undefined && first === OPEN_BRACE) return this.object(at, known.object);
    }
    return this.parsed(at);
  }

  /** A list's array: its items as text when they are all objects, else parsed whole; sets `end`. */
  #entries(from: number): unknown {
    const text = this.#text;
    let bounds = new Uint32Array(256);
    let count = 0;
    let at = this.skipSpace(from + 1);
    if (text.charCodeAt(at) === CLOSE_BRACKET) {
      this.end = at + 1;
      return [];
    }
    for (;;) {
      if (text.charCodeAt(at) !== OPEN_BRACE) return this.parsed(from);
      const end = this.valueEnd(at);
      if (2 * count + 2 > bounds.length) {
        const grown = new Uint32Array(bounds.length * 2);
        grown.set(bounds);
        bounds = grown;
      }
      bounds[2 * count] = at;
      bounds[2 * count + 1] = end;
      count++;
      at = this.skipSpace(end);
      const next = text.charCodeAt(at);
      if (next === CLOSE_BRACKET) {
        this.end = at + 1;
        return new JsonArrayText(text, bounds.length > 4 * count ? bounds.slice(0, 2 * count) : bounds, count);
      }
      if (next !== COMMA) throw new Unreadable();
      at = this.skipSpace(at + 1);
    }
  }
}

const readWith = (text: string, guide: Guide): Record<string, unknown> | undefined => {
  const reader = new LazyReader(text);
  try {
    const start = reader.skipSpace(0);
    if (text.charCodeAt(start) !== OPEN_BRACE) return undefined;
    const result = reader.object(start, guide);
    return reader.skipSpace(reader.end) === text.length ? result : undefined;
  } catch (error) {
    if (error instanceof Unreadable) return undefined;
    throw error;
  }
};

/**
 * The JSON object of `text` whose members are children of `parent` (`module`: the module
 * unqualified member names inherit, if any), with list entries left as {@link JsonArrayText};
 * `undefined` when the text is not an object this reader can read (then parse it whole).
 */
export const readJsonLazily = (
  text: string,
  parent: InnerSchemaNode,
  module: string | undefined,
): Record<string, unknown> | undefined => readWith(text, schemaGuide(parent, module));

/**
 * The JSON object of `text`, with the arrays of objects at `lazyPaths` (member names from the
 * top, e.g. `["ietf-yang-patch:yang-patch", "edit"]`) left as {@link JsonArrayText}; `undefined`
 * when the text is not an object this reader can read (then parse it whole).
 */
export const readJsonObjectLazily = (
  text: string,
  lazyPaths: readonly (readonly string[])[],
): Record<string, unknown> | undefined => readWith(text, pathGuide([], lazyPaths));
