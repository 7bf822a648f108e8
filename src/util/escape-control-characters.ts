/**
 * @module util/escape-control-characters
 * Makes text that may carry a client's input safe to show: every control character becomes a
 * visible `\uXXXX` escape, so that an error message echoing a request never carries a raw NUL,
 * escape sequence or line break into a response body, a terminal or a log line. XML 1.0 cannot
 * carry most C0 controls at all, not even as character references (XML 1.0 §2.2).
 * @see https://www.unicode.org/reports/tr44/ (general category Cc)
 */

// Cc (C0, DEL, C1), the noncharacters U+FFFE/U+FFFF (not XML characters) and a surrogate that
// is not part of a pair (which no encoder can write).
const UNSAFE = /[\p{Cc}\ufffe\uffff]|\p{Surrogate}/gu;
const UNSAFE_PRESENT = /[\p{Cc}\ufffe\uffff]|\p{Surrogate}/u;

const visible = (character: string): string => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` with every control character (tab and line breaks included) written as `\uXXXX`. */
export const escapeControlCharacters = (text: string): string =>
  UNSAFE_PRESENT.test(text) ? text.replace(UNSAFE, visible) : text;
