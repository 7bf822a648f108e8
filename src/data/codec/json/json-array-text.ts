/**
 * @module data/codec/json/json-array-text
 * A JSON array of objects left as text: where each item starts and ends in the document, each
 * item parsed only when the decoder reaches it. A long list then never exists as one parsed
 * JSON graph next to its decoded entries: each item's JSON is garbage as soon as its entry is
 * decoded, and dies young.
 * @see RFC 8259 §5
 */
import { parseJsonText } from './json-text.ts';

/** The items of one JSON array of objects, as slices of the text they were read from. */
export class JsonArrayText {
  readonly #text: string;
  /** Start and end offset of each item, in pairs. */
  readonly #bounds: Uint32Array;
  /** Number of items. */
  readonly length: number;

  /** `bounds` holds `length` pairs of start and end offsets into `text`. */
  constructor(text: string, bounds: Uint32Array, length: number) {
    this.#text = text;
    this.#bounds = bounds;
    this.length = length;
  }

  /** The text of item `index`, from its first character to its last (not checked: {@link item} checks it). */
  itemText(index: number): string {
    const bounds = this.#bounds;
    return this.#text.slice(bounds[2 * index] as number, bounds[2 * index + 1] as number);
  }

  /**
   * Item `index`, parsed. The items were only delimited when the document was read: one that is
   * not valid JSON makes the whole text be parsed, which throws the error that parse reports.
   */
  item(index: number): unknown {
    const bounds = this.#bounds;
    const text = this.#text.slice(bounds[2 * index] as number, bounds[2 * index + 1] as number);
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      parseJsonText(this.#text);
      throw error;
    }
  }
}
