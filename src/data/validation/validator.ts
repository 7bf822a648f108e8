/**
 * @module data/validation/validator
 * One validation run over one tree: walks the accessible tree (stored and implicit nodes),
 * runs the node checks of every instance and the children checks of every inner instance,
 * and collects every violation. The incremental validator drives the same checks on chosen
 * instances only, with each (check, instance) run at most once.
 * @see RFC 7950 §8 (constraints), §6.4.1 (accessible tree)
 */
import type { ManagementError } from '../../errors/index.ts';
import type {
  LeafListNode,
  LeafNode,
  SchemaTree,
  TypeCheckFailure,
  ValueContext,
  YangValue,
} from '../../yang/index.ts';
import { checkValue, isInstanceIdentifier, toCanonical } from '../../yang/index.ts';
import { jsonValueContext } from '../codec/json/index.ts';
import type {
  AccessibleNode,
  DataSchemaNode,
  DataTree,
  InstanceNode,
  InstancePath,
  LeafListValues,
  ListEntry,
  ListInstance,
} from '../instance/index.ts';
import { entryKeyOf, InstanceNavigator, instancePathOf, keyValuesOf, slotTableOf } from '../instance/index.ts';
import type { CheckCatalogue, ChildrenCheck, NodeCheck, UniqueCheck } from './check-catalogue.ts';
import { checkCatalogueOf } from './check-catalogue.ts';
import type { CheckContext } from './check-context.ts';
import { casesInUse, runChildrenCheck } from './children-checks.ts';
import { evaluateCondition } from './compiled-xpath.ts';
import { instanceIdentifierTargets } from './instance-identifier-target.ts';
import { followLeafref } from './leafref-path.ts';
import { checkUnique, checkUniqueAfterChange } from './unique-check.ts';
import {
  instanceRequiredError,
  mustError,
  stateDataError,
  structureError,
  typeError,
  whenError,
} from './validation-errors.ts';
import { valueProblem } from './value-checks.ts';
import type { WhenCondition } from './when-conditions.ts';

/** What is validated. @see RFC 7950 §6.4.1, RFC 8342 */
export interface ValidationOptions {
  /** `config` (default): the tree is configuration, its accessible tree config only; `data`: config and state. */
  readonly type?: 'config' | 'data';
}

/** The state of one validation run. */
export class Validator implements CheckContext {
  readonly schema: SchemaTree;
  readonly catalogue: CheckCatalogue;
  readonly navigator: InstanceNavigator;
  /** True for a configuration tree: state nodes are errors and every expression sees config only. */
  readonly configOnly: boolean;
  readonly errors: ManagementError[] = [];
  /** How many node and children checks ran (`when`, `must`, references, mandatory, min/max, unique). */
  checksRun = 0;
  /** In an incremental run, the (check, instance) pairs already run. */
  readonly #done: Set<string> | undefined;
  /**
   * In an incremental run, the roots of the subtrees validated so far (path keys). A node below
   * one of them was validated with it; only the roots are kept, so that validating a created
   * subtree of a million nodes keeps no key per node.
   */
  readonly #subtrees: Set<string> | undefined;

  constructor(root: DataTree, options: ValidationOptions = {}, incremental = false) {
    this.schema = root.schema;
    this.configOnly = options.type !== 'data';
    this.catalogue = checkCatalogueOf(root.schema);
    this.#done = incremental ? new Set() : undefined;
    this.#subtrees = incremental ? new Set() : undefined;
    this.navigator = new InstanceNavigator(root, {
      hasWhen: (schema) => this.catalogue.nodeChecks(schema).when !== undefined,
      implicitWhenHolds: (node) => {
        const when = this.catalogue.nodeChecks(node.schema as DataSchemaNode).when;
        return when === undefined || this.whenHolds(node, when.conditions);
      },
      deref: (node) => this.#deref(node),
    });
  }

