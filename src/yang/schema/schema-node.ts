/**
 * @module yang/schema/schema-node
 * The compiled schema nodes: one interface per YANG keyword, discriminated on `kind`.
 * Groupings, typedefs, uses, augments, deviations and if-features are already resolved here.
 * @see RFC 7950 §3, §7
 */
import type { SourceLocation } from '../statement.ts';
import type { TypeSpec } from '../type-spec.ts';

/** The kinds of compiled schema nodes, spelled as the RFC's keywords. @see RFC 7950 §3 */
export type SchemaNodeKind =
  | 'container'
  | 'leaf'
  | 'leaf-list'
  | 'list'
  | 'choice'
  | 'case'
  | 'anydata'
  | 'anyxml'
  | 'rpc'
  | 'action'
  | 'notification'
  | 'input'
  | 'output';

/** A definition's status. @see RFC 7950 §7.21.2 */
export type Status = 'current' | 'deprecated' | 'obsolete';

/** The `ordered-by` of a list or leaf-list. @see RFC 7950 §7.7.7 */
export type OrderedBy = 'system' | 'user';

/** An extension statement kept on a node, e.g. `nacm:default-deny-all`. @see RFC 7950 §7.19 */
export interface ExtensionInstance {
  /** The name of the module that defines the extension. */
  readonly module: string;
  readonly name: string;
  readonly argument: string | undefined;
}

/** A `must` or `when` expression with the module whose prefixes it uses. @see RFC 7950 §7.5.3, §7.21.5 */
export interface XPathConstraint {
  readonly xpath: string;
  /** The module (the defining module for groupings) against whose prefixes the expression resolves. */
  readonly prefixModule: string;
  /**
   * prefix → module name of the file the expression is written in; a submodule's own imports
   * may differ from its module's. Absent: `prefixModule`'s prefixes.
   */
  readonly prefixes?: ReadonlyMap<string, string>;
  /** The parsed expression, once `xpath-check` has parsed it. */
  readonly expression?: unknown;
  readonly errorMessage?: string;
  readonly errorAppTag?: string;
  /**
   * For a `when`: true when it is the node's own substatement, false when it comes from an
   * enclosing `uses` or `augment` (whose context node is the parent data node). @see RFC 7950 §7.21.5
   */
  readonly own?: boolean;
  readonly location: SourceLocation;
}

/** Fields every compiled schema node has. */
export interface SchemaNodeBase {
  readonly kind: SchemaNodeKind;
  /** The module whose namespace the node belongs to (the augmenting module for augmented nodes). */
  readonly module: string;
  readonly name: string;
  readonly parent: InteriorNode | undefined;
  /** The effective `config` (inherited); false for everything inside rpc, action and notification. */
  readonly config: boolean;
  readonly status: Status;
  readonly description?: string;
  /** `when` conditions that apply to this node: its own, its uses' and its augment's. */
  readonly when: readonly XPathConstraint[];
  /** The `if-feature` expressions as written (all true, since disabled nodes are removed). */
  readonly ifFeatures: readonly string[];
  readonly extensions: readonly ExtensionInstance[];
  readonly location: SourceLocation;
  /** True when the node is a case created implicitly for a shorthand choice member. @see RFC 7950 §7.9.2 */
  readonly implicit?: boolean;
}

/** Fields of nodes that have children. */
export interface InteriorNodeBase extends SchemaNodeBase {
  /** Children in schema order (list keys first, then the others; actions and notifications included). */
  readonly children: readonly SchemaNode[];
  /** Direct children by `module:name`. */
  readonly childIndex: ReadonlyMap<string, SchemaNode>;
  /** Data children (looking through choice and case) by `module:name` and by local name (first wins). */
  readonly dataChildIndex: ReadonlyMap<string, SchemaNode>;
}

/** A `container`. @see RFC 7950 §7.5 */
export interface ContainerNode extends InteriorNodeBase {
  readonly kind: 'container';
  /** The `presence` argument; undefined for a non-presence container. */
  readonly presence: string | undefined;
  readonly must: readonly XPathConstraint[];
}

