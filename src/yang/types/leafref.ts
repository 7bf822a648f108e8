/**
 * @module yang/types/leafref
 * The leafref built-in type: values are those of the referred leaf's type. Whether the referred
 * instance exists (`require-instance`) needs the data tree and is checked elsewhere.
 * @see RFC 7950 §9.9, RFC 7951 §6.9
 */
import type { LeafrefTypeSpec, StringTypeSpec, TypeSpec } from '../type-spec.ts';
import type { TypeCodec } from './type-codec.ts';
import type { YangValue } from './value.ts';

/** Used when the compiler has not resolved the target: any string. */
const UNRESOLVED_TARGET: StringTypeSpec = { base: 'string', name: 'string', typedefs: [], patterns: [] };

/** The type whose values a leafref takes. @see RFC 7950 §9.9 */
export const leafrefTargetType = (type: LeafrefTypeSpec): TypeSpec => type.target ?? UNRESOLVED_TARGET;

/**
 * Builds the leafref codec over `dispatch`, the codec of every type, so that leafref does not
 * import the dispatcher. @see RFC 7950 §9.9
 */
export const createLeafrefCodec = (
  dispatch: TypeCodec<TypeSpec, YangValue>,
): TypeCodec<LeafrefTypeSpec, YangValue> => ({
  parseLexical: (type, text, ctx, options) => dispatch.parseLexical(leafrefTargetType(type), text, ctx, options),
  parseJson: (type, raw, ctx) => dispatch.parseJson(leafrefTargetType(type), raw, ctx),
  isValueOf: (type, value): value is YangValue => dispatch.isValueOf(leafrefTargetType(type), value),
  check: (type, value, ctx) => dispatch.check(leafrefTargetType(type), value, ctx),
  toCanonical: (type, value) => dispatch.toCanonical(leafrefTargetType(type), value),
  toJson: (type, value, ctx) => dispatch.toJson(leafrefTargetType(type), value, ctx),
  toXmlText: (type, value, ctx) => dispatch.toXmlText(leafrefTargetType(type), value, ctx),
});
