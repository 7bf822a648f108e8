/**
 * @module yang/compiler/uses
 * `uses`: a grouping's nodes instantiated in the using module's namespace but resolved in the
 * grouping's own scope; then `augment`s and `refine`s of the uses applied. Circular groupings
 * and refine/augment targets that do not exist are diagnosed; targets left out by a false
 * if-feature are ignored, as libyang does.
 * @see RFC 7950 §7.13
 */
import type { InteriorNode, SchemaNode } from '../schema/schema-node.ts';
import type { Statement } from '../statement.ts';
import { type CompileContext, innerScope, lookupDefinition, report, sub, subs } from './context.ts';
import { constraintOf, movePruned, prunedKeyword, recordPruned } from './draft.ts';
import { ifFeaturesHold } from './feature.ts';
import { type BuildEnvironment, buildChildren, setUsesExpander } from './node-builder.ts';
import { applyRefine } from './refine.ts';
import { findStep, type NodeIdStep, parseSchemaNodeId } from './schema-node-id.ts';

/** Expands one `uses` statement below `parent`. @see RFC 7950 §7.13 */
export const expandUses = (
  context: CompileContext,
  statement: Statement,
  parent: InteriorNode | undefined,
  environment: BuildEnvironment,
): SchemaNode[] => {
  const { scope } = environment;
  if (!ifFeaturesHold(context, scope.file, statement)) {
    if (parent !== undefined) recordPruned(parent, '*', 'uses');
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
  if (parent !== undefined) movePruned(holder, parent);
  for (const augment of subs(statement, 'augment')) {
    if (!ifFeaturesHold(context, scope.file, augment)) continue;
    const steps = parseSchemaNodeId(augment.argument ?? '', scope.file, environment.module);
    const target = steps === undefined ? undefined : findTarget(holder, nodes, steps, true);
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
        : findTarget(
            holder,
            nodes,
            steps.map((step) => ({ ...step, module: undefined })),
            false,
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

/** Keywords of statements that have child nodes (`uses`: unknown, taken as possible). */
const INTERIOR: ReadonlySet<string> = new Set([
  'container',
  'list',
  'choice',
  'case',
  'notification',
  'action',
  'input',
  'output',
  'uses',
]);

/**
 * Walks a descendant schema node id through the nodes a uses instantiated (nested uses
 * included). `disabled` when a missing step is a child left out by a false if-feature (libyang
 * then ignores the refine or augment); undefined when it does not exist at all.
 * @see RFC 7950 §7.13.2, §7.17
 */
const findTarget = (
  holder: object,
  nodes: readonly SchemaNode[],
  steps: readonly NodeIdStep[],
  forAugment: boolean,
): SchemaNode | 'disabled' | undefined => {
  let parent = holder;
  let candidates = nodes;
  let found: SchemaNode | undefined;
  for (const step of steps) {
    found = findStep(candidates, step);
    if (found === undefined) {
      // libyang removes disabled nodes only after amending, so their kind still matters.
      const keyword = prunedKeyword(parent, step.name);
      const last = step === steps[steps.length - 1];
      if (keyword === undefined || (!INTERIOR.has(keyword) && (!last || forAugment))) return undefined;
      return 'disabled';
    }
    parent = found;
    candidates = 'children' in found ? found.children : [];
  }
  return found;
};

setUsesExpander(expandUses);
