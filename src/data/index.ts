/**
 * @module data
 * The instance side of the engine (re-exports only): persistent instance trees, instance paths,
 * the RFC 7951 JSON and RFC 7950 XML codecs, default values and the protocol-neutral read options.
 * See DESIGN §3. May import: util, errors, xpath, yang (each through its index.ts).
 */

export type { DecodeJsonOptions } from './codec/json/json-decode.ts';
export { decodeJson } from './codec/json/json-decode.ts';
export type { EncodeJsonOptions, EncodeTarget } from './codec/json/json-encode.ts';
export { encodeJson, encodeJsonString } from './codec/json/json-encode.ts';
export { parseJsonText } from './codec/json/json-text.ts';
export type { DecodeXmlDocumentOptions, DecodeXmlOptions } from './codec/xml/xml-decode.ts';
export { decodeXml, decodeXmlDocument } from './codec/xml/xml-decode.ts';
export type { EncodeXmlOptions } from './codec/xml/xml-encode.ts';
export { encodeXml, encodeXmlString } from './codec/xml/xml-encode.ts';
export type { XmlWrapper } from './codec/xml/xml-wrapper.ts';
export { CONFIG_WRAPPER, DATA_WRAPPER, RESTCONF_DATA_WRAPPER, XML_DOCUMENT_WRAPPERS } from './codec/xml/xml-wrapper.ts';
export type { DataChange, DataDiff, EntryPosition } from './diff/diff.ts';
export { EMPTY_DIFF, isEmptyDiff, reverseDiff } from './diff/diff.ts';
export type { ApplyDiffOptions } from './diff/diff-apply.ts';
export { applyDiff } from './diff/diff-apply.ts';
export { decodeDiff, encodeDiff } from './diff/diff-codec.ts';
export { anydataEqual, instancesEqual, slotsEqual } from './diff/diff-equal.ts';
export { renderDiffText } from './diff/diff-text.ts';
export { diffTrees } from './diff/diff-trees.ts';
export type { DataEdit, EditOperation, EditPlacement } from './edit/edit.ts';
export { applyEdit, applyEdits } from './edit/edit.ts';
export { hasDefaults, leafDefault, leafListDefaults } from './instance/default-values.ts';
export { compareEntryKeys, entryKeyOf } from './instance/entry-key.ts';
export { formatInstancePath } from './instance/format-instance-path.ts';
export { instanceExists, isInstanceStored } from './instance/instance-existence.ts';
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
} from './instance/instance-node.ts';
export {
  childrenOf,
  deleteChild,
  emptyDataTree,
  emptyInstance,
  getChild,
  getLeaf,
  isEmptyInstance,
  setChild,
} from './instance/instance-node.ts';
export type { InstancePath, InstancePathStep } from './instance/instance-path.ts';
export { entryWithKeys, resolveInstancePath, updateAt } from './instance/instance-path.ts';
export {
  deleteEntry,
  emptyListInstance,
  entriesOf,
  findEntry,
  keyValuesOf,
  listInstanceFromEntries,
  putEntry,
} from './instance/list-instance.ts';
export type { DataSchemaNode, InnerSchemaNode, SlotTable } from './instance/slot-table.ts';
export { isDataSchemaNode, isInnerSchemaNode, slotTableOf } from './instance/slot-table.ts';
export type { FieldsSelector } from './read/fields-selector.ts';
export { parseFields } from './read/fields-selector.ts';
export type { ContentFilter, ReadOptions, WithDefaultsMode } from './read/read-options.ts';
export { parseContentFilter, parseDepth, parseWithDefaultsMode } from './read/read-options.ts';
export type { ValidationOptions } from './validation/index.ts';
export { validateChange, validateTree } from './validation/index.ts';
