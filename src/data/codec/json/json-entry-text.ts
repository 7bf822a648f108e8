/**
 * @module data/codec/json/json-entry-text
 * One list entry decoded straight from its JSON text, without the parsed JSON object in between:
 * what a YANG Patch of a million creates does a million times. Only the plainest text is read
 * this way — an object of members whose values are strings without escapes, integers, `true`,
 * `false` or objects of the same kind, written without white space, each member a leaf or a
 * container — and only when it decodes without an error. Anything else (another form, a syntax
 * error, any error of decoding) gives undefined, and the caller decodes the parsed text the
 * general way, which reports what it always reported.
 *
 * Exactness: such a text parses (`JSON.parse`) to an object with exactly these members (a name
 * given twice gives undefined here) and these values: a string without escapes is the text
 * between its quotes, an integer is `Number` of its digits (the conversion `JSON.parse` makes),
 * and names that look like array indexes, which `JSON.parse` would enumerate first, name no YANG
 * node (a YANG identifier does not start with a digit). Each member is then resolved, checked and
 * decoded by the very functions `decodeJson` uses (`resolveMember`, `decodeLeafValue`, the config
 * and choice checks); the slots a node gets do not depend on the order of its members. So the
 * node is the one `decodeJsonEntries` decodes from the parsed text.
 * @see RFC 8259 §4–§7, RFC 7951 §5.4
 */
import type { ListNode, YangValue } from '../../../yang/index.ts';
import type { InnerSchemaNode, InstanceNode, ListEntry, Slot } from '../../instance/index.ts';
import { closeInstance, emptyInstance, openInstance, slotTableOf } from '../../instance/index.ts';
import type { DecodeJsonOptions } from './decode-state.ts';
import { DecodeState } from './decode-state.ts';
import type { ResolvedMember } from './json-decode.ts';
import { checkCases, decodeLeafValue, membersOf, resolveMember } from './json-decode.ts';

const QUOTE = 34;
const COMMA = 44;
const MINUS = 45;
const ZERO = 48;
const NINE = 57;
const COLON = 58;
const AT = 64;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const LETTER_T = 116;
const LETTER_F = 102;

/** Given up: the text is not of the plain kind, or does not decode without an error. */
const GIVE_UP = Symbol('give up');

/** The position of the quote that closes the string whose contents start at `start`, or -1 when it has an escape or a control character. */
const plainStringEnd = (text: string, start: number, end: number): number => {
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) return at;
    if (code < 32 || code === BACKSLASH) return -1;
  }
  return -1;
};

/** The position after the integer starting at `start` (RFC 8259 §6 without fraction or exponent), or -1. */
const integerEnd = (text: string, start: number, end: number): number => {
  let at = start;
  if (text.charCodeAt(at) === MINUS) at++;
  const first = text.charCodeAt(at);
  if (first === ZERO) {
    at++;
  } else {
    if (!(first > ZERO && first <= NINE)) return -1;
    while (at < end) {
      const code = text.charCodeAt(at);
      if (code < ZERO || code > NINE) break;
      at++;
    }
  }
  // A fraction, an exponent or a digit after a leading zero: not an integer of the plain kind.
  const next = text.charCodeAt(at);
  return next === COMMA || next === CLOSE_BRACE ? at : -1;
};

/** A member name and what it resolves to. */
interface NamedMember {
  readonly name: string;
  readonly member: ResolvedMember;
}

/**
 * Per cache of members (one parent and inherited module): the member names in the order the
 * last object read gave them. The objects of one list mostly give their members in one order, so
 * each name is first compared with the name at its position there, without being sliced and
 * looked up. At most one name per position of a real child is kept.
 */
const ORDERS = new WeakMap<ReadonlyMap<string, ResolvedMember>, NamedMember[]>();

const orderOf = (members: ReadonlyMap<string, ResolvedMember>): NamedMember[] => {
  let order = ORDERS.get(members);
  if (order === undefined) {
    order = [];
    ORDERS.set(members, order);
  }
  return order;
};

/** Reads the plain JSON text of one entry, decoding as it goes. */
class EntryTextReader {
  readonly #text: string;
  readonly #end: number;
  readonly #state: DecodeState;
  #at: number;

  constructor(text: string, start: number, end: number, state: DecodeState) {
    this.#text = text;
    this.#at = start;
    this.#end = end;
    this.#state = state;
  }

  /** Whether the whole text has been read. */
  get done(): boolean {
    return this.#at === this.#end;
  }

