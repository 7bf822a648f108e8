/**
 * @module yang/types/decimal64
 * The decimal64 built-in type: a scaled int64 with 1–18 fraction digits.
 * @see RFC 7950 §9.3, RFC 7951 §6.1
 */
import type { Decimal64TypeSpec, IntervalSet } from '../type-spec.ts';
import { formatIntervalSet, formatScaled, INTEGER_BOUNDS } from './range.ts';
import type { TypeCheckFailure } from './type-check-failure.ts';
import { typeCheckFailure } from './type-check-failure.ts';
import type { TypeCodec } from './type-codec.ts';
import { quoteForMessage, typeLabel } from './type-codec.ts';
import type { Decimal64, YangValue } from './value.ts';
import { decimal64, isDecimal64, rescaleDecimal64 } from './value.ts';

const LEXICAL = /^([+-]?)([0-9]+)(?:\.([0-9]+))?$/;
const INT64_SET: IntervalSet = { intervals: [INTEGER_BOUNDS.int64] };

/**
 * Parses decimal64 text (optional sign, digits, optional `.` and digits) with the given
 * fraction-digits; `undefined` when malformed or not representable. @see RFC 7950 §9.3.1
 */
export const parseDecimal64Text = (text: string, fractionDigits: number): Decimal64 | undefined => {
  const match = LEXICAL.exec(text);
  if (match === null) return undefined;
  const [, sign = '', whole = '', fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > fractionDigits) return undefined;
  const digits = BigInt(`${sign === '-' ? '-' : ''}${whole}${significant.padEnd(fractionDigits, '0')}`);
  return decimal64(digits, fractionDigits);
};

/**
 * The canonical form: no `+`, no superfluous leading zeros, and at least one digit after the
 * point with no trailing zeros beyond it. @see RFC 7950 §9.3.2
 */
export const formatDecimal64 = (value: Decimal64): string =>
  formatScaled(value.digits, Math.max(1, value.fractionDigits));

const invalid = (type: Decimal64TypeSpec, text: string): TypeCheckFailure =>
  typeCheckFailure(
    `${quoteForMessage(text)} is not a valid decimal64 value with ${type.fractionDigits} fraction digits of type ${typeLabel(type)}`,
  );

const parse = (type: Decimal64TypeSpec, text: string): Decimal64 | TypeCheckFailure =>
  parseDecimal64Text(text, type.fractionDigits) ?? invalid(type, text);

/** The codec of decimal64. @see RFC 7950 §9.3 */
export const DECIMAL64_CODEC: TypeCodec<Decimal64TypeSpec, Decimal64> = {
  parseLexical: (type, text) => parse(type, text),
  parseJson: (type, raw) =>
    typeof raw === 'string' ? parse(type, raw) : invalid(type, JSON.stringify(raw) ?? String(raw)),
  isValueOf: (_type, value: YangValue): value is Decimal64 => isDecimal64(value),
  check(type, value) {
    const scaled = rescaleDecimal64(value, type.fractionDigits);
    if (scaled === undefined) return invalid(type, formatDecimal64(value));
    for (const set of type.range === undefined ? [INT64_SET] : [INT64_SET, type.range]) {
      if (!set.intervals.some((interval) => scaled.digits >= interval.min && scaled.digits <= interval.max)) {
        return typeCheckFailure(
          `${quoteForMessage(formatDecimal64(value))} is out of the range ${formatIntervalSet(type.range ?? set, type.fractionDigits)} of type ${typeLabel(type)}`,
          type.range,
        );
      }
    }
    return undefined;
  },
  toCanonical: (_type, value) => formatDecimal64(value),
  toJson: (_type, value) => formatDecimal64(value),
  toXmlText: (_type, value) => formatDecimal64(value),
};
