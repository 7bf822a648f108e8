/**
 * @module yang/types/type-codec
 * The contract every built-in type family implements: parse, check, and print its values.
 * @see RFC 7950 §9, RFC 7951 §6
 */
import type { TypeSpec } from '../type-spec.ts';
import type { TypeCheckFailure } from './type-check-failure.ts';
import type { YangValue } from './value.ts';
import type { JsonLeafValue, LexicalOptions, ValueContext } from './value-context.ts';

/**
 * How one built-in type family reads, checks and writes values. Parsers check syntax only;
 * `check` applies the restrictions (range, length, pattern, membership, derivation).
 */
export interface TypeCodec<S extends TypeSpec, V extends YangValue> {
  /** Parses the lexical (XML or module) form. @see RFC 7950 §9 */
  parseLexical(type: S, text: string, ctx: ValueContext, options: LexicalOptions): V | TypeCheckFailure;
  /** Parses an RFC 7951 JSON value. @see RFC 7951 §6 */
  parseJson(type: S, raw: unknown, ctx: ValueContext): V | TypeCheckFailure;
  /** True when `value` has this family's representation. */
  isValueOf(type: S, value: YangValue): value is V;
  /** Checks the type's restrictions; `ctx` is needed only for identity derivation. */
  check(type: S, value: V, ctx: ValueContext | undefined): TypeCheckFailure | undefined;
  /** The canonical form. @see RFC 7950 §9.1 */
  toCanonical(type: S, value: V): string;
  /** The RFC 7951 JSON form. */
  toJson(type: S, value: V, ctx: ValueContext): JsonLeafValue;
  /** The text content of the XML element. */
  toXmlText(type: S, value: V, ctx: ValueContext): string;
}

/** The label of a type in messages: the typedef name, or the built-in name. */
export const typeLabel = (type: TypeSpec): string => type.name;

/** A value quoted for messages, shortened when long. */
export const quoteForMessage = (text: string): string =>
  JSON.stringify(text.length > 64 ? `${text.slice(0, 61)}...` : text);
