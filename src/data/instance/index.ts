/**
 * @module data/instance
 * The instance tree, which the rest of data reads and builds: persistent nodes and list
 * instances, each schema node's slot table, entry keys, instance paths and their text, whether an
 * instance exists, the default values of unset leaves, and the XPath navigator over a tree.
 * May import: util, errors, xpath, yang. Re-exports only.
 */
export { defaultsInUse, hasDefaults, leafDefault, leafListDefaults } from './default-values.ts';
export { compareEntryKeys, entryKeyOf } from './entry-key.ts';
export { formatInstancePath, predicateValueText, quoteLiteral } from './format-instance-path.ts';
export { instanceExists, isInstanceStored } from './instance-existence.ts';
export type { AccessibleNode } from './instance-navigator.ts';
export { InstanceNavigator, instancePathOf } from './instance-navigator.ts';
export type {
  AnydataValue,
  ContainerInstance,
  DataTree,
  InstanceNode,
  LeafListValues,
  ListEntry,
  ListInstance,
  OperationData,
  Slot,
  SlotValue,
} from './instance-node.ts';
export {
  childrenOf,
  closeInstance,
  creationStamp,
  deleteChild,
  emptyDataTree,
  emptyInstance,
  getChild,
  getLeaf,
  instanceFromSlots,
  isEmptyInstance,
  isInstanceNode,
  isVacantSlot,
  openInstance,
  setChild,
  stampingCreations,
} from './instance-node.ts';
export type { InstancePath, InstancePathStep } from './instance-path.ts';
export { entryWithKeys, resolveInstancePath, updateAt } from './instance-path.ts';
export {
  deleteEntry,
  emptyListInstance,
  entriesOf,
  findEntry,
  keyValuesOf,
  listInstanceFromArrays,
  listInstanceFromEntries,
  putEntry,
} from './list-instance.ts';
export type { DataSchemaNode, InnerSchemaNode, SlotTable } from './slot-table.ts';
export { isDataSchemaNode, isInnerSchemaNode, slotChildByName, slotTableOf } from './slot-table.ts';
