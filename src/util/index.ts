/**
 * @module util
 * Pure helpers with no knowledge of YANG or HTTP: XML escaping, the Logger interface, a bounded per-owner memo and the
 * persistent collections the instance trees are built on. May import: nothing.
 */

export { escapeControlCharacters } from './escape-control-characters.ts';
export type { AccessRecord, Logger, LogMethod } from './logger.ts';
export { lazyChild, logRequest, SILENT_LOGGER } from './logger.ts';
export { memoPerOwner } from './memo-per-owner.ts';
export type {
  Comparator,
  DiffStatistics,
  IterationRange,
  KeyedSequenceDiff,
  SequenceDiffOptions,
  SequencePlacement,
  SequenceUpdate,
  SortedMapChange,
  SortedMapDraft,
} from './persistent/index.ts';
export {
  DuplicateKeyError,
  diffKeyedSequences,
  diffSortedMaps,
  handingOverIndexes,
  KeyedSequence,
  KeyNotFoundError,
  LazyValues,
  lexicographicOrder,
  longestIncreasingSubsequence,
  naturalOrder,
  PersistentSortedMap,
  UnsortedInputError,
} from './persistent/index.ts';
export { escapeXmlAttribute, escapeXmlText } from './xml-escape.ts';
