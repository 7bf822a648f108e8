/**
 * @module yang/types/range
 * Parsing of `range` and `length` arguments into interval sets, checked against the base
 * type's bounds and the restriction they refine; and membership tests on interval sets.
 * @see RFC 7950 §9.2.4, §9.3.4, §9.4.4
 */
import type { IntegerTypeName, Interval, IntervalSet } from '../type-spec.ts';

/** A `range` or `length` argument that does not parse or does not restrict its parent. */
export class RestrictionArgumentError extends SyntaxError {
  readonly argument: string;
  /** Offset in the argument text of the offending part. */
  readonly position: number;
  constructor(argument: string, position: number, reason: string) {
    super(`invalid argument "${argument}" at position ${position}: ${reason}`);
    this.name = 'RestrictionArgumentError';
    this.argument = argument;
    this.position = position;
  }
}

/** The value space of each integer built-in type. @see RFC 7950 §9.2 */
export const INTEGER_BOUNDS: Readonly<Record<IntegerTypeName, Interval>> = {
  int8: { min: -128n, max: 127n },
  int16: { min: -32768n, max: 32767n },
  int32: { min: -2147483648n, max: 2147483647n },
  int64: { min: -9223372036854775808n, max: 9223372036854775807n },
  uint8: { min: 0n, max: 255n },
  uint16: { min: 0n, max: 65535n },
  uint32: { min: 0n, max: 4294967295n },
  uint64: { min: 0n, max: 18446744073709551615n },
};

/** The bounds of a `length`: a non-negative integer of at most 64 bits. @see RFC 7950 §9.4.4 */
export const LENGTH_BOUNDS: Interval = { min: 0n, max: 18446744073709551615n };

/**
 * The bounds of decimal64 as scaled integers: the int64 range, whatever the fraction-digits.
 * @see RFC 7950 §9.3
 */
export const decimal64Bounds = (_fractionDigits: number): Interval => INTEGER_BOUNDS.int64;

/** True when `value` lies in one of the set's intervals. */
export const intervalSetContains = (set: IntervalSet, value: bigint): boolean => {
  for (const interval of set.intervals) {
    if (value >= interval.min && value <= interval.max) return true;
  }
  return false;
};

/** Renders a scaled bigint as decimal text with `fractionDigits` digits after the point. */
export const formatScaled = (value: bigint, fractionDigits: number): string => {
  if (fractionDigits === 0) return value.toString();
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(fractionDigits + 1, '0');
  const whole = digits.slice(0, digits.length - fractionDigits);
  const fraction = digits.slice(digits.length - fractionDigits).replace(/0+$/, '') || '0';
  return `${negative ? '-' : ''}${whole}.${fraction}`;
};

/** Renders an interval set in YANG argument syntax, e.g. `0..255 | 300`. */
export const formatIntervalSet = (set: IntervalSet, fractionDigits = 0): string =>
  set.intervals
    .map((interval) =>
      interval.min === interval.max
        ? formatScaled(interval.min, fractionDigits)
        : `${formatScaled(interval.min, fractionDigits)}..${formatScaled(interval.max, fractionDigits)}`,
    )
    .join(' | ');

/** What an argument restricts: the allowed values and how decimal text is scaled. */
interface ArgumentDomain {
  readonly bounds: Interval;
  /** Decimal digits allowed after a point: 0 for integers and lengths. */
  readonly fractionDigits: number;
  readonly parent: IntervalSet | undefined;
  /** For messages: `int8`, `decimal64`, `length`. */
  readonly label: string;
}

const BOUNDARY = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;

