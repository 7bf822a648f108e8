/**
 * @module yang/compiler/typedef
 * Types: typedef chains through nested scopes, restrictions merged into one `TypeSpec`
 * (enumeration/bits members in `enum-bits.ts`).
 * @see RFC 7950 §7.3, §9
 */
import type { Statement } from '../statement.ts';
import type {
  BuiltinTypeName,
  ErrorAnnotation,
  Identity,
  IntegerTypeName,
  IntervalSet,
  PatternRestriction,
  TypeSpec,
} from '../type-spec.ts';
import { parseDecimal64Range, parseIntegerRange, parseLength } from '../types/range.ts';
import { compileXsdRegex } from '../types/xsd-regex.ts';
import {
  type CompileContext,
  innerScope,
  lookupDefinition,
  report,
  type Scope,
  sub,
  subArgument,
  subs,
} from './context.ts';
import { keepPathPrefixes, setPathPrefixes } from './draft.ts';
import { compileMembers } from './enum-bits.ts';
import { lookupIdentity } from './identity.ts';

const INTEGER_TYPES: ReadonlySet<string> = new Set([
  'int8',
  'int16',
  'int32',
  'int64',
  'uint8',
  'uint16',
  'uint32',
  'uint64',
]);

/** Every built-in type name. @see RFC 7950 §4.2.4 */
export const BUILTIN_TYPES: ReadonlySet<string> = new Set([
  ...INTEGER_TYPES,
  'decimal64',
  'string',
  'boolean',
  'enumeration',
  'bits',
  'binary',
  'leafref',
  'identityref',
  'empty',
  'union',
  'instance-identifier',
]);