/** A `leaf`. @see RFC 7950 §7.6 */
export interface LeafNode extends SchemaNodeBase {
  readonly kind: 'leaf';
  readonly type: TypeSpec;
  /** The type name as written (`yang:date-and-time`), for tree diagrams. */
  readonly typeName: string;
  readonly units: string | undefined;
  /** The leaf's own default, else the type's. */
  readonly default: string | undefined;
  readonly mandatory: boolean;
  /** True when the leaf is a key of its parent list. */
  readonly isKey: boolean;
  readonly must: readonly XPathConstraint[];
}

/** A `leaf-list`. @see RFC 7950 §7.7 */
export interface LeafListNode extends SchemaNodeBase {
  readonly kind: 'leaf-list';
  readonly type: TypeSpec;
  readonly typeName: string;
  readonly units: string | undefined;
  readonly defaults: readonly string[];
  readonly minElements: number;
  /** Undefined means unbounded. */
  readonly maxElements: number | undefined;
  readonly orderedBy: OrderedBy;
  readonly must: readonly XPathConstraint[];
}

/** A `list`. @see RFC 7950 §7.8 */
export interface ListNode extends InteriorNodeBase {
  readonly kind: 'list';
  /** The key leaves in `key` order. */
  readonly keys: readonly LeafNode[];
  /** Each `unique` statement as the descendant leaves it names. */
  readonly unique: readonly (readonly LeafNode[])[];
  readonly minElements: number;
  readonly maxElements: number | undefined;
  readonly orderedBy: OrderedBy;
  readonly must: readonly XPathConstraint[];
}

/** A `choice`; its children are all `case` nodes. @see RFC 7950 §7.9 */
export interface ChoiceNode extends InteriorNodeBase {
  readonly kind: 'choice';
  readonly mandatory: boolean;
  readonly defaultCase: CaseNode | undefined;
}

/** A `case` of a choice. @see RFC 7950 §7.9.2 */
export interface CaseNode extends InteriorNodeBase {
  readonly kind: 'case';
}

/** An `anydata` or `anyxml` node. @see RFC 7950 §7.10, §7.11 */
export interface AnyNode extends SchemaNodeBase {
  readonly kind: 'anydata' | 'anyxml';
  readonly mandatory: boolean;
  readonly must: readonly XPathConstraint[];
}

/** An `rpc` or `action`: children are exactly its `input` and `output`. @see RFC 7950 §7.14, §7.15 */
export interface OperationNode extends InteriorNodeBase {
  readonly kind: 'rpc' | 'action';
  readonly input: InputOutputNode;
  readonly output: InputOutputNode;
}

/** The `input` or `output` of an operation (present even when the module omits it). @see RFC 7950 §7.14.2 */
export interface InputOutputNode extends InteriorNodeBase {
  readonly kind: 'input' | 'output';
  readonly must: readonly XPathConstraint[];
}

/** A `notification`. @see RFC 7950 §7.16 */
export interface NotificationNode extends InteriorNodeBase {
  readonly kind: 'notification';
  readonly must: readonly XPathConstraint[];
}

/** Any compiled schema node. */
export type SchemaNode =
  | ContainerNode
  | LeafNode
  | LeafListNode
  | ListNode
  | ChoiceNode
  | CaseNode
  | AnyNode
  | OperationNode
  | InputOutputNode
  | NotificationNode;

/** A schema node that can have children. */
export type InteriorNode =
  | ContainerNode
  | ListNode
  | ChoiceNode
  | CaseNode
  | OperationNode
  | InputOutputNode
  | NotificationNode;

/** Reports an unhandled member of a union; used to make switches exhaustive. */
export const assertNever = (value: never): never => {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
};

/** True for nodes with children. */
export const isInteriorNode = (node: SchemaNode): node is InteriorNode => 'children' in node;
