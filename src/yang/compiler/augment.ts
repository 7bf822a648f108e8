/**
 * @module yang/compiler/augment
 * Top-level `augment`s: targets named by absolute schema node id (possibly nodes other augments
 * add), applied in libyang's order; nodes added in the augmenting module's namespace,
 * shorthand cases under choices, the mandatory-node rule of §7.17. As in libyang, an
 * augment whose target a false if-feature left out is disabled with it, and one disabled by its
 * own if-feature still needs its target.
 * @see RFC 7950 §7.17, §7.20.2
 */

import type { InteriorNode, SchemaNode } from '../schema/schema-node.ts';
import type { AugmentRecord } from '../schema/schema-tree.ts';
import type { Statement } from '../statement.ts';
import {
  type CompileContext,
  innerScope,
  type ModuleContext,
  report,
  type Scope,
  sub,
  subArgument,
  subs,
} from './context.ts';
import { constraintOf, recordPrunedAugment } from './draft.ts';
import { ifFeaturesHold } from './feature.ts';
import { implementationOrder } from './implementation-order.ts';
import { buildChildren } from './node-builder.ts';
import { type NodeIdStep, parseSchemaNodeId, resolveSchemaNodeId } from './schema-node-id.ts';

const AUGMENTABLE: ReadonlySet<string> = new Set([
  'container',
  'list',
  'choice',
  'case',
  'input',
  'output',
  'notification',
]);

/** True when a node is mandatory in the sense of RFC 7950 §3 ("mandatory node"). */
export const isMandatoryNode = (node: SchemaNode): boolean => {
  switch (node.kind) {
    case 'leaf':
    case 'choice':
    case 'anydata':
    case 'anyxml':
      return node.mandatory;
    case 'list':
    case 'leaf-list':
      return node.minElements > 0;
    case 'container':
      return node.presence === undefined && node.children.some(isMandatoryNode);
    case 'case':
    case 'rpc':
    case 'action':
    case 'notification':
    case 'input':
    case 'output':
      return false;
  }
};

interface PendingAugment {
  readonly module: ModuleContext;
  readonly statement: Statement;
  readonly scope: Scope;
  /** The target path's steps; undefined when a prefix is unknown. */
  readonly steps: readonly NodeIdStep[] | undefined;
}

interface Outcome {
  /** Undefined when the target was left out by if-feature. */
  readonly target: SchemaNode | undefined;
  readonly nodes: readonly SchemaNode[];
}

/**
 * Applies every top-level augment of the implemented modules, in libyang's order (which decides
 * the order of the nodes different augments add to one target): each target module's tree is
 * walked depth first, and after a node's own children, the augments of that module's set that
 * target it are applied, the set searched from its start after each one, which takes the
 * augment out by moving the set's last into its place. The set holds the augments of the
 * implemented modules in the order libyang implements them, each module's as written. Returns, per module, the
 * records of its augments of other modules' trees in the order written (disabled ones included:
 * tree diagrams show them).
 */
