/**
 * @module yang/compiler/schema-node-id
 * Resolution of `absolute-schema-nodeid` (augment, deviation targets) and
 * `descendant-schema-nodeid` (refine, augment in uses) against compiled nodes.
 * @see RFC 7950 §6.5, §14 (schema-nodeid)
 */
import type { SchemaNode } from '../schema/schema-node.ts';
import { moduleOfPrefix, type SourceFile, splitQualifiedName } from './context.ts';

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
