/**
 * @module yang/compiler/augment
 * Top-level `augment`s: targets resolved by absolute schema node id (possibly created by other
 * augments, so applied until no more progress), nodes added in the augmenting module's
 * namespace, shorthand cases under choices, the mandatory-node rule of §7.17. As in libyang, an
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
import { buildChildren } from './node-builder.ts';
import { parseSchemaNodeId, resolveSchemaNodeId } from './schema-node-id.ts';

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
}

/**
 * Applies every top-level augment of the implemented modules; returns, per module, the records
 * of its augments of other modules' trees in the order written (disabled ones included: tree
 * diagrams show them).
 */
export const applyAugments = (
  context: CompileContext,
  roots: () => readonly SchemaNode[],
  implemented: readonly ModuleContext[],
): Map<string, AugmentRecord[]> => {
  const all: PendingAugment[] = [];
  for (const module of implemented) {
    for (const file of module.files) {
      const scope = module.scopes.get(file);
      if (scope === undefined) continue;
      for (const statement of subs(file.statement, 'augment')) all.push({ module, statement, scope });
    }
  }
  const outcomes = new Map<PendingAugment, { target: SchemaNode | undefined; nodes: SchemaNode[] }>();
  let pending = all;
  let progress = true;
  while (pending.length > 0 && progress) {
    progress = false;
    const waiting: PendingAugment[] = [];
    for (const augment of pending) {
      const target = resolveTarget(context, augment, roots());
      // A target left out by if-feature might still be added by an augment not yet applied.
      if (target === undefined || target === 'disabled') {
        waiting.push(augment);
        continue;
      }
      progress = true;
      if (!ifFeaturesHold(context, augment.scope.file, augment.statement)) {
        if (isAugmentable(context, augment.statement, target)) recordPrunedAugment(target, augment.statement);
        outcomes.set(augment, { target, nodes: [] });
        continue;
      }
      outcomes.set(augment, { target, nodes: applyAugment(context, augment, target) });
    }
    pending = waiting;
  }
  for (const augment of pending) {
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
    if (outcome === undefined || targetModule(augment, outcome.target) === augment.module.name) continue;
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

/** The module of the top-level node an augment's target lies under. */
const targetModule = (augment: PendingAugment, target: SchemaNode | undefined): string | undefined => {
  if (target === undefined) {
    const steps = parseSchemaNodeId(augment.statement.argument ?? '', augment.scope.file, augment.module.name);
    return steps?.[0]?.module;
  }
  let root: SchemaNode = target;
  while (root.parent !== undefined) root = root.parent;
  return root.module;
};

const resolveTarget = (
  context: CompileContext,
  augment: PendingAugment,
  roots: readonly SchemaNode[],
): SchemaNode | 'disabled' | undefined => {
  const steps = parseSchemaNodeId(augment.statement.argument ?? '', augment.scope.file, augment.module.name);
  if (steps === undefined) return undefined;
  return resolveSchemaNodeId(roots, (step) => context.modules.get(step.module ?? ''), steps, 'augment');
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
