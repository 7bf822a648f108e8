/**
 * @module util/persistent
 * Persistent (immutable, structurally shared) collections for instance data trees. May import: nothing.
 */

export { LazyValues } from './b-tree-node.ts';
export { DuplicateKeyError, KeyNotFoundError, UnsortedInputError } from './collection-errors.ts';
export type { Comparator } from './comparator.ts';
export { lexicographicOrder, naturalOrder } from './comparator.ts';
export { handingOverIndexes } from './key-index.ts';
export type { KeyedSequenceDraft, SequencePlacement } from './keyed-sequence.ts';
export { diffKeyedSequences, KeyedSequence } from './keyed-sequence.ts';
export type { KeyedSequenceDiff, SequenceDiffOptions, SequenceUpdate } from './keyed-sequence-diff.ts';
export { longestIncreasingSubsequence } from './keyed-sequence-diff.ts';
export type { IterationRange } from './persistent-sorted-map.ts';
export { PersistentSortedMap } from './persistent-sorted-map.ts';
export type { DiffStatistics, SortedMapChange } from './sorted-map-diff.ts';
export { diffSortedMaps } from './sorted-map-diff.ts';
export type { SortedMapDraft } from './sorted-map-draft.ts';
