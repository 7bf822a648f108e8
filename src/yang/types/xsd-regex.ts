/**
 * @module yang/types/xsd-regex
 * Translation of XML Schema regular expressions (the dialect of YANG's `pattern`) into
 * whole-string-anchored JavaScript regular expressions with the `v` flag.
 * @see RFC 7950 §9.4.5
 * @see https://www.w3.org/TR/xmlschema-2/#regexs (XML Schema Part 2, Appendix F)
 */
import { XSD_UNICODE_BLOCKS } from './xsd-unicode-blocks.ts';

/** An XSD regular expression that does not follow the grammar; `position` is a code point offset. */
export class XsdRegexError extends SyntaxError {
  readonly pattern: string;
  readonly position: number;
  constructor(pattern: string, position: number, reason: string) {
    super(`invalid pattern "${pattern}" at position ${position}: ${reason}`);
    this.name = 'XsdRegexError';
    this.pattern = pattern;
    this.position = position;
  }
}

/** The general categories XSD accepts in `\p{…}` (XML Schema Part 2 §F.1.1). */
const XSD_CATEGORIES: ReadonlySet<string> = new Set([
  'L',
  'Lu',
  'Ll',
  'Lt',
  'Lm',
  'Lo',
  'M',
  'Mn',
  'Mc',
  'Me',
  'N',
  'Nd',
  'Nl',
  'No',
  'P',
  'Pc',
  'Pd',
  'Ps',
  'Pe',
  'Pi',
  'Pf',
  'Po',
  'Z',
  'Zs',
  'Zl',
  'Zp',
  'S',
  'Sm',
  'Sc',
  'Sk',
  'So',
  'C',
  'Cc',
  'Cf',
  'Co',
  'Cn',
]);

/** Characters that `\` may escape as themselves (SingleCharEsc, less n/r/t). */
const SELF_ESCAPES = new Set([...'\\|.?*+(){}-[]^']);
/** JavaScript syntax characters, escaped by a backslash outside a class. */
const JS_SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);

const hex = (codePoint: number): string => `\\u{${codePoint.toString(16).toUpperCase()}}`;

/** XML 1.0 (5th edition) NameStartChar ranges, which XSD's `\i` follows. */
const NAME_START = `:A-Z_a-z${[
  [0xc0, 0xd6],
  [0xd8, 0xf6],
  [0xf8, 0x2ff],
  [0x370, 0x37d],
  [0x37f, 0x1fff],
  [0x200c, 0x200d],
  [0x2070, 0x218f],
  [0x2c00, 0x2fef],
  [0x3001, 0xd7ff],
  [0xf900, 0xfdcf],
  [0xfdf0, 0xfffd],
  [0x10000, 0xeffff],
]
  .map(([first = 0, last = 0]) => `${hex(first)}-${hex(last)}`)
  .join('')}`.replace(':', hex(0x3a));
/** XML 1.0 (5th edition) NameChar additions, which XSD's `\c` follows. */
const NAME_EXTRA = `${hex(0x2d)}${hex(0x2e)}0-9${hex(0xb7)}${hex(0x300)}-${hex(0x36f)}${hex(0x203f)}-${hex(0x2040)}`;

/** The JavaScript (`v` flag) class for each multi-character escape. */
const MULTI_CHAR_ESCAPES: Readonly<Record<string, string>> = {
  s: `[${hex(0x20)}${hex(0x9)}${hex(0xa)}${hex(0xd)}]`,
  S: `[^${hex(0x20)}${hex(0x9)}${hex(0xa)}${hex(0xd)}]`,
  d: '\\p{Nd}',
  D: '\\P{Nd}',
  // XSD's \w is every character except punctuation, separators and "other" (not JS's [A-Za-z0-9_]).
  w: '[^\\p{P}\\p{Z}\\p{C}]',
  W: '[\\p{P}\\p{Z}\\p{C}]',
  i: `[${NAME_START}]`,
  I: `[^${NAME_START}]`,
  c: `[${NAME_START}${NAME_EXTRA}]`,
  C: `[^${NAME_START}${NAME_EXTRA}]`,
};

const isWordAscii = (codePoint: number): boolean =>
  (codePoint >= 0x30 && codePoint <= 0x39) ||
  (codePoint >= 0x41 && codePoint <= 0x5a) ||
  (codePoint >= 0x61 && codePoint <= 0x7a) ||
  codePoint === 0x5f;

/** A literal character outside a class. */
const literal = (codePoint: number): string => {
  const char = String.fromCodePoint(codePoint);
  if (JS_SYNTAX.has(char)) return `\\${char}`;
  if ((codePoint > 0x20 && codePoint < 0x7f) || (codePoint >= 0xa0 && (codePoint < 0xd800 || codePoint > 0xdfff))) {
    return char;
  }
  return hex(codePoint);
};