export const applyAugments = (
  context: CompileContext,
  roots: () => readonly SchemaNode[],
  implemented: readonly ModuleContext[],
): Map<string, AugmentRecord[]> => {
  const all: PendingAugment[] = [];
  for (const module of implementationOrder(implemented)) {
    for (const file of module.files) {
      const scope = module.scopes.get(file);
      if (scope === undefined) continue;
      for (const statement of subs(file.statement, 'augment')) {
        const steps = parseSchemaNodeId(statement.argument ?? '', file, module.name);
        all.push({ module, statement, scope, steps });
      }
    }
  }
  const sets = new Map<string, PendingAugment[]>();
  for (const augment of all) {
    const targetModule = augment.steps?.[0]?.module;
    if (targetModule === undefined) continue;
    const set = sets.get(targetModule) ?? [];
    set.push(augment);
    sets.set(targetModule, set);
  }
  const outcomes = new Map<PendingAugment, Outcome>();
  const visit = (node: SchemaNode, set: PendingAugment[]): void => {
    if ('children' in node) for (const child of [...node.children]) visit(child, set);
    for (let index = 0; index < set.length; ) {
      const augment = set[index];
      if (augment === undefined || !targets(augment, node)) {
        index++;
        continue;
      }
      if (ifFeaturesHold(context, augment.scope.file, augment.statement)) {
        const nodes = applyAugment(context, augment, node);
        outcomes.set(augment, { target: node, nodes });
        for (const added of nodes) visit(added, set);
      } else {
        if (isAugmentable(context, augment.statement, node)) recordPrunedAugment(node, augment.statement);
        outcomes.set(augment, { target: node, nodes: [] });
      }
      set[set.indexOf(augment)] = set[set.length - 1] as PendingAugment;
      set.pop();
      index = 0;
    }
  };
  for (const module of implemented) {
    const set = sets.get(module.name);
    if (set === undefined) continue;
    for (const top of roots().filter((node) => node.module === module.name)) visit(top, set);
  }
  for (const augment of all) {
    if (outcomes.has(augment)) continue;
    if (resolveTarget(context, augment, roots()) === 'disabled') {
      outcomes.set(augment, { target: undefined, nodes: [] });
      continue;
    }
    report(
      context,
      'error',
      'augment-target-not-found',
      `augment target "${augment.statement.argument ?? ''}" not found`,
      augment.statement.location,
    );
  }
  const records = new Map<string, AugmentRecord[]>(implemented.map((module) => [module.name, []]));
  for (const augment of all) {
    const outcome = outcomes.get(augment);
    if (outcome === undefined || augment.steps?.[0]?.module === augment.module.name) continue;
    records.get(augment.module.name)?.push({
      targetPath: augment.statement.argument ?? '',
      target: outcome.target,
      nodes: outcome.nodes,
      statement: augment.statement,
      prefixes: augment.scope.file.prefixes,
      fromSubmodule: augment.scope.file.statement.keyword === 'submodule',
    });
  }
  return records;
};

/** True when an augment's target path names `node` (the walk up must match every step). */
const targets = (augment: PendingAugment, node: SchemaNode): boolean => {
  const steps = augment.steps;
  if (steps === undefined) return false;
  let current: SchemaNode | undefined = node;
  for (let index = steps.length - 1; index >= 0; index--) {
    const step = steps[index];
    if (current === undefined || step === undefined || current.name !== step.name || current.module !== step.module)
      return false;
    current = current.parent;
  }
  return current === undefined;
};

const resolveTarget = (
  context: CompileContext,
  augment: PendingAugment,
  roots: readonly SchemaNode[],
): SchemaNode | 'disabled' | undefined => {
  if (augment.steps === undefined) return undefined;
  return resolveSchemaNodeId(roots, (step) => context.modules.get(step.module ?? ''), augment.steps, 'augment');
};

/** True when `target` can be augmented; reports it otherwise. @see RFC 7950 §7.17 */
const isAugmentable = (context: CompileContext, statement: Statement, target: SchemaNode): boolean => {
  if (AUGMENTABLE.has(target.kind)) return true;
  report(
    context,
    'error',
    'invalid-augment-target',
    `cannot augment ${target.kind} "${target.name}"`,
    statement.location,
  );
  return false;
};

const applyAugment = (context: CompileContext, augment: PendingAugment, target: SchemaNode): SchemaNode[] => {
  const { statement, scope, module } = augment;
  if (!isAugmentable(context, statement, target)) return [];
  const when = sub(statement, 'when');
  const nodes = buildChildren(context, statement.substatements, target as InteriorNode, {
    module: module.name,
    scope: innerScope(statement, scope),
    whens: when === undefined ? [] : [constraintOf(when, scope.file)],
    groupings: new Set(),
  });
  if (target.module !== module.name && when === undefined) {
    for (const node of nodes) {
      const inner = node.kind === 'case' && node.implicit === true ? node.children[0] : node;
      if (inner !== undefined && isMandatoryNode(inner) && subArgument(statement, 'status') !== 'obsolete') {
        report(
          context,
          'error',
          'mandatory-augment',
          `augment adds mandatory node "${inner.name}" to another module without "when"`,
          inner.location,
        );
      }
    }
  }
  return nodes;
};
