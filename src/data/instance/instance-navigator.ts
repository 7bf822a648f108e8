/**
 * @module data/instance/instance-navigator
 * An XPath navigator over an instance tree that presents the accessible tree of RFC 7950 §6.4.1:
 * stored nodes plus the implicit ones libyang adds before it validates — leaves and leaf-lists
 * with defaults in use, and non-presence containers wherever their parent exists — minus
 * implicit nodes whose `when` is false. Handles are created lazily and cached per parent, so
 * that one entry of a huge list can be visited without materializing its siblings.
 * @see RFC 7950 §6.4.1 (accessible tree), §7.6.1, §7.7.2 (defaults), §7.21.5 (when)
 */
import type { XPathNavigator, XPathNodeKind } from '../../xpath/index.ts';
import type { SchemaTree, YangValue } from '../../yang/index.ts';
import { toCanonical } from '../../yang/index.ts';
import { defaultsInUse, leafDefault, leafListDefaults } from './default-values.ts';
import { entryKeyOf } from './entry-key.ts';
import type { DataTree, InstanceNode, LeafListValues, ListEntry, ListInstance, Slot } from './instance-node.ts';
import { emptyInstance } from './instance-node.ts';
import type { InstancePath, InstancePathStep } from './instance-path.ts';
import { findEntry, keyValuesOf } from './list-instance.ts';
import type { DataSchemaNode } from './slot-table.ts';
import { slotTableOf } from './slot-table.ts';

/** A node of the accessible tree: the root, a container, a list entry, a leaf, a leaf-list entry, anydata. */
export interface AccessibleNode {
  readonly parent: AccessibleNode | undefined;
  /** The schema node; undefined for the root. */
  readonly schema: DataSchemaNode | undefined;
  /** The slot index within the parent's slot table (-1 for the root). */
  readonly slot: number;
  /** The instance of an inner node (root, container, list entry). */
  readonly inner: InstanceNode | undefined;
  /** The value of a leaf, leaf-list entry or anydata node. */
  readonly value: YangValue | Slot;
  /** True for a default leaf or leaf-list value, or a non-presence container that is not stored. */
  readonly implicit: boolean;
  /** The entry key of a list entry. */
  readonly key: string | undefined;
  readonly depth: number;
  /** Position among the instances of the slot; -1 until needed (list entries found by key). */
  item: number;
}

/** Hooks the validator supplies: `when` of implicit nodes and `deref()`. */
export interface InstanceNavigatorHooks {
  /** Whether an implicit node's `when` conditions hold (it is removed otherwise, as libyang does). */
  readonly implicitWhenHolds?: (node: AccessibleNode) => boolean;
  /** True when an implicit node of `schema` has `when` conditions to evaluate. */
  readonly hasWhen?: (schema: DataSchemaNode) => boolean;
  /** The targets of a leafref or instance-identifier node. @see RFC 7950 §10.3.1 */
  readonly deref?: (node: AccessibleNode) => readonly AccessibleNode[];
}

interface NodeCache {
  readonly slots: (readonly AccessibleNode[] | undefined)[];
  entries: Map<string, AccessibleNode> | undefined;
  inUse: ((index: number) => boolean) | undefined;
  configChildren: readonly AccessibleNode[] | undefined;
  allChildren: readonly AccessibleNode[] | undefined;
}

const NO_NODES: readonly AccessibleNode[] = Object.freeze([]);

const makeNode = (
  parent: AccessibleNode | undefined,
  schema: DataSchemaNode | undefined,
  slot: number,
  inner: InstanceNode | undefined,
  value: YangValue | Slot,
  implicit: boolean,
  item: number,
  key?: string,
): AccessibleNode => ({
  parent,
  schema,
  slot,
  inner,
  value,
  implicit,
  key,
  depth: parent === undefined ? 0 : parent.depth + 1,
  item,
});

/** The instance path of a node: list entries with their keys, leaf-list entries with their value. */
export const instancePathOf = (node: AccessibleNode): InstancePath => {
  const steps: InstancePathStep[] = [];
  for (let current: AccessibleNode | undefined = node; current?.schema !== undefined; current = current.parent) {
    const { schema } = current;
    if (schema.kind === 'list' && current.inner !== undefined && schema.keys.length > 0) {
      steps.push({ schema, keys: keyValuesOf(current.inner as ListEntry) });
    } else if (schema.kind === 'leaf-list') {
      steps.push({ schema, value: current.value as YangValue });
    } else {
      steps.push({ schema });
    }
  }
  return steps.reverse();
};

/**
 * The accessible tree of one DataTree as an XPathNavigator. `configOnly` switches the view
 * between configuration only (constraints of config nodes) and everything (state nodes).
 * @see RFC 7950 §6.4.1
 */
export class InstanceNavigator implements XPathNavigator<AccessibleNode> {
  readonly schema: SchemaTree;
  readonly rootNode: AccessibleNode;
  /** When true, `children` hides `config false` nodes. */
  configOnly = true;
  readonly #hooks: InstanceNavigatorHooks;
  readonly #caches = new Map<AccessibleNode, NodeCache>();

