/**
 * @module datastore/node-versions
 * Which commit last changed a resource, for `ETag` and `Last-Modified`. Instance trees are
 * persistent: a commit (applied with `applyDiff`) creates exactly the node objects on the spines
 * of its changes and those of the subtrees it inserts, and leaves every other node object as it
 * was; a node object is never changed after it was created. So the version of a resource is the
 * commit that created the deepest node object on its path: its creation stamp, or its record in
 * a WeakMap made when the commit is applied, in O(size of the change · depth).
 *
 * A node object with neither is older than the *floor*: the state start-up loaded, or a
 * commit that inserted a subtree too big to mark object by object (its commit becomes the
 * floor). Resources report at least the floor. Because the records depend only on the commits
 * applied since the floor, every node of a cluster that applied the same commits reports the same
 * versions once they agree on the floor (docs/cluster.md).
 *
 * Most node objects carry their commit themselves: the datastore makes the version of record of
 * each commit inside `stampingCreations(fixedNumber, …)`, so every inner node on the spines of
 * its changes is stamped with it (`creationStamp`). The WeakMap holds only the rest: lists
 * (plain objects, no stamps), the inner nodes of inserted subtrees (made before the commit had
 * a number), and objects a later change reuses (a moved entry). It holds fixed numbers, not
 * version objects. A WeakMap is an ephemeron table, which every full garbage collection traces
 * and clears partly in its final pause: with an entry (and an object) per changed entry of a
 * large list, a million after random PATCHes at 1,000,000 entries, those pauses reached
 * 36–943 ms under a stream of writes (docs/performance.md, "Fourteenth round"). A recorded
 * version's time comes from {@link CommitSeconds}, to the whole second, as Last-Modified
 * carries it.
 * @see RFC 8040 §3.4.1.2–3.4.1.3, RFC 7232 §2
 */
import type { DataDiff, DataTree, InstanceNode, InstancePath, ListInstance, Slot } from '../data/index.ts';
import { creationStamp, findEntry, getChild, isInstanceNode } from '../data/index.ts';
import { CommitSeconds } from './commit-seconds.ts';

/** The commit a resource was last changed by: its fixed number and time. */
export interface NodeVersion {
  readonly fixedNumber: number;
  readonly timestamp: string;
}

const isObject = (value: Slot): value is InstanceNode | ListInstance =>
  isInstanceNode(value) ||
  (typeof value === 'object' && value !== null && !Array.isArray(value) && 'schema' in value && 'entries' in value);

/** Walks `path` in `root`, calling `visit` with every inner node and list on the way (the root first). */
const walk = (root: DataTree, path: InstancePath, visit: (node: object) => void): void => {
  let node: Slot = root;
  visit(root);
  for (const step of path) {
    if (!isObject(node) || !('slots' in node)) return;
    const child: Slot = getChild(node, step.schema);
    if (!isObject(child)) return;
    if (step.schema.kind === 'list') {
      visit(child);
      if (step.keys === undefined) return;
      const entry = findEntry(child as ListInstance, step.keys);
      if (entry === undefined) return;
      node = entry;
    } else {
      node = child;
    }
    visit(node);
  }
};

/** Objects of an inserted subtree marked one by one; a bigger subtree raises the floor instead. */
const SUBTREE_BUDGET = 10_000;

/**
 * The inner nodes and lists below `value` (itself included), in a fixed order; `undefined` when
 * there are more than `budget`.
 */
const innerObjects = (value: Slot, budget: number): object[] | undefined => {
  const found: object[] = [];
  const stack: Slot[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (!isObject(current)) continue;
    if (found.length === budget) return undefined;
    found.push(current);
    if ('slots' in current) for (const slot of current.slots) stack.push(slot);
    else {
      // Every entry is an inner node that would be found: a list too long is known without them
      // (a created list of a million entries would be put on the stack whole first).
      if (found.length + current.entries.size > budget) return undefined;
      for (const entry of current.entries.values()) stack.push(entry);
    }
  }
  return found;
};

/** The larger of two versions by fixed number (the first on a tie). */
export const laterVersion = (first: NodeVersion, second: NodeVersion): NodeVersion =>
  second.fixedNumber > first.fixedNumber ? second : first;

/** The versions of node objects across the snapshots of one datastore. */
export class NodeVersions {
  /** The fixed number of the commit that created each recorded node object. */
  readonly #versions = new WeakMap<object, number>();
  readonly #seconds = new CommitSeconds();
  #floor: NodeVersion;
  /** The version last reported above the floor (most answers report one of a few commits). */
  #last: NodeVersion | undefined;

  /** `floor` is what an object not created since start-up reports: the state start-up loaded. */
  constructor(floor: NodeVersion) {
    this.#floor = floor;
  }

  /** The version every resource reports at least. */
  get floor(): NodeVersion {
    return this.#floor;
  }

  /**
   * Records that the node objects `diff` created in `root` (the tree `applyDiff` made) belong to
   * commit `version`. An inserted subtree of more than 10,000 objects is not marked object by
   * object: `version` becomes the floor.
   */
  record(root: DataTree, diff: DataDiff, version: NodeVersion): void {
    const fixedNumber = version.fixedNumber;
    this.#seconds.add(fixedNumber, version.timestamp);
    // Objects stamped by this commit, or already marked by an earlier change of it, are left
    // alone; an object a change reuses (a moved entry) takes this commit's version, as on every
    // other node.
    const mark = (node: object): void => {
      if (creationStamp(node) !== fixedNumber && this.#versions.get(node) !== fixedNumber)
        this.#versions.set(node, fixedNumber);
    };
    mark(root);
    for (const change of diff.changes) {
      walk(root, change.path, mark);
      if (change.kind === 'create' || change.kind === 'modify') {
        const inserted = innerObjects(change.value, SUBTREE_BUDGET);
        if (inserted === undefined) this.#raiseFloor(version);
        else for (const node of inserted) mark(node);
      }
    }
  }

  /** The commit that created `node` or last reused it: its stamp or its record, the later one. */
  #commitOf(node: object): number {
    const stamp = creationStamp(node);
    const recorded = this.#versions.get(node);
    return recorded === undefined || recorded < stamp ? stamp : recorded;
  }

  /**
   * The version of the resource whose deepest node object on its path is `node` (an inner node
   * or list entry found at the end of the path): what {@link versionOf} returns for that path,
   * without walking it again.
   */
  versionOfNode(node: object): NodeVersion {
    return this.#versionOfCommit(this.#commitOf(node));
  }

  /**
   * The version of the resource at `path`: the commit that created the deepest node object on
   * the path, or the floor when that object is older (at least the floor in any case).
   */
  versionOf(root: DataTree, path: InstancePath): NodeVersion {
    let deepest: object = root;
    walk(root, path, (node) => {
      deepest = node;
    });
    return this.#versionOfCommit(this.#commitOf(deepest));
  }

  /** The version of commit `fixedNumber` (0: none recorded), or the floor when that is not older. */
  #versionOfCommit(fixedNumber: number): NodeVersion {
    const floor = this.#floor;
    if (fixedNumber <= floor.fixedNumber) return floor;
    const last = this.#last;
    if (last !== undefined && last.fixedNumber === fixedNumber) return last;
    const version = { fixedNumber, timestamp: this.#seconds.timeOf(fixedNumber) ?? floor.timestamp };
    this.#last = version;
    return version;
  }

  #raiseFloor(version: NodeVersion): void {
    this.#floor = laterVersion(this.#floor, version);
    this.#seconds.forgetBefore(this.#floor.fixedNumber);
  }
}
