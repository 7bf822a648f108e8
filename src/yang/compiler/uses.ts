/**
 * @module yang/compiler/uses
 * `uses`: a grouping's nodes instantiated in the using module's namespace but resolved in the
 * grouping's own scope; then `augment`s and `refine`s of the uses applied. Circular groupings
 * and refine/augment targets that do not exist are diagnosed; targets left out by a false
 * if-feature (also by an augment's own) are ignored, as libyang does.
 * @see RFC 7950 §7.13
 */
import type { InteriorNode, SchemaNode } from '../schema/schema-node.ts';
import type { Statement } from '../statement.ts';
import { type CompileContext, innerScope, lookupDefinition, report, sub, subs } from './context.ts';
import { constraintOf, movePruned, recordPruned, recordPrunedAugment } from './draft.ts';
import { ifFeaturesHold } from './feature.ts';
import { type BuildEnvironment, buildChildren, setUsesExpander } from './node-builder.ts';
import { applyRefine } from './refine.ts';
import { parseSchemaNodeId, resolveSchemaNodeId } from './schema-node-id.ts';

/** Expands one `uses` statement below `parent`. @see RFC 7950 §7.13 */
export const expandUses = (
  context: CompileContext,
  statement: Statement,
  parent: InteriorNode | undefined,
  environment: BuildEnvironment,
): SchemaNode[] => {
  const { scope } = environment;
  // Where this uses records the nodes a false if-feature leaves out.
  const pruneHolder = parent ?? environment.topLevel;
  if (!ifFeaturesHold(context, scope.file, statement)) {
    if (pruneHolder !== undefined) recordPruned(pruneHolder, '*', 'uses');
    return [];
  }
  const name = statement.argument ?? '';
  const found = lookupDefinition(context, scope, 'groupings', name);
  if (found === 'unknown-prefix') {
    report(context, 'error', 'unknown-prefix', `unknown prefix in uses "${name}"`, statement.location);
    return [];
  }
  if (found === undefined) {
    report(context, 'error', 'unknown-grouping', `unknown grouping "${name}"`, statement.location);
    return [];
  }
  if (environment.groupings.has(found.statement)) {
    report(context, 'error', 'circular-grouping', `grouping "${name}" uses itself`, statement.location);
    return [];
  }
  const when = sub(statement, 'when');
  const groupingEnvironment: BuildEnvironment = {
    module: environment.module,
    scope: innerScope(found.statement, found.scope),
    whens: [...environment.whens, ...(when === undefined ? [] : [constraintOf(when, scope.file)])],
    groupings: new Set([...environment.groupings, found.statement]),
  };
  // Build detached under a holder so that a choice parent gets implicit cases only once, when appended.
  const holder = { kind: 'container', children: [] as SchemaNode[] } as unknown as InteriorNode;
  const nodes = buildChildren(context, found.statement.substatements, holder, groupingEnvironment);
  for (const node of nodes) (node as { parent: InteriorNode | undefined }).parent = parent;
  if (pruneHolder !== undefined) movePruned(holder, pruneHolder);
  for (const augment of subs(statement, 'augment')) {
    const steps = parseSchemaNodeId(augment.argument ?? '', scope.file, environment.module);
    const target = steps === undefined ? undefined : resolveSchemaNodeId(nodes, () => holder, steps, 'augment');
    if (target === 'disabled') continue;
    if (target === undefined || !('children' in target)) {
      report(
        context,
        'error',
        'augment-target-not-found',
        `augment target "${augment.argument ?? ''}" not found in uses`,
        augment.location,
      );
      continue;
    }
    if (!ifFeaturesHold(context, scope.file, augment)) {
      recordPrunedAugment(target, augment);
      continue;
    }
    const augmentWhen = sub(augment, 'when');
    buildChildren(context, augment.substatements, target, {
      ...environment,
      scope: innerScope(augment, scope),
      whens: augmentWhen === undefined ? [] : [constraintOf(augmentWhen, scope.file)],
    });
  }
  for (const refine of subs(statement, 'refine')) {
    const steps = parseSchemaNodeId(refine.argument ?? '', scope.file, environment.module);
    const target =
      steps === undefined
        ? undefined
        : resolveSchemaNodeId(
            nodes,
            () => holder,
            steps.map((step) => ({ ...step, module: undefined })),
            'refine',
          );
    if (target === 'disabled') continue;
    if (target === undefined) {
      report(
        context,
        'error',
        'refine-target-not-found',
        `refine target "${refine.argument ?? ''}" not found`,
        refine.location,
      );
      continue;
    }
    applyRefine(context, refine, target, scope);
  }
  return nodes;
};

setUsesExpander(expandUses);
