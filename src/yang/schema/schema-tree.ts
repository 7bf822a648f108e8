/**
 * @module yang/schema/schema-tree
 * The compiled schema of a module set: top-level nodes of every implemented module,
 * operations, notifications, and the lookup tables the data layer needs.
 * @see RFC 7950 §3, RFC 8525
 */
import type { SourceLocation, Statement } from '../statement.ts';
import type { Identity } from '../type-spec.ts';
import type { ExtensionInstance, NotificationNode, OperationNode, SchemaNode } from './schema-node.ts';

/** An `augment` of another module's tree, remembered for tree diagrams. @see RFC 7950 §7.17 */
export interface AugmentRecord {
  /** The target path as written. */
  readonly targetPath: string;
  readonly target: SchemaNode | undefined;
  /** The nodes the augment added, in order. */
  readonly nodes: readonly SchemaNode[];
  /** The `augment` statement itself. */
  readonly statement: Statement;
  /** The module or submodule file whose prefixes the statement uses. */
  readonly prefixes: ReadonlyMap<string, string>;
  /** True when the augment is written in a submodule. */
  readonly fromSubmodule: boolean;
}

/** One module after compilation. @see RFC 7950 §7.1 */
export interface CompiledModule {
  readonly name: string;
  readonly namespace: string;
  readonly prefix: string;
  readonly revision: string | undefined;
  readonly implemented: boolean;
  /** Prefix → module name, as declared in the module itself (submodules keep their own tables). */
  readonly prefixes: ReadonlyMap<string, string>;
  /** Every feature the module defines, with whether it is enabled. @see RFC 7950 §7.20.1 */
  readonly features: ReadonlyMap<string, boolean>;
  /** Identities defined by the module, by local name. */
  readonly identities: ReadonlyMap<string, Identity>;
  /** Augments of other modules' nodes made by this module. */
  readonly augments: readonly AugmentRecord[];
  /** Extension statements at the module level (e.g. `rc:yang-data`). */
  readonly extensions: readonly ExtensionInstance[];
  readonly statement: Statement;
}

/** Which extension defines a data template. @see RFC 8040 §8 (`rc:yang-data`), RFC 8791 §3 (`sx:structure`) */
export type YangDataKind = 'yang-data' | 'structure';

/**
 * A data template: an `rc:yang-data` or `sx:structure` instance compiled like data nodes (uses
 * expanded, typedefs and leafrefs resolved) but not datastore data, so `config` is false
 * throughout. Message bodies such as `ietf-restconf:errors` or `ietf-yang-patch:yang-patch`
 * are decoded against it; its top-level nodes have no parent.
 * @see RFC 8040 §8, RFC 8791
 */
export interface YangDataStructure {
  readonly kind: YangDataKind;
  /** The module whose extension statement defines the template. */
  readonly module: string;
  /** The extension's argument (`yang-errors`), not the top-level node's name (`errors`). */
  readonly name: string;
  /** Top-level nodes in schema order: one container for `yang-data`. */
  readonly children: readonly SchemaNode[];
  /** Direct children by `module:name`. */
  readonly childIndex: ReadonlyMap<string, SchemaNode>;
  /** Data children (looking through choice and case) by `module:name` and by local name. */
  readonly dataChildIndex: ReadonlyMap<string, SchemaNode>;
  readonly location: SourceLocation;
}

/** The compiled schema of a whole module set. */
export interface SchemaTree {
  /** Top-level data nodes of all implemented modules, in module then schema order. */
  readonly children: readonly SchemaNode[];
  /** Top-level data nodes by `module:name` (looking through top-level choices). */
  readonly dataChildIndex: ReadonlyMap<string, SchemaNode>;
  readonly rpcs: readonly OperationNode[];
  readonly notifications: readonly NotificationNode[];
  readonly modules: ReadonlyMap<string, CompiledModule>;
  readonly modulesByNamespace: ReadonlyMap<string, CompiledModule>;
  /** Every identity by `module:name`. */
  readonly identities: ReadonlyMap<string, Identity>;
  /** Data templates of every module, by `module:name` (the extension's argument), in source order. */
  readonly yangData: ReadonlyMap<string, YangDataStructure>;
}
