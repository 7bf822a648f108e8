/**
 * @module data/edit/edit-cases
 * Choice exclusivity for edits: once a node of one case is present, the nodes of the other cases
 * of the same choice, and of every enclosing choice, are removed from the same parent.
 * @see RFC 7950 §7.9 ("the nodes of the other cases are deleted")
 */
import type { CaseNode } from '../../yang/index.ts';
import type { InstanceNode, Slot, SlotTable } from '../instance/index.ts';
import { emptyInstance, instanceFromSlots, slotTableOf } from '../instance/index.ts';

const CONFLICTS = new WeakMap<SlotTable, readonly (readonly number[])[]>();
const NONE: readonly number[] = Object.freeze([]);

/**
 * True when slots whose case chains (outermost first) are `left` and `right` cannot coexist: at
 * the first level where the chains part, they are two cases of one choice.
 */
const excludeEachOther = (left: readonly CaseNode[], right: readonly CaseNode[]): boolean => {
  const depth = Math.min(left.length, right.length);
  for (let level = 0; level < depth; level++) {
    const mine = left[level] as CaseNode;
    const theirs = right[level] as CaseNode;
    if (mine !== theirs) return mine.parent === theirs.parent;
  }
  return false;
};

/** For each slot of `table`, the slots that sit in another case of one of its choices (cached). */
export const conflictingSlots = (table: SlotTable): readonly (readonly number[])[] => {
  let conflicts = CONFLICTS.get(table);
  if (conflicts === undefined) {
    const chains = table.cases;
    conflicts = chains.map((chain) => {
      if (chain.length === 0) return NONE;
      const others: number[] = [];
      chains.forEach((other, index) => {
        if (excludeEachOther(chain, other)) others.push(index);
      });
      return others.length === 0 ? NONE : others;
    });
    CONFLICTS.set(table, conflicts);
  }
  return conflicts;
};

/** Clears, in a slot array being built, the slots that exclude slot `index`. */
export const clearOtherCases = (table: SlotTable, slots: Slot[], index: number): void => {
  for (const other of conflictingSlots(table)[index] ?? NONE) slots[other] = undefined;
};

/** A dense, frozen node from a slot array being built, without trailing holes. */
export const nodeFromSlots = <S extends InstanceNode['schema']>(schema: S, slots: readonly Slot[]): InstanceNode<S> => {
  let end = slots.length;
  while (end > 0 && slots[end - 1] === undefined) end--;
  if (end === 0) return emptyInstance(schema);
  return instanceFromSlots(schema, slots, end);
};

/**
 * `node` without the nodes that exclude its (present) slot `index`: those of the other cases of
 * each choice the slot sits in. `node` itself when there are none.
 */
export const withoutOtherCases = <S extends InstanceNode['schema']>(
  node: InstanceNode<S>,
  index: number,
): InstanceNode<S> => {
  const table = slotTableOf(node.schema);
  if (!table.hasChoices) return node;
  const others = conflictingSlots(table)[index] ?? NONE;
  if (!others.some((other) => node.slots[other] !== undefined)) return node;
  const slots = node.slots.slice();
  for (const other of others) slots[other] = undefined;
  return nodeFromSlots(node.schema, slots);
};
