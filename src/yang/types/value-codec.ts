/**
 * @module yang/types/value-codec
 * The entry points for typed values: parse lexical (XML) or JSON input against a compiled
 * type, check restrictions, and print canonical, JSON and XML forms. Dispatches on the
 * built-in base type to one codec per type family.
 * @see RFC 7950 §9, RFC 7951 §6
 */
import type { BuiltinTypeName, TypeSpec } from '../type-spec.ts';
import { BINARY_CODEC } from './binary.ts';
import { BITS_CODEC } from './bits.ts';
import { BOOLEAN_CODEC } from './boolean.ts';
import { DECIMAL64_CODEC } from './decimal64.ts';
import { EMPTY_CODEC } from './empty.ts';
import { ENUMERATION_CODEC } from './enumeration.ts';
import { IDENTITYREF_CODEC } from './identityref.ts';
import { INSTANCE_IDENTIFIER_CODEC } from './instance-identifier.ts';
import { INTEGER_CODEC } from './integer.ts';
import { createLeafrefCodec } from './leafref.ts';
import { STRING_CODEC } from './string.ts';
import type { TypeCheckFailure } from './type-check-failure.ts';
import { isTypeCheckFailure, typeCheckFailure } from './type-check-failure.ts';
import type { TypeCodec } from './type-codec.ts';
import { quoteForMessage, typeLabel } from './type-codec.ts';
import { createUnionCodec } from './union.ts';
import type { YangValue } from './value.ts';
import type { JsonLeafValue, LexicalOptions, ValueContext } from './value-context.ts';

type AnyCodec = TypeCodec<TypeSpec, YangValue>;

/** The codec of every type, applying restrictions after parsing; union and leafref recurse into it. */
const DISPATCH: AnyCodec = {
  parseLexical: (type, text, ctx, options) => checked(type, codecOf(type).parseLexical(type, text, ctx, options), ctx),
  parseJson: (type, raw, ctx) => checked(type, codecOf(type).parseJson(type, raw, ctx), ctx),
  isValueOf: (type, value): value is YangValue => codecOf(type).isValueOf(type, value),
  check: (type, value, ctx) => codecOf(type).check(type, value, ctx),
  toCanonical: (type, value) => codecOf(type).toCanonical(type, value),
  toJson: (type, value, ctx) => codecOf(type).toJson(type, value, ctx),
  toXmlText: (type, value, ctx) => codecOf(type).toXmlText(type, value, ctx),
};

/** One codec per built-in type; `Record` makes a new built-in fail to compile until handled. */
const CODECS: Readonly<Record<BuiltinTypeName, unknown>> = {
  int8: INTEGER_CODEC,
  int16: INTEGER_CODEC,
  int32: INTEGER_CODEC,
  int64: INTEGER_CODEC,
  uint8: INTEGER_CODEC,
  uint16: INTEGER_CODEC,
  uint32: INTEGER_CODEC,
  uint64: INTEGER_CODEC,
  decimal64: DECIMAL64_CODEC,
  string: STRING_CODEC,
  boolean: BOOLEAN_CODEC,
  enumeration: ENUMERATION_CODEC,
  bits: BITS_CODEC,
  binary: BINARY_CODEC,
  leafref: createLeafrefCodec(DISPATCH),
  identityref: IDENTITYREF_CODEC,
  empty: EMPTY_CODEC,
  union: createUnionCodec(DISPATCH),
  'instance-identifier': INSTANCE_IDENTIFIER_CODEC,
};

// Each codec is typed for its own spec; the table is keyed by that spec's `base`, so the cast is sound.
const codecOf = (type: TypeSpec): AnyCodec => CODECS[type.base] as AnyCodec;

const checked = (
  type: TypeSpec,
  result: YangValue | TypeCheckFailure,
  ctx: ValueContext,
): YangValue | TypeCheckFailure => {
  if (isTypeCheckFailure(result)) return result;
  return codecOf(type).check(type, result, ctx) ?? result;
};

/**
 * Parses the lexical form (XML text, or a module's `default` with `origin: 'module'`) and
 * checks every restriction of `type`. @see RFC 7950 §9
 */
export const parseLexical = (
  type: TypeSpec,
  text: string,
  ctx: ValueContext,
  options: LexicalOptions = {},
): YangValue | TypeCheckFailure => DISPATCH.parseLexical(type, text, ctx, options);

/** Parses an RFC 7951 JSON value and checks every restriction of `type`. @see RFC 7951 §6 */
export const parseJson = (type: TypeSpec, raw: unknown, ctx: ValueContext): YangValue | TypeCheckFailure =>
  DISPATCH.parseJson(type, raw, ctx);

/**
 * Checks an already typed value against `type`: its representation and every restriction.
 * Without `ctx`, identityref derivation is not checked. @see RFC 7950 §9
 */
export const checkValue = (type: TypeSpec, value: YangValue, ctx?: ValueContext): TypeCheckFailure | undefined =>
  DISPATCH.isValueOf(type, value)
    ? DISPATCH.check(type, value, ctx)
    : typeCheckFailure(`the value is not of the representation of type ${typeLabel(type)}`);

const requireValueOf = (type: TypeSpec, value: YangValue): void => {
  if (!DISPATCH.isValueOf(type, value)) {
    throw new TypeError(`${quoteForMessage(String(value))} is not a value of type ${typeLabel(type)}`);
  }
};

/** The canonical form of a value; throws a TypeError when the value is not of the type. @see RFC 7950 §9.1 */
export const toCanonical = (type: TypeSpec, value: YangValue): string => {
  requireValueOf(type, value);
  return DISPATCH.toCanonical(type, value);
};

/** The RFC 7951 JSON form of a value; throws a TypeError when the value is not of the type. @see RFC 7951 §6 */
export const toJson = (type: TypeSpec, value: YangValue, ctx: ValueContext): JsonLeafValue => {
  requireValueOf(type, value);
  return DISPATCH.toJson(type, value, ctx);
};

/**
 * The XML text content of a value (identityref and instance-identifier use `ctx` prefixes);
 * throws a TypeError when the value is not of the type. @see RFC 7950 §9
 */
export const toXmlText = (type: TypeSpec, value: YangValue, ctx: ValueContext): string => {
  requireValueOf(type, value);
  return DISPATCH.toXmlText(type, value, ctx);
};