  /** True the first time a key is seen in an incremental run (always true in a full run). */
  firstTime(key: () => string): boolean {
    if (this.#done === undefined) return true;
    const text = key();
    if (this.#done.has(text)) return false;
    this.#done.add(text);
    return true;
  }

  /** Runs `evaluate` with the view of a node of config `config`. */
  inView<T>(config: boolean, evaluate: () => T): T {
    const saved = this.navigator.configOnly;
    this.navigator.configOnly = this.configOnly || config;
    try {
      return evaluate();
    } finally {
      this.navigator.configOnly = saved;
    }
  }

  /** Whether every condition holds for `node` (a real or dummy node). @see RFC 7950 §7.21.5 */
  whenHolds(node: AccessibleNode, conditions: readonly WhenCondition[], config = node.schema?.config ?? true): boolean {
    return this.inView(config, () =>
      conditions.every((condition) => {
        const context = condition.onParent ? (node.parent ?? this.navigator.rootNode) : node;
        return evaluateCondition(condition.xpath, this.navigator, context);
      }),
    );
  }

  #deref(node: AccessibleNode): readonly AccessibleNode[] {
    const { schema, value } = node;
    if (schema?.kind !== 'leaf' && schema?.kind !== 'leaf-list') return [];
    const reference = this.catalogue.nodeChecks(schema).reference;
    if (reference?.kind === 'leafref') return followLeafref(this.navigator, reference.path, node, value as YangValue);
    if (value !== undefined && isInstanceIdentifier(value as YangValue)) {
      return instanceIdentifierTargets(this.navigator, value as never);
    }
    return [];
  }

  report(error: ManagementError): void {
    this.errors.push(error);
  }

  /** Validates `node` and everything below it (once per incremental run). */
  validateSubtree(node: AccessibleNode): void {
    const subtrees = this.#subtrees;
    if (subtrees !== undefined && node.schema !== undefined) {
      if (this.#insideValidatedSubtree(node)) return;
      subtrees.add(pathKey(node));
    }
    // Subtrees validated before may lie below this one: then each node is looked up on the way.
    this.#validateBelow(node, subtrees !== undefined && subtrees.size > 1);
  }

  /** Whether `node` or one of its ancestors is the root of a subtree validated in this run. */
  #insideValidatedSubtree(node: AccessibleNode): boolean {
    const subtrees = this.#subtrees;
    if (subtrees === undefined || subtrees.size === 0) return false;
    for (let current: AccessibleNode | undefined = node; current?.schema !== undefined; current = current.parent) {
      if (subtrees.has(pathKey(current))) return true;
    }
    return false;
  }

  #validateBelow(node: AccessibleNode, lookUp: boolean): void {
    this.checkNode(node);
    const { inner } = node;
    if (inner === undefined) return;
    this.checkChildren(node);
    // For error paths only: one closure per inner node, shared by its terminals and plain lists.
    const nodeOf = (): AccessibleNode => node;
    const { nodes } = slotTableOf(inner.schema);
    for (let index = 0; index < nodes.length; index++) {
      const child = nodes[index] as DataSchemaNode;
      const stored = inner.slots[index];
      if (this.configOnly && !child.config) {
        if (stored !== undefined) this.reportStateData(node, child);
        continue;
      }
      if (child.kind === 'list' && stored !== undefined) {
        if (!lookUp && this.catalogue.plainBelow(child)) {
          for (const [key, entry] of (stored as ListInstance).entries)
            this.#validatePlainEntry(nodeOf, index, entry, key);
          continue;
        }
        for (const [key, entry] of (stored as ListInstance).entries) {
          const entryNode = this.navigator.entryNode(node, index, entry, key);
          this.#validateChild(entryNode, lookUp);
          this.navigator.release(entryNode);
        }
        continue;
      }
      if (child.kind === 'leaf-list' && stored !== undefined && child.config) this.checkDistinct(node, child);
      if (child.kind !== 'container' && child.kind !== 'list' && !this.catalogue.hasNodeChecks(child)) {
        // Without checks of their own, terminals need no navigator nodes; defaults are valid values.
        if (stored !== undefined) this.#checkTerminal(nodeOf, child, stored);
        continue;
      }
      for (const childNode of this.navigator.slotNodes(node, index)) this.#validateChild(childNode, lookUp);
    }
  }

  #validateChild(node: AccessibleNode, lookUp: boolean): void {
    if (lookUp && this.#subtrees?.has(pathKey(node)) === true) return;
    this.#validateBelow(node, lookUp);
  }

