/**
 * @module data/validation/dependency-index
 * For every check of a schema, the schema nodes it reads and their anchors, indexed by the read
 * node (cached per SchemaTree). A change to instances of a node re-runs only the checks that
 * read it, and only on their instances below the changed node's anchor instance.
 * @see RFC 7950 §8.3.3 (validation of the resulting datastore)
 */
import type { LeafNode, SchemaTree } from '../../yang/index.ts';
import type { DataSchemaNode } from '../instance/index.ts';
import { slotTableOf } from '../instance/index.ts';
import type { Check, CheckCatalogue, LeafrefCheck } from './check-catalogue.ts';
import { checkCatalogueOf } from './check-catalogue.ts';
import type { DataLevel } from './schema-walk.ts';
import { ancestorAtDepth, dataChainBelow, dataParentOf, depthOf, slotsInChoice } from './schema-walk.ts';
import type { WhenCondition } from './when-conditions.ts';
import type { ReadAnalysis, SchemaRead } from './xpath-reads.ts';
import { analyzeReads } from './xpath-reads.ts';

/** A check that reads a node, with the anchor its instances are found under. */
export interface Dependency {
  readonly check: Check;
  readonly anchor: DataLevel;
  /**
   * True for the target of a leafref: only a removed or changed target value can break the
   * reference (creations cannot), and only for referrers holding that value.
   */
  readonly target: boolean;
  /** The node read. */
  readonly read: DataSchemaNode;
}

/** The dependency index of a schema. */
export interface DependencyIndex {
  readonly catalogue: CheckCatalogue;
  /** Checks whose reads cannot be bounded: re-run everywhere on any change. */
  readonly global: readonly Check[];
  /** The dependencies on `node` itself. */
  dependenciesOf(node: DataSchemaNode): readonly Dependency[];
  /** The dependencies on `node` or any node below it. */
  subtreeDependencies(node: DataSchemaNode): readonly Dependency[];
}

const whenReads = (schema: SchemaTree, conditions: readonly WhenCondition[], node: DataLevel): ReadAnalysis => {
  const reads: SchemaRead[] = [];
  for (const condition of conditions) {
    const context = condition.onParent && node !== schema ? dataParentOf(schema, node as DataSchemaNode) : node;
    const found = analyzeReads(schema, condition.xpath, context);
    if (found === 'global') return 'global';
    reads.push(...found);
  }
  return reads;
};

/** Reads of a leafref: the target (value-filtered), predicate keys and `current()/…` nodes. */
const leafrefReads = (schema: SchemaTree, check: LeafrefCheck): (SchemaRead & { target: boolean })[] => {
  const { node, path } = check;
  const depth = depthOf(schema, node);
  let ups = 0;
  for (const step of path.steps) if ('up' in step) ups++;
  const anchor = path.absolute ? schema : ancestorAtDepth(schema, node, Math.max(0, depth - ups));
  const reads: (SchemaRead & { target: boolean })[] = [{ node: path.target, anchor, target: true }];
  for (const step of path.steps) {
    if ('up' in step) continue;
    for (const predicate of step.predicates) {
      reads.push({ node: predicate.key, anchor, target: false });
      const currentAnchor = ancestorAtDepth(schema, node, Math.max(0, depth - predicate.value.ups));
      for (const read of predicate.value.steps) reads.push({ node: read, anchor: currentAnchor, target: false });
    }
  }
  return reads;
};

const readsOf = (schema: SchemaTree, check: Check): readonly (SchemaRead & { target?: boolean })[] | 'global' => {
  switch (check.kind) {
    case 'must':
      return analyzeReads(schema, check.xpath, check.node);
    case 'when':
      return whenReads(schema, check.conditions, check.node);
    case 'leafref':
      return leafrefReads(schema, check);
    case 'instance-identifier':
      return 'global';
    case 'mandatory':
    case 'min-max':
    case 'unique': {
      const { parent, target } = check;
      const reads: SchemaRead[] = [];
      if (target.kind === 'choice') {
        const { nodes } = slotTableOf(parent);
        for (const index of slotsInChoice(slotTableOf(parent), target)) {
          reads.push({ node: nodes[index] as DataSchemaNode, anchor: parent });
        }
      } else {
        reads.push({ node: target, anchor: parent });
      }
      if (check.kind === 'unique') {
        for (const leaves of check.target.unique) {
          for (const leaf of leaves as readonly LeafNode[]) {
            for (const step of dataChainBelow(schema, check.target, leaf)) reads.push({ node: step, anchor: parent });
          }
        }
        return reads;
      }
      const whens = whenReads(schema, check.whens, target.kind === 'choice' ? parent : target);
      return whens === 'global' ? 'global' : [...reads, ...whens];
    }
  }
};

const INDEXES = new WeakMap<SchemaTree, DependencyIndex>();

const build = (schema: SchemaTree): DependencyIndex => {
  const catalogue = checkCatalogueOf(schema);
  const byRead = new Map<DataSchemaNode, Dependency[]>();
  const global: Check[] = [];
  for (const check of catalogue.checks) {
    const reads = readsOf(schema, check);
    if (reads === 'global') {
      global.push(check);
      continue;
    }
    for (const read of reads) {
      const target = read.target === true;
      let list = byRead.get(read.node);
      if (list === undefined) {
        list = [];
        byRead.set(read.node, list);
      }
      if (!list.some((known) => known.check === check && known.anchor === read.anchor && known.target === target))
        list.push({ check, anchor: read.anchor, target, read: read.node });
    }
  }
  const subtree = new Map<DataSchemaNode, readonly Dependency[]>();
  const subtreeDependencies = (node: DataSchemaNode): readonly Dependency[] => {
    let found = subtree.get(node);
    if (found === undefined) {
      const all: Dependency[] = [...(byRead.get(node) ?? [])];
      if (node.kind === 'container' || node.kind === 'list') {
        for (const child of slotTableOf(node).nodes) all.push(...subtreeDependencies(child));
      }
      found = all;
      subtree.set(node, found);
    }
    return found;
  };
  return { catalogue, global, dependenciesOf: (node) => byRead.get(node) ?? [], subtreeDependencies };
};

/** The (cached) dependency index of `schema`. */
export const dependencyIndexOf = (schema: SchemaTree): DependencyIndex => {
  let index = INDEXES.get(schema);
  if (index === undefined) {
    index = build(schema);
    INDEXES.set(schema, index);
  }
  return index;
};
