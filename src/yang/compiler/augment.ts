/**
 * @module yang/compiler/augment
 * Top-level `augment`s: targets resolved by absolute schema node id (possibly created by other
 * augments, so applied until no more progress), nodes added in the augmenting module's
 * namespace, shorthand cases under choices, the mandatory-node rule of §7.17.
 * @see RFC 7950 §7.17
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
import { constraintOf } from './draft.ts';
import { ifFeaturesHold } from './feature.ts';
import { buildChildren } from './node-builder.ts';
import { parseSchemaNodeId, walkSchemaNodeId } from './schema-node-id.ts';

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

/** Applies every top-level augment of the implemented modules; returns the records per module. */
export const applyAugments = (
  context: CompileContext,
  roots: () => readonly SchemaNode[],
  implemented: readonly ModuleContext[],
): Map<string, AugmentRecord[]> => {
  const records = new Map<string, AugmentRecord[]>();
  let pending: PendingAugment[] = [];
  for (const module of implemented) {
    records.set(module.name, []);
    for (const file of module.files) {
      const scope = module.scopes.get(file);
      if (scope === undefined) continue;
      for (const statement of subs(file.statement, 'augment')) {
        if (ifFeaturesHold(context, file, statement)) pending.push({ module, statement, scope });
      }
    }
  }
  let progress = true;
  while (pending.length > 0 && progress) {
    progress = false;
    const waiting: PendingAugment[] = [];
    for (const augment of pending) {
      const target = resolveTarget(augment, roots());
      if (target === undefined) {
        waiting.push(augment);
        continue;
      }
      progress = true;
      const nodes = applyAugment(context, augment, target);
      let root: SchemaNode = target;
      while (root.parent !== undefined) root = root.parent;
      if (root.module !== augment.module.name) {
        records.get(augment.module.name)?.push({
          targetPath: augment.statement.argument ?? '',
          target,
          nodes,
          statement: augment.statement,
          prefixes: augment.scope.file.prefixes,
          fromSubmodule: augment.scope.file.statement.keyword === 'submodule',
        });
      }
    }
    pending = waiting;
  }
  for (const augment of pending) {
    report(
      context,
      'error',
      'augment-target-not-found',
      `augment target "${augment.statement.argument ?? ''}" not found`,
      augment.statement.location,
    );
  }
  return records;
};

const resolveTarget = (augment: PendingAugment, roots: readonly SchemaNode[]): SchemaNode | undefined => {
  const steps = parseSchemaNodeId(augment.statement.argument ?? '', augment.scope.file, augment.module.name);
  return steps === undefined ? undefined : walkSchemaNodeId(roots, steps);
};

const applyAugment = (context: CompileContext, augment: PendingAugment, target: SchemaNode): SchemaNode[] => {
  const { statement, scope, module } = augment;
  if (!AUGMENTABLE.has(target.kind)) {
    report(
      context,
      'error',
      'invalid-augment-target',
      `cannot augment ${target.kind} "${target.name}"`,
      statement.location,
    );
    return [];
  }
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
