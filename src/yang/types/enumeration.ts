/**
 * @module yang/types/enumeration
 * The enumeration built-in type: one of the assigned names.
 * @see RFC 7950 §9.6, RFC 7951 §6.4
 */
import type { EnumerationTypeSpec } from '../type-spec.ts';
import type { TypeCheckFailure } from './type-check-failure.ts';
import { typeCheckFailure } from './type-check-failure.ts';
import type { TypeCodec } from './type-codec.ts';
import { quoteForMessage, typeLabel } from './type-codec.ts';
import type { YangValue } from './value.ts';

const check = (type: EnumerationTypeSpec, value: string): TypeCheckFailure | undefined =>
  type.enums.some((member) => member.name === value)
    ? undefined
    : typeCheckFailure(
        `${quoteForMessage(value)} is not one of the enum values (${type.enums.map((member) => member.name).join(', ')}) of type ${typeLabel(type)}`,
      );

/** The codec of enumeration. @see RFC 7950 §9.6 */
export const ENUMERATION_CODEC: TypeCodec<EnumerationTypeSpec, string> = {
  parseLexical: (type, text) => check(type, text) ?? text,
  parseJson: (type, raw) =>
    typeof raw === 'string'
      ? (check(type, raw) ?? raw)
      : typeCheckFailure(`${JSON.stringify(raw) ?? String(raw)} is not a JSON string for type ${typeLabel(type)}`),
  isValueOf: (_type, value: YangValue): value is string => typeof value === 'string',
  check: (type, value) => check(type, value),
  toCanonical: (_type, value) => value,
  toJson: (_type, value) => value,
  toXmlText: (_type, value) => value,
};
