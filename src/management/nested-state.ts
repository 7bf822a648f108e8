/**
 * @module management/nested-state
 * Operational state nested inside configuration: a `config false` node below configuration
 * list entries or containers (e.g. facts a server computes from an entry's leaves). A provider
 * builds the node's instance for one parent instance at read time; a read decorates only the
 * parents on the path it addresses (all of them below its target), so reading other subtrees
 * costs nothing.
 * @see RFC 8342 §5.3 (operational state), RFC 7950 §7.21.1 (config false below config true)
 */
import type { DataSchemaNode, DataTree, InstanceNode, InstancePath, ListInstance, Slot } from '../data/index.ts';
import { entriesOf, findEntry, getChild, isDataSchemaNode, putEntry, setChild } from '../data/index.ts';
import type { SchemaNode, SchemaParent, SchemaTree } from '../yang/index.ts';
import type { Session } from './session.ts';

/** Builds a nested `config false` node for one parent instance. */
export interface NestedStateProvider {
  /**
   * The schema path of the provided node, `/module:a/b/c` (a step without a prefix is in the
   * module of the step before), e.g. `/base:facilities/crypto/signing-keys/signing-key/details`.
   */
  readonly node: string;
  /** The node's instance for `parent` (the list entry or container holding it); undefined for none. */
  build(parent: InstanceNode, session: Session): Slot | Promise<Slot>;
}

/** The data node at a schema path (see {@link NestedStateProvider.node}); a TypeError when there is none. */
export const resolveDataNode = (schema: SchemaTree, path: string): DataSchemaNode => {
  let parent: SchemaParent = schema;
  let module: string | undefined;
  let found: SchemaNode | undefined;
  for (const step of path.replace(/^\//, '').split('/')) {
    const colon = step.indexOf(':');
    if (colon >= 0) module = step.slice(0, colon);
    found = parent.dataChildIndex.get(`${module}:${colon >= 0 ? step.slice(colon + 1) : step}`);
    if (found === undefined || !isDataSchemaNode(found)) throw new TypeError(`no data node at ${path}`);
    if (found.kind === 'container' || found.kind === 'list') parent = found;
  }
  if (found === undefined || !isDataSchemaNode(found)) throw new TypeError(`no data node at ${path}`);
  return found;
};

/** The data nodes from the top level down to `node` (choice and case left out). */
const chainOf = (node: DataSchemaNode): DataSchemaNode[] => {
  const chain: DataSchemaNode[] = [];
  for (let current: SchemaNode | undefined = node; current !== undefined; current = current.parent)
    if (isDataSchemaNode(current)) chain.unshift(current);
  return chain;
};

interface Registered {
  readonly chain: readonly DataSchemaNode[];
  readonly provider: NestedStateProvider;
}

/** The nested state providers of one server. */
export class NestedStateProviders {
  readonly #schema: SchemaTree;
  readonly #registered: Registered[] = [];

  constructor(schema: SchemaTree) {
    this.#schema = schema;
  }

  /** Adds a provider; its node must be a `config false` data node whose parent is configuration. */
  register(provider: NestedStateProvider): void {
    const node = resolveDataNode(this.#schema, provider.node);
    if (node.config) throw new TypeError(`${provider.node} is configuration, not state`);
    this.#registered.push({ chain: chainOf(node), provider });
  }

  /** True when a read of `path` would have a provider add something (what {@link decorate} would decorate). */
  touches(path: InstancePath): boolean {
    return this.#registered.some(({ chain }) =>
      chain.every((node, depth) => path[depth] === undefined || path[depth]?.schema === node),
    );
  }

  /** `root` with the provided nodes set below the parents that a read of `path` returns. */
  async decorate(root: DataTree, path: InstancePath, session: Session): Promise<DataTree> {
    let view = root;
    for (const { chain, provider } of this.#registered) {
      if (!chain.every((node, depth) => path[depth] === undefined || path[depth]?.schema === node)) continue;
      view = (await decorateBelow(view, chain, 0, path, (parent) => provider.build(parent, session))) as DataTree;
    }
    return view;
  }
}

const decorateBelow = async (
  instance: InstanceNode,
  chain: readonly DataSchemaNode[],
  depth: number,
  path: InstancePath,
  build: (parent: InstanceNode) => Slot | Promise<Slot>,
): Promise<InstanceNode> => {
  const node = chain[depth] as DataSchemaNode;
  if (depth === chain.length - 1) return setChild(instance, node, (await build(instance)) as never);
  const slot = getChild(instance, node);
  if (slot === undefined) return instance;
  if (node.kind === 'list') {
    const list = slot as ListInstance;
    const keys = path[depth]?.keys;
    const entries = keys === undefined ? [...entriesOf(list)] : [findEntry(list, keys)];
    let updated = list;
    for (const entry of entries) {
      if (entry === undefined) continue;
      const decorated = await decorateBelow(entry, chain, depth + 1, path, build);
      if (decorated !== entry) updated = putEntry(updated, decorated as typeof entry);
    }
    return setChild(instance, node, updated as never);
  }
  if (node.kind !== 'container') return instance;
  return setChild(instance, node, (await decorateBelow(slot as InstanceNode, chain, depth + 1, path, build)) as never);
};
