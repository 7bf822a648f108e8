/**
 * @module data/validation/validate-change
 * Incremental validation of a change, for commits: given a valid `before`, reports exactly the
 * violations `validateTree(after)` would, while running only the checks the change can affect.
 *
 * Every changed node is validated as a whole subtree (when it exists afterwards, implicitly or
 * not). Every check that reads a changed schema node (the dependency index) is re-run on its
 * instances below the changed node's anchor instance: one entry for `../x`, the whole list for
 * `unique` or `count(../entry)`, every instance for an absolute path. Leafref targets are
 * monotone: creating nodes cannot break a reference, and a removed value only the references
 * holding it. A change that switches a choice's case, or that can make an implicit node appear
 * or disappear (a `when` on a non-presence container or a default), widens the change.
 * @see RFC 7950 §8.3.3
 */
import type { ManagementError } from '../../errors/index.ts';
import type { SchemaTree, YangValue } from '../../yang/index.ts';
import { yangValuesEqual } from '../../yang/index.ts';
import type { DataChange, DataDiff } from '../diff/index.ts';
import type {
  AccessibleNode,
  DataSchemaNode,
  DataTree,
  InstanceNode,
  InstancePath,
  LeafListValues,
  ListInstance,
  Slot,
} from '../instance/index.ts';
import {
  entryKeyOf,
  instancePathOf,
  leafDefault,
  leafListDefaults,
  resolveInstancePath,
  slotTableOf,
} from '../instance/index.ts';
import type { Check, ChildrenCheck, UniqueCheck } from './check-catalogue.ts';
import { storedCaseOf } from './children-checks.ts';
import type { Dependency, DependencyIndex } from './dependency-index.ts';
import { dependencyIndexOf } from './dependency-index.ts';
import type { DataLevel } from './schema-walk.ts';
import { caseChainOf, dataChainBelow, dataParentOf, slotsInChoice } from './schema-walk.ts';
import type { ValidationOptions } from './validator.ts';
import { Validator } from './validator.ts';

/** A changed region of the tree: a node (or a whole slot) whose instances changed. */
interface Region {
  readonly path: InstancePath;
  readonly schema: DataSchemaNode;
  /** True when the whole subtree may have changed; false for a leaf value or an entry's place. */
  readonly deep: boolean;
  /** What happened in the region; `widen` when nodes may have come and gone (case switch, `when`). */
  readonly kind: 'create' | 'delete' | 'modify' | 'move' | 'widen';
  /** The removed or replaced values of a schema node inside the region; undefined when unknown. */
  readonly oldValues: ((node: DataSchemaNode) => readonly YangValue[]) | undefined;
}

/** Collects the values of `target` instances inside `slot`, an instance of `schema`. */
const valuesIn = (tree: SchemaTree, slot: Slot, schema: DataSchemaNode, target: DataSchemaNode): YangValue[] => {
  const out: YangValue[] = [];
  const visit = (value: Slot, node: DataSchemaNode, chain: readonly DataSchemaNode[]): void => {
    if (value === undefined) return;
    if (chain.length === 0) {
      if (node.kind === 'leaf-list') out.push(...(value as LeafListValues));
      else out.push(value as YangValue);
      return;
    }
    const [next, ...rest] = chain as [DataSchemaNode, ...DataSchemaNode[]];
    const inners: InstanceNode[] =
      node.kind === 'list' && !('slots' in (value as object))
        ? [...(value as ListInstance).entries.values()]
        : [value as InstanceNode];
    for (const inner of inners) {
      const index = slotTableOf(inner.schema).indexOf.get(next);
      if (index !== undefined) visit(inner.slots[index], next, rest);
    }
  };
  let chain: DataSchemaNode[];
  try {
    chain = dataChainBelow(tree, schema, target);
  } catch {
    return out;
  }
  visit(slot, schema, chain);
  if (target.kind === 'leaf') {
    const fallback = leafDefault(tree, target);
    if (fallback !== undefined) out.push(fallback);
  } else if (target.kind === 'leaf-list') {
    out.push(...leafListDefaults(tree, target));
  }
  return out;
};

/** True when the node read is on the target side of a children check (not in its `when`s). */
const readsTarget = (dependency: Dependency, check: ChildrenCheck): boolean =>
  check.kind === 'unique' ||
  dependency.read === check.target ||
  (check.target.kind === 'choice' && caseChainOf(dependency.read).some((caseNode) => caseNode.parent === check.target));

/**
 * Whether a change of this kind to what `dependency` reads can break its check: creations cannot
 * break a leafref, a mandatory node or min-elements; deletions cannot break unique or max-elements;
 * moves break none of these.
 */
