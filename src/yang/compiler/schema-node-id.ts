/**
 * @module yang/compiler/schema-node-id
 * Resolution of `absolute-schema-nodeid` (augment, deviation targets) and
 * `descendant-schema-nodeid` (refine, augment in uses) against compiled nodes, telling a node
 * that does not exist from one a false if-feature left out.
 * @see RFC 7950 §6.5, §14 (schema-nodeid)
 */
import type { SchemaNode } from '../schema/schema-node.ts';
import { moduleOfPrefix, type SourceFile, splitQualifiedName } from './context.ts';
import { prunedKeyword } from './draft.ts';

/** One step of a schema node identifier. */
export interface NodeIdStep {
  readonly module: string | undefined;
  readonly name: string;
}

/** Splits a schema node identifier into steps, resolving prefixes; undefined on an unknown prefix. */
export const parseSchemaNodeId = (text: string, file: SourceFile, defaultModule: string): NodeIdStep[] | undefined => {
  const steps: NodeIdStep[] = [];
  for (const part of text.trim().replace(/^\//, '').split('/')) {
    const { prefix, name } = splitQualifiedName(part.trim());
    const module = prefix === undefined ? defaultModule : moduleOfPrefix(file, prefix);
    if (module === undefined) return undefined;
    steps.push({ module, name });
  }
  return steps;
};

/** Finds the child of `nodes` matching a step (by module when given). */
export const findStep = (nodes: readonly SchemaNode[], step: NodeIdStep): SchemaNode | undefined =>
  nodes.find((node) => node.name === step.name && (step.module === undefined || node.module === step.module));

/** Walks steps from a list of candidate roots; undefined when any step is missing. */
export const walkSchemaNodeId = (
  roots: readonly SchemaNode[],
  steps: readonly NodeIdStep[],
): SchemaNode | undefined => {
  let candidates = roots;
  let found: SchemaNode | undefined;
  for (const step of steps) {
    found = findStep(candidates, step);
    if (found === undefined) return undefined;
    candidates = 'children' in found ? found.children : [];
  }
  return found;
};

/** Keywords of statements that have child nodes (`uses`: unknown, taken as possible). */
const INTERIOR: ReadonlySet<string> = new Set([
  'container',
  'list',
  'choice',
  'case',
  'notification',
  'rpc',
  'action',
  'input',
  'output',
  'uses',
]);

/**
 * Walks steps like {@link walkSchemaNodeId}, but says `disabled` when a missing step is a node
 * left out by a false if-feature (recorded on its parent, or on `rootHolder(step)` for a
 * top-level step): libyang removes disabled nodes only after resolving augments, deviations and
 * refines, which then silently apply to nothing. A disabled leaf (no children) can be the last
 * step of a refine or deviation, never an augment's target nor an intermediate step.
 * @see RFC 7950 §7.20.2
 */
export const resolveSchemaNodeId = (
  roots: readonly SchemaNode[],
  rootHolder: (step: NodeIdStep) => object | undefined,
  steps: readonly NodeIdStep[],
  purpose: 'augment' | 'refine' | 'deviation',
): SchemaNode | 'disabled' | undefined => {
  let candidates = roots;
  let found: SchemaNode | undefined;
  for (const [index, step] of steps.entries()) {
    const parent = found ?? rootHolder(step);
    found = findStep(candidates, step);
    if (found === undefined) {
      const keyword = parent === undefined ? undefined : prunedKeyword(parent, step.name);
      const last = index === steps.length - 1;
      if (keyword === undefined || (!INTERIOR.has(keyword) && (!last || purpose === 'augment'))) return undefined;
      return 'disabled';
    }
    candidates = 'children' in found ? found.children : [];
  }
  return found;
};