/** A literal character inside a `v`-flag class, where most ASCII punctuation is reserved. */
const classLiteral = (codePoint: number): string =>
  isWordAscii(codePoint) || (codePoint >= 0xa0 && (codePoint < 0xd800 || codePoint > 0xdfff))
    ? String.fromCodePoint(codePoint)
    : hex(codePoint);

/** An escape inside or outside a class: a single character, or a class expression. */
type Escape =
  | { readonly kind: 'char'; readonly codePoint: number }
  | { readonly kind: 'class'; readonly source: string };

/** Recursive-descent translator over the code points of one pattern. */
class Translator {
  readonly #pattern: string;
  readonly #chars: readonly string[];
  #pos = 0;

  constructor(pattern: string) {
    this.#pattern = pattern;
    this.#chars = [...pattern];
  }

  translate(): string {
    const body = this.#regExp();
    if (this.#pos < this.#chars.length) this.#fail(this.#peek() === ')' ? 'unbalanced ")"' : 'unexpected character');
    return `^(?:${body})$`;
  }

  #peek(offset = 0): string | undefined {
    return this.#chars[this.#pos + offset];
  }

  #fail(reason: string, position = this.#pos): never {
    throw new XsdRegexError(this.#pattern, position, reason);
  }

  #regExp(): string {
    const branches = [this.#branch()];
    while (this.#peek() === '|') {
      this.#pos++;
      branches.push(this.#branch());
    }
    return branches.join('|');
  }

  #branch(): string {
    let out = '';
    for (let char = this.#peek(); char !== undefined && char !== '|' && char !== ')'; char = this.#peek()) {
      out += this.#piece();
    }
    return out;
  }

