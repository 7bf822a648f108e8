/**
 * @module data/validation/check-catalogue
 * Every constraint of a schema, compiled once per SchemaTree (cached): per data node, the checks
 * on each of its instances (when, must, leafref, instance-identifier); per inner node, the
 * checks over its children (mandatory, mandatory choice, min/max-elements, unique).
 * @see RFC 7950 §8.1 (constraints on data), §7.5.3, §7.6.5, §7.7.5, §7.8.3, §7.9.4, §9.9, §9.13
 */
import type {
  AnyNode,
  CaseNode,
  ChoiceNode,
  LeafListNode,
  LeafNode,
  ListNode,
  SchemaNode,
  SchemaTree,
  XPathConstraint,
} from '../../yang/index.ts';
import type { DataSchemaNode, InnerSchemaNode } from '../instance/index.ts';
import { slotTableOf } from '../instance/index.ts';
import type { CompiledXPath } from './compiled-xpath.ts';
import { compileConstraint } from './compiled-xpath.ts';
import type { LeafrefPath } from './leafref-path.ts';
import { resolveLeafrefPath } from './leafref-path.ts';
import { canonicalizeLiterals } from './literal-canonicalization.ts';
import type { InnerLevel } from './schema-walk.ts';
import { caseChainOf } from './schema-walk.ts';
import type { WhenCondition } from './when-conditions.ts';
import { whenConditionsOf } from './when-conditions.ts';

/** A `must` of a data node. @see RFC 7950 §7.5.3 */
export interface MustCheck {
  readonly kind: 'must';
  readonly id: number;
  readonly node: DataSchemaNode;
  readonly xpath: CompiledXPath;
  readonly constraint: XPathConstraint;
}

/** The `when` conditions of a data node: an instance whose condition is false must not exist. @see RFC 7950 §7.21.5 */
export interface WhenCheck {
  readonly kind: 'when';
  readonly id: number;
  readonly node: DataSchemaNode;
  readonly conditions: readonly WhenCondition[];
}

/** `require-instance` of a leafref leaf or leaf-list. @see RFC 7950 §9.9.3 */
export interface LeafrefCheck {
  readonly kind: 'leafref';
  readonly id: number;
  readonly node: LeafNode | LeafListNode;
  readonly path: LeafrefPath;
}

/** `require-instance` of an instance-identifier leaf or leaf-list. @see RFC 7950 §9.13.2 */
export interface InstanceIdentifierCheck {
  readonly kind: 'instance-identifier';
  readonly id: number;
  readonly node: LeafNode | LeafListNode;
}

/** Fields of the checks an inner node makes over its children. */
interface ChildrenCheckBase {
  readonly id: number;
  readonly parent: InnerLevel;
  /** The cases between `parent` and the target; the check applies only when they are all in use. */
  readonly cases: readonly CaseNode[];
  /** The target's `when`s: when one is false the target may be absent. */
  readonly whens: readonly WhenCondition[];
}

/** A mandatory leaf, anydata or choice. @see RFC 7950 §7.6.5, §7.9.4 */
export interface MandatoryCheck extends ChildrenCheckBase {
  readonly kind: 'mandatory';
  readonly target: LeafNode | AnyNode | ChoiceNode;
}

/** min-elements / max-elements of a list or leaf-list. @see RFC 7950 §7.7.5, §7.7.6 */
export interface MinMaxCheck extends ChildrenCheckBase {
  readonly kind: 'min-max';
  readonly target: ListNode | LeafListNode;
}

/** The `unique` statements of a list. @see RFC 7950 §7.8.3 */
export interface UniqueCheck extends ChildrenCheckBase {
  readonly kind: 'unique';
  readonly target: ListNode;
}

/** A check on the instances of one data node. */
export type NodeCheck = MustCheck | WhenCheck | LeafrefCheck | InstanceIdentifierCheck;
/** A check an inner node instance makes over its children. */
export type ChildrenCheck = MandatoryCheck | MinMaxCheck | UniqueCheck;
/** Any check. */
export type Check = NodeCheck | ChildrenCheck;

/** The checks of one data node. */
export interface NodeChecks {
  readonly when: WhenCheck | undefined;
  readonly musts: readonly MustCheck[];
  readonly reference: LeafrefCheck | InstanceIdentifierCheck | undefined;
}

/** Every check of a schema. */
export interface CheckCatalogue {
  readonly schema: SchemaTree;
  readonly checks: readonly Check[];
  nodeChecks(node: DataSchemaNode): NodeChecks;
  /** False when instances of `node` have no checks of their own (besides their type). */
  hasNodeChecks(node: DataSchemaNode): boolean;
  childrenChecks(parent: InnerSchemaNode): readonly ChildrenCheck[];
  /**
   * True when no instance of `parent` or of anything below it has a check besides its value's
   * type: no node checks, no children checks, no choices. Validating such a subtree is checking
   * its keys and its values' types.
   */
  plainBelow(parent: DataSchemaNode & InnerSchemaNode): boolean;
}

const NO_CHECKS: NodeChecks = { when: undefined, musts: [], reference: undefined };

