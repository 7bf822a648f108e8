/**
 * @module yang/types/union
 * The union built-in type: a value belongs to the first member type that accepts it. In JSON a
 * member also needs the value's JSON kind (a JSON number never becomes a string member).
 * @see RFC 7950 §9.12, RFC 7951 §6.10
 */
import type { TypeSpec, UnionTypeSpec } from '../type-spec.ts';
import type { TypeCheckFailure } from './type-check-failure.ts';
import { isTypeCheckFailure, typeCheckFailure } from './type-check-failure.ts';
import type { TypeCodec } from './type-codec.ts';
import { quoteForMessage, typeLabel } from './type-codec.ts';
import type { YangValue } from './value.ts';
import type { ValueContext } from './value-context.ts';

const noMember = (type: UnionTypeSpec, shown: string, failures: readonly TypeCheckFailure[]): TypeCheckFailure =>
  typeCheckFailure(
    `${shown} does not match any member type of union ${typeLabel(type)} (${failures.map((failure) => failure.message).join('; ')})`,
  );

/**
 * Builds the union codec over `dispatch`, the codec of every type (whose parsers also apply the
 * restrictions), so that union does not import the dispatcher.
 * @see RFC 7950 §9.12
 */
export const createUnionCodec = (dispatch: TypeCodec<TypeSpec, YangValue>): TypeCodec<UnionTypeSpec, YangValue> => {
  /** The member a value belongs to: the first of its kind that accepts it, else the first of its kind. */
  const memberOf = (type: UnionTypeSpec, value: YangValue, ctx: ValueContext | undefined): TypeSpec | undefined => {
    let fallback: TypeSpec | undefined;
    for (const member of type.members) {
      if (!dispatch.isValueOf(member, value)) continue;
      if (dispatch.check(member, value, ctx) === undefined) return member;
      fallback ??= member;
    }
    return fallback;
  };
  const requireMember = (type: UnionTypeSpec, value: YangValue, ctx: ValueContext | undefined): TypeSpec => {
    const member = memberOf(type, value, ctx);
    if (member === undefined) throw new TypeError(`value is not of any member type of union ${typeLabel(type)}`);
    return member;
  };
  return {
    parseLexical(type, text, ctx, options) {
      const failures: TypeCheckFailure[] = [];
      for (const member of type.members) {
        const result = dispatch.parseLexical(member, text, ctx, options);
        if (!isTypeCheckFailure(result)) return result;
        failures.push(result);
      }
      return noMember(type, quoteForMessage(text), failures);
    },
    parseJson(type, raw, ctx) {
      const failures: TypeCheckFailure[] = [];
      for (const member of type.members) {
        const result = dispatch.parseJson(member, raw, ctx);
        if (!isTypeCheckFailure(result)) return result;
        failures.push(result);
      }
      return noMember(type, JSON.stringify(raw) ?? String(raw), failures);
    },
    isValueOf: (type, value): value is YangValue => type.members.some((member) => dispatch.isValueOf(member, value)),
    check(type, value, ctx) {
      const failures: TypeCheckFailure[] = [];
      for (const member of type.members) {
        if (!dispatch.isValueOf(member, value)) continue;
        const failure = dispatch.check(member, value, ctx);
        if (failure === undefined) return undefined;
        failures.push(failure);
      }
      return noMember(type, 'the value', failures);
    },
    toCanonical: (type, value) => dispatch.toCanonical(requireMember(type, value, undefined), value),
    toJson: (type, value, ctx) => dispatch.toJson(requireMember(type, value, ctx), value, ctx),
    toXmlText: (type, value, ctx) => dispatch.toXmlText(requireMember(type, value, ctx), value, ctx),
  };
};
