/**
 * @module data/codec/json/json-char-codes
 * The UTF-16 code units of JSON's structural characters and of the string delimiters, for the
 * readers that delimit JSON text character by character without parsing it.
 * @see RFC 8259 §2, §7
 */

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const COMMA = 0x2c;
export const COLON = 0x3a;
