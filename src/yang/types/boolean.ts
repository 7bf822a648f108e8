/**
 * @module yang/types/boolean
 * The boolean built-in type: exactly `true` or `false`.
 * @see RFC 7950 §9.5, RFC 7951 §6.5
 */
import type { BooleanTypeSpec } from '../type-spec.ts';
import { typeCheckFailure } from './type-check-failure.ts';
import type { TypeCodec } from './type-codec.ts';
import { quoteForMessage, typeLabel } from './type-codec.ts';
import type { YangValue } from './value.ts';

/** The codec of boolean. @see RFC 7950 §9.5 */
export const BOOLEAN_CODEC: TypeCodec<BooleanTypeSpec, boolean> = {
  parseLexical: (type, text) =>
    text === 'true'
      ? true
      : text === 'false'
        ? false
        : typeCheckFailure(
            `${quoteForMessage(text)} is not a valid boolean value (true or false) of type ${typeLabel(type)}`,
          ),
  parseJson: (type, raw) =>
    typeof raw === 'boolean'
      ? raw
      : typeCheckFailure(`${JSON.stringify(raw) ?? String(raw)} is not a JSON boolean for type ${typeLabel(type)}`),
  isValueOf: (_type, value: YangValue): value is boolean => typeof value === 'boolean',
  check: () => undefined,
  toCanonical: (_type, value) => String(value),
  toJson: (_type, value) => value,
  toXmlText: (_type, value) => String(value),
};
