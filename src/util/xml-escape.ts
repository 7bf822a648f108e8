/**
 * @module util/xml-escape
 * Escaping of text for XML character data and attribute values. A carriage return is written as
 * a character reference, since parsers turn a literal one into a line feed (XML 1.0 §2.11); so
 * are tab and line feed in attributes, which parsers turn into spaces (§3.3.3). A character
 * XML 1.0 cannot carry at all (C0 controls other than tab, line feed and carriage return — not
 * even as a character reference —, U+FFFE, U+FFFF, an unpaired surrogate) becomes U+FFFD, so
 * that whatever a value holds, the document stays well-formed.
 * @see XML 1.0 §2.2 (Char), §2.4
 */

const REPLACEMENT_CHARACTER = '\ufffd';
const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  ...TEXT_ESCAPES,
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
};

// With the `u` flag a surrogate range matches only a surrogate that is not part of a pair. The
// quick tests, without it, also match pairs: they only decide whether to look closer.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 cannot carry
const TEXT_SPECIAL = /[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 cannot carry
const TEXT_SPECIAL_QUICK = /[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 cannot carry
const ATTRIBUTE_SPECIAL = /[&<>"'\t\n\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 cannot carry
const ATTRIBUTE_SPECIAL_QUICK = /[&<>"'\t\n\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]/;

/** Escapes `&`, `<`, `>` and carriage returns for element content. */
export const escapeXmlText = (text: string): string =>
  TEXT_SPECIAL_QUICK.test(text) ? text.replace(TEXT_SPECIAL, (c) => TEXT_ESCAPES[c] ?? REPLACEMENT_CHARACTER) : text;

/** Escapes text for a double- or single-quoted attribute value. */
export const escapeXmlAttribute = (text: string): string =>
  ATTRIBUTE_SPECIAL_QUICK.test(text)
    ? text.replace(ATTRIBUTE_SPECIAL, (c) => ATTRIBUTE_ESCAPES[c] ?? REPLACEMENT_CHARACTER)
    : text;