const parseArgument = (text: string, domain: ArgumentDomain): IntervalSet => {
  const effective = domain.parent?.intervals ?? [domain.bounds];
  const lowest = effective[0]?.min ?? domain.bounds.min;
  const highest = effective[effective.length - 1]?.max ?? domain.bounds.max;
  const fail = (position: number, reason: string): never => {
    throw new RestrictionArgumentError(text, position, reason);
  };
  const boundary = (token: string, position: number): bigint => {
    if (token === 'min') return lowest;
    if (token === 'max') return highest;
    const match = BOUNDARY.exec(token);
    if (match === null) return fail(position, `"${token}" is not a number, "min" or "max"`);
    const [, sign = '', whole = '', fraction] = match;
    if (fraction !== undefined && domain.fractionDigits === 0) {
      return fail(position, `"${token}" is not an integer`);
    }
    const significant = (fraction ?? '').replace(/0+$/, '');
    if (significant.length > domain.fractionDigits) {
      return fail(position, `"${token}" has more than ${domain.fractionDigits} fraction digits`);
    }
    const scaled = BigInt(`${sign}${whole}${significant.padEnd(domain.fractionDigits, '0')}`);
    if (scaled < domain.bounds.min || scaled > domain.bounds.max) {
      return fail(position, `${token} is outside the bounds of ${domain.label}`);
    }
    return scaled;
  };

  const intervals: Interval[] = [];
  let offset = 0;
  for (const part of text.split('|')) {
    const partStart = offset + (part.length - part.trimStart().length);
    offset += part.length + 1;
    const trimmed = part.trim();
    if (trimmed === '') fail(partStart, 'empty part');
    const dots = trimmed.indexOf('..');
    let interval: Interval;
    if (dots < 0) {
      const value = boundary(trimmed, partStart);
      interval = { min: value, max: value };
    } else {
      const low = trimmed.slice(0, dots).trimEnd();
      const highRaw = trimmed.slice(dots + 2);
      const high = highRaw.trimStart();
      const highStart = partStart + dots + 2 + (highRaw.length - high.length);
      if (low === '' || high === '') fail(partStart, `"${trimmed}" needs a bound on both sides of ".."`);
      interval = { min: boundary(low, partStart), max: boundary(high, highStart) };
      if (interval.min > interval.max) fail(partStart, `"${trimmed}" has its lower bound above its upper bound`);
    }
    const previous = intervals[intervals.length - 1];
    if (previous !== undefined && interval.min <= previous.max) {
      fail(partStart, `"${trimmed}" is not above the previous part (parts must be ascending and disjoint)`);
    }
    if (!effective.some((allowed) => interval.min >= allowed.min && interval.max <= allowed.max)) {
      fail(
        partStart,
        domain.parent === undefined
          ? `"${trimmed}" is outside the bounds of ${domain.label}`
          : `"${trimmed}" is not within the restriction it refines (${formatIntervalSet(domain.parent, domain.fractionDigits)})`,
      );
    }
    intervals.push(interval);
  }
  return { intervals };
};

/**
 * Parses the argument of a `range` on an integer type, refining `parent` (the range in effect
 * from the typedef chain) when there is one. Throws {@link RestrictionArgumentError}.
 * @see RFC 7950 §9.2.4
 */
export const parseIntegerRange = (text: string, base: IntegerTypeName, parent?: IntervalSet): IntervalSet =>
  parseArgument(text, { bounds: INTEGER_BOUNDS[base], fractionDigits: 0, parent, label: base });

/**
 * Parses the argument of a `range` on decimal64 into scaled bounds (value × 10^fraction-digits).
 * Throws {@link RestrictionArgumentError}.
 * @see RFC 7950 §9.3.4
 */
export const parseDecimal64Range = (text: string, fractionDigits: number, parent?: IntervalSet): IntervalSet =>
  parseArgument(text, { bounds: decimal64Bounds(fractionDigits), fractionDigits, parent, label: 'decimal64' });

/**
 * Parses the argument of a `length` (string or binary). Throws {@link RestrictionArgumentError}.
 * @see RFC 7950 §9.4.4
 */
export const parseLength = (text: string, parent?: IntervalSet): IntervalSet =>
  parseArgument(text, { bounds: LENGTH_BOUNDS, fractionDigits: 0, parent, label: 'length' });
