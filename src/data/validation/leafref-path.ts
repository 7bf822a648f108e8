/**
 * @module data/validation/leafref-path
 * Leafref paths resolved against the schema once, then followed over the accessible tree:
 * list steps whose predicates give every key, and a final step to the single key of a list,
 * become keyed lookups (O(log n)) instead of scans.
 * @see RFC 7950 §9.9.2 (path), §9.9.3 (require-instance)
 */
import type { Step, XPathExpression } from '../../xpath/index.ts';
import type { LeafListNode, LeafNode, LeafrefTypeSpec, SchemaTree, YangValue } from '../../yang/index.ts';
import { yangValuesEqual } from '../../yang/index.ts';
import type {
  AccessibleNode,
  DataSchemaNode,
  InstanceNavigator,
  InstanceNode,
  ListInstance,
} from '../instance/index.ts';
import { findEntry, isDataSchemaNode, slotTableOf } from '../instance/index.ts';
import type { CompiledXPath } from './compiled-xpath.ts';
import { compilePath } from './compiled-xpath.ts';
import type { DataLevel } from './schema-walk.ts';
import { dataParentOf } from './schema-walk.ts';

/** `current()/../a/b`: up steps from the leafref node, then data children. */
interface CurrentPath {
  readonly ups: number;
  readonly steps: readonly DataSchemaNode[];
}

/** `[key = current()/…]` of a list step. */
interface KeyPredicate {
  readonly key: LeafNode;
  readonly value: CurrentPath;
}

type PathStep =
  | { readonly up: true }
  | { readonly child: DataSchemaNode; readonly predicates: readonly KeyPredicate[] };

/** A leafref's path, resolved. */
export interface LeafrefPath {
  readonly node: LeafNode | LeafListNode;
  readonly absolute: boolean;
  readonly steps: readonly PathStep[];
  /** The path as an expression, for dependency analysis. */
  readonly xpath: CompiledXPath;
  readonly target: LeafNode | LeafListNode;
}

interface Resolver {
  readonly schema: SchemaTree;
  readonly prefixes: ReadonlyMap<string, string>;
  readonly defaultModule: string;
}

const childNamed = (resolver: Resolver, level: DataLevel, step: Step): DataSchemaNode | undefined => {
  if (step.axis !== 'child' || step.test.kind !== 'name-test') return undefined;
  const { prefix, localName } = step.test;
  if (!('dataChildIndex' in level)) return undefined;
  const module = prefix === undefined ? resolver.defaultModule : resolver.prefixes.get(prefix);
  // A path written in a submodule may use prefixes of the submodule's own imports: fall back to the local name.
  const found = level.dataChildIndex.get(module === undefined ? localName : `${module}:${localName}`);
  return found !== undefined && isDataSchemaNode(found) ? found : undefined;
};

const isUp = (step: Step): boolean => step.axis === 'parent' && step.test.kind === 'type-test';

const resolveCurrentPath = (resolver: Resolver, start: DataLevel, expression: XPathExpression) => {
  if (expression.kind !== 'filter-path') return undefined;
  const { filter } = expression;
  if (filter.kind !== 'function' || filter.name !== 'current' || filter.args.length > 0) return undefined;
  let level = start;
  let ups = 0;
  const steps: DataSchemaNode[] = [];
  for (const step of expression.steps) {
    if (isUp(step) && steps.length === 0) {
      if (level === resolver.schema) return undefined;
      level = dataParentOf(resolver.schema, level as DataSchemaNode);
      ups++;
      continue;
    }
    const child = childNamed(resolver, level, step);
    if (child === undefined || step.predicates.length > 0) return undefined;
    steps.push(child);
    level = child;
  }
  return { ups, steps };
};

const resolvePredicate = (
  resolver: Resolver,
  node: DataSchemaNode,
  list: DataSchemaNode,
  predicate: XPathExpression,
) => {
  if (predicate.kind !== 'binary' || predicate.operator !== '=' || list.kind !== 'list') return undefined;
  const { left, right } = predicate;
  if (left.kind !== 'path' || left.absolute || left.steps.length !== 1) return undefined;
  const key = childNamed(resolver, list, left.steps[0] as Step);
  if (key?.kind !== 'leaf' || !key.isKey) return undefined;
  const value = resolveCurrentPath(resolver, node, right);
  return value === undefined ? undefined : { key, value };
};

/** Resolves the path of a leafref type on `node`; undefined when it does not fit the path grammar. */
export const resolveLeafrefPath = (
  schema: SchemaTree,
  node: LeafNode | LeafListNode,
  type: LeafrefTypeSpec,
): LeafrefPath | undefined => {
  const xpath = compilePath(schema, type.path, type.pathModule, node.module);
  const expression = xpath.expression;
  if (expression?.kind !== 'path') return undefined;
  const resolver: Resolver = { schema, prefixes: xpath.prefixes, defaultModule: node.module };
  let level: DataLevel = expression.absolute ? schema : node;
  const steps: PathStep[] = [];
  for (const step of expression.steps) {
    if (isUp(step)) {
      if (level === schema || step.predicates.length > 0) return undefined;
      level = dataParentOf(schema, level as DataSchemaNode);
      steps.push({ up: true });
      continue;
    }
    const child = childNamed(resolver, level, step);
    if (child === undefined) return undefined;
    const predicates: KeyPredicate[] = [];
    for (const predicate of step.predicates) {
      const resolved = resolvePredicate(resolver, node, child, predicate);
      if (resolved === undefined) return undefined;
      predicates.push(resolved);
    }
    steps.push({ child, predicates });
    level = child;
  }
  if (!('kind' in level) || (level.kind !== 'leaf' && level.kind !== 'leaf-list')) return undefined;
  return { node, absolute: expression.absolute, steps, xpath, target: level };
};

