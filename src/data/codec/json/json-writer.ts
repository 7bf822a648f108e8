/**
 * @module data/codec/json/json-writer
 * The output side of the JSON encoder: the pending chunk and the RFC 7951 forms of leaf values
 * (the member names precomputed per slot table come with the member plan).
 * @see RFC 7951 §4–§6, RFC 7952 §5.2, RFC 6243 §6
 */
import type {
  JsonLeafValue,
  LeafListNode,
  LeafNode,
  SchemaTree,
  ValueContext,
  YangValue,
} from '../../../yang/index.ts';
import { toJson } from '../../../yang/index.ts';
import type { ReadOptions } from '../../read/index.ts';
import { ChunkWriter } from '../index.ts';
import { qualifyingJsonContext } from './json-value-context.ts';

/** The JSON value of the with-defaults annotation. @see RFC 6243 §6, RFC 7952 §5.2 */
export const DEFAULT_TAG: Readonly<Record<string, boolean>> = Object.freeze({
  'ietf-netconf-with-defaults:default': true,
});

/** Mutable output state of one JSON encode. */
export class JsonWriter extends ChunkWriter {
  readonly context: ValueContext;

  constructor(schema: SchemaTree, options: ReadOptions & { readonly chunkSize?: number }) {
    super(schema, options);
    this.context = qualifyingJsonContext(schema);
  }

  /** The JSON form of a leaf value: strings, numbers and booleans as they are, the rest by type. @see RFC 7951 §6 */
  value(schema: LeafNode | LeafListNode, value: YangValue): JsonLeafValue {
    const type = typeof value;
    return type === 'string' || type === 'number' || type === 'boolean'
      ? (value as string | number | boolean)
      : toJson(schema.type, value, this.context);
  }

  /** The JSON array of leaf-list values. @see RFC 7951 §5.3 */
  values(schema: LeafListNode, values: readonly YangValue[]): JsonLeafValue[] {
    return values.map((value) => this.value(schema, value));
  }
}
