/**
 * @module yang/compiler/default-check
 * A compile-time check that a `default` value is valid for its type (lexical form, range,
 * length, pattern, enum/bit names), through the same value codecs the data layer uses.
 * Identityref, leafref and instance-identifier defaults are not checked here: their prefixes
 * and targets need the module's scope and the data.
 * @see RFC 7950 §7.6.1, §9
 */
import type { TypeSpec } from '../type-spec.ts';
import { isTypeCheckFailure } from '../types/type-check-failure.ts';
import { parseLexical } from '../types/value-codec.ts';
import type { ValueContext } from '../types/value-context.ts';

/** A context with no names in scope: enough for every type this check parses. */
const NO_NAMES: ValueContext = {
  resolvePrefix: () => undefined,
  prefixOf: () => undefined,
  findIdentity: () => undefined,
  defaultModule: '',
};

/** True when `value` is a valid lexical value of `type` as written in a module. @see RFC 7950 §9 */
export const isValidDefault = (type: TypeSpec, value: string): boolean => {
  switch (type.base) {
    case 'identityref':
    case 'leafref':
    case 'instance-identifier':
      return true;
    case 'union':
      return type.members.some((member) => isValidDefault(member, value));
    default:
      return !isTypeCheckFailure(parseLexical(type, value, NO_NAMES, { origin: 'module' }));
  }
};