const slotIndex = (parent: AccessibleNode, child: DataSchemaNode): number | undefined =>
  parent.inner === undefined ? undefined : slotTableOf(parent.inner.schema).indexOf.get(child);

/** The value at `current()/…` from the leafref node, or undefined when absent. */
const currentValue = (navigator: InstanceNavigator, from: AccessibleNode, path: CurrentPath): YangValue | undefined => {
  let node: AccessibleNode | undefined = from;
  for (let up = 0; up < path.ups; up++) node = node?.parent;
  for (const child of path.steps) {
    if (node === undefined) return undefined;
    const index = slotIndex(node, child);
    node = index === undefined ? undefined : navigator.slotNodes(node, index)[0];
  }
  return node === undefined || node.inner !== undefined ? undefined : (node.value as YangValue);
};

const entryByKeys = (
  navigator: InstanceNavigator,
  parent: AccessibleNode,
  index: number,
  keys: readonly YangValue[],
): AccessibleNode[] => {
  const list = (parent.inner as InstanceNode).slots[index] as ListInstance | undefined;
  const entry = list === undefined ? undefined : findEntry(list, keys);
  return entry === undefined ? [] : [navigator.entryNode(parent, index, entry)];
};

/** The nodes a list step selects below `parent`: by key when every key is given, else filtered. */
const listStep = (
  navigator: InstanceNavigator,
  leaf: AccessibleNode,
  parent: AccessibleNode,
  index: number,
  step: { readonly child: DataSchemaNode; readonly predicates: readonly KeyPredicate[] },
): AccessibleNode[] => {
  const { child, predicates } = step;
  const values = predicates.map((predicate) => currentValue(navigator, leaf, predicate.value));
  if (values.some((value) => value === undefined)) return [];
  if (
    child.kind === 'list' &&
    child.keys.length > 0 &&
    child.keys.every((key) => predicates.some((p) => p.key === key))
  ) {
    const keys = child.keys.map((key) => values[predicates.findIndex((p) => p.key === key)] as YangValue);
    return entryByKeys(navigator, parent, index, keys);
  }
  return navigator.slotNodes(parent, index).filter((entry) =>
    predicates.every((predicate, position) => {
      const keyIndex = slotIndex(entry, predicate.key);
      const keyNode = keyIndex === undefined ? undefined : navigator.slotNodes(entry, keyIndex)[0];
      return keyNode !== undefined && yangValuesEqual(keyNode.value as YangValue, values[position] as YangValue);
    }),
  );
};

/** True when step `position` is a list without predicates whose single key is the path's target. */
const isKeyLookup = (path: LeafrefPath, position: number): boolean => {
  const step = path.steps[position] as PathStep;
  if (position !== path.steps.length - 2 || 'up' in step || step.child.kind !== 'list') return false;
  return step.predicates.length === 0 && step.child.keys.length === 1 && step.child.keys[0] === path.target;
};

/**
 * The instances of the path's target below the leafref node `leaf` whose value is `value`
 * (every instance when `value` is undefined). @see RFC 7950 §9.9
 */
export const followLeafref = (
  navigator: InstanceNavigator,
  path: LeafrefPath,
  leaf: AccessibleNode,
  value: YangValue | undefined,
): AccessibleNode[] => {
  let nodes: AccessibleNode[] = [path.absolute ? navigator.rootNode : leaf];
  for (let position = 0; position < path.steps.length && nodes.length > 0; position++) {
    const step = path.steps[position] as PathStep;
    if ('up' in step) {
      nodes = nodes.flatMap((node) => (node.parent === undefined ? [] : [node.parent]));
      continue;
    }
    // `…/list/key` with the single key as target: look the entry up instead of scanning the list.
    if (value !== undefined && isKeyLookup(path, position)) return lookupKeyTarget(navigator, nodes, step.child, value);
    const next: AccessibleNode[] = [];
    for (const node of nodes) {
      const index = slotIndex(node, step.child);
      if (index === undefined) continue;
      for (const found of listStep(navigator, leaf, node, index, step)) next.push(found);
    }
    nodes = next;
  }
  return value === undefined
    ? nodes
    : nodes.filter((node) => node.inner === undefined && yangValuesEqual(node.value as YangValue, value));
};

/** The key leaf of the entry whose single key is `value`, in each of `parents`' `list`. */
const lookupKeyTarget = (
  navigator: InstanceNavigator,
  parents: readonly AccessibleNode[],
  list: DataSchemaNode,
  value: YangValue,
): AccessibleNode[] => {
  const found: AccessibleNode[] = [];
  for (const parent of parents) {
    const index = slotIndex(parent, list);
    if (index === undefined) continue;
    for (const entry of entryByKeys(navigator, parent, index, [value])) {
      const keyNode = navigator.slotNodes(entry, 0)[0];
      if (keyNode !== undefined) found.push(keyNode);
    }
  }
  return found;
};
