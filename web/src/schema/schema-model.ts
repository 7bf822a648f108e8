/**
 * @module web/schema/schema-model
 * The compact schema the server sends (`{+restconf}/compact-schema`) as a navigable tree: each
 * node knows its parent, its module, whether it is configuration, and what the user may do with
 * it; identities know what derives from them. Nothing here knows any particular module.
 */
import type {
  CompactNode,
  CompactNodeKind,
  CompactSchema,
  CompactType,
} from '../../../src/yang/compact/compact-schema-format.ts';

/** The format version this UI reads. */
export const SUPPORTED_FORMAT = 'idconf-compact-schema/1';

/** A node of the schema tree. */
export interface SchemaNode {
  readonly kind: CompactNodeKind;
  readonly name: string;
  readonly module: string;
  readonly raw: CompactNode;
  readonly parent: SchemaNode | undefined;
  readonly children: readonly SchemaNode[];
  /** Configuration (false for state data and inside operations' output). */
  readonly config: boolean;
  /** Letters of `crudx`: what the user may do (see the compact schema's `access`). */
  readonly access: string;
}

/** True for the nodes that hold instance data (not choice, case, input, output, operations). */
export const isDataNode = (node: SchemaNode): boolean =>
  node.kind === 'container' ||
  node.kind === 'list' ||
  node.kind === 'leaf' ||
  node.kind === 'leaf-list' ||
  node.kind === 'anydata' ||
  node.kind === 'anyxml';

/** True for leaves and leaf-lists. */
export const isTerminal = (node: SchemaNode): boolean => node.kind === 'leaf' || node.kind === 'leaf-list';

/** The leaf's or leaf-list's type (a string type when absent, which the format does not allow). */
export const typeOf = (node: SchemaNode): CompactType => node.raw.type ?? { base: 'string' };

/** May the user change the node (create, update or delete it)? */
export const isWritable = (node: SchemaNode): boolean =>
  node.config && (node.access.includes('u') || node.access.includes('c') || node.access.includes('d'));

/** The data children of a node (choice and case looked through), in schema order. */
export const dataChildren = (node: { readonly children: readonly SchemaNode[] }): SchemaNode[] =>
  node.children.flatMap((child) => (child.kind === 'choice' || child.kind === 'case' ? dataChildren(child) : [child]));

/** The `module:name` of a node. */
export const qualifiedName = (node: SchemaNode): string => `${node.module}:${node.name}`;

/** A node's data parent (choice and case skipped); undefined at the top. */
export const dataParent = (node: SchemaNode): SchemaNode | undefined => {
  let parent = node.parent;
  while (parent !== undefined && (parent.kind === 'choice' || parent.kind === 'case')) parent = parent.parent;
  return parent;
};

/** The schema of the server's module set. */
export class SchemaModel {
  readonly top: readonly SchemaNode[];
  readonly rpcs: readonly SchemaNode[];
  readonly contentId: string;
  readonly #identities: ReadonlyMap<string, readonly string[]>;
  readonly #prefixes: ReadonlyMap<string, Readonly<Record<string, string>>>;
  readonly #derived = new Map<string, readonly string[]>();

  constructor(compact: CompactSchema) {
    if (compact.format !== SUPPORTED_FORMAT)
      throw new Error(`the server's schema is in format ${String(compact.format)}; this UI reads ${SUPPORTED_FORMAT}`);
    this.contentId = compact['content-id'];
    this.#identities = new Map(Object.entries(compact.identities).map(([name, identity]) => [name, identity.bases]));
    this.#prefixes = new Map(compact.modules.map((module) => [module.name, module.prefixes ?? {}]));
    const build = (raw: CompactNode, parent: SchemaNode | undefined): SchemaNode => {
      const children: SchemaNode[] = [];
      // An operation's input is what the user fills in; its output and state data are read only.
      const config =
        raw.kind === 'rpc' || raw.kind === 'action' || raw.kind === 'output'
          ? false
          : raw.kind === 'input' || (raw.config !== false && (parent?.config ?? true));
      const node: SchemaNode = {
        kind: raw.kind,
        name: raw.name,
        module: raw.module ?? parent?.module ?? '',
        raw,
        parent,
        children,
        config,
        access: raw.access ?? 'crudx',
      };
      for (const child of raw.children ?? []) children.push(build(child, node));
      return node;
    };
    this.top = compact.data.map((raw) => build(raw, undefined));
    this.rpcs = compact.rpcs.map((raw) => build(raw, undefined));
  }

  /** The prefixes module `module` declares (its own and its imports'), for its XPath expressions. */
  prefixesOf(module: string): Readonly<Record<string, string>> {
    return this.#prefixes.get(module) ?? {};
  }

  /** The top-level data node `module:name`. */
  topNode(module: string, name: string): SchemaNode | undefined {
    return dataChildren({ children: this.top }).find((node) => node.module === module && node.name === name);
  }

  /** The data child of `parent` (the top when undefined) named `name`, in `module` or else the only one of that name. */
  child(parent: SchemaNode | undefined, name: string, module?: string): SchemaNode | undefined {
    const candidates = dataChildren(parent ?? { children: this.top }).concat(
      (parent?.children ?? []).filter((node) => node.kind === 'action'),
    );
    const named = candidates.filter((node) => node.name === name);
    if (module !== undefined) return named.find((node) => node.module === module);
    return named.length === 1 ? named[0] : named.find((node) => node.module === parent?.module);
  }

  /** Every identity derived, directly or not, from each of `bases` (the bases themselves excluded), sorted. */
  derivedIdentities(bases: readonly string[]): readonly string[] {
    const key = bases.join(' ');
    let derived = this.#derived.get(key);
    if (derived === undefined) {
      const from = (identity: string, base: string, seen = new Set<string>()): boolean => {
        if (seen.has(identity)) return false;
        seen.add(identity);
        return (this.#identities.get(identity) ?? []).some((direct) => direct === base || from(direct, base, seen));
      };
      derived = [...this.#identities.keys()].filter((identity) => bases.every((base) => from(identity, base))).sort();
      this.#derived.set(key, derived);
    }
    return derived;
  }
}
