/**
 * @module data/diff
 * Diffs of instance trees: what changed between two roots, its reversal, applying it, its JSON
 * text (the journal's and rollback files' form) and its human text.
 * May import: instance, codec/json. Re-exports only.
 */

export type { DataChange, DataDiff, EntryPosition } from './diff.ts';
export { EMPTY_DIFF, isEmptyDiff, reverseDiff } from './diff.ts';
export type { ApplyDiffOptions } from './diff-apply.ts';
export { applyDiff } from './diff-apply.ts';
export type { DiffText } from './diff-codec.ts';
export {
  decodeDiff,
  decodeReverseDiff,
  encodeDiff,
  encodeDiffs,
  REVERSE_OF_FORWARD,
  REVERSE_REFERENCE_LENGTH,
} from './diff-codec.ts';
export { anydataEqual, instancesEqual, slotsEqual } from './diff-equal.ts';
export { renderDiffText } from './diff-text.ts';
export { diffTrees } from './diff-trees.ts';
