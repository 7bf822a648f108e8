/**
 * @module yang/compact/compact-schema-format
 * The compact schema: the compiled schema of the server's module set as one JSON document, for
 * clients that render any module generically (the admin web UI). Every grouping, typedef,
 * augment, deviation and feature is already resolved; types carry their restrictions. This file
 * is the format's definition; docs/compact-schema.md describes it for people. Version 1.
 * Types only: the web UI imports them too.
 */

/** The value of `format`: the name and version of this format. Bumped on any incompatible change. */
export const COMPACT_SCHEMA_FORMAT = 'idconf-compact-schema/1';

/** The whole document. */
export interface CompactSchema {
  readonly format: typeof COMPACT_SCHEMA_FORMAT;
  /** The YANG library's content-id of the module set it was derived from (RFC 8525). */
  readonly 'content-id': string;
  readonly modules: readonly CompactModule[];
  /** Every identity, by `module:name`, with its direct bases. */
  readonly identities: Readonly<Record<string, CompactIdentity>>;
  /** The top-level data nodes of the implemented modules, in module then schema order. */
  readonly data: readonly CompactNode[];
  /** The RPCs (operations at the top level). */
  readonly rpcs: readonly CompactNode[];
}

/** A module of the set. */
export interface CompactModule {
  readonly name: string;
  readonly revision?: string;
  readonly namespace: string;
  readonly prefix: string;
  readonly implemented: boolean;
  /** Prefix → module name as the module declares them (its own and its imports'): what XPath in it means. */
  readonly prefixes: Readonly<Record<string, string>>;
}

/** An identity. */
export interface CompactIdentity {
  /** Direct bases as `module:name`. */
  readonly bases: readonly string[];
}

/** The keyword of a node. */
export type CompactNodeKind =
  | 'container'
  | 'list'
  | 'leaf'
  | 'leaf-list'
  | 'choice'
  | 'case'
  | 'anydata'
  | 'anyxml'
  | 'rpc'
  | 'action'
  | 'input'
  | 'output';

/**
 * The operations the requesting user may perform on a node, as NACM decides at the schema level
 * (rules with key or value predicates count as permitting): `c` create, `r` read (something in
 * the subtree), `u` update, `d` delete, `x` exec (operations). Absent: all of them.
 */
export type CompactAccess = string;

/** A `must` or `when`: the XPath and the module's own error message and app-tag. */
export interface CompactConstraint {
  readonly xpath: string;
  /** The module whose prefixes the expression uses (see `modules[].prefixes`), when not the node's. */
  readonly module?: string;
  /** The prefixes of a submodule that declares its own, when they differ from its module's. */
  readonly prefixes?: Readonly<Record<string, string>>;
  /** A `when` of an enclosing `augment` or `uses`, or of a choice or case: the parent is the context node. */
  readonly context?: 'parent';
  readonly 'error-message'?: string;
  readonly 'error-app-tag'?: string;
}

/** A schema node. Optional members are left out when they have their default. */
export interface CompactNode {
  readonly kind: CompactNodeKind;
  readonly name: string;
  /** The module of the node: on top-level nodes and wherever it differs from the parent's. */
  readonly module?: string;
  readonly description?: string;
  /** False for state data (`config false`); absent means true, or inside an operation. */
  readonly config?: false;
  readonly status?: 'deprecated' | 'obsolete';
  readonly when?: readonly CompactConstraint[];
  readonly must?: readonly CompactConstraint[];
  /** A presence container's `presence` text. */
  readonly presence?: string;
  /** A mandatory leaf, choice, anydata. */
  readonly mandatory?: true;
  /** A list's keys, in order. */
  readonly keys?: readonly string[];
  /** Each `unique` of a list: descendant leaf paths (`a`, `c/b`). */
  readonly unique?: readonly (readonly string[])[];
  readonly 'min-elements'?: number;
  readonly 'max-elements'?: number;
  readonly 'ordered-by'?: 'user';
  /** A leaf's or leaf-list's type. */
  readonly type?: CompactType;
  readonly units?: string;
  /** A leaf's default (lexical form). */
  readonly default?: string;
  /** A leaf-list's defaults. */
  readonly defaults?: readonly string[];
  /** A choice's default case. */
  readonly 'default-case'?: string;
  /**
   * A secret (`nacm:default-deny-all` on a leaf or leaf-list: password hashes, keys): a client
   * shows whether it is set, never its value, and offers to replace it.
   */
  readonly secret?: true;
  readonly access?: CompactAccess;
  /** Children in schema order: data nodes, choices, cases, actions; `input`/`output` of an operation. */
  readonly children?: readonly CompactNode[];
}

/** An integer or decimal64 bound, or a length: decimal text (int64 does not fit a JSON number). */
export type CompactBound = string;

/** A `range` or `length`: closed intervals. */
export interface CompactIntervals {
  readonly intervals: readonly (readonly [CompactBound, CompactBound])[];
  readonly 'error-message'?: string;
  readonly 'error-app-tag'?: string;
}

/** A pattern: its XSD text and an equivalent ECMAScript expression anchored to the whole value. */
export interface CompactPattern {
  readonly xsd: string;
  /** Source of a `RegExp` (with the flags of `flags`) that matches what the pattern matches. */
  readonly regex: string;
  readonly flags: string;
  readonly 'invert-match'?: true;
  readonly 'error-message'?: string;
  readonly 'error-app-tag'?: string;
}

/** A type with every restriction of its typedef chain merged in. */
export interface CompactType {
  /** The built-in type. */
  readonly base: string;
  /** The name as written (`inet:uri`), when it is a typedef. */
  readonly name?: string;
  readonly range?: CompactIntervals;
  readonly length?: CompactIntervals;
  readonly patterns?: readonly CompactPattern[];
  readonly 'fraction-digits'?: number;
  readonly enums?: readonly { readonly name: string; readonly value: number }[];
  readonly bits?: readonly { readonly name: string; readonly position: number }[];
  /** identityref: the bases (`module:name`); the values are the identities derived from all of them. */
  readonly bases?: readonly string[];
  /** leafref: the path as written. */
  readonly path?: string;
  /**
   * leafref: the schema path of the target leaf, absolute, each step `module:name` where the
   * module changes (predicates dropped): where the existing values are.
   */
  readonly target?: string;
  readonly 'require-instance'?: false;
  /** leafref: the target's type. */
  readonly 'target-type'?: CompactType;
  /** union: the member types, in order. */
  readonly members?: readonly CompactType[];
}
