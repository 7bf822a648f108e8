/**
 * @module data/instance/slot-table
 * The slot table of an instance parent: its data children flattened through choice and case,
 * list keys first in `key` order, computed once per schema node and cached.
 * @see RFC 7950 §7.9 (choice and case are not data nodes)
 */
import type {
  AnyNode,
  CaseNode,
  ContainerNode,
  InputOutputNode,
  LeafListNode,
  LeafNode,
  ListNode,
  NotificationNode,
  SchemaNode,
  SchemaParent,
  SchemaTree,
} from '../../yang/index.ts';

/** A schema node whose instances sit in a slot: a data node that is not a choice or case. @see RFC 7950 §3 */
export type DataSchemaNode = ContainerNode | LeafNode | LeafListNode | ListNode | AnyNode;

/** A schema node whose instances hold child slots: the datastore root, containers, list entries, input, output and notifications. */
export type InnerSchemaNode = SchemaTree | ContainerNode | ListNode | InputOutputNode | NotificationNode;

/** The children of one instance parent, each at a fixed slot index. */
export interface SlotTable {
  readonly parent: InnerSchemaNode;
  /** The data children in slot order: schema order, except that list keys come first in `key` order. */
  readonly nodes: readonly DataSchemaNode[];
  /** Slot index of each data child. */
  readonly indexOf: ReadonlyMap<SchemaNode, number>;
  /** For each slot, the cases it sits in below `parent`, outermost first (empty outside choices). */
  readonly cases: readonly (readonly CaseNode[])[];
  /** True when some slot sits inside a choice. */
  readonly hasChoices: boolean;
}

const TABLES = new WeakMap<InnerSchemaNode, SlotTable>();

/** True for the kinds that occupy a slot. */
export const isDataSchemaNode = (node: SchemaNode): node is DataSchemaNode =>
  node.kind === 'container' ||
  node.kind === 'leaf' ||
  node.kind === 'leaf-list' ||
  node.kind === 'list' ||
  node.kind === 'anydata' ||
  node.kind === 'anyxml';

const buildSlotTable = (parent: InnerSchemaNode): SlotTable => {
  const nodes: DataSchemaNode[] = [];
  const cases: (readonly CaseNode[])[] = [];
  const keys: readonly LeafNode[] = 'kind' in parent && parent.kind === 'list' ? parent.keys : [];
  for (const key of keys) {
    nodes.push(key);
    cases.push([]);
  }
  const walk = (children: readonly SchemaNode[], chain: readonly CaseNode[]): void => {
    for (const child of children) {
      if (child.kind === 'choice') walk(child.children, chain);
      else if (child.kind === 'case') walk(child.children, [...chain, child]);
      else if (isDataSchemaNode(child) && !(child.kind === 'leaf' && keys.includes(child))) {
        nodes.push(child);
        cases.push(chain);
      }
    }
  };
  walk(parent.children, []);
  const indexOf = new Map<SchemaNode, number>();
  nodes.forEach((node, index) => {
    indexOf.set(node, index);
  });
  return { parent, nodes, indexOf, cases, hasChoices: cases.some((chain) => chain.length > 0) };
};

/** The (cached) slot table of `parent`. */
export const slotTableOf = (parent: InnerSchemaNode): SlotTable => {
  let table = TABLES.get(parent);
  if (table === undefined) {
    table = buildSlotTable(parent);
    TABLES.set(parent, table);
  }
  return table;
};

/** The data child of `parent` named `module:name` (looking through choice and case), if any. */
export const slotChildByName = (parent: InnerSchemaNode, module: string, name: string): DataSchemaNode | undefined => {
  const node = parent.dataChildIndex.get(`${module}:${name}`);
  return node !== undefined && isDataSchemaNode(node) ? node : undefined;
};

/** Narrows a schema parent to one that holds instance slots. */
export const isInnerSchemaNode = (parent: SchemaParent): parent is InnerSchemaNode =>
  !('kind' in parent) ||
  parent.kind === 'container' ||
  parent.kind === 'list' ||
  parent.kind === 'input' ||
  parent.kind === 'output' ||
  parent.kind === 'notification';
