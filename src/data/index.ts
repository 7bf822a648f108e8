/**
 * @module data
 * The instance side of the engine (re-exports only): persistent instance trees, instance paths,
 * the RFC 7951 JSON and RFC 7950 XML codecs, default values and the protocol-neutral read options.
 * See DESIGN §3. May import: util, errors, xpath, yang (each through its index.ts).
 */

export { hasDefaults, leafDefault, leafListDefaults } from './default-values.ts';
export type { DataChange, DataDiff, EntryPosition } from './diff.ts';
export { EMPTY_DIFF, isEmptyDiff, reverseDiff } from './diff.ts';
export type { ApplyDiffOptions } from './diff-apply.ts';
export { applyDiff } from './diff-apply.ts';
export { decodeDiff, encodeDiff } from './diff-codec.ts';
export { anydataEqual, instancesEqual, slotsEqual } from './diff-equal.ts';
export { renderDiffText } from './diff-text.ts';
export { diffTrees } from './diff-trees.ts';
export type { DataEdit, EditOperation, EditPlacement } from './edit.ts';
export { applyEdit, applyEdits } from './edit.ts';
export { compareEntryKeys, entryKeyOf } from './entry-key.ts';
export type { FieldsSelector } from './fields-selector.ts';
export { parseFields } from './fields-selector.ts';
export { formatInstancePath } from './format-instance-path.ts';
export { instanceExists, isInstanceStored } from './instance-existence.ts';
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
  deleteChild,
  emptyDataTree,
  emptyInstance,
  getChild,
  getLeaf,
  isEmptyInstance,
  setChild,
} from './instance-node.ts';
export type { InstancePath, InstancePathStep } from './instance-path.ts';
export { entryWithKeys, resolveInstancePath, updateAt } from './instance-path.ts';
export type { DecodeJsonOptions } from './json-decode.ts';
export { decodeJson } from './json-decode.ts';
export type { EncodeJsonOptions, EncodeTarget } from './json-encode.ts';
export { encodeJson, encodeJsonString } from './json-encode.ts';
export { parseJsonText } from './json-text.ts';
export {
  deleteEntry,
  emptyListInstance,
  entriesOf,
  findEntry,
  keyValuesOf,
  listInstanceFromEntries,
  putEntry,
} from './list-instance.ts';
export type { AccessScope, ReadAccess } from './read-access.ts';
export { entryAccessOf, hasVisibleContent } from './read-access.ts';
export type { ContentFilter, ReadOptions, WithDefaultsMode } from './read-options.ts';
export { parseContentFilter, parseDepth, parseWithDefaultsMode } from './read-options.ts';
export type { DataSchemaNode, InnerSchemaNode, SlotTable } from './slot-table.ts';
export { isDataSchemaNode, isInnerSchemaNode, slotTableOf } from './slot-table.ts';
export type { ValidationOptions } from './validation/index.ts';
export { validateChange, validateTree } from './validation/index.ts';
export type { DecodeXmlDocumentOptions, DecodeXmlOptions } from './xml-decode.ts';
export { decodeXml, decodeXmlDocument } from './xml-decode.ts';
export type { EncodeXmlOptions } from './xml-encode.ts';
export { encodeXml, encodeXmlString } from './xml-encode.ts';
export type { XmlWrapper } from './xml-wrapper.ts';
export { CONFIG_WRAPPER, DATA_WRAPPER, RESTCONF_DATA_WRAPPER, XML_DOCUMENT_WRAPPERS } from './xml-wrapper.ts';
