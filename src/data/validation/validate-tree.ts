/**
 * @module data/validation/validate-tree
 * Full validation of an instance tree: every constraint on every instance of the accessible
 * tree. Used at start-up, by `idconf data validate`, and as the oracle of the incremental one.
 * @see RFC 7950 §8.1, §8.3.3
 */
import type { ManagementError } from '../../errors/index.ts';
import type { DataTree } from '../instance/index.ts';
import type { ValidationOptions } from './validator.ts';
import { Validator } from './validator.ts';

/** Every violation in the tree (not only the first). @see RFC 7950 §8 */
export const validateTree = (root: DataTree, options: ValidationOptions = {}): ManagementError[] => {
  const validator = new Validator(root, options);
  validator.validateSubtree(validator.navigator.rootNode);
  return validator.errors;
};