  /**
   * Validates one entry of a list whose subtree has no checks but its values' types
   * (`plainBelow`), as {@link #validateBelow} would, without a navigator node per entry and
   * container: those are made (from `parentOf`, the entry's parent) only to report an error.
   */
  #validatePlainEntry(parentOf: () => AccessibleNode, index: number, entry: ListEntry, key: string): void {
    let made: AccessibleNode | undefined;
    const nodeOf = (): AccessibleNode => {
      made ??= this.navigator.entryNode(parentOf(), index, entry, key);
      return made;
    };
    if (entry.schema.keys.length > 0 && !keysAgree(entry, key)) this.#checkKeys(nodeOf());
    this.#validatePlainInner(entry, nodeOf);
    if (made !== undefined) this.navigator.release(made);
  }

  /** The children of an instance below a {@link #validatePlainEntry}; `nodeOf` makes its navigator node. */
  #validatePlainInner(inner: InstanceNode, nodeOf: () => AccessibleNode): void {
    const { nodes } = slotTableOf(inner.schema);
    for (let index = 0; index < nodes.length; index++) {
      const stored = inner.slots[index];
      if (stored === undefined) continue;
      const child = nodes[index] as DataSchemaNode;
      if (this.configOnly && !child.config) {
        this.reportStateData(nodeOf(), child);
        continue;
      }
      switch (child.kind) {
        case 'list':
          for (const [key, entry] of (stored as ListInstance).entries)
            this.#validatePlainEntry(nodeOf, index, entry, key);
          break;
        case 'container':
          this.#validatePlainInner(
            stored as InstanceNode,
            () => this.navigator.slotNodes(nodeOf(), index)[0] as AccessibleNode,
          );
          break;
        case 'leaf-list':
          if (child.config && (stored as LeafListValues).length > 1) this.checkDistinct(nodeOf(), child);
          this.#checkTerminal(nodeOf, child, stored);
          break;
        default:
          this.#checkTerminal(nodeOf, child, stored);
      }
    }
  }

  /** Checks the stored values of a leaf or leaf-list against its type. @see RFC 7950 §9 */
  #checkTerminal(parentOf: () => AccessibleNode, schema: DataSchemaNode, stored: unknown): void {
    // A leaf's value is checked without a path made for it: the path is made only for an error.
    if (schema.kind === 'leaf') {
      if (this.#valueFault(schema, stored as YangValue) !== undefined)
        this.#checkValue(schema, stored as YangValue, () => [...instancePathOf(parentOf()), { schema }]);
      return;
    }
    if (schema.kind !== 'leaf-list') return;
    for (const value of stored as LeafListValues) {
      this.#checkValue(schema, value, () => [...instancePathOf(parentOf()), { schema, value }]);
    }
  }

  /** The JSON value context of the module checked last, kept at hand (leaves of one module follow each other). */
  #contextModule: string | undefined;
  #context: ValueContext | undefined;

  #contextOf(module: string): ValueContext {
    if (this.#context === undefined || this.#contextModule !== module) {
      this.#context = jsonValueContext(this.schema, module);
      this.#contextModule = module;
    }
    return this.#context;
  }

  /** What is wrong with one value for its type (the codec's failure or a problem needing the schema), or undefined. */
  #valueFault(schema: LeafNode | LeafListNode, value: YangValue): TypeCheckFailure | string | undefined {
    return (
      checkValue(schema.type, value, this.#contextOf(schema.module)) ?? valueProblem(this.schema, schema.type, value)
    );
  }

  /** Checks one value against its type, and what its type needs the schema for. @see RFC 7950 §9 */
  #checkValue(schema: LeafNode | LeafListNode, value: YangValue, path: () => InstancePath): void {
    const fault = this.#valueFault(schema, value);
    if (fault === undefined) return;
    this.report(typeError(path(), typeof fault === 'string' ? { kind: 'type-check-failure', message: fault } : fault));
  }

  /** Reports stored state data below `parent` in a configuration tree (once per slot). @see RFC 7950 §7.21.1 */
  reportStateData(parent: AccessibleNode, child: DataSchemaNode): void {
    if (!this.firstTime(() => `state ${pathKey(parent)} ${child.module}:${child.name}`)) return;
    this.report(stateDataError([...instancePathOf(parent), { schema: child }], child));
  }

  /** Configuration leaf-lists hold each value once. @see RFC 7950 §7.7 */
  checkDistinct(parent: AccessibleNode, schema: DataSchemaNode): void {
    if (schema.kind !== 'leaf-list' || parent.inner === undefined) return;
    const index = slotTableOf(parent.inner.schema).indexOf.get(schema);
    const list = (index === undefined ? undefined : parent.inner.slots[index]) as LeafListValues | undefined;
    if (list === undefined || list.length < 2) return;
    if (!this.firstTime(() => `distinct ${pathKey(parent)} ${schema.module}:${schema.name}`)) return;
    const seen = new Set<string>();
    for (const value of list) {
      const text = canonicalOrString(schema, value);
      if (seen.has(text)) {
        const path: InstancePath = [...instancePathOf(parent), { schema, value }];
        this.report(structureError(path, `leaf-list ${schema.name} has the value "${text}" more than once`));
      }
      seen.add(text);
    }
  }

  /** The checks of one instance itself: state data, keys, when, type, references, musts. */
  checkNode(node: AccessibleNode): void {
    const { schema } = node;
    if (schema === undefined) return;
    if (schema.kind === 'list' && node.inner !== undefined && schema.keys.length > 0) this.#checkKeys(node);
    if ((schema.kind === 'leaf' || schema.kind === 'leaf-list') && !node.implicit) {
      this.#checkValue(schema, node.value as YangValue, () => instancePathOf(node));
    }
    const checks = this.catalogue.nodeChecks(schema);
    if (checks.when !== undefined && !node.implicit) this.runNodeCheck(checks.when, node);
    if (checks.reference !== undefined) this.runNodeCheck(checks.reference, node);
    for (const must of checks.musts) this.runNodeCheck(must, node);
  }

  #checkKeys(node: AccessibleNode): void {
    const entry = node.inner as ListEntry;
    const { keys } = entry.schema;
    for (let index = 0; index < keys.length; index++) {
      if (entry.slots[index] === undefined) {
        const key = keys[index];
        this.report(
          structureError(instancePathOf(node.parent as AccessibleNode), `a ${key?.name} key is missing`, true),
        );
        return;
      }
    }
    if (!keysAgree(entry, node.key)) {
      this.report(
        structureError(instancePathOf(node), `the keys of this ${entry.schema.name} entry disagree with its place`),
      );
    }
  }

  /** Runs one node check on one instance. */
  runNodeCheck(check: NodeCheck, node: AccessibleNode): void {
    if (!this.firstTime(() => `${check.id} ${pathKey(node)}`)) return;
    this.checksRun++;
    switch (check.kind) {
      case 'when':
        if (!node.implicit && !this.whenHolds(node, check.conditions)) {
          const failed = check.conditions.find((condition) => !this.whenHolds(node, [condition]));
          this.report(whenError(instancePathOf(node), failed?.xpath.text ?? ''));
        }
        return;
      case 'must': {
        const holds = this.inView(check.node.config, () => evaluateCondition(check.xpath, this.navigator, node));
        if (!holds) this.report(mustError(instancePathOf(node), check.constraint));
        return;
      }
      case 'leafref': {
        const targets = this.inView(check.node.config, () =>
          followLeafref(this.navigator, check.path, node, node.value as YangValue),
        );
        if (targets.length === 0) this.report(instanceRequiredError(instancePathOf(node), 'leafref'));
        return;
      }
      case 'instance-identifier': {
        const value = node.value as YangValue;
        const targets = isInstanceIdentifier(value)
          ? this.inView(check.node.config, () => instanceIdentifierTargets(this.navigator, value))
          : [];
        if (targets.length === 0) this.report(instanceRequiredError(instancePathOf(node), 'instance-identifier'));
        return;
      }
    }
  }

  /** The checks an inner instance makes over its children. */
  checkChildren(node: AccessibleNode): void {
    const inner = node.inner;
    if (inner === undefined) return;
    for (const check of this.catalogue.childrenChecks(inner.schema)) this.runChildrenCheck(check, node);
  }

  /**
   * Runs a `unique` check on `node` after a change that touched only the entries `changed` of
   * the list, which was `before` (the whole list when that cannot be used).
   */
  runUniqueAfterChange(
    check: UniqueCheck,
    node: AccessibleNode,
    before: ListInstance | undefined,
    changed: ReadonlySet<string>,
  ): void {
    if (this.configOnly && !check.target.config) return;
    if (node.inner === undefined || !this.firstTime(() => `${check.id} ${pathKey(node)}`)) return;
    this.checksRun++;
    const table = slotTableOf(node.inner.schema);
    if (!casesInUse(table, node.inner, check.cases)) return;
    if (!checkUniqueAfterChange(this, check, node, table, before, changed)) checkUnique(this, check, node, table);
  }

  /** Runs one children check on one inner instance. */
  runChildrenCheck(check: ChildrenCheck, node: AccessibleNode): void {
    if (this.configOnly && !check.target.config) return;
    if (!this.firstTime(() => `${check.id} ${pathKey(node)}`)) return;
    this.checksRun++;
    runChildrenCheck(this, check, node);
  }
}

