/**
 * @module yang/types/integer
 * The integer built-in types: int8…int64 and uint8…uint64. Values of up to 32 bits are
 * numbers; int64 and uint64 are bigints.
 * @see RFC 7950 §9.2, RFC 7951 §6.1
 */
import type { IntegerTypeName, IntegerTypeSpec, IntervalSet } from '../type-spec.ts';
import { formatIntervalSet, INTEGER_BOUNDS } from './range.ts';
import type { TypeCheckFailure } from './type-check-failure.ts';
import { typeCheckFailure } from './type-check-failure.ts';
import type { TypeCodec } from './type-codec.ts';
import { quoteForMessage, typeLabel } from './type-codec.ts';
import type { YangValue } from './value.ts';
import type { LexicalOptions } from './value-context.ts';

/** True for int64 and uint64, whose values are bigints. */
export const isWideInteger = (base: IntegerTypeName): base is 'int64' | 'uint64' =>
  base === 'int64' || base === 'uint64';

const DECIMAL = /^[+-]?[0-9]+$/;
const HEXADECIMAL = /^([+-]?)0x([0-9a-fA-F]+)$/;
const OCTAL = /^([+-]?)0([0-7]+)$/;

/**
 * Parses integer text to a bigint: decimal (leading zeros allowed, as in XML), or for module
 * text also `0x` hexadecimal and leading-zero octal. @see RFC 7950 §9.2.1
 */
export const parseIntegerText = (text: string, options: LexicalOptions = {}): bigint | undefined => {
  if (options.origin === 'module') {
    const hex = HEXADECIMAL.exec(text);
    if (hex !== null) return (hex[1] === '-' ? -1n : 1n) * BigInt(`0x${hex[2] ?? ''}`);
    const octal = OCTAL.exec(text);
    if (octal !== null) return (octal[1] === '-' ? -1n : 1n) * BigInt(`0o${octal[2] ?? ''}`);
    if (/^[+-]?0[0-9]/.test(text)) return undefined;
  }
  return DECIMAL.test(text) ? BigInt(text) : undefined;
};

/** Interval bounds as numbers for the ≤ 32-bit types, computed once per interval set. */
const NUMBER_INTERVALS = new WeakMap<IntervalSet, readonly number[]>();
const numberIntervals = (set: IntervalSet): readonly number[] => {
  let bounds = NUMBER_INTERVALS.get(set);
  if (bounds === undefined) {
    bounds = set.intervals.flatMap((interval) => [Number(interval.min), Number(interval.max)]);
    NUMBER_INTERVALS.set(set, bounds);
  }
  return bounds;
};

const BASE_SETS: Readonly<Record<IntegerTypeName, IntervalSet>> = {
  int8: { intervals: [INTEGER_BOUNDS.int8] },
  int16: { intervals: [INTEGER_BOUNDS.int16] },
  int32: { intervals: [INTEGER_BOUNDS.int32] },
  int64: { intervals: [INTEGER_BOUNDS.int64] },
  uint8: { intervals: [INTEGER_BOUNDS.uint8] },
  uint16: { intervals: [INTEGER_BOUNDS.uint16] },
  uint32: { intervals: [INTEGER_BOUNDS.uint32] },
  uint64: { intervals: [INTEGER_BOUNDS.uint64] },
};

const inSet = (set: IntervalSet, value: number | bigint): boolean => {
  if (typeof value === 'number') {
    const bounds = numberIntervals(set);
    for (let index = 0; index < bounds.length; index += 2) {
      if (value >= (bounds[index] as number) && value <= (bounds[index + 1] as number)) return true;
    }
    return false;
  }
  for (const interval of set.intervals) {
    if (value >= interval.min && value <= interval.max) return true;
  }
  return false;
};

const outOfRange = (
  type: IntegerTypeSpec,
  value: number | bigint,
  set: IntervalSet,
  annotated: boolean,
): TypeCheckFailure =>
  typeCheckFailure(
    `${quoteForMessage(String(value))} is out of the range ${formatIntervalSet(set)} of type ${typeLabel(type)}`,
    annotated ? set : undefined,
  );

const checkInteger = (type: IntegerTypeSpec, value: number | bigint): TypeCheckFailure | undefined => {
  const base = BASE_SETS[type.base];
  if (!inSet(base, value)) return outOfRange(type, value, type.range ?? base, type.range !== undefined);
  if (type.range !== undefined && !inSet(type.range, value)) return outOfRange(type, value, type.range, true);
  return undefined;
};

const invalid = (type: IntegerTypeSpec, text: string): TypeCheckFailure =>
  typeCheckFailure(`${quoteForMessage(text)} is not a valid ${type.base} value of type ${typeLabel(type)}`);

const fromBigint = (type: IntegerTypeSpec, value: bigint): number | bigint | TypeCheckFailure => {
  if (isWideInteger(type.base)) return value;
  const base = INTEGER_BOUNDS[type.base];
  if (value < base.min || value > base.max)
    return outOfRange(type, value, type.range ?? BASE_SETS[type.base], type.range !== undefined);
  return Number(value);
};

/** The codec of the integer types. @see RFC 7950 §9.2 */
export const INTEGER_CODEC: TypeCodec<IntegerTypeSpec, number | bigint> = {
  parseLexical(type, text, _ctx, options) {
    if (options.origin !== 'module' && !isWideInteger(type.base) && text.length <= 12 && DECIMAL.test(text)) {
      const value = Number(text);
      return value === 0 ? 0 : value;
    }
    const value = parseIntegerText(text, options);
    return value === undefined ? invalid(type, text) : fromBigint(type, value);
  },
  parseJson(type, raw) {
    if (isWideInteger(type.base)) {
      if (typeof raw !== 'string') return invalid(type, JSON.stringify(raw) ?? String(raw));
      const value = parseIntegerText(raw);
      return value === undefined ? invalid(type, raw) : value;
    }
    if (typeof raw !== 'number' || !Number.isInteger(raw)) return invalid(type, JSON.stringify(raw) ?? String(raw));
    return raw === 0 ? 0 : raw;
  },
  isValueOf(type, value: YangValue): value is number | bigint {
    return isWideInteger(type.base) ? typeof value === 'bigint' : typeof value === 'number' && Number.isInteger(value);
  },
  check: (type, value) => checkInteger(type, value),
  toCanonical: (_type, value) => value.toString(),
  toJson: (type, value) => (isWideInteger(type.base) ? value.toString() : Number(value)),
  toXmlText: (_type, value) => value.toString(),
};
