/**
 * @module data/validation/unique-check
 * The `unique` constraint of a list instance. The full check hashes every entry's unique values
 * (O(n)) and keeps the hash as the list version's index (values → entry key). After a change, the
 * index of the list before it is handed on to the list after it, updated for the changed entries
 * only: O(k) for k changed entries. An index belongs to one version at a time; validating another
 * change from the same version rebuilds it (O(n)).
 * @see RFC 7950 §7.8.3, §15.1
 */

import type { LeafNode, ListNode, SchemaTree, YangValue } from '../../yang/index.ts';
import { toCanonical } from '../../yang/index.ts';
import type {
  AccessibleNode,
  DataSchemaNode,
  InstanceNode,
  InstancePath,
  ListEntry,
  ListInstance,
  Slot,
  SlotTable,
} from '../instance/index.ts';
import { instancePathOf, keyValuesOf, leafDefault, slotTableOf } from '../instance/index.ts';
import type { UniqueCheck } from './check-catalogue.ts';
import type { CheckContext } from './check-context.ts';
import { dataChainBelow } from './schema-walk.ts';
import { notUniqueError } from './validation-errors.ts';

type Chains = readonly (readonly DataSchemaNode[])[];
/** Unique values (canonical texts joined by U+0000) → the key of the one entry holding them. */
type UniqueIndex = Map<string, string>;

/** The value of a descendant leaf of an entry (its default when absent, as libyang uses). */
const descendantValue = (
  schema: SchemaTree,
  entry: ListEntry,
  chain: readonly DataSchemaNode[],
): YangValue | undefined => {
  let current: InstanceNode | undefined = entry;
  const leaf = chain[chain.length - 1] as LeafNode;
  for (const step of chain) {
    if (current === undefined) break;
    const index = slotTableOf(current.schema).indexOf.get(step);
    const slot: Slot = index === undefined ? undefined : current.slots[index];
    if (step === leaf) return (slot as YangValue | undefined) ?? leafDefault(schema, leaf);
    current = slot as InstanceNode | undefined;
  }
  return leafDefault(schema, leaf);
};

const UNIQUE_CHAINS = new WeakMap<UniqueCheck, readonly Chains[]>();

/** For each `unique` statement, the data nodes from the list down to each of its leaves. */
const uniqueChains = (schema: SchemaTree, check: UniqueCheck): readonly Chains[] => {
  let chains = UNIQUE_CHAINS.get(check);
  if (chains === undefined) {
    chains = check.target.unique.map((leaves) => leaves.map((leaf) => dataChainBelow(schema, check.target, leaf)));
    UNIQUE_CHAINS.set(check, chains);
  }
  return chains;
};

/** The unique values of an entry as one string, or undefined when one of them is absent (no constraint). */
const valuesOf = (schema: SchemaTree, entry: ListEntry, chains: Chains): string | undefined => {
  let text = '';
  for (const chain of chains) {
    const value = descendantValue(schema, entry, chain);
    if (value === undefined) return undefined;
    text += `${toCanonical((chain[chain.length - 1] as LeafNode).type, value)}\u0000`;
  }
  return text;
};

const namesOf = (chains: Chains): string => chains.map((chain) => chain.map((step) => step.name).join('/')).join(' ');

const listOf = (check: UniqueCheck, node: AccessibleNode, table: SlotTable): ListInstance | undefined =>
  (node.inner as InstanceNode).slots[table.indexOf.get(check.target) ?? -1] as ListInstance | undefined;

/** Reports every entry that repeats the unique values of an earlier one, naming the first. */
export const checkUnique = (
  validator: CheckContext,
  check: UniqueCheck,
  node: AccessibleNode,
  table: SlotTable,
): void => {
  const list = listOf(check, node, table);
  if (list === undefined || list.entries.size < 2) return;
  const parentPath = instancePathOf(node);
  const entryPath = (key: string): InstancePath => [
    ...parentPath,
    { schema: check.target as ListNode, keys: keyValuesOf(list.entries.get(key) as ListEntry) },
  ];
  const indexes: UniqueIndex[] = [];
  let clean = true;
  for (const chains of uniqueChains(validator.schema, check)) {
    const seen: UniqueIndex = new Map();
    for (const [key, entry] of list.entries) {
      const values = valuesOf(validator.schema, entry, chains);
      if (values === undefined) continue;
      const first = seen.get(values);
      if (first === undefined) {
        seen.set(values, key);
        continue;
      }
      clean = false;
      validator.report(notUniqueError(entryPath(key), namesOf(chains), entryPath(first)));
    }
    indexes.push(seen);
  }
  if (clean) remember(list, check, indexes);
};

