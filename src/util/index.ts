/**
 * @module util
 * Pure helpers with no knowledge of YANG or HTTP. May import: nothing.
 */
export type { Logger, LogMethod } from './logger.ts';
export { SILENT_LOGGER } from './logger.ts';
export { escapeXmlAttribute, escapeXmlText } from './xml-escape.ts';
// KeyedSequence and SequencePlacement are re-exported above.
export type { Comparator, IterationRange, SortedMapDraft } from './persistent/index.ts';
export {
  DuplicateKeyError,
  KeyNotFoundError,
  lexicographicOrder,
  naturalOrder,
  PersistentSortedMap,
  UnsortedInputError,
} from './persistent/index.ts';
