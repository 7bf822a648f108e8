/**
 * @module util/xml-escape
 * Escaping of text for XML character data and attribute values. A carriage return is written as
 * a character reference, since parsers turn a literal one into a line feed (XML 1.0 §2.11); so
 * are tab and line feed in attributes, which parsers turn into spaces (§3.3.3).
 * @see XML 1.0 §2.4
 */

const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  ...TEXT_ESCAPES,
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
};

/** Escapes `&`, `<`, `>` and carriage returns for element content. */
export const escapeXmlText = (text: string): string => text.replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c] ?? c);

/** Escapes text for a double- or single-quoted attribute value. */
export const escapeXmlAttribute = (text: string): string =>
  text.replace(/[&<>"'\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
