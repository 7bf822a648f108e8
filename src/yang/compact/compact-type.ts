/**
 * @module yang/compact/compact-type
 * A compiled type in the compact schema's form: the built-in base, the typedef name, and every
 * restriction with bounds as decimal text; a leafref's target as a schema path.
 * @see RFC 7950 §9
 */
import { pathPrefixesOf } from '../compiler/draft.ts';
import { schemaPath } from '../schema/navigation.ts';
import type { SchemaNode } from '../schema/schema-node.ts';
import type { SchemaTree } from '../schema/schema-tree.ts';
import type { Interval, IntervalSet, LeafrefTypeSpec, PatternRestriction, TypeSpec } from '../type-spec.ts';
import type { CompactIntervals, CompactPattern, CompactType } from './compact-schema-format.ts';

/** A scaled decimal64 bound as decimal text (`-12.50` for -1250 with 2 fraction digits). */
const decimalText = (scaled: bigint, fractionDigits: number): string => {
  if (fractionDigits === 0) return scaled.toString();
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(fractionDigits + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -fractionDigits)}.${digits.slice(-fractionDigits)}`;
};

const intervalsOf = (set: IntervalSet, text: (bound: bigint) => string): CompactIntervals => ({
  intervals: set.intervals.map((interval: Interval) => [text(interval.min), text(interval.max)] as const),
  ...(set.errorMessage === undefined ? {} : { 'error-message': set.errorMessage }),
  ...(set.errorAppTag === undefined ? {} : { 'error-app-tag': set.errorAppTag }),
});

const patternOf = (pattern: PatternRestriction): CompactPattern => ({
  xsd: pattern.source,
  regex: pattern.regex.source,
  flags: pattern.regex.flags,
  ...(pattern.invertMatch ? { 'invert-match': true } : {}),
  ...(pattern.errorMessage === undefined ? {} : { 'error-message': pattern.errorMessage }),
  ...(pattern.errorAppTag === undefined ? {} : { 'error-app-tag': pattern.errorAppTag }),
});

/** The data parent of a node (choice and case skipped). */
const dataParent = (node: SchemaNode): SchemaNode | undefined => {
  let current = node.parent;
  while (current !== undefined && (current.kind === 'choice' || current.kind === 'case')) current = current.parent;
  return current;
};

/**
 * The schema path of a leafref's target, found from the leaf the way the compiler resolved it
 * (predicates dropped); undefined when it cannot be followed.
 */
const leafrefTarget = (schema: SchemaTree, leaf: SchemaNode, spec: LeafrefTypeSpec): string | undefined => {
  const prefixes = pathPrefixesOf(spec) ?? schema.modules.get(spec.pathModule)?.prefixes;
  const path = spec.path.replace(/\[[^\]]*\]/g, '').replace(/\s+/g, '');
  let current: SchemaNode | undefined = path.startsWith('/') ? undefined : leaf;
  for (const step of path.split('/').filter((part) => part !== '')) {
    if (step === '..') {
      if (current === undefined) return undefined;
      current = dataParent(current);
      continue;
    }
    if (step === '.' || step.startsWith('current()')) continue;
    const colon = step.indexOf(':');
    const module = colon < 0 ? leaf.module : prefixes?.get(step.slice(0, colon));
    const name = colon < 0 ? step : step.slice(colon + 1);
    const index: ReadonlyMap<string, SchemaNode> | undefined =
      current === undefined ? schema.dataChildIndex : 'dataChildIndex' in current ? current.dataChildIndex : undefined;
    current = index?.get(`${module ?? ''}:${name}`);
    if (current === undefined) return undefined;
  }
  return current === undefined ? undefined : schemaPath(current);
};

/** The compact form of `type`, the type of `leaf`. */
export const compactType = (schema: SchemaTree, leaf: SchemaNode, type: TypeSpec): CompactType => {
  const name = type.typedefs.length > 0 ? { name: type.name } : {};
  const integer = (bound: bigint) => bound.toString();
  switch (type.base) {
    case 'int8':
    case 'int16':
    case 'int32':
    case 'int64':
    case 'uint8':
    case 'uint16':
    case 'uint32':
    case 'uint64':
      return {
        base: type.base,
        ...name,
        ...(type.range === undefined ? {} : { range: intervalsOf(type.range, integer) }),
      };
    case 'decimal64':
      return {
        base: type.base,
        ...name,
        'fraction-digits': type.fractionDigits,
        ...(type.range === undefined
          ? {}
          : { range: intervalsOf(type.range, (bound) => decimalText(bound, type.fractionDigits)) }),
      };
    case 'string':
      return {
        base: type.base,
        ...name,
        ...(type.length === undefined ? {} : { length: intervalsOf(type.length, integer) }),
        ...(type.patterns.length === 0 ? {} : { patterns: type.patterns.map(patternOf) }),
      };
    case 'binary':
      return {
        base: type.base,
        ...name,
        ...(type.length === undefined ? {} : { length: intervalsOf(type.length, integer) }),
      };
    case 'boolean':
    case 'empty':
      return { base: type.base, ...name };
    case 'enumeration':
      return { base: type.base, ...name, enums: type.enums.map(({ name, value }) => ({ name, value })) };
    case 'bits':
      return { base: type.base, ...name, bits: type.bits.map(({ name, position }) => ({ name, position })) };
    case 'identityref':
      return { base: type.base, ...name, bases: type.bases.map((base) => `${base.module}:${base.name}`) };
    case 'instance-identifier':
      return { base: type.base, ...name, ...(type.requireInstance ? {} : { 'require-instance': false }) };
    case 'union':
      return { base: type.base, ...name, members: type.members.map((member) => compactType(schema, leaf, member)) };
    case 'leafref': {
      const target = leafrefTarget(schema, leaf, type);
      return {
        base: type.base,
        ...name,
        path: type.path,
        ...(target === undefined ? {} : { target }),
        ...(type.requireInstance ? {} : { 'require-instance': false }),
        ...(type.target === undefined ? {} : { 'target-type': compactType(schema, leaf, type.target) }),
      };
    }
  }
};
