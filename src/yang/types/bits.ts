/**
 * @module yang/types/bits
 * The bits built-in type: a set of named bits, written space-separated; the value keeps the
 * names in position order, which is the canonical order.
 * @see RFC 7950 §9.7, RFC 7951 §6.5
 */
import type { BitsTypeSpec } from '../type-spec.ts';
import type { TypeCheckFailure } from './type-check-failure.ts';
import { isTypeCheckFailure, typeCheckFailure } from './type-check-failure.ts';
import type { TypeCodec } from './type-codec.ts';
import { quoteForMessage, typeLabel } from './type-codec.ts';
import type { BitsValue, YangValue } from './value.ts';
import { isBitsValue } from './value.ts';

const SEPARATOR = /[ \t\n\r]+/;

const positionOf = (type: BitsTypeSpec, name: string): number => type.bits.findIndex((bit) => bit.name === name);

/** Orders and checks a set of bit names: unknown and repeated names are errors. */
const normalize = (type: BitsTypeSpec, names: readonly string[], text: string): BitsValue | TypeCheckFailure => {
  const set = new Array<string | undefined>(type.bits.length);
  for (const name of names) {
    const index = positionOf(type, name);
    if (index < 0) {
      return typeCheckFailure(
        `${quoteForMessage(name)} in ${quoteForMessage(text)} is not a bit of type ${typeLabel(type)}`,
      );
    }
    if (set[index] !== undefined) {
      return typeCheckFailure(`bit ${quoteForMessage(name)} appears more than once in ${quoteForMessage(text)}`);
    }
    set[index] = name;
  }
  return Object.freeze(set.filter((name): name is string => name !== undefined));
};

const parse = (type: BitsTypeSpec, text: string): BitsValue | TypeCheckFailure => {
  const trimmed = text.trim();
  return normalize(type, trimmed === '' ? [] : trimmed.split(SEPARATOR), text);
};

const check = (type: BitsTypeSpec, value: BitsValue): TypeCheckFailure | undefined => {
  const normalized = normalize(type, value, value.join(' '));
  if (isTypeCheckFailure(normalized)) return normalized;
  return normalized.every((name, index) => value[index] === name)
    ? undefined
    : typeCheckFailure(`bits ${quoteForMessage(value.join(' '))} are not in position order`);
};

/** The codec of bits. @see RFC 7950 §9.7 */
export const BITS_CODEC: TypeCodec<BitsTypeSpec, BitsValue> = {
  parseLexical: (type, text) => parse(type, text),
  parseJson: (type, raw) =>
    typeof raw === 'string'
      ? parse(type, raw)
      : typeCheckFailure(`${JSON.stringify(raw) ?? String(raw)} is not a JSON string for type ${typeLabel(type)}`),
  isValueOf: (_type, value: YangValue): value is BitsValue => isBitsValue(value),
  check: (type, value) => check(type, value),
  toCanonical: (_type, value) => value.join(' '),
  toJson: (_type, value) => value.join(' '),
  toXmlText: (_type, value) => value.join(' '),
};
