/**
 * @module web/schema/leaf-values
 * Leaf values between the RFC 7951 JSON the API speaks and the text of the UI's inputs, and the
 * checks of a type's restrictions as the user types (range, length, pattern, enum, identity):
 * the same checks the server makes, so most mistakes are shown before a commit is tried.
 * @see RFC 7951 §6, RFC 7950 §9
 */
import type { CompactIntervals, CompactType } from '../../../src/yang/compact/compact-schema-format.ts';
import type { SchemaModel } from './schema-model.ts';

/** A leaf value in RFC 7951 JSON. */
export type JsonValue = string | number | boolean | readonly [null];

/** The outcome of reading an input. */
export type Parsed = { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly error: string };

const SMALL_INTEGERS = new Set(['int8', 'int16', 'int32', 'uint8', 'uint16', 'uint32']);
const INTEGER_LIMITS: Readonly<Record<string, readonly [bigint, bigint]>> = {
  int8: [-128n, 127n],
  int16: [-32768n, 32767n],
  int32: [-2147483648n, 2147483647n],
  int64: [-9223372036854775808n, 9223372036854775807n],
  uint8: [0n, 255n],
  uint16: [0n, 65535n],
  uint32: [0n, 4294967295n],
  uint64: [0n, 18446744073709551615n],
};

const regexCache = new Map<string, RegExp>();
const regexOf = (source: string, flags: string): RegExp => {
  const key = `${flags}/${source}`;
  let regex = regexCache.get(key);
  if (regex === undefined) {
    regex = new RegExp(source, flags);
    regexCache.set(key, regex);
  }
  return regex;
};

/** The text an input shows for a stored JSON value (identities with their module). */
export const textOf = (type: CompactType, value: unknown, leafModule: string): string => {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.length === 1 && value[0] === null ? 'true' : value.join(' ');
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  const text = String(value);
  if (type.base === 'identityref' && !text.includes(':')) return `${leafModule}:${text}`;
  return text;
};

/** A value scaled to an integer for decimal64 comparisons. */
const scaled = (text: string, digits: number): bigint => {
  const [whole = '0', fraction = ''] = text.replace(/^\+/, '').split('.');
  const negative = whole.startsWith('-');
  const magnitude = BigInt(whole.replace('-', '') + fraction.padEnd(digits, '0').slice(0, digits));
  return negative ? -magnitude : magnitude;
};

const inIntervals = (value: bigint, set: CompactIntervals, scale: (bound: string) => bigint): boolean =>
  set.intervals.some(([min, max]) => value >= scale(min) && value <= scale(max));

const describeIntervals = (set: CompactIntervals): string =>
  set.intervals.map(([min, max]) => (min === max ? min : `${min} to ${max}`)).join(' or ');

const lengthError = (type: CompactType, length: number, what: string): string | undefined => {
  if (type.length === undefined || inIntervals(BigInt(length), type.length, BigInt)) return undefined;
  return type.length['error-message'] ?? `${what} must be ${describeIntervals(type.length)} long`;
};

/**
 * Reads the text of an input as a value of `type` (for a leaf of module `leafModule`), checking
 * every restriction the type carries.
 */
export const parseText = (model: SchemaModel, type: CompactType, text: string, leafModule: string): Parsed => {
  const fail = (error: string): Parsed => ({ ok: false, error });
  switch (type.base) {
    case 'int8':
    case 'int16':
    case 'int32':
    case 'int64':
    case 'uint8':
    case 'uint16':
    case 'uint32':
    case 'uint64': {
      if (!/^[+-]?\d+$/.test(text.trim())) return fail('a whole number is needed');
      const value = BigInt(text.trim());
      const [min, max] = INTEGER_LIMITS[type.base] ?? [0n, 0n];
      if (value < min || value > max) return fail(`must be from ${min} to ${max}`);
      if (type.range !== undefined && !inIntervals(value, type.range, BigInt))
        return fail(type.range['error-message'] ?? `must be ${describeIntervals(type.range)}`);
      return { ok: true, value: SMALL_INTEGERS.has(type.base) ? Number(value) : value.toString() };
    }
    case 'decimal64': {
      const digits = type['fraction-digits'] ?? 1;
      const trimmed = text.trim();
      if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return fail('a decimal number is needed');
      if ((trimmed.split('.')[1] ?? '').length > digits) return fail(`at most ${digits} digits after the point`);
      if (
        type.range !== undefined &&
        !inIntervals(scaled(trimmed, digits), type.range, (bound) => scaled(bound, digits))
      )
        return fail(type.range['error-message'] ?? `must be ${describeIntervals(type.range)}`);
      return { ok: true, value: trimmed };
    }
    case 'boolean':
      if (text === 'true' || text === 'false') return { ok: true, value: text === 'true' };
      return fail('true or false');
    case 'empty':
      return { ok: true, value: [null] };
    case 'enumeration':
      return (type.enums ?? []).some((member) => member.name === text)
        ? { ok: true, value: text }
        : fail(`one of ${(type.enums ?? []).map((member) => member.name).join(', ')}`);
    case 'bits': {
      const names = text.split(/\s+/).filter((name) => name !== '');
      const unknown = names.find((name) => !(type.bits ?? []).some((bit) => bit.name === name));
      return unknown === undefined ? { ok: true, value: names.join(' ') } : fail(`no bit named ${unknown}`);
    }
    case 'identityref': {
      const value = text.includes(':') ? text : `${leafModule}:${text}`;
      return model.derivedIdentities(type.bases ?? []).includes(value)
        ? { ok: true, value }
        : fail(`not an identity derived from ${(type.bases ?? []).join(' and ')}`);
    }
    case 'binary': {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text.replace(/\s+/g, '')) || text.replace(/\s+/g, '').length % 4 !== 0)
        return fail('base64 text is needed');
      const bytes = Math.floor((text.replace(/\s+/g, '').length * 3) / 4) - (text.match(/=/g)?.length ?? 0);
      const error = lengthError(type, bytes, 'the value');
      return error === undefined ? { ok: true, value: text.replace(/\s+/g, '') } : fail(error);
    }
    case 'leafref':
      return type['target-type'] === undefined
        ? { ok: true, value: text }
        : parseText(model, type['target-type'], text, leafModule);
    case 'union': {
      let first: Parsed | undefined;
      for (const member of type.members ?? []) {
        const parsed = parseText(model, member, text, leafModule);
        if (parsed.ok) return parsed;
        first ??= parsed;
      }
      return first ?? fail('no member type accepts this value');
    }
    case 'instance-identifier':
      return text.startsWith('/') ? { ok: true, value: text } : fail('an instance-identifier starts with /');
    default: {
      const error = lengthError(type, [...text].length, 'the text');
      if (error !== undefined) return fail(error);
      for (const pattern of type.patterns ?? []) {
        const matches = regexOf(pattern.regex, pattern.flags).test(text);
        if (matches === (pattern['invert-match'] === true))
          return fail(pattern['error-message'] ?? `does not match the pattern ${pattern.xsd}`);
      }
      return { ok: true, value: text };
    }
  }
};

/** Equality of two JSON leaf values. */
export const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A short description of a type for help text (`uint16, 1 to 65535`). */
export const describeType = (type: CompactType): string => {
  const parts = [type.name ?? type.base];
  if (type.range !== undefined) parts.push(describeIntervals(type.range));
  if (type.length !== undefined) parts.push(`length ${describeIntervals(type.length)}`);
  if (type.base === 'leafref' && type.target !== undefined) parts.push(`refers to ${type.target}`);
  return parts.join(', ');
};
