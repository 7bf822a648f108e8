/**
 * @module yang/compiler/uses
 * `uses`: a grouping's nodes instantiated in the using module's namespace but resolved in the
 * grouping's own scope; then `augment`s and `refine`s of the uses applied. Circular groupings
 * are diagnosed.
 * @see RFC 7950 §7.13
 */
import type { InteriorNode, SchemaNode } from '../schema/schema-node.ts';
import type { Statement } from '../statement.ts';
import { type CompileContext, innerScope, lookupDefinition, report, sub, subs } from './context.ts';
import { constraintOf } from './draft.ts';
import { ifFeaturesHold } from './feature.ts';
import { type BuildEnvironment, buildChildren, setUsesExpander } from './node-builder.ts';
import { applyRefine } from './refine.ts';
import { parseSchemaNodeId, walkSchemaNodeId } from './schema-node-id.ts';

/** Expands one `uses` statement below `parent`. @see RFC 7950 §7.13 */
export const expandUses = (
  context: CompileContext,
  statement: Statement,
  parent: InteriorNode | undefined,
  environment: BuildEnvironment,
): SchemaNode[] => {
  const { scope } = environment;
  if (!ifFeaturesHold(context, scope.file, statement)) return [];
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
  for (const augment of subs(statement, 'augment')) {
    if (!ifFeaturesHold(context, scope.file, augment)) continue;
    const steps = parseSchemaNodeId(augment.argument ?? '', scope.file, environment.module);
    const target = steps === undefined ? undefined : walkSchemaNodeId(nodes, steps);
    if (target === undefined && existsInStatements(found.statement, augment.argument ?? '')) continue;
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
        : walkSchemaNodeId(
            nodes,
            steps.map((step) => ({ ...step, module: undefined })),
          );
    if (target === undefined && existsInStatements(found.statement, refine.argument ?? '')) continue;
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

/**
 * True when a descendant path names statements of the grouping that were left out (disabled by
 * if-feature), or crosses a nested `uses` we cannot see through here; such refines and augments
 * are dropped silently, as libyang does for disabled targets.
 */
const existsInStatements = (grouping: Statement, path: string): boolean => {
  let level: readonly Statement[] = grouping.substatements;
  for (const step of path.trim().split('/')) {
    const name = step.replace(/^.*:/, '');
    const found = level.find(
      (child) => child.prefix === undefined && child.argument === name && child.keyword !== 'uses',
    );
    if (found === undefined) return level.some((child) => child.keyword === 'uses' && child.prefix === undefined);
    level = found.substatements;
  }
  return true;
};

setUsesExpander(expandUses);