const canBreak = (dependency: Dependency, kind: Region['kind']): boolean => {
  const { check } = dependency;
  if (dependency.target) return kind !== 'create' && kind !== 'move';
  if (check.kind !== 'mandatory' && check.kind !== 'min-max' && check.kind !== 'unique') return true;
  if (kind === 'modify' || kind === 'widen' || !readsTarget(dependency, check)) return true;
  if (kind === 'move') return false;
  switch (check.kind) {
    case 'mandatory':
      return kind === 'delete';
    case 'unique':
      return kind === 'create';
    case 'min-max':
      return kind === 'delete' ? check.target.minElements > 0 : check.target.maxElements !== undefined;
  }
};

const canBeImplicit = (tree: SchemaTree, node: DataSchemaNode): boolean =>
  (node.kind === 'container' && node.presence === undefined) ||
  (node.kind === 'leaf' && leafDefault(tree, node) !== undefined) ||
  (node.kind === 'leaf-list' && leafListDefaults(tree, node).length > 0);

class ChangeValidation {
  readonly schema: SchemaTree;
  readonly before: DataTree;
  readonly validator: Validator;
  readonly index: DependencyIndex;
  readonly #queue: Region[] = [];
  readonly #queued = new Set<string>();
  readonly #uniques = new Map<
    string,
    {
      readonly check: UniqueCheck;
      readonly base: InstancePath;
      readonly changed: Set<string> | 'all';
      readonly needed: boolean;
    }
  >();

  constructor(before: DataTree, after: DataTree, options: ValidationOptions) {
    this.schema = after.schema;
    this.before = before;
    this.validator = new Validator(after, options, true);
    this.index = dependencyIndexOf(after.schema);
  }

