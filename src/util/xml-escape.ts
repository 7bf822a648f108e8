/**
 * @module util/xml-escape
 * Escaping of text for XML character data and attribute values. @see XML 1.0 §2.4
 */

const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = { ...TEXT_ESCAPES, '"': '&quot;', "'": '&apos;' };

/** Escapes `&`, `<` and `>` for element content. */
export const escapeXmlText = (text: string): string => text.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c] ?? c);

/** Escapes text for a double- or single-quoted attribute value. */
export const escapeXmlAttribute = (text: string): string => text.replace(/[&<>"']/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