/** True when `entry` has every key leaf and they agree with `key`, the entry key of its place (when known). */
const keysAgree = (entry: ListEntry, key: string | undefined): boolean => {
  const { keys } = entry.schema;
  for (let index = 0; index < keys.length; index++) if (entry.slots[index] === undefined) return false;
  const single = keys.length === 1 && typeof entry.slots[0] === 'string' && keys[0]?.type.base === 'string';
  return single ? entry.slots[0] === key : key === undefined || entryKeyOf(entry.schema, keyValuesOf(entry)) === key;
};

const canonicalOrString = (schema: DataSchemaNode, value: unknown): string => {
  try {
    return schema.kind === 'leaf' || schema.kind === 'leaf-list'
      ? toCanonical(schema.type, value as YangValue)
      : String(value);
  } catch {
    return String(value);
  }
};

/** A key for a node's position, for de-duplication in incremental runs. */
export const pathKey = (node: AccessibleNode): string => {
  let text = '';
  for (let current: AccessibleNode | undefined = node; current?.schema !== undefined; current = current.parent) {
    const part =
      current.key !== undefined
        ? `${current.schema.name}[${current.key}]`
        : current.schema.kind === 'leaf-list'
          ? `${current.schema.name}[${canonicalOrString(current.schema, current.value)}]`
          : current.schema.name;
    text = `/${current.schema.module}:${part}${text}`;
  }
  return text;
};