class CatalogueBuilder {
  readonly schema: SchemaTree;
  readonly checks: Check[] = [];
  readonly byNode = new Map<DataSchemaNode, NodeChecks>();
  readonly byParent = new Map<InnerSchemaNode, ChildrenCheck[]>();

  constructor(schema: SchemaTree) {
    this.schema = schema;
  }

  add<C extends Check>(check: Omit<C, 'id'>): C {
    const full = { ...check, id: this.checks.length } as C;
    this.checks.push(full);
    return full;
  }

  nodeChecksOf(node: DataSchemaNode): NodeChecks {
    const conditions = whenConditionsOf(this.schema, node);
    const when = conditions.length === 0 ? undefined : this.add<WhenCheck>({ kind: 'when', node, conditions });
    const musts = ('must' in node ? node.must : []).map((constraint) =>
      this.add<MustCheck>({
        kind: 'must',
        node,
        xpath: canonicalizeLiterals(this.schema, compileConstraint(this.schema, constraint, node.module), node),
        constraint,
      }),
    );
    let reference: NodeChecks['reference'];
    if (node.kind === 'leaf' || node.kind === 'leaf-list') {
      const { type } = node;
      if (type.base === 'leafref' && type.requireInstance) {
        const path = resolveLeafrefPath(this.schema, node, type);
        if (path !== undefined) reference = this.add<LeafrefCheck>({ kind: 'leafref', node, path });
      } else if (type.base === 'instance-identifier' && type.requireInstance) {
        reference = this.add<InstanceIdentifierCheck>({ kind: 'instance-identifier', node });
      }
    }
    return when === undefined && musts.length === 0 && reference === undefined ? NO_CHECKS : { when, musts, reference };
  }

  /** Adds the checks `parent` makes over `children` (looking through choice and case). */
  childrenOf(parent: InnerLevel, children: readonly SchemaNode[], out: ChildrenCheck[]): void {
    for (const child of children) {
      const base = { parent, cases: caseChainOf(child) };
      switch (child.kind) {
        case 'choice':
          if (child.mandatory) {
            const whens = whenConditionsOf(this.schema, child);
            out.push(this.add<MandatoryCheck>({ ...base, kind: 'mandatory', target: child, whens }));
          }
          this.childrenOf(parent, child.children, out);
          break;
        case 'case':
          this.childrenOf(parent, child.children, out);
          break;
        case 'list':
        case 'leaf-list': {
          const whens = whenConditionsOf(this.schema, child);
          if (child.minElements > 0 || child.maxElements !== undefined)
            out.push(this.add<MinMaxCheck>({ ...base, kind: 'min-max', target: child, whens }));
          if (child.kind === 'list' && child.unique.length > 0)
            out.push(this.add<UniqueCheck>({ ...base, kind: 'unique', target: child, whens }));
          break;
        }
        case 'leaf':
        case 'anydata':
        case 'anyxml':
          if (child.mandatory) {
            const whens = whenConditionsOf(this.schema, child);
            out.push(this.add<MandatoryCheck>({ ...base, kind: 'mandatory', target: child, whens }));
          }
          break;
        default:
          break;
      }
    }
  }

  walk(parent: InnerLevel): void {
    const out: ChildrenCheck[] = [];
    this.childrenOf(parent, parent.children, out);
    if (out.length > 0) this.byParent.set(parent, out);
    for (const node of slotTableOf(parent).nodes) {
      const checks = this.nodeChecksOf(node);
      if (checks !== NO_CHECKS) this.byNode.set(node, checks);
      if (node.kind === 'container' || node.kind === 'list') this.walk(node);
    }
  }
}

const CATALOGUES = new WeakMap<SchemaTree, CheckCatalogue>();

/** The (cached) check catalogue of the datastore nodes of `schema`. */
export const checkCatalogueOf = (schema: SchemaTree): CheckCatalogue => {
  let catalogue = CATALOGUES.get(schema);
  if (catalogue === undefined) {
    const builder = new CatalogueBuilder(schema);
    builder.walk(schema);
    const { byNode, byParent } = builder;
    const plain = new Map<InnerSchemaNode, boolean>();
    const plainBelow = (parent: DataSchemaNode & InnerSchemaNode): boolean => {
      let known = plain.get(parent);
      if (known === undefined) {
        const table = slotTableOf(parent);
        known =
          !table.hasChoices &&
          !byParent.has(parent) &&
          !byNode.has(parent) &&
          table.nodes.every(
            (node) => !byNode.has(node) && ((node.kind !== 'container' && node.kind !== 'list') || plainBelow(node)),
          );
        plain.set(parent, known);
      }
      return known;
    };
    catalogue = {
      schema,
      checks: builder.checks,
      nodeChecks: (node) => byNode.get(node) ?? NO_CHECKS,
      hasNodeChecks: (node) => byNode.has(node),
      childrenChecks: (parent) => byParent.get(parent) ?? [],
      plainBelow,
    };
    CATALOGUES.set(schema, catalogue);
  }
  return catalogue;
};
