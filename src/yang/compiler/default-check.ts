/**
 * @module yang/compiler/default-check
 * A compile-time check that a `default` value is valid for its type (lexical form, range,
 * length, pattern, enum/bit names, identities). Leafref/instance-identifier defaults are
 * not checked here since their targets are data.
 * @see RFC 7950 §7.6.1, §9
 */
import type { IntegerTypeName, IntervalSet, TypeSpec } from '../type-spec.ts';
import { intervalSetContains } from '../types/range.ts';

const inSet = (set: IntervalSet | undefined, value: bigint): boolean =>
  set === undefined || intervalSetContains(set, value);

/** True when `value` is a valid lexical value of `type`. @see RFC 7950 §9 */
export const isValidDefault = (type: TypeSpec, value: string): boolean => {
  switch (type.base) {
    case 'int8':
    case 'int16':
    case 'int32':
    case 'int64':
    case 'uint8':
    case 'uint16':
    case 'uint32':
    case 'uint64': {
      const match = /^\s*([+-]?)(0x[0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)\s*$/.exec(value);
      if (match === null) return false;
      const magnitude = BigInt(match[2] ?? '0');
      const parsed = match[1] === '-' ? -magnitude : magnitude;
      const bounds = BOUNDS[type.base];
      return parsed >= bounds[0] && parsed <= bounds[1] && inSet(type.range, parsed);
    }
    case 'decimal64': {
      const match = /^\s*([+-]?)([0-9]+)(?:\.([0-9]+))?\s*$/.exec(value);
      if (match === null || (match[3] ?? '').length > type.fractionDigits) return false;
      const scaled = BigInt((match[2] ?? '0') + (match[3] ?? '').padEnd(type.fractionDigits, '0'));
      return inSet(type.range, match[1] === '-' ? -scaled : scaled);
    }
    case 'string': {
      const length = BigInt([...value].length);
      return (
        inSet(type.length, length) &&
        type.patterns.every((pattern) => pattern.regex.test(value) !== pattern.invertMatch)
      );
    }
    case 'binary':
      return /^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(value);
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'empty':
      return false;
    case 'enumeration':
      return type.enums.some((member) => member.name === value);
    case 'bits': {
      const names = value.split(/\s+/).filter((name) => name !== '');
      return names.every((name) => type.bits.some((bit) => bit.name === name));
    }
    case 'union':
      return type.members.some((member) => isValidDefault(member, value));
    case 'identityref':
    case 'leafref':
    case 'instance-identifier':
      return true;
  }
};

const BOUNDS: Readonly<Record<IntegerTypeName, readonly [bigint, bigint]>> = {
  int8: [-128n, 127n],
  int16: [-32768n, 32767n],
  int32: [-2147483648n, 2147483647n],
  int64: [-9223372036854775808n, 9223372036854775807n],
  uint8: [0n, 255n],
  uint16: [0n, 65535n],
  uint32: [0n, 4294967295n],
  uint64: [0n, 18446744073709551615n],
} as const;
