/**
 * @module data/validation/children-checks
 * The checks an inner instance makes over its children: mandatory leaves, anydata and choices,
 * min/max-elements, and `unique` (a hash of each entry's unique values: O(n) per list instance).
 * A check inside a case applies only while that case is the one in use; a target whose `when`
 * is false (evaluated on a dummy node, as libyang does) may be absent.
 * @see RFC 7950 §7.6.5, §7.7.5, §7.7.6, §7.8.3, §7.9.4, §15
 */
import type { CaseNode, ChoiceNode } from '../../yang/index.ts';
import type {
  AccessibleNode,
  DataSchemaNode,
  InstanceNode,
  InstancePath,
  ListInstance,
  Slot,
  SlotTable,
} from '../instance/index.ts';
import { instancePathOf, slotTableOf } from '../instance/index.ts';
import type { ChildrenCheck, MandatoryCheck, MinMaxCheck } from './check-catalogue.ts';
import type { CheckContext } from './check-context.ts';
import { slotsInChoice } from './schema-walk.ts';
import { checkUnique } from './unique-check.ts';
import { elementCountError, mandatoryError, missingChoiceError } from './validation-errors.ts';

/** The case of `choice` that has stored data among `slots`, if any. */
export const storedCaseOf = (table: SlotTable, slots: readonly Slot[], choice: ChoiceNode): CaseNode | undefined => {
  for (let index = 0; index < slots.length; index++) {
    if (slots[index] === undefined) continue;
    const found = (table.cases[index] ?? []).find((caseNode) => caseNode.parent === choice);
    if (found !== undefined) return found;
  }
  return undefined;
};

/** True when every case of `chain` is in use: it has data, or its choice has none and it is the default. @see RFC 7950 §7.9.3 */
export const casesInUse = (table: SlotTable, inner: InstanceNode, chain: readonly CaseNode[]): boolean =>
  chain.every((caseNode) => {
    const choice = caseNode.parent as ChoiceNode;
    return (storedCaseOf(table, inner.slots, choice) ?? choice.defaultCase) === caseNode;
  });

/** A node standing for an absent instance of `target`, to evaluate its `when`s on. */
const dummyOf = (parent: AccessibleNode, target: DataSchemaNode | undefined, slot: number): AccessibleNode => ({
  parent,
  schema: target,
  slot,
  inner: undefined,
  value: undefined,
  implicit: true,
  key: undefined,
  depth: parent.depth + 1,
  item: 0,
});

/** True when the target may be absent because one of its `when`s is false. */
const excusedByWhen = (
  validator: CheckContext,
  check: MandatoryCheck | MinMaxCheck,
  node: AccessibleNode,
  slot: number,
): boolean => {
  if (check.whens.length === 0) return false;
  const target = check.target.kind === 'choice' ? undefined : check.target;
  return !validator.whenHolds(dummyOf(node, target, slot), check.whens, check.target.config);
};

const mandatory = (validator: CheckContext, check: MandatoryCheck, node: AccessibleNode, table: SlotTable): void => {
  const inner = node.inner as InstanceNode;
  const { target } = check;
  const index = target.kind === 'choice' ? -1 : (table.indexOf.get(target) ?? -1);
  const present =
    target.kind === 'choice'
      ? slotsInChoice(table, target).some((slot) => inner.slots[slot] !== undefined)
      : inner.slots[index] !== undefined;
  if (present || excusedByWhen(validator, check, node, index)) return;
  const path = instancePathOf(node);
  validator.report(
    target.kind === 'choice' ? missingChoiceError(path, target) : mandatoryError([...path, { schema: target }], target),
  );
};

const minMax = (validator: CheckContext, check: MinMaxCheck, node: AccessibleNode, table: SlotTable): void => {
  const inner = node.inner as InstanceNode;
  const { target } = check;
  const index = table.indexOf.get(target) ?? -1;
  const stored = inner.slots[index];
  const count =
    target.kind === 'list'
      ? stored === undefined
        ? 0
        : (stored as ListInstance).entries.size
      : validator.navigator.slotNodes(node, index).length;
  const path: InstancePath = [...instancePathOf(node), { schema: target }];
  if (count < target.minElements && !excusedByWhen(validator, check, node, index)) {
    validator.report(elementCountError(path, target, false, target.minElements));
  }
  if (target.maxElements !== undefined && count > target.maxElements) {
    validator.report(elementCountError(path, target, true, target.maxElements));
  }
};

/** Runs `check` on the inner instance `node` (when its cases are in use). */
export const runChildrenCheck = (validator: CheckContext, check: ChildrenCheck, node: AccessibleNode): void => {
  const inner = node.inner as InstanceNode;
  const table = slotTableOf(inner.schema);
  if (!casesInUse(table, inner, check.cases)) return;
  switch (check.kind) {
    case 'mandatory':
      mandatory(validator, check, node, table);
      return;
    case 'min-max':
      minMax(validator, check, node, table);
      return;
    case 'unique':
      checkUnique(validator, check, node, table);
      return;
  }
};
