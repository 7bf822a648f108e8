/**
 * @module management/state-provider
 * Operational state that the datastore does not hold (the YANG library, RESTCONF monitoring,
 * the rollback files) comes from providers, one per top-level schema node. A read runs only the
 * providers of the subtrees it addresses, so reading one configuration entry costs no provider work.
 * @see RFC 8342 §5.3 (operational state), RFC 8040 §3.5
 */
import type { DataSchemaNode, DataTree, Slot } from '../data/index.ts';
import { decodeJson, getChild, isDataSchemaNode } from '../data/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { Session } from './session.ts';

/** Builds the instance of one top-level state node on demand. */
export interface StateProvider {
  /** The top-level node provided, `module:name` (e.g. `ietf-yang-library:yang-library`). */
  readonly node: string;
  /** The node's instance now, as the session may see it; undefined when it has none. */
  build(session: Session): Slot | Promise<Slot>;
}

/** The schema node of a top-level `module:name`, if the schema implements it. */
export const topLevelNode = (schema: SchemaTree, qualifiedName: string): DataSchemaNode | undefined => {
  const node = schema.dataChildIndex.get(qualifiedName);
  return node !== undefined && isDataSchemaNode(node) && node.parent === undefined ? node : undefined;
};

/**
 * The instance of top-level node `qualifiedName` decoded from its RFC 7951 JSON value (what a
 * GET of it would carry inside `{"module:name": …}`); undefined when the schema lacks the node.
 */
export const slotFromJson = (schema: SchemaTree, qualifiedName: string, json: unknown): Slot => {
  const node = topLevelNode(schema, qualifiedName);
  if (node === undefined) return undefined;
  const tree: DataTree = decodeJson(schema, { [qualifiedName]: json }, { schema });
  return getChild(tree, node);
};

/** The providers of one server, by top-level schema node. */
export class StateProviders {
  readonly #schema: SchemaTree;
  readonly #byNode = new Map<DataSchemaNode, StateProvider>();

  constructor(schema: SchemaTree) {
    this.#schema = schema;
  }

  /** Adds (or replaces) the provider of its node; ignored when the schema does not implement the node. */
  register(provider: StateProvider): void {
    const node = topLevelNode(this.#schema, provider.node);
    if (node !== undefined) this.#byNode.set(node, provider);
  }

  /** True when `node` is provided rather than stored. */
  provides(node: DataSchemaNode): boolean {
    return this.#byNode.has(node);
  }

  /** The provided top-level nodes. */
  nodes(): IterableIterator<DataSchemaNode> {
    return this.#byNode.keys();
  }

  /** Builds the instance of `node` (undefined when no provider has it). */
  async build(node: DataSchemaNode, session: Session): Promise<Slot> {
    const provider = this.#byNode.get(node);
    return provider === undefined ? undefined : await provider.build(session);
  }
}
