/**
 * @module yang/type-spec
 * A compiled YANG type: the built-in base type with every restriction of its typedef chain
 * merged in. The compiler produces these; `yang/types` parses and checks values against them.
 * @see RFC 7950 §9
 */

/** The names of YANG's built-in types. @see RFC 7950 §4.2.4 */
export type BuiltinTypeName =
  | 'int8'
  | 'int16'
  | 'int32'
  | 'int64'
  | 'uint8'
  | 'uint16'
  | 'uint32'
  | 'uint64'
  | 'decimal64'
  | 'string'
  | 'boolean'
  | 'enumeration'
  | 'bits'
  | 'binary'
  | 'leafref'
  | 'identityref'
  | 'empty'
  | 'union'
  | 'instance-identifier';

/** The integer built-in types. */
export type IntegerTypeName = 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64';

/** A module's `error-message` / `error-app-tag` attached to a restriction. @see RFC 7950 §7.5.4 */
export interface ErrorAnnotation {
  readonly errorMessage?: string;
  readonly errorAppTag?: string;
}

/**
 * One closed interval of a `range` or `length`. Bounds are bigint for integers and lengths,
 * and scaled bigints (value × 10^fraction-digits) for decimal64.
 */
export interface Interval {
  readonly min: bigint;
  readonly max: bigint;
}

/** A `range` or `length` restriction: the union of its intervals. */
export interface IntervalSet extends ErrorAnnotation {
  readonly intervals: readonly Interval[];
}

/** A `pattern` restriction, with its XSD source and the translated JavaScript expression. */
export interface PatternRestriction extends ErrorAnnotation {
  /** The XSD regular expression exactly as the module writes it. */
  readonly source: string;
  /** The whole-string-anchored JavaScript equivalent (flags `u` or `v`). */
  readonly regex: RegExp;
  readonly invertMatch: boolean;
}

/** An identity after compilation. @see RFC 7950 §7.18 */
export interface Identity {
  readonly module: string;
  readonly name: string;
  /** Direct bases. */
  readonly bases: readonly Identity[];
}

/** Fields every compiled type has. */
interface TypeSpecBase {
  /** The name as written at the use site: a built-in name or `prefix:typedef` resolved to `module:typedef`. */
  readonly name: string;
  /** The typedef chain, outermost first, as `module:name`; empty for a built-in used directly. */
  readonly typedefs: readonly string[];
  /** The effective default from the typedef chain, as written (lexical form), if any. */
  readonly defaultValue?: string;
  readonly units?: string;
}

export interface IntegerTypeSpec extends TypeSpecBase {
  readonly base: IntegerTypeName;
  readonly range?: IntervalSet;
}
export interface Decimal64TypeSpec extends TypeSpecBase {
  readonly base: 'decimal64';
  readonly fractionDigits: number;
  readonly range?: IntervalSet;
}
export interface StringTypeSpec extends TypeSpecBase {
  readonly base: 'string';
  readonly length?: IntervalSet;
  readonly patterns: readonly PatternRestriction[];
}
export interface BinaryTypeSpec extends TypeSpecBase {
  readonly base: 'binary';
  readonly length?: IntervalSet;
}
export interface BooleanTypeSpec extends TypeSpecBase {
  readonly base: 'boolean';
}
export interface EmptyTypeSpec extends TypeSpecBase {
  readonly base: 'empty';
}
/** An enum member with its (assigned or automatic) value. */
export interface EnumMember {
  readonly name: string;
  readonly value: number;
}
export interface EnumerationTypeSpec extends TypeSpecBase {
  readonly base: 'enumeration';
  readonly enums: readonly EnumMember[];
}
/** A bit with its (assigned or automatic) position. */
export interface BitMember {
  readonly name: string;
  readonly position: number;
}
export interface BitsTypeSpec extends TypeSpecBase {
  readonly base: 'bits';
  /** Sorted by position: the canonical order. */
  readonly bits: readonly BitMember[];
}
export interface UnionTypeSpec extends TypeSpecBase {
  readonly base: 'union';
  readonly members: readonly TypeSpec[];
}
export interface IdentityrefTypeSpec extends TypeSpecBase {
  readonly base: 'identityref';
  readonly bases: readonly Identity[];
}
export interface InstanceIdentifierTypeSpec extends TypeSpecBase {
  readonly base: 'instance-identifier';
  readonly requireInstance: boolean;
}
export interface LeafrefTypeSpec extends TypeSpecBase {
  readonly base: 'leafref';
  /** The `path` argument as written. */
  readonly path: string;
  /** The module whose prefixes the path uses. */
  readonly pathModule: string;
  readonly requireInstance: boolean;
  /** The type of the referred leaf, filled in by the compiler once the target is resolved. */
  readonly target?: TypeSpec;
}

/** A compiled type, discriminated on its built-in `base`. */
export type TypeSpec =
  | IntegerTypeSpec
  | Decimal64TypeSpec
  | StringTypeSpec
  | BinaryTypeSpec
  | BooleanTypeSpec
  | EmptyTypeSpec
  | EnumerationTypeSpec
  | BitsTypeSpec
  | UnionTypeSpec
  | IdentityrefTypeSpec
  | InstanceIdentifierTypeSpec
  | LeafrefTypeSpec;
