/**
 * @module yang/types/string
 * The string built-in type, with `length` counted in Unicode code points and `pattern`s.
 * @see RFC 7950 §9.4, RFC 7951 §6.3
 */
import type { StringTypeSpec } from '../type-spec.ts';
import { formatIntervalSet, intervalSetContains } from './range.ts';
import { typeCheckFailure } from './type-check-failure.ts';
import type { TypeCodec } from './type-codec.ts';
import { quoteForMessage, typeLabel } from './type-codec.ts';
import type { YangValue } from './value.ts';

/** The length of a string in characters (code points), as YANG counts it. @see RFC 7950 §9.4.4 */
export const codePointLength = (text: string): number => {
  let length = text.length;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        index++;
      }
    }
  }
  return length;
};

/**
 * Characters a YANG string cannot hold: those outside XML's `Char` production (controls other
 * than tab, LF and CR; U+FFFE, U+FFFF; unpaired surrogates). @see RFC 7950 §9.4, XML 1.0 §2.2
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are exactly what a YANG string excludes
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Surrogate}/u;

/** True when `text` holds a character that no YANG string may contain. @see RFC 7950 §9.4 */
export const hasForbiddenCharacter = (text: string): boolean => FORBIDDEN_CHARACTER.test(text);

const forbidden = (type: StringTypeSpec, text: string) =>
  typeCheckFailure(
    `${quoteForMessage(text)} contains a control character or code point that type ${typeLabel(type)} does not allow`,
  );

/** The codec of string. @see RFC 7950 §9.4 */
export const STRING_CODEC: TypeCodec<StringTypeSpec, string> = {
  parseLexical: (type, text) => (hasForbiddenCharacter(text) ? forbidden(type, text) : text),
  parseJson: (type, raw) =>
    typeof raw === 'string'
      ? hasForbiddenCharacter(raw)
        ? forbidden(type, raw)
        : raw
      : typeCheckFailure(`${JSON.stringify(raw) ?? String(raw)} is not a JSON string for type ${typeLabel(type)}`),
  isValueOf: (_type, value: YangValue): value is string => typeof value === 'string',
  check(type, value) {
    if (type.length !== undefined) {
      const length = codePointLength(value);
      if (!intervalSetContains(type.length, BigInt(length))) {
        return typeCheckFailure(
          `${quoteForMessage(value)} has length ${length}, outside the length ${formatIntervalSet(type.length)} of type ${typeLabel(type)}`,
          type.length,
        );
      }
    }
    for (const pattern of type.patterns) {
      if (pattern.regex.test(value) === pattern.invertMatch) {
        return typeCheckFailure(
          pattern.invertMatch
            ? `${quoteForMessage(value)} matches the inverted pattern "${pattern.source}" of type ${typeLabel(type)}`
            : `${quoteForMessage(value)} does not match the pattern "${pattern.source}" of type ${typeLabel(type)}`,
          pattern,
        );
      }
    }
    return undefined;
  },
  toCanonical: (_type, value) => value,
  toJson: (_type, value) => value,
  toXmlText: (_type, value) => value,
};
