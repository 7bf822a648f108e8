/**
 * @module management/leaf-transforms
 * Leaf transforms rewrite the values a write stores in some leaves before the new tree is
 * validated and committed (e.g. a server encrypts the clear value of a secret leaf, or turns
 * imported key material into its stored form). They see only what the write created or changed:
 * the cost follows the size of the change, not of the datastore.
 */
import type { DataSchemaNode, DataTree, InstanceNode, InstancePath, ListInstance, Slot } from '../data/index.ts';
import { childrenOf, diffTrees, entriesOf, keyValuesOf, slotTableOf, updateAt } from '../data/index.ts';
import type { LeafNode, SchemaNode, YangValue } from '../yang/index.ts';

/** Rewrites the values written to the leaves it applies to. */
export interface LeafTransform {
  /** True for the leaves whose written values pass through {@link transform} (asked once per leaf). */
  appliesTo(leaf: LeafNode): boolean;
  /**
   * The value to store instead of `value`, which a write is about to put at `path`; return it
   * unchanged to keep it. Throws a ManagementError to reject the write.
   */
  transform(value: YangValue, path: InstancePath): YangValue | Promise<YangValue>;
}

/** The registered transforms, with per-schema-node answers cached. */
export class LeafTransforms {
  readonly #transforms: LeafTransform[] = [];
  readonly #leafCache = new Map<LeafNode, readonly LeafTransform[]>();
  readonly #subtreeCache = new Map<SchemaNode, boolean>();

  /** Adds a transform (applied after those added before it). */
  register(transform: LeafTransform): void {
    this.#transforms.push(transform);
    this.#leafCache.clear();
    this.#subtreeCache.clear();
  }

  get isEmpty(): boolean {
    return this.#transforms.length === 0;
  }

  /** `after` with every leaf that `before` → `after` creates or changes passed through its transforms. */
  async apply(before: DataTree, after: DataTree): Promise<DataTree> {
    if (this.isEmpty || before === after || !this.#mayReach(before, after)) return after;
    const writes: { path: InstancePath; value: YangValue; transforms: readonly LeafTransform[] }[] = [];
    const collect = (schema: DataSchemaNode, slot: Slot, path: InstancePath): void => {
      if (slot === undefined || !this.#reaches(schema)) return;
      if (schema.kind === 'leaf') {
        writes.push({ path, value: slot as YangValue, transforms: this.#forLeaf(schema) });
      } else if (schema.kind === 'container') {
        for (const [child, value] of childrenOf(slot as InstanceNode))
          collect(child, value, [...path, { schema: child }]);
      } else if (schema.kind === 'list') {
        const list = slot as ListInstance;
        const keyed = list.schema.keys.length > 0;
        for (const entry of entriesOf(list)) {
          const step = keyed ? { schema, keys: keyValuesOf(entry) } : { schema };
          for (const [child, value] of childrenOf(entry))
            collect(child, value, [...path.slice(0, -1), step, { schema: child }]);
        }
      }
    };
    for (const change of diffTrees(before, after).changes) {
      if (change.kind !== 'create' && change.kind !== 'modify') continue;
      const target = change.path.at(-1)?.schema;
      if (target === undefined) continue;
      if (target.kind === 'list' && change.path.at(-1)?.keys !== undefined) {
        // A created entry: its path names the entry itself.
        for (const [child, value] of childrenOf(change.value as InstanceNode))
          collect(child, value, [...change.path, { schema: child }]);
      } else collect(target, change.value, change.path);
    }
    let result = after;
    for (const write of writes) {
      let value = write.value;
      for (const transform of write.transforms) value = await transform.transform(value, write.path);
      if (value !== write.value) result = updateAt(result, write.path, () => value);
    }
    return result;
  }

  /**
   * False when no top-level node that holds a transformed leaf changed: trees are persistent, so a
   * node object `after` shares with `before` holds no write, and the diff (which costs as much as
   * the datastore's own) can be skipped — as for most writes, which touch no secret.
   */
  #mayReach(before: DataTree, after: DataTree): boolean {
    const { nodes } = slotTableOf(after.schema);
    return nodes.some((node, index) => before.slots[index] !== after.slots[index] && this.#reaches(node));
  }

  #forLeaf(leaf: LeafNode): readonly LeafTransform[] {
    let found = this.#leafCache.get(leaf);
    if (found === undefined) {
      found = this.#transforms.filter((transform) => transform.appliesTo(leaf));
      this.#leafCache.set(leaf, found);
    }
    return found;
  }

  /** True when a transform applies to `node` or to a leaf below it. */
  #reaches(node: SchemaNode): boolean {
    let found = this.#subtreeCache.get(node);
    if (found === undefined) {
      if (node.kind === 'leaf') found = this.#forLeaf(node).length > 0;
      else if ('children' in node) found = node.children.some((child) => this.#reaches(child));
      else found = false;
      this.#subtreeCache.set(node, found);
    }
    return found;
  }
}
