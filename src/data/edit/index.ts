/**
 * @module data/edit
 * Edits of instance trees (create, delete, remove, merge, replace, and YANG Patch's insert and
 * move): each gives a new root that shares every untouched subtree with the old one.
 * May import: instance. Re-exports only.
 */
export type { DataEdit, EditOperation, EditPlacement } from './edit.ts';
export { applyEdit, applyEdits } from './edit.ts';
