/**
 * @module yang/types/binary
 * The binary built-in type: octets written in base64 with padding; `length` counts octets.
 * @see RFC 7950 §9.8, RFC 4648 §4, RFC 7951 §6.6
 */
import { Buffer } from 'node:buffer';
import type { BinaryTypeSpec } from '../type-spec.ts';
import { formatIntervalSet, intervalSetContains } from './range.ts';
import type { TypeCheckFailure } from './type-check-failure.ts';
import { typeCheckFailure } from './type-check-failure.ts';
import type { TypeCodec } from './type-codec.ts';
import { quoteForMessage, typeLabel } from './type-codec.ts';
import type { YangValue } from './value.ts';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const WHITESPACE = /[ \t\n\r]+/g;

/**
 * Decodes base64 (RFC 4648 §4, padded). Whitespace is ignored because XML producers often wrap
 * long base64 text; non-zero pad bits are rejected so that every value has one text form.
 * @see RFC 7950 §9.8.2
 */
export const decodeBase64 = (text: string): Uint8Array | undefined => {
  const compact = text.replace(WHITESPACE, '');
  if (!BASE64.test(compact)) return undefined;
  const buffer = Buffer.from(compact, 'base64');
  if (buffer.toString('base64') !== compact) return undefined;
  return new Uint8Array(buffer);
};

/** The canonical base64 form of octets. @see RFC 7950 §9.8.2 */
export const encodeBase64 = (octets: Uint8Array): string =>
  Buffer.from(octets.buffer, octets.byteOffset, octets.byteLength).toString('base64');

const parse = (type: BinaryTypeSpec, text: string): Uint8Array | TypeCheckFailure =>
  decodeBase64(text) ?? typeCheckFailure(`${quoteForMessage(text)} is not valid base64 for type ${typeLabel(type)}`);

/** The codec of binary. @see RFC 7950 §9.8 */
export const BINARY_CODEC: TypeCodec<BinaryTypeSpec, Uint8Array> = {
  parseLexical: (type, text) => parse(type, text),
  parseJson: (type, raw) =>
    typeof raw === 'string'
      ? parse(type, raw)
      : typeCheckFailure(`${JSON.stringify(raw) ?? String(raw)} is not a JSON string for type ${typeLabel(type)}`),
  isValueOf: (_type, value: YangValue): value is Uint8Array => value instanceof Uint8Array,
  check(type, value) {
    if (type.length === undefined || intervalSetContains(type.length, BigInt(value.byteLength))) return undefined;
    return typeCheckFailure(
      `binary value of ${value.byteLength} octets is outside the length ${formatIntervalSet(type.length)} of type ${typeLabel(type)}`,
      type.length,
    );
  },
  toCanonical: (_type, value) => encodeBase64(value),
  toJson: (_type, value) => encodeBase64(value),
  toXmlText: (_type, value) => encodeBase64(value),
};
