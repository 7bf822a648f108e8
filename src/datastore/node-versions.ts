/**
 * @module datastore/node-versions
 * Which commit last touched a resource, for `ETag` and `Last-Modified`. Instance trees are
 * persistent: a commit replaces exactly the nodes on the spines of its changes and leaves every
 * other node object as it was. So the version of a node object is the commit that created it,
 * recorded in a WeakMap when the commit is made, in O(size of the change · depth).
 * @see RFC 8040 §3.4.1.2–3.4.1.3, RFC 7232 §2
 */
import type { DataChange, DataDiff, DataTree, InstanceNode, InstancePath, ListInstance, Slot } from '../data/index.ts';
import { findEntry, getChild, isInstanceNode } from '../data/index.ts';

/** The commit a resource was last changed by: its fixed number and time. */
export interface NodeVersion {
  readonly fixedNumber: number;
  readonly timestamp: string;
}

const isObject = (value: Slot): value is InstanceNode | ListInstance =>
  isInstanceNode(value) ||
  (typeof value === 'object' && value !== null && !Array.isArray(value) && 'schema' in value && 'entries' in value);

/** Walks `path` in `root`, calling `visit` with every inner node and list on the way (the root first). */
const walk = (root: DataTree, path: InstancePath, visit: (node: object) => boolean): void => {
  let node: Slot = root;
  if (!visit(root)) return;
  for (const step of path) {
    if (!isObject(node) || !('slots' in node)) return;
    const child: Slot = getChild(node, step.schema);
    if (!isObject(child)) return;
    if (step.schema.kind === 'list') {
      if (!visit(child)) return;
      if (step.keys === undefined) return;
      const entry = findEntry(child as ListInstance, step.keys);
      if (entry === undefined) return;
      node = entry;
    } else {
      node = child;
    }
    if (!visit(node)) return;
  }
};

const touchedPath = (change: DataChange): InstancePath => change.path;

/** Objects of a created subtree marked one by one; beyond this, they share the nearest marked ancestor's version. */
const SUBTREE_BUDGET = 10_000;

/** The inner nodes and lists below `value` (itself included), at most `budget` of them. */
const innerObjects = (value: Slot, budget: number): object[] => {
  const found: object[] = [];
  const stack: Slot[] = [value];
  while (stack.length > 0 && found.length < budget) {
    const current = stack.pop();
    if (!isObject(current)) continue;
    found.push(current);
    if ('slots' in current) for (const slot of current.slots) stack.push(slot);
    else
      for (const entry of current.entries.values()) {
        if (stack.length + found.length >= budget) break;
        stack.push(entry);
      }
  }
  return found;
};

/** The versions of node objects across the snapshots of one datastore. */
export class NodeVersions {
  readonly #versions = new WeakMap<object, NodeVersion>();
  #base: NodeVersion;

  /** `base` is what an object not created since start-up reports: the state start-up loaded. */
  constructor(base: NodeVersion) {
    this.#base = base;
  }

  /** Records that the objects `diff` created in `root` belong to commit `version`. */
  record(root: DataTree, diff: DataDiff, version: NodeVersion): void {
    this.#versions.set(root, version);
    for (const change of diff.changes) {
      walk(root, touchedPath(change), (node) => {
        if (this.#versions.has(node)) return true;
        this.#versions.set(node, version);
        return true;
      });
      // Objects inside a created subtree are new too: mark them, so that a later commit that
      // replaces one of their ancestors does not change their version.
      if (change.kind === 'create' || change.kind === 'modify')
        for (const node of innerObjects(change.value, SUBTREE_BUDGET)) this.#versions.set(node, version);
    }
  }

  /**
   * The version of the resource at `path`: that of the deepest node object on the path that a
   * commit since start-up created (a node below it is at least as old), else the start-up state's.
   */
  versionOf(root: DataTree, path: InstancePath): NodeVersion {
    let found: NodeVersion | undefined;
    walk(root, path, (node) => {
      const version = this.#versions.get(node);
      if (version !== undefined) found = version;
      return true;
    });
    return found ?? this.#base;
  }
}