  get #navigator() {
    return this.validator.navigator;
  }

  #enqueue(region: Region): void {
    const key = `${region.deep} ${region.kind} ${region.oldValues !== undefined} ${pathText(region.path)}`;
    if (this.#queued.has(key)) return;
    this.#queued.add(key);
    this.#queue.push(region);
  }

  /** Handles one change: validates what is there now, detects case switches, queues its region. */
  change(change: DataChange): void {
    const { path } = change;
    const last = path[path.length - 1];
    if (last === undefined) return;
    const { schema } = last;
    if (this.validator.configOnly) {
      const state = path.findIndex((step) => !step.schema.config);
      if (state >= 0) {
        const parent = this.#navigator.locate(path.slice(0, state));
        const slot =
          parent?.inner?.slots[
            slotTableOf(parent.inner.schema).indexOf.get(path[state]?.schema as DataSchemaNode) ?? -1
          ];
        if (parent !== undefined && slot !== undefined) {
          this.validator.reportStateData(parent, path[state]?.schema as DataSchemaNode);
        }
        return;
      }
    }
    this.#revalidate(path, schema);
    this.#caseSwitch(path, schema);
    const entryPlace = change.kind === 'move';
    const wholeSlot = (schema.kind === 'list' && last.keys === undefined) || schema.kind === 'leaf-list';
    this.#enqueue({
      path,
      schema,
      deep: !entryPlace && (change.kind !== 'modify' || wholeSlot),
      kind: change.kind,
      oldValues:
        change.kind === 'delete' || change.kind === 'modify'
          ? (target) => valuesIn(this.schema, change.old, schema, target)
          : undefined,
    });
  }

  /** Validates the changed node, or every instance of a changed leaf-list or keyless list, as it is now. */
  #revalidate(path: InstancePath, schema: DataSchemaNode): void {
    const last = path[path.length - 1];
    const parent = this.#navigator.locate(path.slice(0, -1));
    if (parent?.inner === undefined) return;
    const index = slotTableOf(parent.inner.schema).indexOf.get(schema);
    if (index === undefined) return;
    if (schema.kind === 'leaf-list' || (schema.kind === 'list' && last?.keys === undefined)) {
      for (const node of this.#navigator.slotNodes(parent, index)) this.validator.validateSubtree(node);
      this.validator.checkDistinct(parent, schema);
      return;
    }
    const node = this.#navigator.locate(path);
    if (node !== undefined) this.validator.validateSubtree(node);
  }

  /** When the change switched a choice to another case, validates and widens to the whole choice. */
  #caseSwitch(path: InstancePath, schema: DataSchemaNode): void {
    const chain = caseChainOf(schema);
    if (chain.length === 0) return;
    const parentPath = path.slice(0, -1);
    const before = resolveInstancePath(this.before, parentPath) as InstanceNode | undefined;
    const parent = this.#navigator.locate(parentPath);
    if (before === undefined || parent?.inner === undefined) return;
    const table = slotTableOf(parent.inner.schema);
    for (const caseNode of chain) {
      const choice = caseNode.parent;
      if (choice?.kind !== 'choice') continue;
      if (storedCaseOf(table, before.slots, choice) === storedCaseOf(table, parent.inner.slots, choice)) continue;
      this.validator.checkChildren(parent);
      for (const slot of slotsInChoice(table, choice)) {
        const member = table.nodes[slot] as DataSchemaNode;
        for (const node of this.#navigator.slotNodes(parent, slot)) this.validator.validateSubtree(node);
        const regionPath = [...parentPath, { schema: member }];
        this.#enqueue({ path: regionPath, schema: member, deep: true, kind: 'widen', oldValues: undefined });
      }
    }
  }

  /** Re-runs every check that depends on queued regions, until no region is left. */
  drain(): void {
    while (this.#queue.length > 0) {
      const region = this.#queue.shift() as Region;
      const dependencies = region.deep
        ? this.index.subtreeDependencies(region.schema)
        : this.index.dependenciesOf(region.schema);
      for (const dependency of dependencies) {
        const anchorIndex =
          dependency.anchor === this.schema ? -1 : region.path.findIndex((step) => step.schema === dependency.anchor);
        // An anchor below the region: those instances are inside it and were validated with it.
        if (dependency.anchor !== this.schema && anchorIndex < 0) continue;
        if (dependency.check.kind === 'unique') {
          // Every touched entry is noted (the index needs them all); the check runs if one change can break it.
          this.#pendUnique(dependency.check, region, anchorIndex, canBreak(dependency, region.kind));
          continue;
        }
        if (!canBreak(dependency, region.kind)) continue;
        let values: readonly YangValue[] | undefined;
        if (dependency.target && region.oldValues !== undefined) {
          values = region.oldValues(dependency.read);
          if (values.length === 0) continue;
        }
        this.runAt(dependency.check, region.path.slice(0, anchorIndex + 1), values);
      }
    }
  }

  /** Notes which entries of which list a `unique` check must look at (all when the region is not inside one entry). */
  #pendUnique(check: UniqueCheck, region: Region, anchorIndex: number, needed: boolean): void {
    const base = region.path.slice(0, anchorIndex + 1);
    const key = `${check.id} ${pathText(base)}`;
    const next = region.path[anchorIndex + 1];
    const entry =
      next?.schema === check.target && next.keys !== undefined ? entryKeyOf(check.target, next.keys) : undefined;
    const known = this.#uniques.get(key) ?? { check, base, changed: new Set<string>(), needed: false };
    const changed = entry === undefined || known.changed === 'all' ? 'all' : known.changed.add(entry);
    this.#uniques.set(key, { ...known, changed, needed: known.needed || needed });
  }

  /** Runs the pending `unique` checks, on the changed entries only where it can. */
  uniques(): void {
    for (const { check, base, changed, needed } of this.#uniques.values()) {
      if (!needed) continue;
      const node = this.#navigator.locate(base);
      if (node === undefined) continue;
      if (changed === 'all') {
        this.validator.runChildrenCheck(check, node);
        continue;
      }
      const before = resolveInstancePath(this.before, [...base, { schema: check.target }]) as ListInstance | undefined;
      this.validator.runUniqueAfterChange(check, node, before, changed);
    }
  }

  /** Runs `check` on all its instances below the node at `base` (those holding one of `values`, if given). */
  runAt(check: Check, base: InstancePath, values: readonly YangValue[] | undefined): void {
    const baseNode = this.#navigator.locate(base);
    if (baseNode === undefined) return;
    const anchor: DataLevel = base.length === 0 ? this.schema : (base[base.length - 1]?.schema as DataSchemaNode);
    const matches = (node: AccessibleNode): boolean =>
      values === undefined || values.some((value) => yangValuesEqual(value, node.value as YangValue));
    switch (check.kind) {
      case 'mandatory':
      case 'min-max':
      case 'unique':
        this.#forEach(baseNode, dataChainBelow(this.schema, anchor, check.parent), (node) =>
          this.validator.runChildrenCheck(check, node),
        );
        return;
      case 'when': {
        const parent = dataParentOf(this.schema, check.node);
        if (anchor === check.node) {
          if (baseNode.parent !== undefined) this.#whenAt(check, baseNode.parent);
          return;
        }
        this.#forEach(baseNode, dataChainBelow(this.schema, anchor, parent), (node) => this.#whenAt(check, node));
        return;
      }
      default: {
        const chain = dataChainBelow(this.schema, anchor, check.node);
        const visit = (node: AccessibleNode): void => {
          if (matches(node)) this.validator.runNodeCheck(check, node);
        };
        this.#forEach(baseNode, chain, visit, values === undefined ? undefined : this.#holdsOneOf(check.node, values));
      }
    }
  }

  /** The `when` of `check.node` below `parent`: stored instances are checked, implicit ones may come and go. */
  #whenAt(check: Extract<Check, { kind: 'when' }>, parent: AccessibleNode): void {
    if (parent.inner === undefined) return;
    const index = slotTableOf(parent.inner.schema).indexOf.get(check.node);
    if (index === undefined) return;
    for (const node of this.#navigator.slotNodes(parent, index)) {
      if (node.implicit) this.validator.validateSubtree(node);
      else this.validator.runNodeCheck(check, node);
    }
    if (parent.inner.slots[index] === undefined && canBeImplicit(this.schema, check.node)) {
      const path = [...instancePathOf(parent), { schema: check.node }];
      this.#enqueue({ path, schema: check.node, deep: true, kind: 'widen', oldValues: undefined });
    }
  }

  /** Calls `visit` on every instance reached from `node` along `chain` (list entries one at a time). */
  #forEach(
    node: AccessibleNode,
    chain: readonly DataSchemaNode[],
    visit: (node: AccessibleNode) => void,
    prefilter?: (entry: InstanceNode) => boolean,
  ): void {
    const [first, ...rest] = chain;
    if (first === undefined) {
      visit(node);
      return;
    }
    if (node.inner === undefined || (this.validator.configOnly && !first.config)) return;
    const index = slotTableOf(node.inner.schema).indexOf.get(first);
    if (index === undefined) return;
    const stored = node.inner.slots[index];
    if (first.kind === 'list' && stored !== undefined) {
      // A value filter on a leaf of the entries is applied before any navigator node is made.
      const filter = rest.length === 1 ? prefilter : undefined;
      for (const [key, entry] of (stored as ListInstance).entries) {
        if (filter !== undefined && !filter(entry)) continue;
        const entryNode = this.#navigator.entryNode(node, index, entry, key);
        this.#forEach(entryNode, rest, visit, prefilter);
        this.#navigator.release(entryNode);
      }
      return;
    }
    for (const child of this.#navigator.slotNodes(node, index)) this.#forEach(child, rest, visit, prefilter);
  }

  /** Whether an entry's `leaf` (stored, else its default) holds one of `values`. */
  #holdsOneOf(leaf: DataSchemaNode, values: readonly YangValue[]): (entry: InstanceNode) => boolean {
    const fallback: readonly YangValue[] =
      leaf.kind === 'leaf'
        ? [leafDefault(this.schema, leaf)].filter((value) => value !== undefined)
        : leaf.kind === 'leaf-list'
          ? leafListDefaults(this.schema, leaf)
          : [];
    let index: number | undefined;
    return (entry) => {
      index ??= slotTableOf(entry.schema).indexOf.get(leaf);
      if (index === undefined) return true;
      const stored = entry.slots[index];
      const held: readonly YangValue[] =
        stored === undefined
          ? fallback
          : leaf.kind === 'leaf-list'
            ? (stored as LeafListValues)
            : [stored as YangValue];
      return held.some((value) => values.some((wanted) => yangValuesEqual(value, wanted)));
    };
  }

  /** Checks whose reads cannot be bounded run on all their instances. */
  globals(): void {
    for (const check of this.index.global) this.runAt(check, [], undefined);
  }
}

const pathText = (path: InstancePath): string =>
  path
    .map(
      (step) =>
        `${step.schema.module}:${step.schema.name}${JSON.stringify(step.keys ?? step.value ?? null, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))}`,
    )
    .join('/');

/** The errors of {@link validateChange} and how many checks it ran (for tests of its incrementality). */
export const validateChangeCounting = (
  before: DataTree,
  after: DataTree,
  diff: DataDiff,
  options: ValidationOptions = {},
): { readonly errors: ManagementError[]; readonly checksRun: number } => {
  if (diff.changes.length === 0) return { errors: [], checksRun: 0 };
  const run = new ChangeValidation(before, after, options);
  for (const change of diff.changes) run.change(change);
  run.drain();
  run.uniques();
  run.globals();
  return { errors: run.validator.errors, checksRun: run.validator.checksRun };
};

/**
 * Every violation that the change from `before` to `after` can cause: the same verdicts as
 * `validateTree(after)` whenever `before` is valid. @see RFC 7950 §8.3.3
 */
export const validateChange = (
  before: DataTree,
  after: DataTree,
  diff: DataDiff,
  options: ValidationOptions = {},
): ManagementError[] => validateChangeCounting(before, after, diff, options).errors;
