/**
 * @module data/validation/check-context
 * What a check over an instance's children needs from the validator running it: the schema, the
 * navigator over the tree, `when` evaluation and a place to report errors. The validator is one;
 * the checks depend on this interface, not on the validator, so neither imports the other back.
 * @see RFC 7950 §8.3.3 (validation)
 */
import type { ManagementError } from '../../errors/index.ts';
import type { SchemaTree } from '../../yang/index.ts';
import type { AccessibleNode, InstanceNavigator } from '../instance/index.ts';
import type { WhenCondition } from './when-conditions.ts';

/** The validator as the children checks see it. */
export interface CheckContext {
  readonly schema: SchemaTree;
  readonly navigator: InstanceNavigator;
  /** Whether every condition holds for `node` (a real or dummy node). @see RFC 7950 §7.21.5 */
  whenHolds(node: AccessibleNode, conditions: readonly WhenCondition[], config?: boolean): boolean;
  /** Records one validation error. */
  report(error: ManagementError): void;
}
