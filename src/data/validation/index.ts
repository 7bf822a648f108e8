/**
 * @module data/validation
 * Validation of instance trees (re-exports only): the full validator and the incremental one,
 * which re-checks only what a change can affect.
 * May import: the data folder's own modules, util, errors, xpath, yang (each through its index.ts).
 */
export type { CompiledXPath } from './compiled-xpath.ts';
export { evaluateCondition } from './compiled-xpath.ts';
export { validateChange } from './validate-change.ts';
export { validateTree } from './validate-tree.ts';
export type { ValidationOptions } from './validator.ts';
