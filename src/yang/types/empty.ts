/**
 * @module yang/types/empty
 * The empty built-in type: no value, only presence; `[null]` in JSON.
 * @see RFC 7950 §9.11, RFC 7951 §6.9
 */
import type { EmptyTypeSpec } from '../type-spec.ts';
import { typeCheckFailure } from './type-check-failure.ts';
import type { TypeCodec } from './type-codec.ts';
import { quoteForMessage, typeLabel } from './type-codec.ts';
import type { EmptyValue, YangValue } from './value.ts';

/** The codec of empty. @see RFC 7950 §9.11 */
export const EMPTY_CODEC: TypeCodec<EmptyTypeSpec, EmptyValue> = {
  parseLexical: (type, text) =>
    text === '' ? null : typeCheckFailure(`${quoteForMessage(text)} is not empty, as type ${typeLabel(type)} requires`),
  parseJson: (type, raw) =>
    Array.isArray(raw) && raw.length === 1 && raw[0] === null
      ? null
      : typeCheckFailure(
          `${JSON.stringify(raw) ?? String(raw)} is not [null], the JSON value of type ${typeLabel(type)}`,
        ),
  isValueOf: (_type, value: YangValue): value is EmptyValue => value === null,
  check: () => undefined,
  toCanonical: () => '',
  toJson: () => [null],
  toXmlText: () => '',
};
