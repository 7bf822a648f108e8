/**
 * @module data/validation/when-conditions
 * The `when` conditions that decide whether an instance may exist, each with its context node
 * (the node itself for its own `when`; the data parent for a `when` of a uses, augment, choice
 * or case) and its literals canonicalized.
 * @see RFC 7950 §7.21.5
 */
import type { ChoiceNode, SchemaTree } from '../../yang/index.ts';
import type { DataSchemaNode } from '../instance/index.ts';
import type { CompiledXPath } from './compiled-xpath.ts';
import { compileConstraint } from './compiled-xpath.ts';
import { canonicalizeLiterals } from './literal-canonicalization.ts';
import { dataParentOf } from './schema-walk.ts';

/** A `when` condition and its context: the node itself, or its data parent. @see RFC 7950 §7.21.5 */
export interface WhenCondition {
  readonly xpath: CompiledXPath;
  readonly onParent: boolean;
}

/**
 * Every `when` that decides whether an instance of `node` (a data node or a choice) may exist:
 * its own and inherited ones, then those of its choice and case ancestors below the data parent.
 * @see RFC 7950 §7.21.5
 */
export const whenConditionsOf = (schema: SchemaTree, node: DataSchemaNode | ChoiceNode): WhenCondition[] => {
  const conditions: WhenCondition[] = [];
  const isData = node.kind !== 'choice';
  for (const when of node.when) {
    const onParent = !(isData && when.own === true);
    const context = onParent ? dataParentOf(schema, node) : (node as DataSchemaNode);
    conditions.push({
      xpath: canonicalizeLiterals(schema, compileConstraint(schema, when, node.module), context),
      onParent,
    });
  }
  for (let current = node.parent; current !== undefined && (current.kind === 'choice' || current.kind === 'case'); ) {
    for (const when of current.when) {
      const xpath = compileConstraint(schema, when, current.module);
      conditions.push({ xpath: canonicalizeLiterals(schema, xpath, dataParentOf(schema, node)), onParent: true });
    }
    current = current.parent;
  }
  return conditions;
};
