/**
 * @module yang/types/identityref
 * The identityref built-in type: an identity derived from every base of the type; `prefix:name`
 * in XML, `module:name` in JSON.
 * @see RFC 7950 §9.10, RFC 7951 §6.8
 */
import type { Identity, IdentityrefTypeSpec } from '../type-spec.ts';
import type { TypeCheckFailure } from './type-check-failure.ts';
import { typeCheckFailure } from './type-check-failure.ts';
import type { TypeCodec } from './type-codec.ts';
import { quoteForMessage, typeLabel } from './type-codec.ts';
import type { IdentityValue, YangValue } from './value.ts';
import { identityValue, isIdentityValue } from './value.ts';
import type { ValueContext } from './value-context.ts';

const QUALIFIED_NAME = /^(?:([A-Za-z_][A-Za-z0-9_.-]*):)?([A-Za-z_][A-Za-z0-9_.-]*)$/;

const sameIdentity = (left: Identity, right: Identity): boolean =>
  left.module === right.module && left.name === right.name;

/**
 * True when `identity` is derived from `base` directly or transitively; an identity is not
 * derived from itself. @see RFC 7950 §7.18.2
 */
export const isDerivedFrom = (identity: Identity, base: Identity): boolean => {
  const seen = new Set<Identity>();
  const pending = [...identity.bases];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (sameIdentity(next, base)) return true;
    if (!seen.has(next)) {
      seen.add(next);
      pending.push(...next.bases);
    }
  }
  return false;
};

const check = (
  type: IdentityrefTypeSpec,
  value: IdentityValue,
  ctx: ValueContext | undefined,
): TypeCheckFailure | undefined => {
  if (ctx === undefined) return undefined;
  const identity = ctx.findIdentity(value.module, value.name);
  const label = `${value.module}:${value.name}`;
  if (identity === undefined) return typeCheckFailure(`identity ${quoteForMessage(label)} does not exist`);
  // RFC 7950 §9.10.2: with several bases, the value must be derived from all of them.
  const missing = type.bases.find((base) => !isDerivedFrom(identity, base));
  return missing === undefined
    ? undefined
    : typeCheckFailure(
        `identity ${quoteForMessage(label)} is not derived from ${missing.module}:${missing.name}, as type ${typeLabel(type)} requires`,
      );
};

/** Resolves the qualifier of a name, or rejects the text. */
const parseName = (
  type: IdentityrefTypeSpec,
  text: string,
  resolve: (qualifier: string | undefined) => string | undefined,
): IdentityValue | TypeCheckFailure => {
  const match = QUALIFIED_NAME.exec(text);
  if (match === null)
    return typeCheckFailure(`${quoteForMessage(text)} is not an identity name for type ${typeLabel(type)}`);
  const module = resolve(match[1]);
  if (module === undefined) {
    return typeCheckFailure(`the prefix of ${quoteForMessage(text)} is not bound to a module`);
  }
  return identityValue(module, match[2] ?? '');
};

/** The codec of identityref. @see RFC 7950 §9.10 */
export const IDENTITYREF_CODEC: TypeCodec<IdentityrefTypeSpec, IdentityValue> = {
  parseLexical: (type, text, ctx, options) =>
    parseName(type, text, (prefix) =>
      prefix !== undefined
        ? ctx.resolvePrefix(prefix)
        : options.origin === 'module'
          ? ctx.defaultModule
          : (ctx.resolvePrefix('') ?? ctx.defaultModule),
    ),
  parseJson: (type, raw, ctx) =>
    typeof raw === 'string'
      ? parseName(type, raw, (module) => module ?? ctx.defaultModule)
      : typeCheckFailure(`${JSON.stringify(raw) ?? String(raw)} is not a JSON string for type ${typeLabel(type)}`),
  isValueOf: (_type, value: YangValue): value is IdentityValue => isIdentityValue(value),
  check,
  toCanonical: (_type, value) => `${value.module}:${value.name}`,
  toJson: (_type, value, ctx) => (value.module === ctx.defaultModule ? value.name : `${value.module}:${value.name}`),
  toXmlText(_type, value, ctx) {
    const prefix = ctx.prefixOf(value.module);
    if (prefix === undefined) throw new Error(`no XML prefix is declared for module ${value.module}`);
    return prefix === '' ? value.name : `${prefix}:${value.name}`;
  },
};