/** A compiled type and the name it was written with. */
export interface CompiledType {
  readonly spec: TypeSpec;
  /** The type argument as written, for tree diagrams. */
  readonly typeName: string;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const annotation = (statement: Statement): ErrorAnnotation => {
  const errorMessage = subArgument(statement, 'error-message');
  const errorAppTag = subArgument(statement, 'error-app-tag');
  return {
    ...(errorMessage === undefined ? {} : { errorMessage }),
    ...(errorAppTag === undefined ? {} : { errorAppTag }),
  };
};

/** A built-in type with no restrictions, or undefined for types that need substatements. */
const builtinSpec = (name: BuiltinTypeName): Mutable<TypeSpec> => {
  const common = { name, typedefs: [] as string[] };
  if (INTEGER_TYPES.has(name)) return { ...common, base: name as IntegerTypeName };
  switch (name) {
    case 'decimal64':
      return { ...common, base: 'decimal64', fractionDigits: 0 };
    case 'string':
      return { ...common, base: 'string', patterns: [] };
    case 'enumeration':
      return { ...common, base: 'enumeration', enums: [] };
    case 'bits':
      return { ...common, base: 'bits', bits: [] };
    case 'union':
      return { ...common, base: 'union', members: [] };
    case 'identityref':
      return { ...common, base: 'identityref', bases: [] };
    case 'instance-identifier':
      return { ...common, base: 'instance-identifier', requireInstance: true };
    case 'leafref':
      return { ...common, base: 'leafref', path: '', pathModule: '', requireInstance: true };
    case 'binary':
      return { ...common, base: 'binary' };
    case 'boolean':
      return { ...common, base: 'boolean' };
    default:
      return { ...common, base: 'empty' };
  }
};

/** Compiles a typedef once (its type in its own scope), detecting circular chains. @see RFC 7950 §7.3 */
const compileTypedef = (context: CompileContext, typedef: Statement, scope: Scope): TypeSpec | undefined => {
  const typedefCache = context.typedefCache as WeakMap<Statement, TypeSpec | 'in-progress'>;
  const cached = typedefCache.get(typedef);
  if (cached === 'in-progress') {
    report(
      context,
      'error',
      'circular-typedef',
      `typedef "${typedef.argument ?? ''}" refers to itself`,
      typedef.location,
    );
    return undefined;
  }
  if (cached !== undefined) return cached;
  typedefCache.set(typedef, 'in-progress');
  const typeStatement = sub(typedef, 'type');
  const inner = typeStatement === undefined ? undefined : compileType(context, typeStatement, scope);
  if (inner === undefined) {
    typedefCache.delete(typedef);
    return undefined;
  }
  const qualified = `${scope.file.moduleName}:${typedef.argument ?? ''}`;
  const defaultValue = subArgument(typedef, 'default') ?? inner.spec.defaultValue;
  const units = subArgument(typedef, 'units') ?? inner.spec.units;
  const spec = keepPathPrefixes(inner.spec, {
    ...inner.spec,
    name: qualified,
    typedefs: [qualified, ...inner.spec.typedefs],
    ...(defaultValue === undefined ? {} : { defaultValue }),
    ...(units === undefined ? {} : { units }),
  } as TypeSpec);
  typedefCache.set(typedef, spec);
  return spec;
};

/**
 * Compiles a `type` statement in a scope: resolves the typedef chain and merges this
 * statement's restrictions. Reports and returns undefined when the type cannot be built.
 * @see RFC 7950 §7.4, §9
 */
export const compileType = (context: CompileContext, statement: Statement, scope: Scope): CompiledType | undefined => {
  const typeName = statement.argument ?? '';
  let spec: Mutable<TypeSpec>;
  let derived = false;
  if (!typeName.includes(':') && BUILTIN_TYPES.has(typeName)) {
    spec = builtinSpec(typeName as BuiltinTypeName);
  } else {
    const found = lookupDefinition(context, scope, 'typedefs', typeName);
    if (found === 'unknown-prefix') {
      report(context, 'error', 'unknown-prefix', `unknown prefix in type "${typeName}"`, statement.location);
      return undefined;
    }
    if (found === undefined) {
      report(context, 'error', 'unknown-typedef', `unknown type "${typeName}"`, statement.location);
      return undefined;
    }
    const base = compileTypedef(context, found.statement, found.scope);
    if (base === undefined) return undefined;
    spec = keepPathPrefixes(base, { ...base });
    derived = true;
  }
  applyRestrictions(context, statement, scope, spec, derived);
  return { spec: spec as TypeSpec, typeName };
};

const restrictionError = (context: CompileContext, statement: Statement, error: unknown): void => {
  report(
    context,
    'error',
    'invalid-restriction',
    `invalid ${statement.keyword}: ${(error as Error).message}`,
    statement.location,
  );
};

/** Keywords each base type accepts as restrictions. @see RFC 7950 §9.1 */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  integer: ['range'],
  decimal64: ['range', 'fraction-digits'],
  string: ['length', 'pattern'],
  binary: ['length'],
  enumeration: ['enum'],
  bits: ['bit'],
  leafref: ['path', 'require-instance'],
  identityref: ['base'],
  'instance-identifier': ['require-instance'],
  union: ['type'],
  boolean: [],
  empty: [],
};

