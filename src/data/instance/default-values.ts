/**
 * @module data/instance/default-values
 * Default values of leaves and leaf-lists, parsed once per schema node, and the rules for when
 * they are in use: the parent exists, and inside a choice only in the active or default case.
 * @see RFC 7950 §7.6.1, §7.7.2, §7.9.3; RFC 6243
 */
import type {
  CaseNode,
  ChoiceNode,
  LeafListNode,
  LeafNode,
  SchemaTree,
  ValueContext,
  YangValue,
} from '../../yang/index.ts';
import { isTypeCheckFailure, parseLexical } from '../../yang/index.ts';
import type { InstanceNode, Slot } from './instance-node.ts';
import type { DataSchemaNode, InnerSchemaNode, SlotTable } from './slot-table.ts';
import { slotTableOf } from './slot-table.ts';

const LEAF_DEFAULTS = new WeakMap<LeafNode, YangValue | undefined>();
const LEAF_LIST_DEFAULTS = new WeakMap<LeafListNode, readonly YangValue[]>();
const HAS_DEFAULTS = new WeakMap<InnerSchemaNode, boolean>();
const ALWAYS = (): boolean => true;

const moduleContext = (schema: SchemaTree, module: string): ValueContext => {
  const own = schema.modules.get(module)?.prefixes;
  return {
    // A typedef's default may use its own module's prefixes; those of the leaf's module are tried first.
    resolvePrefix: (prefix) => own?.get(prefix) ?? [...schema.modules.values()].find((m) => m.prefix === prefix)?.name,
    prefixOf: (name) => name,
    findIdentity: (name, identity) => schema.modules.get(name)?.identities.get(identity),
    defaultModule: module,
  };
};

const parseDefault = (schema: SchemaTree, node: LeafNode | LeafListNode, text: string): YangValue | undefined => {
  const value = parseLexical(node.type, text, moduleContext(schema, node.module), { origin: 'module' });
  // The compiler has checked defaults; one that still does not parse is treated as no default.
  return isTypeCheckFailure(value) ? undefined : value;
};

/** The typed default of a leaf (its own, else its type's), or undefined. @see RFC 7950 §7.6.1 */
export const leafDefault = (schema: SchemaTree, leaf: LeafNode): YangValue | undefined => {
  if (LEAF_DEFAULTS.has(leaf)) return LEAF_DEFAULTS.get(leaf);
  const text = leaf.default ?? leaf.type.defaultValue;
  const value = text === undefined || leaf.isKey ? undefined : parseDefault(schema, leaf, text);
  LEAF_DEFAULTS.set(leaf, value);
  return value;
};

/** The typed defaults of a leaf-list (its own, else its type's). @see RFC 7950 §7.7.2 */
export const leafListDefaults = (schema: SchemaTree, leafList: LeafListNode): readonly YangValue[] => {
  let values = LEAF_LIST_DEFAULTS.get(leafList);
  if (values === undefined) {
    const texts =
      leafList.defaults.length > 0
        ? leafList.defaults
        : leafList.type.defaultValue === undefined
          ? []
          : [leafList.type.defaultValue];
    values = texts.map((text) => parseDefault(schema, leafList, text)).filter((value) => value !== undefined);
    LEAF_LIST_DEFAULTS.set(leafList, values);
  }
  return values;
};

/** True when the node of `schema` defines a default of its own. */
const definesDefault = (schema: DataSchemaNode): boolean =>
  (schema.kind === 'leaf' && !schema.isKey && (schema.default ?? schema.type.defaultValue) !== undefined) ||
  (schema.kind === 'leaf-list' && (schema.defaults.length > 0 || schema.type.defaultValue !== undefined));

/**
 * True when an instance of `parent` without children still has defaults in use: a default
 * outside any choice or in a default case, directly or inside non-presence containers.
 */
export const hasDefaults = (parent: InnerSchemaNode): boolean => {
  let result = HAS_DEFAULTS.get(parent);
  if (result === undefined) {
    const table = slotTableOf(parent);
    result = table.nodes.some(
      (node, index) =>
        inDefaultCases(table.cases[index] ?? []) &&
        (definesDefault(node) || (node.kind === 'container' && node.presence === undefined && hasDefaults(node))),
    );
    HAS_DEFAULTS.set(parent, result);
  }
  return result;
};

const inDefaultCases = (chain: readonly CaseNode[]): boolean =>
  chain.every((caseNode) => (caseNode.parent as ChoiceNode).defaultCase === caseNode);

/** The cases that have an instance among `slots`, and the choices they belong to. @see RFC 7950 §7.9 */
const activeCases = (table: SlotTable, slots: readonly Slot[]): Set<CaseNode | ChoiceNode> => {
  const active = new Set<CaseNode | ChoiceNode>();
  slots.forEach((slot, index) => {
    if (slot === undefined) return;
    for (const caseNode of table.cases[index] ?? []) {
      active.add(caseNode);
      active.add(caseNode.parent as ChoiceNode);
    }
  });
  return active;
};

/**
 * For each slot of `node`, whether defaults below that slot are in use: always outside
 * choices; inside a choice, in the case that has instances, or in the default case when none has.
 * @see RFC 7950 §7.9.3
 */
export const defaultsInUse = (node: InstanceNode | undefined, table: SlotTable): ((index: number) => boolean) => {
  if (!table.hasChoices) return ALWAYS;
  const active = activeCases(table, node?.slots ?? []);
  return (index) =>
    (table.cases[index] ?? []).every((caseNode) => {
      const choice = caseNode.parent as ChoiceNode;
      return active.has(choice) ? active.has(caseNode) : choice.defaultCase === caseNode;
    });
};
