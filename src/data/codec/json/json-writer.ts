/**
 * @module data/codec/json/json-writer
 * The output side of the JSON encoder: the pending chunk, member names precomputed per slot
 * table, and the RFC 7951 forms of leaf values.
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
import type { SlotTable } from '../../instance/slot-table.ts';
import type { ReadOptions } from '../../read/read-options.ts';
import { ChunkWriter } from '../chunk-writer.ts';
import { qualifyingJsonContext } from './json-value-context.ts';

const MEMBER_NAMES = new WeakMap<SlotTable, readonly string[]>();

/** The JSON member name of each slot; module-qualified where the module changes. @see RFC 7951 §4 */
export const memberNamesOf = (table: SlotTable): readonly string[] => {
  let names = MEMBER_NAMES.get(table);
  if (names === undefined) {
    const parentModule = 'kind' in table.parent ? table.parent.module : undefined;
    names = table.nodes.map((node) => (node.module === parentModule ? node.name : `${node.module}:${node.name}`));
    MEMBER_NAMES.set(table, names);
  }
  return names;
};

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
