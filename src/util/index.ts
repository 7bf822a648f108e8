/**
 * @module util
 * Pure helpers with no knowledge of YANG or HTTP: XML escaping, the Logger interface and the
 * persistent collections the instance trees are built on. May import: nothing.
 */

export { escapeControlCharacters } from './escape-control-characters.ts';
export type { Logger, LogMethod } from './logger.ts';
export { lazyChild, SILENT_LOGGER } from './logger.ts';
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
  KeyedSequence,
  KeyNotFoundError,
  lexicographicOrder,
  longestIncreasingSubsequence,
  naturalOrder,
  PersistentSortedMap,
  UnsortedInputError,
} from './persistent/index.ts';
export { escapeXmlAttribute, escapeXmlText } from './xml-escape.ts';
