/**
 * @module data/edit
 * Edits of instance trees (create, delete, remove, merge, replace, and YANG Patch's insert and
 * move): each gives a new root that shares every untouched subtree with the old one.
 * May import: instance. Re-exports only.
 */

export type { BeforeEdit } from './apply-edits.ts';
export { applyEdits } from './apply-edits.ts';
export type { EntryCreates } from './apply-entry-creates.ts';
export { applyEntryCreates } from './apply-entry-creates.ts';
export type { DataEdit, EditOperation, EditPlacement } from './edit.ts';
export { applyEdit } from './edit.ts';
export { entryValue } from './edit-value.ts';