const applyRestrictions = (
  context: CompileContext,
  statement: Statement,
  scope: Scope,
  spec: Mutable<TypeSpec>,
  derived: boolean,
): void => {
  const family = INTEGER_TYPES.has(spec.base) ? 'integer' : spec.base;
  const allowed = ALLOWED[family] ?? [];
  for (const restriction of statement.substatements) {
    if (restriction.prefix !== undefined) continue;
    if (!allowed.includes(restriction.keyword)) {
      report(
        context,
        'error',
        'invalid-restriction',
        `"${restriction.keyword}" does not apply to type ${spec.base}`,
        restriction.location,
      );
    }
  }
  const text = (keyword: string): Statement | undefined => sub(statement, keyword);
  try {
    switch (spec.base) {
      case 'int8':
      case 'int16':
      case 'int32':
      case 'int64':
      case 'uint8':
      case 'uint16':
      case 'uint32':
      case 'uint64': {
        const range = text('range');
        if (range !== undefined)
          spec.range = withAnnotation(parseIntegerRange(range.argument ?? '', spec.base, spec.range), range);
        return;
      }
      case 'decimal64': {
        const digits = text('fraction-digits');
        if (digits !== undefined) {
          if (derived)
            report(
              context,
              'error',
              'invalid-restriction',
              'fraction-digits only on the built-in decimal64',
              digits.location,
            );
          spec.fractionDigits = Number(digits.argument);
        } else if (!derived) {
          report(context, 'error', 'missing-substatement', 'decimal64 needs "fraction-digits"', statement.location);
        }
        const range = text('range');
        if (range !== undefined) {
          spec.range = withAnnotation(
            parseDecimal64Range(range.argument ?? '', spec.fractionDigits, spec.range),
            range,
          );
        }
        return;
      }
      case 'string': {
        const length = text('length');
        if (length !== undefined) spec.length = withAnnotation(parseLength(length.argument ?? '', spec.length), length);
        const patterns: PatternRestriction[] = [...spec.patterns];
        for (const pattern of subs(statement, 'pattern')) {
          try {
            const source = pattern.argument ?? '';
            patterns.push({
              source,
              regex: compileXsdRegex(source),
              invertMatch: subArgument(pattern, 'modifier') === 'invert-match',
              ...annotation(pattern),
            });
          } catch (error) {
            restrictionError(context, pattern, error);
          }
        }
        spec.patterns = patterns;
        return;
      }
      case 'binary': {
        const length = text('length');
        if (length !== undefined) spec.length = withAnnotation(parseLength(length.argument ?? '', spec.length), length);
        return;
      }
      case 'enumeration':
        spec.enums = compileMembers(context, statement, scope, spec.enums, derived, 'enum');
        return;
      case 'bits':
        spec.bits = compileMembers(context, statement, scope, spec.bits, derived, 'bit');
        return;
      case 'union': {
        const members: TypeSpec[] = [];
        for (const member of subs(statement, 'type')) {
          const compiled = compileType(context, member, scope);
          if (compiled !== undefined) members.push(compiled.spec);
        }
        if (!derived) {
          if (members.length === 0)
            report(context, 'error', 'missing-substatement', 'union needs "type"', statement.location);
          spec.members = members;
        }
        return;
      }
      case 'identityref': {
        const bases: Identity[] = [];
        for (const base of subs(statement, 'base')) {
          const found = lookupIdentity(context, scope.file, base.argument ?? '');
          if (found === 'unknown-prefix')
            report(
              context,
              'error',
              'unknown-prefix',
              `unknown prefix in base "${base.argument ?? ''}"`,
              base.location,
            );
          else if (found === undefined)
            report(context, 'error', 'unknown-identity', `unknown identity "${base.argument ?? ''}"`, base.location);
          else bases.push(found);
        }
        if (!derived) {
          if (subs(statement, 'base').length === 0)
            report(context, 'error', 'missing-substatement', 'identityref needs "base"', statement.location);
          spec.bases = bases;
        }
        return;
      }
      case 'leafref': {
        const path = text('path');
        if (path !== undefined) {
          spec.path = path.argument ?? '';
          spec.pathModule = scope.file.moduleName;
          setPathPrefixes(spec, scope.file.prefixes);
        } else if (!derived) {
          report(context, 'error', 'missing-substatement', 'leafref needs "path"', statement.location);
        }
        const requireInstance = text('require-instance');
        if (requireInstance !== undefined) spec.requireInstance = requireInstance.argument === 'true';
        return;
      }
      case 'instance-identifier': {
        const requireInstance = text('require-instance');
        if (requireInstance !== undefined) spec.requireInstance = requireInstance.argument === 'true';
        return;
      }
      case 'boolean':
      case 'empty':
        return;
    }
  } catch (error) {
    restrictionError(context, statement, error);
  }
};

const withAnnotation = (set: IntervalSet, statement: Statement): IntervalSet => ({ ...set, ...annotation(statement) });

/** The scope in which a node's `type` resolves (its own nested typedefs included). */
export const typeScope = (statement: Statement, scope: Scope): Scope => innerScope(statement, scope);