  constructor(root: DataTree, hooks: InstanceNavigatorHooks = {}) {
    this.schema = root.schema;
    this.rootNode = makeNode(undefined, undefined, -1, root, undefined, false, 0);
    this.#hooks = hooks;
  }

  #cacheOf(node: AccessibleNode): NodeCache {
    let cache = this.#caches.get(node);
    if (cache === undefined) {
      cache = { slots: [], entries: undefined, inUse: undefined, configChildren: undefined, allChildren: undefined };
      this.#caches.set(node, cache);
    }
    return cache;
  }

  /** Whether defaults of slot `index` of `parent` are in use (the case rules of RFC 7950 §7.9.3). */
  #inUse(parent: AccessibleNode, cache: NodeCache, index: number): boolean {
    if (cache.inUse === undefined) {
      const schema = (parent.inner as InstanceNode).schema;
      cache.inUse = defaultsInUse(parent.inner, slotTableOf(schema));
    }
    return cache.inUse(index);
  }

  /** The implicit instances of an absent slot: defaults in use and non-presence containers. */
  #implicitNodes(parent: AccessibleNode, cache: NodeCache, schema: DataSchemaNode, index: number): AccessibleNode[] {
    if (!this.#inUse(parent, cache, index)) return [];
    switch (schema.kind) {
      case 'leaf': {
        const value = leafDefault(this.schema, schema);
        return value === undefined ? [] : [makeNode(parent, schema, index, undefined, value, true, 0)];
      }
      case 'leaf-list':
        return leafListDefaults(this.schema, schema).map((value, item) =>
          makeNode(parent, schema, index, undefined, value, true, item),
        );
      case 'container':
        return schema.presence === undefined
          ? [makeNode(parent, schema, index, emptyInstance(schema), undefined, true, 0)]
          : [];
      default:
        return [];
    }
  }

  #storedNodes(parent: AccessibleNode, cache: NodeCache, schema: DataSchemaNode, index: number, value: Slot) {
    switch (schema.kind) {
      case 'leaf':
      case 'anydata':
      case 'anyxml':
        return [makeNode(parent, schema, index, undefined, value, false, 0)];
      case 'leaf-list':
        return (value as LeafListValues).map((item, position) =>
          makeNode(parent, schema, index, undefined, item, false, position),
        );
      case 'container':
        return [makeNode(parent, schema, index, value as InstanceNode, undefined, false, 0)];
      case 'list': {
        const nodes: AccessibleNode[] = [];
        let position = 0;
        for (const [key, entry] of (value as ListInstance).entries) {
          const known = cache.entries?.get(key);
          if (known !== undefined && known.inner === entry) {
            known.item = position;
            nodes.push(known);
          } else {
            nodes.push(makeNode(parent, schema, index, entry, undefined, false, position, key));
          }
          position++;
        }
        cache.entries = undefined;
        return nodes;
      }
    }
  }

  /** The instances of slot `index` of the inner node `parent` (stored or implicit), in order. */
  slotNodes(parent: AccessibleNode, index: number): readonly AccessibleNode[] {
    const cache = this.#cacheOf(parent);
    const known = cache.slots[index];
    if (known !== undefined) return known;
    const inner = parent.inner as InstanceNode;
    const schema = slotTableOf(inner.schema).nodes[index] as DataSchemaNode;
    const value = inner.slots[index];
    if (value !== undefined) {
      const nodes = this.#storedNodes(parent, cache, schema, index, value);
      cache.slots[index] = nodes;
      return nodes;
    }
    const nodes = this.#implicitNodes(parent, cache, schema, index);
    cache.slots[index] = nodes;
    if (nodes.length > 0 && this.#hooks.hasWhen?.(schema) === true) {
      // The nodes stay visible while their own `when` is evaluated (libyang creates them first).
      const holds = this.#hooks.implicitWhenHolds?.(nodes[0] as AccessibleNode) ?? true;
      if (!holds) {
        cache.slots[index] = NO_NODES;
        cache.configChildren = undefined;
        cache.allChildren = undefined;
        return NO_NODES;
      }
    }
    return nodes;
  }

  /**
   * The node of one list entry (slot `index` of `parent`), without materializing the list;
   * the handle is registered so that later navigation returns the same object.
   */
  entryNode(parent: AccessibleNode, index: number, entry: ListEntry, key?: string): AccessibleNode {
    const cache = this.#cacheOf(parent);
    const entryKey = key ?? entryKeyOf(entry.schema, keyValuesOf(entry));
    const materialized = cache.slots[index];
    if (materialized !== undefined) {
      const list = (parent.inner as InstanceNode).slots[index] as ListInstance;
      const found = materialized[list.entries.indexOf(entryKey)];
      if (found !== undefined) return found;
    }
    cache.entries ??= new Map();
    let node = cache.entries.get(entryKey);
    if (node === undefined || node.inner !== entry) {
      node = makeNode(parent, entry.schema, index, entry, undefined, false, -1, entryKey);
      cache.entries.set(entryKey, node);
    }
    return node;
  }

  /** The node at `path` below the root (implicit nodes included), or undefined. */
  locate(path: InstancePath): AccessibleNode | undefined {
    let node: AccessibleNode | undefined = this.rootNode;
    for (const step of path) {
      if (node?.inner === undefined) return undefined;
      const index = slotTableOf(node.inner.schema).indexOf.get(step.schema);
      if (index === undefined) return undefined;
      if (step.schema.kind === 'list' && step.keys !== undefined) {
        const list = node.inner.slots[index] as ListInstance | undefined;
        const entry = list === undefined ? undefined : findEntry(list, step.keys);
        node = entry === undefined ? undefined : this.entryNode(node, index, entry);
        continue;
      }
      const nodes = this.slotNodes(node, index);
      if (step.schema.kind === 'leaf-list' && step.value !== undefined) {
        const text = toCanonical(step.schema.type, step.value);
        node = nodes.find((candidate) => this.stringValue(candidate) === text);
      } else {
        node = nodes[0];
      }
    }
    return node;
  }

  /** Forgets the cached children of `node` and its descendants (after a subtree has been validated). */
  release(node: AccessibleNode): void {
    const cache = this.#caches.get(node);
    if (cache === undefined) return;
    this.#caches.delete(node);
    for (const nodes of cache.slots) for (const child of nodes ?? NO_NODES) this.release(child);
    for (const child of cache.entries?.values() ?? []) this.release(child);
    if (node.key !== undefined && node.parent !== undefined) this.#caches.get(node.parent)?.entries?.delete(node.key);
  }

  kind(node: AccessibleNode): XPathNodeKind {
    return node.parent === undefined ? 'root' : 'element';
  }

  parent(node: AccessibleNode): AccessibleNode | undefined {
    return node.parent;
  }

  children(node: AccessibleNode): readonly AccessibleNode[] {
    if (node.inner === undefined) return NO_NODES;
    const cache = this.#cacheOf(node);
    const cached = this.configOnly ? cache.configChildren : cache.allChildren;
    if (cached !== undefined) return cached;
    const { nodes } = slotTableOf(node.inner.schema);
    const out: AccessibleNode[] = [];
    for (let index = 0; index < nodes.length; index++) {
      if (this.configOnly && !(nodes[index] as DataSchemaNode).config) continue;
      for (const child of this.slotNodes(node, index)) out.push(child);
    }
    if (this.configOnly) cache.configChildren = out;
    else cache.allChildren = out;
    return out;
  }

  attributes(): readonly AccessibleNode[] {
    return NO_NODES;
  }

  namespace(node: AccessibleNode): string {
    return node.schema?.module ?? '';
  }

  localName(node: AccessibleNode): string {
    return node.schema?.name ?? '';
  }

  stringValue(node: AccessibleNode): string {
    const { schema } = node;
    if (schema === undefined || node.inner !== undefined) {
      let text = '';
      for (const child of this.children(node)) text += this.stringValue(child);
      return text;
    }
    if (schema.kind !== 'leaf' && schema.kind !== 'leaf-list') return '';
    try {
      return toCanonical(schema.type, node.value as YangValue);
    } catch {
      return String(node.value);
    }
  }

  compareDocumentOrder(a: AccessibleNode, b: AccessibleNode): number {
    if (a === b) return 0;
    let x = a;
    let y = b;
    while (x.depth > y.depth) x = x.parent as AccessibleNode;
    if (x === y) return 1;
    while (y.depth > x.depth) y = y.parent as AccessibleNode;
    if (x === y) return -1;
    while (x.parent !== y.parent) {
      x = x.parent as AccessibleNode;
      y = y.parent as AccessibleNode;
    }
    return x.slot - y.slot || this.#itemOf(x) - this.#itemOf(y);
  }

  #itemOf(node: AccessibleNode): number {
    if (node.item < 0 && node.key !== undefined && node.parent?.inner !== undefined) {
      const list = node.parent.inner.slots[node.slot] as ListInstance;
      node.item = list.entries.indexOf(node.key);
    }
    return node.item;
  }

  root(): AccessibleNode {
    return this.rootNode;
  }

  deref(node: AccessibleNode): readonly AccessibleNode[] {
    return this.#hooks.deref?.(node) ?? NO_NODES;
  }

  enumValue(node: AccessibleNode): number | undefined {
    const { schema, value } = node;
    if (schema?.kind !== 'leaf' && schema?.kind !== 'leaf-list') return undefined;
    const types = schema.type.base === 'union' ? schema.type.members : [schema.type];
    for (const type of types) {
      if (type.base === 'enumeration') {
        const member = type.enums.find((candidate) => candidate.name === value);
        if (member !== undefined) return member.value;
      }
    }
    return undefined;
  }

  isBitSet(node: AccessibleNode, bitName: string): boolean {
    return Array.isArray(node.value) && (node.value as readonly unknown[]).includes(bitName);
  }
}
