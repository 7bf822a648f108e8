/**
 * @module identity/ber-reader
 * A small reader of ASN.1 BER (and so DER) encodings: enough to walk PKCS#12 files, which some
 * tools write with indefinite lengths and constructed OCTET STRINGs.
 * @see ITU-T X.690 §8 (basic encoding rules)
 */

/** One decoded TLV element. */
export interface BerElement {
  /** 0 universal, 1 application, 2 context-specific, 3 private. */
  readonly tagClass: number;
  readonly constructed: boolean;
  readonly tag: number;
  /** The content octets (for a constructed element with indefinite length: without the end marker). */
  readonly contents: Buffer;
  /** The children of a constructed element. */
  readonly children: readonly BerElement[];
}

/** Universal tags used here. */
export const BER_TAG = { integer: 2, octetString: 4, null: 5, oid: 6, sequence: 16, set: 17 } as const;

/** Thrown for input that is not valid BER. */
export class BerFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BerFormatError';
  }
}

const MAX_DEPTH = 64;

const readElement = (bytes: Buffer, start: number, depth: number): { element: BerElement; end: number } => {
  if (depth > MAX_DEPTH) throw new BerFormatError('nesting too deep');
  let offset = start;
  const need = (count: number): void => {
    if (offset + count > bytes.length) throw new BerFormatError('truncated element');
  };
  need(2);
  const first = bytes[offset++] as number;
  const tagClass = first >> 6;
  const constructed = (first & 0x20) !== 0;
  let tag = first & 0x1f;
  if (tag === 0x1f) {
    tag = 0;
    let byte: number;
    do {
      need(1);
      byte = bytes[offset++] as number;
      tag = tag * 128 + (byte & 0x7f);
      if (tag > 0xffffff) throw new BerFormatError('tag number too large');
    } while ((byte & 0x80) !== 0);
  }
  need(1);
  const lengthByte = bytes[offset++] as number;
  if (lengthByte === 0x80) {
    if (!constructed) throw new BerFormatError('indefinite length on a primitive element');
    const children: BerElement[] = [];
    const contentStart = offset;
    for (;;) {
      need(2);
      if (bytes[offset] === 0 && bytes[offset + 1] === 0) break;
      const read = readElement(bytes, offset, depth + 1);
      children.push(read.element);
      offset = read.end;
    }
    return {
      element: { tagClass, constructed, tag, contents: bytes.subarray(contentStart, offset), children },
      end: offset + 2,
    };
  }
  let length = lengthByte;
  if (lengthByte > 0x80) {
    const count = lengthByte & 0x7f;
    if (count > 4) throw new BerFormatError('length too large');
    need(count);
    length = 0;
    for (let index = 0; index < count; index++) length = length * 256 + (bytes[offset++] as number);
  }
  need(length);
  const contents = bytes.subarray(offset, offset + length);
  const children: BerElement[] = [];
  if (constructed) {
    let inner = 0;
    while (inner < contents.length) {
      const read = readElement(contents, inner, depth + 1);
      children.push(read.element);
      inner = read.end;
    }
  }
  return { element: { tagClass, constructed, tag, contents, children }, end: offset + length };
};

/** Decodes one element that must span all of `bytes`. @throws BerFormatError */
export const readBer = (bytes: Buffer): BerElement => {
  const { element, end } = readElement(bytes, 0, 0);
  if (end !== bytes.length) throw new BerFormatError('trailing bytes after the element');
  return element;
};

/** The `index`-th child, which must exist. */
export const childAt = (element: BerElement, index: number): BerElement => {
  const child = element.children[index];
  if (child === undefined) throw new BerFormatError(`element lacks child ${index}`);
  return child;
};

/** The value of an OBJECT IDENTIFIER in dotted form. */
export const oidOf = (element: BerElement): string => {
  if (element.tagClass !== 0 || element.tag !== BER_TAG.oid) throw new BerFormatError('expected an OBJECT IDENTIFIER');
  const arcs: number[] = [];
  let value = 0;
  for (const byte of element.contents) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      if (arcs.length === 0) arcs.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);
      else arcs.push(value);
      value = 0;
    }
  }
  return arcs.join('.');
};

/** The bytes of an OCTET STRING (primitive, or constructed from pieces as BER allows), whatever its tag. */
export const octetsOf = (element: BerElement): Buffer =>
  element.constructed ? Buffer.concat(element.children.map(octetsOf)) : element.contents;

/** The value of a small non-negative INTEGER. */
export const integerOf = (element: BerElement): number => {
  if (element.tagClass !== 0 || element.tag !== BER_TAG.integer) throw new BerFormatError('expected an INTEGER');
  let value = 0;
  for (const byte of element.contents) value = value * 256 + byte;
  if (!Number.isSafeInteger(value)) throw new BerFormatError('INTEGER too large');
  return value;
};

/** The content of an `[n] EXPLICIT` wrapper: its only child. */
export const explicitOf = (element: BerElement, tag: number): BerElement => {
  if (element.tagClass !== 2 || element.tag !== tag || !element.constructed)
    throw new BerFormatError(`expected an explicit [${tag}] tag`);
  return childAt(element, 0);
};
