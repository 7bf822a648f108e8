/**
 * @module yang/schema/schema-tree
 * The compiled schema of a module set: top-level nodes of every implemented module,
 * operations, notifications, and the lookup tables the data layer needs.
 * @see RFC 7950 §3, RFC 8525
 */
import type { Statement } from '../statement.ts';
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
}