const INDEXES = new WeakMap<ListInstance, Map<UniqueCheck, readonly UniqueIndex[]>>();

const remember = (list: ListInstance, check: UniqueCheck, indexes: readonly UniqueIndex[]): void => {
  let byCheck = INDEXES.get(list);
  if (byCheck === undefined) {
    byCheck = new Map();
    INDEXES.set(list, byCheck);
  }
  byCheck.set(check, indexes);
};

/**
 * Takes the indexes of a list version that satisfies the check (built in O(n) when it has none);
 * undefined when it does not satisfy it.
 */
const takeIndexes = (
  schema: SchemaTree,
  check: UniqueCheck,
  list: ListInstance,
): readonly UniqueIndex[] | undefined => {
  const known = INDEXES.get(list)?.get(check);
  if (known !== undefined) {
    INDEXES.get(list)?.delete(check);
    return known;
  }
  const indexes: UniqueIndex[] = [];
  for (const chains of uniqueChains(schema, check)) {
    const seen: UniqueIndex = new Map();
    for (const [key, entry] of list.entries) {
      const values = valuesOf(schema, entry, chains);
      if (values === undefined) continue;
      if (seen.has(values)) return undefined;
      seen.set(values, key);
    }
    indexes.push(seen);
  }
  return indexes;
};

/**
 * The check after a change that touched only the entries `changed` (entry keys) of a list that
 * satisfied it before: the same errors as {@link checkUnique}, looking only at those entries.
 * Returns false when it cannot tell (the list before is unknown or broke the check).
 */
export const checkUniqueAfterChange = (
  validator: CheckContext,
  check: UniqueCheck,
  node: AccessibleNode,
  table: SlotTable,
  before: ListInstance | undefined,
  changed: ReadonlySet<string>,
): boolean => {
  const after = listOf(check, node, table);
  if (after === undefined) return true;
  if (before === undefined) return false;
  const { schema } = validator;
  const indexes = takeIndexes(schema, check, before);
  if (indexes === undefined) return false;
  const parentPath = instancePathOf(node);
  const entryPath = (key: string): InstancePath => [
    ...parentPath,
    { schema: check.target as ListNode, keys: keyValuesOf(after.entries.get(key) as ListEntry) },
  ];
  // First the groups of equal values (the index, now the list's after the change, minus the
  // changed entries' old values), then the errors and the index's new values.
  const plans: { index: UniqueIndex; groups: Map<string, string[]>; chains: Chains }[] = [];
  for (const [statement, chains] of uniqueChains(schema, check).entries()) {
    const index = indexes[statement] as UniqueIndex;
    for (const key of changed) {
      const old = before.entries.get(key);
      const values = old === undefined ? undefined : valuesOf(schema, old, chains);
      if (values !== undefined && index.get(values) === key) index.delete(values);
    }
    const groups = new Map<string, string[]>();
    for (const key of changed) {
      const entry = after.entries.get(key);
      const values = entry === undefined ? undefined : valuesOf(schema, entry, chains);
      if (values === undefined) continue;
      let group = groups.get(values);
      if (group === undefined) {
        const holder = index.get(values);
        // A holder that is gone means an unnoted change: the index cannot be trusted.
        if (holder !== undefined && !after.entries.has(holder)) return false;
        group = holder === undefined ? [] : [holder];
        groups.set(values, group);
      }
      group.push(key);
    }
    plans.push({ index, groups, chains });
  }
  let broken = false;
  for (const { index, groups, chains } of plans) {
    for (const [values, group] of groups) {
      const ordered = [...group].sort((a, b) => after.entries.indexOf(a) - after.entries.indexOf(b));
      const first = ordered[0] as string;
      for (const other of ordered.slice(1)) {
        broken = true;
        validator.report(notUniqueError(entryPath(other), namesOf(chains), entryPath(first)));
      }
      index.set(values, first);
    }
  }
  if (!broken) remember(after, check, indexes);
  return true;
};
