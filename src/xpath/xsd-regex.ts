/**
 * @module xpath/xsd-regex
 * A simple conversion of XML Schema regular expressions (used by YANG `pattern` and
 * `re-match()`) into anchored JavaScript RegExps. @see W3C XML Schema Part 2, Appendix F
 */
import { XPathEvaluationError } from './xpath-evaluation-error.ts';

/** XML NameStartChar ranges (for `\i`), without brackets. */
const NAME_START_RANGES =
  ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D' +
  '\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
/** XML NameChar ranges (for `\c`), without brackets. */
const NAME_RANGES = `${NAME_START_RANGES}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;

/** Bound on the memo of converted patterns; patterns come from schemas, so few are distinct. */
const CACHE_LIMIT = 512;
const CACHE = new Map<string, RegExp>();

/**
 * Converts an XSD regular expression to a RegExp matching whole strings: XSD patterns are
 * implicitly anchored, `^` and `$` are ordinary characters, `\i`/`\c` are XML name classes,
 * and `[a-z-[aeiou]]` subtracts a class. Unicode blocks (`\p{IsBasicLatin}`) are not supported.
 * Throws XPathEvaluationError for a pattern it cannot convert.
 * @see W3C XML Schema Part 2, Appendix F
 * @see RFC 7950 §9.4.5
 */
export function translateXsdRegex(pattern: string): RegExp {
  const cached = CACHE.get(pattern);
  if (cached !== undefined) return cached;
  const { source, subtraction } = convert(pattern);
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${source})$`, subtraction ? 'v' : 'u');
  } catch (error) {
    throw new XPathEvaluationError(`Unsupported regular expression ${JSON.stringify(pattern)}`, { cause: error });
  }
  if (CACHE.size >= CACHE_LIMIT) CACHE.clear();
  CACHE.set(pattern, regex);
  return regex;
}

function convert(pattern: string): { source: string; subtraction: boolean } {
  let source = '';
  let classDepth = 0;
  let subtraction = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index] as string;
    if (char === '\\') {
      const escaped = pattern[index + 1] ?? '';
      index++;
      source += escapeFor(escaped, classDepth > 0);
      continue;
    }
    if (classDepth === 0) {
      if (char === '^' || char === '$') source += `\\${char}`;
      else if (char === '[') {
        classDepth = 1;
        source += '[';
        if (pattern[index + 1] === '^') {
          source += '^';
          index++;
        }
      } else source += char;
      continue;
    }
    if (char === '-' && pattern[index + 1] === '[') {
      // XSD class subtraction `[base-[sub]]` becomes the v-flag form `[[base]--[sub]]`.
      subtraction = true;
      const open = source.lastIndexOf('[');
      const negated = source[open + 1] === '^';
      const base = source.slice(open + (negated ? 2 : 1));
      source = `${source.slice(0, open)}[${negated ? '^' : ''}[${base}]--[`;
      classDepth++;
      index++;
      if (pattern[index + 1] === '^') {
        source += '^';
        index++;
      }
      continue;
    }
    if (char === ']') {
      classDepth--;
      source += ']';
      if (classDepth > 0 && pattern[index + 1] === ']') {
        source += ']';
        classDepth--;
        index++;
      }
      continue;
    }
    source += char;
  }
  return { source, subtraction };
}

/** Converts the escape `\x`, inside or outside a character class. */
function escapeFor(escaped: string, inClass: boolean): string {
  switch (escaped) {
    case 'i':
      return inClass ? NAME_START_RANGES : `[${NAME_START_RANGES}]`;
    case 'I':
      return `[^${NAME_START_RANGES}]`;
    case 'c':
      return inClass ? NAME_RANGES : `[${NAME_RANGES}]`;
    case 'C':
      return `[^${NAME_RANGES}]`;
    default:
      return `\\${escaped}`;
  }
}
