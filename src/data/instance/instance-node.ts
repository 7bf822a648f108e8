/**
 * @module data/instance/instance-node
 * Persistent instance nodes: an inner node holds a frozen array of child slots laid out by its
 * schema's slot table. Edits return new nodes that share every untouched slot.
 * @see RFC 7950 §3 (data tree), RFC 8342 §3
 */
import type { KeyedSequence } from '../../util/index.ts';
import type { ContainerNode, InputOutputNode, LeafNode, ListNode, SchemaTree, YangValue } from '../../yang/index.ts';
import type { DataSchemaNode, InnerSchemaNode } from './slot-table.ts';
import { slotTableOf } from './slot-table.ts';

/** A raw JSON value, as held by anydata and anyxml instances. @see RFC 7950 §7.10 */
export type AnydataValue =
  | null
  | boolean
  | number
  | string
  | readonly AnydataValue[]
  | { readonly [member: string]: AnydataValue };

/**
 * An inner instance node: the datastore root, a container, a list entry, or an operation's input
 * or output. `slots[i]` holds the instance of `slotTableOf(schema).nodes[i]`, undefined when absent.
 */
export interface InstanceNode<S extends InnerSchemaNode = InnerSchemaNode> {
  readonly schema: S;
  readonly slots: readonly Slot[];
}

/** The root of a datastore's instance tree. @see RFC 8342 §3 */
export type DataTree = InstanceNode<SchemaTree>;
/** A container instance. @see RFC 7950 §7.5 */
export type ContainerInstance = InstanceNode<ContainerNode>;
/** One entry of a list. @see RFC 7950 §7.8 */
export type ListEntry = InstanceNode<ListNode>;
/** The input or output of an RPC or action. @see RFC 7950 §7.14.2 */
export type OperationData = InstanceNode<InputOutputNode>;

/** All entries of one list, in order, keyed by their entry key (see `entry-key.ts`). @see RFC 7950 §7.8 */
export interface ListInstance {
  readonly schema: ListNode;
  readonly entries: KeyedSequence<string, ListEntry>;
}

/** The values of a leaf-list, in order. @see RFC 7950 §7.7 */
export type LeafListValues = readonly YangValue[];

/** What a slot holds; which member depends on the slot's schema node kind. */
export type Slot = YangValue | LeafListValues | InstanceNode | ListInstance | AnydataValue | undefined;

/** The instance type of each slot kind. */
export interface SlotValueOf {
  readonly leaf: YangValue;
  readonly 'leaf-list': LeafListValues;
  readonly container: ContainerInstance;
  readonly list: ListInstance;
  readonly anydata: AnydataValue;
  readonly anyxml: AnydataValue;
}

/** The instance type held in a slot of schema node `N`. */
export type SlotValue<N extends DataSchemaNode> = SlotValueOf[N['kind']];

/** The creation stamp of the inner nodes made now: 0 but inside {@link stampingCreations}. */
let currentStamp = 0;

/**
 * The one class of inner instance nodes: the node is itself the array of its slots (its own
 * elements), with its schema node beside them. One object and one elements store per node, not
 * an object pointing at a separate array: 32 bytes less per node, a third of a list entry's
 * overhead. Arrays made from it by `slice`, `map` or `filter` are plain arrays.
 */
class SlotArray<S extends InnerSchemaNode> extends Array<Slot> {
  readonly schema: S;
  /** The creation stamp in force when the node was made (private: no part of its value). */
  readonly #stamp: number;

  constructor(schema: S, length: number) {
    super(length);
    this.schema = schema;
    this.#stamp = currentStamp;
  }

  /** The stamp of `value` when it is a node of this class, else 0. */
  static stampOf(value: object): number {
    return #stamp in value ? value.#stamp : 0;
  }

  /** The slots: the node itself. */
  get slots(): readonly Slot[] {
    return this;
  }

  static override get [Symbol.species](): ArrayConstructor {
    return Array;
  }
}

/**
 * Runs `make` with every inner node made meanwhile stamped with `stamp` (a positive integer the
 * caller chooses: the datastore stamps the nodes a commit creates with its fixed number, which
 * then need no record of their own). Stamps nest; outside any, nodes get 0. A stamp is no part
 * of a node's value: equal trees compare equal whatever their stamps.
 */
export const stampingCreations = <T>(stamp: number, make: () => T): T => {
  const outer = currentStamp;
  currentStamp = stamp;
  try {
    return make();
  } finally {
    currentStamp = outer;
  }
};

/** The creation stamp of `value`: that of an inner node (see {@link stampingCreations}), else 0. */
export const creationStamp = (value: object): number => SlotArray.stampOf(value);

/** True when `value` is an inner instance node (not a leaf-list's values, a list or anydata). */
export const isInstanceNode = (value: unknown): value is InstanceNode => value instanceof SlotArray;

/** An inner node of `schema` without children. */
export const emptyInstance = <S extends InnerSchemaNode>(schema: S): InstanceNode<S> =>
  Object.freeze(new SlotArray(schema, 0));

