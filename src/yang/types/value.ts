/**
 * @module yang/types/value
 * The typed ("cooked") representation of YANG leaf values, one shape per built-in type family.
 * @see RFC 7950 §9
 */

/** A decimal64 value: `digits` × 10^-`fractionDigits`. @see RFC 7950 §9.3 */
export interface Decimal64 {
  readonly kind: 'decimal64';
  readonly digits: bigint;
  readonly fractionDigits: number;
}

/** An identityref value: the identity's defining module and name. @see RFC 7950 §9.10 */
export interface IdentityValue {
  readonly kind: 'identityref';
  readonly module: string;
  readonly name: string;
}

/** The value of an `empty` leaf: it has no content, only presence. @see RFC 7950 §9.11 */
export type EmptyValue = null;

/** A bits value: the names of the set bits, in position order. @see RFC 7950 §9.7 */
export type BitsValue = readonly string[];

/** A predicate of an instance-identifier step. @see RFC 7950 §9.13 */
export type InstanceIdentifierPredicate =
  | { readonly kind: 'key'; readonly module: string; readonly name: string; readonly value: string }
  | { readonly kind: 'leaf-list'; readonly value: string }
  | { readonly kind: 'position'; readonly position: number };

/** One `/module:name[…]` step of an instance-identifier, with module names resolved. */
export interface InstanceIdentifierStep {
  readonly module: string;
  readonly name: string;
  readonly predicates: readonly InstanceIdentifierPredicate[];
}

/** A parsed instance-identifier: node names qualified by module name. @see RFC 7950 §9.13 */
export interface InstanceIdentifier {
  readonly kind: 'instance-identifier';
  readonly steps: readonly InstanceIdentifierStep[];
}

/**
 * A typed leaf value: `number` for integers of up to 32 bits, `bigint` for int64/uint64, `string`
 * for string and enumeration, `Uint8Array` for binary, `null` for empty.
 * @see RFC 7950 §9
 */
export type YangValue =
  | number
  | bigint
  | string
  | boolean
  | Uint8Array
  | EmptyValue
  | Decimal64
  | BitsValue
  | IdentityValue
  | InstanceIdentifier;

/** Builds a {@link Decimal64}. @see RFC 7950 §9.3 */
export const decimal64 = (digits: bigint, fractionDigits: number): Decimal64 => ({
  kind: 'decimal64',
  digits,
  fractionDigits,
});

/** Builds an {@link IdentityValue}. @see RFC 7950 §9.10 */
export const identityValue = (module: string, name: string): IdentityValue => ({ kind: 'identityref', module, name });

/** True when `value` is a {@link Decimal64}. */
export const isDecimal64 = (value: YangValue): value is Decimal64 =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'kind' in value && value.kind === 'decimal64';

/** True when `value` is an {@link IdentityValue}. */
export const isIdentityValue = (value: YangValue): value is IdentityValue =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  'kind' in value &&
  value.kind === 'identityref';

/** True when `value` is an {@link InstanceIdentifier}. */
export const isInstanceIdentifier = (value: YangValue): value is InstanceIdentifier =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  'kind' in value &&
  value.kind === 'instance-identifier';

/** True when `value` is a {@link BitsValue}. */
export const isBitsValue = (value: YangValue): value is BitsValue => Array.isArray(value);

const scaleTo = (value: Decimal64, fractionDigits: number): bigint | undefined => {
  if (value.fractionDigits === fractionDigits) return value.digits;
  if (value.fractionDigits < fractionDigits) return value.digits * 10n ** BigInt(fractionDigits - value.fractionDigits);
  const divisor = 10n ** BigInt(value.fractionDigits - fractionDigits);
  return value.digits % divisor === 0n ? value.digits / divisor : undefined;
};

/** Re-expresses a decimal64 with other fraction-digits; `undefined` when that would lose digits. */
export const rescaleDecimal64 = (value: Decimal64, fractionDigits: number): Decimal64 | undefined => {
  const digits = scaleTo(value, fractionDigits);
  return digits === undefined ? undefined : decimal64(digits, fractionDigits);
};

const sameSequence = <T>(left: readonly T[], right: readonly T[], same: (a: T, b: T) => boolean): boolean =>
  left.length === right.length && left.every((item, index) => index < right.length && same(item, right[index] as T));

const samePredicate = (left: InstanceIdentifierPredicate, right: InstanceIdentifierPredicate): boolean => {
  switch (left.kind) {
    case 'key':
      return (
        right.kind === 'key' && left.module === right.module && left.name === right.name && left.value === right.value
      );
    case 'leaf-list':
      return right.kind === 'leaf-list' && left.value === right.value;
    case 'position':
      return right.kind === 'position' && left.position === right.position;
  }
};

/** Value equality of two typed values (decimal64 compared numerically). @see RFC 7950 §9.1 */
export const yangValuesEqual = (left: YangValue, right: YangValue): boolean => {
  if (left === right) return true;
  if (left === null || right === null || typeof left !== 'object' || typeof right !== 'object') return false;
  if (left instanceof Uint8Array) {
    return right instanceof Uint8Array && sameSequence([...left], [...right], (a, b) => a === b);
  }
  if (isBitsValue(left)) return isBitsValue(right) && sameSequence(left, right, (a, b) => a === b);
  if (right instanceof Uint8Array || isBitsValue(right)) return false;
  if (isDecimal64(left)) {
    if (!isDecimal64(right)) return false;
    const digits = Math.max(left.fractionDigits, right.fractionDigits);
    return scaleTo(left, digits) === scaleTo(right, digits);
  }
  if (isIdentityValue(left)) return isIdentityValue(right) && left.module === right.module && left.name === right.name;
  if (isInstanceIdentifier(left) && isInstanceIdentifier(right)) {
    return sameSequence(
      left.steps,
      right.steps,
      (a, b) => a.module === b.module && a.name === b.name && sameSequence(a.predicates, b.predicates, samePredicate),
    );
  }
  return false;
};
