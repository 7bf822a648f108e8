/**
 * @module data
 * The instance side of the engine (re-exports only). Its rooms follow the data of a request:
 * decode (codec/json, codec/xml) → edit → validation → diff → encode (the codecs again, under the
 * read options of read/ and the member plan of codec/), all over the instance tree of instance/.
 * May import: util, errors, xpath, yang (each through its index.ts).
 */

export { decodedTarget, topLevelNames } from './codec/index.ts';
export type { DecodeJsonOptions, EncodeJsonOptions, EncodeTarget, JsonPiecesDocument } from './codec/json/index.ts';
export {
  decodeJson,
  decodeJsonEntries,
  decodeJsonText,
  encodeJson,
  encodeJsonEntries,
  encodeJsonEntryObject,
  encodeJsonEntryTexts,
  encodeJsonString,
  JsonArrayText,
  JsonPiecesReader,
  jsonArrayElements,
  LAZY_JSON_LENGTH,
  parseJsonText,
  readJsonObjectLazily,
} from './codec/json/index.ts';
export type { DecodeXmlDocumentOptions, DecodeXmlOptions, EncodeXmlOptions, XmlWrapper } from './codec/xml/index.ts';
export {
  CONFIG_WRAPPER,
  DATA_WRAPPER,
  decodeXml,
  decodeXmlDocument,
  encodeXml,
  encodeXmlString,
  RESTCONF_DATA_WRAPPER,
  XML_DOCUMENT_WRAPPERS,
} from './codec/xml/index.ts';
export type { ApplyDiffOptions, DataChange, DataDiff, EntryPosition } from './diff/index.ts';
export {
  anydataEqual,
  applyDiff,
  decodeDiff,
  decodeReverseDiff,
  diffTrees,
  EMPTY_DIFF,
  encodeDiff,
  encodeDiffs,
  instancesEqual,
  isEmptyDiff,
  REVERSE_OF_FORWARD,
  REVERSE_REFERENCE_LENGTH,
  renderDiffText,
  reverseDiff,
  slotsEqual,
} from './diff/index.ts';
export type { BeforeEdit, DataEdit, EditOperation, EditPlacement, EntryCreates } from './edit/index.ts';
export { applyEdit, applyEdits, applyEntryCreates, entryValue } from './edit/index.ts';
export type {
  AnydataValue,
  ContainerInstance,
  DataSchemaNode,
  DataTree,
  InnerSchemaNode,
  InstanceNode,
  InstancePath,
  InstancePathStep,
  LeafListValues,
  ListEntry,
  ListInstance,
  OperationData,
  Slot,
  SlotTable,
  SlotValue,
} from './instance/index.ts';
export {
  childrenOf,
  compareEntryKeys,
  creationStamp,
  deleteChild,
  deleteEntry,
  emptyDataTree,
  emptyInstance,
  emptyListInstance,
  entriesOf,
  entryKeyOf,
  entryWithKeys,
  findEntry,
  formatInstancePath,
  getChild,
  getLeaf,
  hasDefaults,
  instanceExists,
  isDataSchemaNode,
  isEmptyInstance,
  isInnerSchemaNode,
  isInstanceNode,
  isInstanceStored,
  keyValuesOf,
  leafDefault,
  leafListDefaults,
  listInstanceFromArrays,
  listInstanceFromEntries,
  putEntry,
  resolveInstancePath,
  setChild,
  slotChildByName,
  slotTableOf,
  stampingCreations,
  updateAt,
} from './instance/index.ts';
export type { ListPage, ListPagination, PageDirection, PageSource, SortKey, WhereFilter } from './pagination/index.ts';
export {
  parseDirection,
  parseLimit,
  parseOffset,
  parseSortBy,
  parseWhere,
  selectPage,
  sortLeafOf,
} from './pagination/index.ts';
export type {
  AccessScope,
  ContentFilter,
  FieldsSelector,
  ReadAccess,
  ReadOptions,
  WithDefaultsMode,
} from './read/index.ts';
export {
  entryAccessOf,
  hasVisibleContent,
  parseContentFilter,
  parseDepth,
  parseFields,
  parseWithDefaultsMode,
} from './read/index.ts';
export type { ValidationOptions } from './validation/index.ts';
export { validateChange, validateTree } from './validation/index.ts';