  #piece(): string {
    const atom = this.#atom();
    const quantifier = this.#quantifier();
    const next = this.#peek();
    if (quantifier !== '' && next !== undefined && (next === '?' || next === '*' || next === '+' || next === '{')) {
      this.#fail(
        next === '?'
          ? 'lazy quantifiers are not part of XSD regular expressions'
          : 'a quantifier cannot follow a quantifier',
      );
    }
    return atom + quantifier;
  }

  #quantifier(): string {
    const char = this.#peek();
    if (char === '?' || char === '*' || char === '+') {
      this.#pos++;
      return char;
    }
    if (char !== '{') return '';
    const start = this.#pos++;
    const min = this.#number();
    if (min === undefined) this.#fail('expected a number after "{"');
    let max: string | undefined = min;
    if (this.#peek() === ',') {
      this.#pos++;
      max = this.#number();
    }
    if (this.#peek() !== '}') this.#fail('expected "}" to close the quantifier');
    this.#pos++;
    if (max !== undefined && BigInt(max) < BigInt(min)) this.#fail(`quantifier {${min},${max}} has min > max`, start);
    return max === min ? `{${min}}` : `{${min},${max ?? ''}}`;
  }

  #number(): string | undefined {
    let digits = '';
    for (let char = this.#peek(); char !== undefined && char >= '0' && char <= '9'; char = this.#peek()) {
      digits += char;
      this.#pos++;
    }
    return digits === '' ? undefined : digits;
  }

  #atom(): string {
    const start = this.#pos;
    const char = this.#peek() ?? '';
    switch (char) {
      case '(': {
        this.#pos++;
        if (this.#peek() === '?') this.#fail('"(?" groups (lookaround, named or non-capturing) are not part of XSD');
        const inner = this.#regExp();
        if (this.#peek() !== ')') this.#fail('missing ")"', start);
        this.#pos++;
        return `(?:${inner})`;
      }
      case '[':
        return this.#classExpression();
      case '.':
        this.#pos++;
        return `[^${hex(0xa)}${hex(0xd)}]`;
      case '\\': {
        const parsed = this.#escape();
        return parsed.kind === 'char' ? literal(parsed.codePoint) : parsed.source;
      }
      case '?':
      case '*':
      case '+':
        return this.#fail('quantifier with nothing to repeat');
      case '{':
      case '}':
      case ']':
        return this.#fail(`"${char}" must be escaped`);
      default:
        this.#pos++;
        return literal(char.codePointAt(0) ?? 0);
    }
  }

  /** Parses `\…` at the current position (outside or inside a class). */
  #escape(): Escape {
    const start = this.#pos;
    this.#pos++;
    const char = this.#peek();
    if (char === undefined) this.#fail('"\\" at the end of the pattern', start);
    this.#pos++;
    if (char === 'n') return { kind: 'char', codePoint: 0xa };
    if (char === 'r') return { kind: 'char', codePoint: 0xd };
    if (char === 't') return { kind: 'char', codePoint: 0x9 };
    if (SELF_ESCAPES.has(char)) return { kind: 'char', codePoint: char.codePointAt(0) ?? 0 };
    const multi = MULTI_CHAR_ESCAPES[char];
    if (multi !== undefined) return { kind: 'class', source: multi };
    if (char === 'p' || char === 'P') return { kind: 'class', source: this.#property(char === 'P', start) };
    if (char >= '0' && char <= '9') this.#fail('back-references are not part of XSD regular expressions', start);
    return this.#fail(`unknown escape "\\${char}"`, start);
  }

  /** Parses `{Name}` after `\p` / `\P`: a general category or an `Is` block. */
  #property(negated: boolean, start: number): string {
    if (this.#peek() !== '{') this.#fail('expected "{" after \\p', start);
    const close = this.#chars.indexOf('}', this.#pos);
    if (close < 0) this.#fail('missing "}" in \\p{…}', start);
    const name = this.#chars.slice(this.#pos + 1, close).join('');
    this.#pos = close + 1;
    if (XSD_CATEGORIES.has(name)) return `\\${negated ? 'P' : 'p'}{${name}}`;
    const ranges = name.startsWith('Is') ? XSD_UNICODE_BLOCKS.get(name.slice(2)) : undefined;
    if (ranges === undefined) return this.#fail(`unknown category or block "${name}"`, start);
    return `[${negated ? '^' : ''}${ranges.map((range) => `${hex(range.first)}-${hex(range.last)}`).join('')}]`;
  }

  /** Parses `[ charGroup ]`, with subtraction, into a `v`-flag class. */
  #classExpression(): string {
    const start = this.#pos;
    this.#pos++;
    let negated = false;
    if (this.#peek() === '^') {
      negated = true;
      this.#pos++;
    }
    const items: string[] = [];
    let subtracted: string | undefined;
    for (;;) {
      const char = this.#peek();
      if (char === undefined) this.#fail('missing "]"', start);
      if (char === ']') break;
      if (char === '-') {
        const next = this.#peek(1);
        if (next === '[') {
          if (items.length === 0) this.#fail('class subtraction needs a group before "-["');
          this.#pos++;
          subtracted = this.#classExpression();
          if (this.#peek() !== ']') this.#fail('class subtraction must end the group');
          break;
        }
        if (items.length > 0 && next !== ']') this.#fail('"-" must be escaped inside a group, except first or last');
        this.#pos++;
        items.push(classLiteral(0x2d));
        continue;
      }
      const first = this.#classAtom();
      if (first.kind === 'class') {
        items.push(first.source);
        continue;
      }
      if (this.#peek() === '-' && this.#peek(1) !== ']' && this.#peek(1) !== '[') {
        const dash = this.#pos++;
        const last = this.#classAtom();
        if (last.kind === 'class') this.#fail('a range cannot end with a multi-character escape', dash + 1);
        if (last.codePoint < first.codePoint) this.#fail('range out of order', dash - 1);
        items.push(`${classLiteral(first.codePoint)}-${classLiteral(last.codePoint)}`);
      } else {
        items.push(classLiteral(first.codePoint));
      }
    }
    if (items.length === 0) this.#fail('empty character class', start);
    this.#pos++;
    const group = `[${negated ? '^' : ''}${items.join('')}]`;
    return subtracted === undefined ? group : `[${group}--${subtracted}]`;
  }

  /** One character or escape inside a group. */
  #classAtom(): Escape {
    const char = this.#peek() ?? '';
    if (char === '\\') return this.#escape();
    if (char === '[') this.#fail('"[" must be escaped inside a group');
    if (char === '-') this.#fail('"-" must be escaped inside a group');
    this.#pos++;
    return { kind: 'char', codePoint: char.codePointAt(0) ?? 0 };
  }
}

/**
 * Translates an XSD regular expression into the source of an equivalent JavaScript regular
 * expression, anchored to the whole string, for the `v` flag.
 * @see RFC 7950 §9.4.5
 */
export const translateXsdRegex = (pattern: string): string => new Translator(pattern).translate();

const CACHE = new Map<string, RegExp>();

/**
 * Compiles an XSD regular expression to an anchored `v`-flag RegExp, once per source text.
 * Throws {@link XsdRegexError} when the pattern is not valid XSD.
 * @see RFC 7950 §9.4.5
 */
export const compileXsdRegex = (pattern: string): RegExp => {
  const cached = CACHE.get(pattern);
  if (cached !== undefined) return cached;
  const source = translateXsdRegex(pattern);
  let regex: RegExp;
  try {
    regex = new RegExp(source, 'v');
  } catch (error) {
    throw new XsdRegexError(pattern, 0, `no JavaScript equivalent (${(error as Error).message})`);
  }
  CACHE.set(pattern, regex);
  return regex;
};

/** True when `text` matches the whole of the XSD `pattern`. @see RFC 7950 §9.4.5 */
export const matchesXsdRegex = (pattern: string, text: string): boolean => compileXsdRegex(pattern).test(text);
