/**
 * @module nacm/scope-access
 * Turns scopes into the access the encoders consult (data's ReadAccess): a subtree whose every
 * node is permitted is `true` and costs nothing more, one whose every node is denied is
 * undefined (left out), anything else an object deciding child by child, entry by entry. A node
 * denied itself but with permitted descendants is "structural": shown only around them.
 * Non-presence containers and the datastore root have no access of their own (they exist only
 * through their children). The same verdicts serve writes: `true` for a subtree every node of
 * which may be created (or deleted).
 * @see RFC 8341 §3.4.5, RFC 7950 §7.5.1 (non-presence containers)
 */
import type { AccessScope, LeafListValues, ListEntry, ReadAccess } from '../data/index.ts';
import { slotTableOf } from '../data/index.ts';
import type { SchemaNode, YangValue } from '../yang/index.ts';
import type { Scope } from './rule-scope.ts';

const NOTHING: readonly YangValue[] = Object.freeze([]);

/** The access of an instance decided child by child. */
class NodeAccess implements ReadAccess {
  readonly #scope: Scope;
  readonly structural: boolean;

  constructor(scope: Scope, structural: boolean) {
    this.#scope = scope;
    this.structural = structural;
  }

  child(node: SchemaNode): AccessScope | undefined {
    // The keys of an entry that is shown are shown with it (see innerAccess).
    if (node.kind === 'leaf' && node.isKey) return true;
    return memberAccess(this.#scope.child(node));
  }

  entry(): AccessScope | undefined {
    return undefined;
  }

  values(): LeafListValues {
    return NOTHING;
  }
}

/** Outcomes of the waiting rules remembered per list access, by their mask (below this). */
const MASKS_REMEMBERED = 64;

/** The access of a list whose entries are decided by their keys. */
class ListAccess implements ReadAccess {
  readonly #scope: Scope;
  readonly structural = false;
  /** The access of the entries of each outcome mask seen so far (a hole: not seen yet). */
  readonly #byMask: (AccessScope | null)[] = [];

  constructor(scope: Scope) {
    this.#scope = scope;
  }

  child(): AccessScope | undefined {
    return undefined;
  }

  entry(entry: ListEntry): AccessScope | undefined {
    // An entry's slots begin with its keys, in order: no array of them is made.
    const keys = entry.slots as readonly YangValue[];
    const mask = this.#scope.entryMask(keys);
    if (mask === undefined || mask >= MASKS_REMEMBERED) return entryAccess(this.#scope.entry(keys));
    const known = this.#byMask[mask];
    if (known !== undefined) return known ?? undefined;
    const access = entryAccess(this.#scope.entryByMask(mask));
    this.#byMask[mask] = access ?? null;
    return access;
  }

  values(): LeafListValues {
    return NOTHING;
  }
}

/** The access of a list all of whose entries have the same access. */
class UniformListAccess implements ReadAccess {
  readonly #access: AccessScope;
  readonly structural = false;

  constructor(access: AccessScope) {
    this.#access = access;
  }

  child(): AccessScope | undefined {
    return undefined;
  }

  entry(): AccessScope | undefined {
    return this.#access;
  }

  values(): LeafListValues {
    return NOTHING;
  }
}

/** The access of a leaf-list whose values are decided one by one. */
class LeafListAccess implements ReadAccess {
  readonly #scope: Scope;
  readonly structural = false;

  constructor(scope: Scope) {
    this.#scope = scope;
  }

  child(): AccessScope | undefined {
    return undefined;
  }

  entry(): AccessScope | undefined {
    return undefined;
  }

  values(values: LeafListValues): LeafListValues {
    return values.filter((value) => this.#scope.value(value).self() === 'permit');
  }
}

const memo = <T>(scope: Scope, key: string, compute: () => T): T => {
  const known = scope.memo.get(key);
  if (known !== undefined || scope.memo.has(key)) return known as T;
  const value = compute();
  scope.memo.set(key, value);
  return value;
};

/**
 * The access of an inner instance (the root, a container, a list entry) of a resolved scope:
 * `transparent` for the root and non-presence containers. The keys of an entry go with it: an
 * entry that may be read but whose keys may not is hidden whole (it could not be told apart
 * from its siblings); an entry shown only around its descendants shows its keys.
 */
const innerAccess = (scope: Scope, transparent: boolean): AccessScope | undefined => {
  const node = scope.node;
  const permitted = !transparent && scope.self() === 'permit';
  let all = transparent || permitted;
  let none = !permitted;
  const table = slotTableOf(node as Parameters<typeof slotTableOf>[0]);
  for (const child of table.nodes) {
    const access = memberAccess(scope.child(child));
    if (child.kind === 'leaf' && child.isKey) {
      if (permitted && access === undefined) return undefined;
      continue;
    }
    if (access !== true) all = false;
    if (access !== undefined) none = false;
  }
  if (all) return true;
  if (none) return undefined;
  return new NodeAccess(scope, !permitted);
};

/** The access of one list entry (a resolved list scope). */
export const entryAccess = (scope: Scope): AccessScope | undefined =>
  memo(scope, 'entry', () => innerAccess(scope, false));

/**
 * The access of the instance(s) of a child scope's node as a member of its parent: for a list
 * or leaf-list, the access of its entries. @see RFC 8341 §3.4.5
 */
export const memberAccess = (scope: Scope): AccessScope | undefined =>
  memo(scope, 'member', (): AccessScope | undefined => {
    const node = scope.node;
    if (!('kind' in node)) return innerAccess(scope, true);
    switch (node.kind) {
      case 'container':
        return innerAccess(scope, node.presence === undefined);
      case 'list': {
        if (scope.waiting) return new ListAccess(scope);
        const access = entryAccess(scope);
        return access === true || access === undefined ? access : new UniformListAccess(access);
      }
      case 'leaf-list':
        if (scope.waiting) return new LeafListAccess(scope);
        return scope.self() === 'permit' ? true : undefined;
      case 'leaf':
      case 'anydata':
      case 'anyxml':
        return scope.self() === 'permit' ? true : undefined;
      default:
        return undefined;
    }
  });