/** The empty datastore of `schema`. @see RFC 8342 §3 */
export const emptyDataTree = (schema: SchemaTree): DataTree => emptyInstance(schema);

/** Builds a node from the first `length` slots of a slot array (copied; trailing holes may be left out). */
export const instanceFromSlots = <S extends InnerSchemaNode>(
  schema: S,
  slots: readonly Slot[],
  length: number = slots.length,
): InstanceNode<S> => {
  const node = new SlotArray(schema, length);
  for (let index = 0; index < length; index++) node[index] = slots[index];
  return Object.freeze(node);
};

/**
 * A node of `schema` with `length` empty slots, still open for writing: a decoder fills its slots
 * and then closes it with {@link closeInstance}, without a scratch array copied into a new node
 * (one array less per node decoded: a million list entries make two million of them). It must not
 * be used otherwise before it is closed.
 */
export const openInstance = <S extends InnerSchemaNode>(schema: S, length: number): Slot[] => {
  const slots = new SlotArray(schema, length);
  // Every slot set (to undefined): a node has no holes, which iteration by forEach would skip and
  // deep comparisons tell from undefined. Set one by one: `fill` takes its slow generic path on
  // an Array subclass (0.7 µs a node against 0.3 µs, measured; a million entries decode two
  // million nodes).
  for (let index = 0; index < length; index++) slots[index] = undefined;
  return slots;
};

/**
 * Closes a node of {@link openInstance} after its first `end` slots (trailing holes left out)
 * and returns it, frozen.
 */
export const closeInstance = <S extends InnerSchemaNode>(slots: Slot[], end: number): InstanceNode<S> => {
  if (!(slots instanceof SlotArray)) throw new TypeError('not a node of openInstance');
  if (slots.length !== end) slots.length = end;
  return Object.freeze(slots) as InstanceNode<S>;
};

/** The instance of `child` below `node`, undefined when absent (defaults are not stored). */
export const getChild = <N extends DataSchemaNode>(node: InstanceNode, child: N): SlotValue<N> | undefined => {
  const index = slotTableOf(node.schema).indexOf.get(child);
  if (index === undefined) throw new TypeError(`${child.name} is not a child of this node`);
  return node.slots[index] as SlotValue<N> | undefined;
};

/** The value of leaf `leaf` below `node`. @see RFC 7950 §7.6 */
export const getLeaf = (node: InstanceNode, leaf: LeafNode): YangValue | undefined => getChild(node, leaf);

/** True when an inner node has no child instances. */
export const isEmptyInstance = (node: InstanceNode): boolean => node.slots.every((slot) => slot === undefined);

/** True when `schema` is a container that exists only through its children. @see RFC 7950 §7.5.1 */
export const isNonPresence = (schema: DataSchemaNode): boolean =>
  schema.kind === 'container' && schema.presence === undefined;

/** Whether a slot value counts as absent: undefined, an empty non-presence container, list or leaf-list. */
export const isVacantSlot = (child: DataSchemaNode, value: Slot): boolean => {
  if (value === undefined) return true;
  switch (child.kind) {
    case 'container':
      return child.presence === undefined && isEmptyInstance(value as ContainerInstance);
    case 'list':
      return (value as ListInstance).entries.size === 0;
    case 'leaf-list':
      return (value as LeafListValues).length === 0;
    default:
      return false;
  }
};

/**
 * A node with `child` set to `value` (undefined, an empty non-presence container, an empty list or
 * leaf-list deletes it); `node` itself when nothing changes.
 */
export const setChild = <S extends InnerSchemaNode, N extends DataSchemaNode>(
  node: InstanceNode<S>,
  child: N,
  value: SlotValue<N> | undefined,
): InstanceNode<S> => {
  const index = slotTableOf(node.schema).indexOf.get(child);
  if (index === undefined) throw new TypeError(`${child.name} is not a child of this node`);
  const stored: Slot = isVacantSlot(child, value) ? undefined : value;
  if (node.slots[index] === stored) return node;
  // Exactly as long as needed (no trailing holes).
  let end = Math.max(node.slots.length, stored === undefined ? 0 : index + 1);
  while (end > 0 && (end - 1 === index ? stored : node.slots[end - 1]) === undefined) end--;
  if (end === 0) return emptyInstance(node.schema);
  const slots = new SlotArray(node.schema, end);
  for (let position = 0; position < end; position++)
    slots[position] = position === index ? stored : node.slots[position];
  return Object.freeze(slots);
};

/** A node without `child`. */
export const deleteChild = <S extends InnerSchemaNode>(node: InstanceNode<S>, child: DataSchemaNode): InstanceNode<S> =>
  setChild(node, child, undefined);

/** The present children of `node` in slot order, as `[schema node, instance]` pairs. */
export function* childrenOf(node: InstanceNode): Generator<readonly [DataSchemaNode, Slot]> {
  const { nodes } = slotTableOf(node.schema);
  const { slots } = node;
  for (let index = 0; index < slots.length; index++) {
    const value = slots[index];
    if (value !== undefined) yield [nodes[index] as DataSchemaNode, value];
  }
}