  /** The object at the current position as an inner node of `parent` (members unqualified in `module`). */
  object<S extends InnerSchemaNode>(parent: S, module: string | undefined): InstanceNode<S> {
    const text = this.#text;
    const end = this.#end;
    const state = this.#state;
    let at = this.#at;
    // An empty object (or one that would decode to an empty node) is left to the general decoding.
    if (text.charCodeAt(at) !== OPEN_BRACE || text.charCodeAt(at + 1) !== QUOTE) throw GIVE_UP;
    const table = slotTableOf(parent);
    const slots = openInstance(parent, table.nodes.length);
    const members = membersOf(table, module);
    const order = orderOf(members);
    for (let position = 0; ; position++) {
      // At the opening quote of a member name: first guessed from the order of the last object.
      const nameStart = at + 2;
      const guess = order[position];
      let nameEnd: number;
      let member: ResolvedMember;
      if (
        guess !== undefined &&
        text.startsWith(guess.name, nameStart) &&
        text.charCodeAt(nameStart + guess.name.length) === QUOTE
      ) {
        nameEnd = nameStart + guess.name.length;
        member = guess.member;
      } else {
        if (text.charCodeAt(nameStart) === AT) throw GIVE_UP;
        nameEnd = plainStringEnd(text, nameStart, end);
        if (nameEnd < 0) throw GIVE_UP;
        // A name kept (by the cache of members, or the order) is a parsed copy, not a slice of the text.
        const name = JSON.parse(text.slice(nameStart - 1, nameEnd + 1)) as string;
        member = resolveMember(table, members, name, module, state);
        order[position] = { name, member };
      }
      if (text.charCodeAt(nameEnd + 1) !== COLON) throw GIVE_UP;
      const { child, index, module: childModule } = member;
      if ((state.config && !child.config) || slots[index] !== undefined) throw GIVE_UP;
      at = nameEnd + 2;
      const code = text.charCodeAt(at);
      let value: Slot;
      if (code === OPEN_BRACE) {
        if (child.kind !== 'container') throw GIVE_UP;
        this.#at = at;
        state.push(child);
        value = this.object(child, childModule);
        state.pop();
        at = this.#at;
      } else {
        if (child.kind !== 'leaf') throw GIVE_UP;
        let raw: string | number | boolean;
        if (code === QUOTE) {
          const close = plainStringEnd(text, at + 1, end);
          if (close < 0) throw GIVE_UP;
          // Parsed from its quotes: a fresh string, not a slice that would keep the whole text alive.
          raw = JSON.parse(text.slice(at, close + 1)) as string;
          at = close + 1;
        } else if (code === LETTER_T && text.startsWith('true', at)) {
          raw = true;
          at += 4;
        } else if (code === LETTER_F && text.startsWith('false', at)) {
          raw = false;
          at += 5;
        } else {
          const close = integerEnd(text, at, end);
          if (close < 0) throw GIVE_UP;
          raw = Number(text.slice(at, close));
          at = close;
        }
        state.push(child);
        value = decodeLeafValue(child, raw, state) as YangValue;
        state.pop();
      }
      slots[index] = value;
      const next = text.charCodeAt(at);
      if (next === CLOSE_BRACE) {
        this.#at = at + 1;
        break;
      }
      // At the comma: the next name's quote follows, as it followed the opening brace.
      if (next !== COMMA || text.charCodeAt(at + 1) !== QUOTE) throw GIVE_UP;
    }
    if (table.hasChoices) checkCases(table, slots, state);
    let used = slots.length;
    while (used > 0 && slots[used - 1] === undefined) used--;
    return used === 0 ? emptyInstance(parent) : closeInstance<S>(slots, used);
  }
}

/**
 * The entry of `list` whose JSON text is `text` from `start` to `end` (one object, the item of
 * the list's array), decoded as `decodeJsonEntries` decodes it once parsed; undefined when the
 * text is not of the plain kind this reads, or when decoding it would report an error (then parse
 * it and decode it the general way). `options.path` is where the list's parent sits.
 */
export const decodeJsonEntryText = (
  list: ListNode,
  text: string,
  start: number,
  end: number,
  options: DecodeJsonOptions,
): ListEntry | undefined => {
  const state = new DecodeState(options);
  if (state.config && !list.config) return undefined;
  try {
    state.push(list);
    const reader = new EntryTextReader(text, start, end, state);
    const entry = reader.object(list, list.module);
    if (!reader.done) return undefined;
    // An entry lacking a key leaf is an error of the general decoding.
    for (let index = 0; index < list.keys.length; index++) if (entry.slots[index] === undefined) return undefined;
    return entry;
  } catch {
    return undefined;
  }
};
