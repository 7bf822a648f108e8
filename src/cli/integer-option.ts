/**
 * @module cli/integer-option
 * Parsers for integer options and arguments: plain decimal digits within a range, else a usage
 * error that commander prints on one line (and the program exits 2).
 */
import { InvalidArgumentError } from 'commander';

/** The accepted range of an integer option; both bounds included. */
export interface IntegerRange {
  readonly min: number;
  readonly max: number;
}

/**
 * A commander parser that accepts decimal digits only (no sign, exponent, hex, spaces or
 * fraction: `1e3` or `0x10` is more likely a mistake than a wish) with a value in `range`.
 */
export const integerOption =
  (range: IntegerRange) =>
  (text: string): number => {
    const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < range.min || value > range.max)
      throw new InvalidArgumentError(
        range.max === Number.MAX_SAFE_INTEGER
          ? `Expected an integer of at least ${range.min}.`
          : `Expected an integer from ${range.min} to ${range.max}.`,
      );
    return value;
  };

/** TCP port numbers; 0 asks the system for any free port. */
export const PORT_RANGE: IntegerRange = { min: 0, max: 65535 };
/** Counts and fixed numbers: any non-negative safe integer. */
export const COUNT_RANGE: IntegerRange = { min: 0, max: Number.MAX_SAFE_INTEGER };
