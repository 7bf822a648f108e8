/**
 * @module web/state/staging
 * The changes the user has made but not committed: one YANG Patch edit per changed node, in the
 * order they were made, each remembering the value before and the entity tag of the resource
 * it was made in (to detect that someone else changed it meanwhile). Nothing reaches the server
 * until the whole set is committed as one YANG Patch.
 * @see RFC 8072 §2 (YANG Patch edits)
 */
import type { DataPath } from '../schema/data-path.ts';
import { isPrefixOf, memberName, pathKey } from '../schema/data-path.ts';
import type { JsonValue } from '../schema/leaf-values.ts';
import { sameValue } from '../schema/leaf-values.ts';

/** The YANG Patch operations the UI uses. @see RFC 8072 §2.5 */
export type EditOperation = 'create' | 'delete' | 'merge' | 'remove' | 'move';

/** Where an edit was made: the resource the user was looking at, and its entity tag then. */
export interface EditBase {
  readonly path: DataPath;
  readonly tag: string | undefined;
}

/** One staged change. */
export interface StagedEdit {
  /** Identifies the changed node (its path key). */
  readonly key: string;
  readonly operation: EditOperation;
  readonly target: DataPath;
  /** The YANG Patch `value`: the node as one RFC 7951 member. */
  readonly value?: Readonly<Record<string, unknown>>;
  /** What the node held on the server, for the diff (undefined: absent). */
  readonly before: unknown;
  /** What it will hold (undefined: absent). */
  readonly after: unknown;
  readonly base: EditBase;
  /** A move's place: before or after `point`, an entry of the same list. @see RFC 8072 §2.5 */
  readonly where?: 'before' | 'after';
  readonly point?: DataPath;
}

/**
 * `items` in the order the staged `moves` give them, applied one after the other as the server
 * applies the patch's edits; a move whose entry or point is not among `items` is passed over.
 */
export const orderWithMoves = <T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  moves: readonly StagedEdit[],
): T[] => {
  const ordered = [...items];
  for (const move of moves) {
    if (move.operation !== 'move' || move.point === undefined) continue;
    const from = ordered.findIndex((item) => keyOf(item) === pathKey(move.target));
    if (from < 0 || !ordered.some((item) => keyOf(item) === pathKey(move.point as DataPath))) continue;
    const [item] = ordered.splice(from, 1) as [T];
    const to = ordered.findIndex((other) => keyOf(other) === pathKey(move.point as DataPath));
    ordered.splice(move.where === 'after' ? to + 1 : to, 0, item);
  }
  return ordered;
};

type Listener = () => void;

/** The staged changes of one session. */
export class Staging {
  #edits: StagedEdit[] = [];
  #moves = 0;
  readonly #listeners = new Set<Listener>();

  get edits(): readonly StagedEdit[] {
    return this.#edits;
  }

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }

  /** The staged edit of the node at `path`, if any. */
  find(path: DataPath): StagedEdit | undefined {
    const key = pathKey(path);
    return this.#edits.find((edit) => edit.key === key);
  }

  /** The edits at or below `path`. */
  below(path: DataPath): readonly StagedEdit[] {
    return this.#edits.filter((edit) => isPrefixOf(path, edit.target));
  }

  #put(edit: StagedEdit | undefined, key: string): void {
    const index = this.#edits.findIndex((existing) => existing.key === key);
    if (edit === undefined) {
      if (index >= 0) {
        const [dropped] = this.#edits.splice(index, 1);
        // An entry that will not be created is moved no more, and is no move's point.
        if (dropped?.operation === 'create')
          this.#edits = this.#edits.filter(
            (other) =>
              other.operation !== 'move' ||
              (pathKey(other.target) !== key && (other.point === undefined || pathKey(other.point) !== key)),
          );
      }
    } else if (index >= 0) this.#edits[index] = edit;
    else this.#edits.push(edit);
    this.#edits = [...this.#edits];
    this.#changed();
  }

  /** Stages a leaf's new value (undefined: unset); staging the server's value again drops the edit. */
  setLeaf(path: DataPath, after: JsonValue | undefined, before: unknown, base: EditBase): void {
    const key = pathKey(path);
    const node = path.at(-1)?.node;
    if (node === undefined) return;
    if (sameValue(after, before)) {
      this.#put(undefined, key);
      return;
    }
    if (after === undefined) {
      this.#put(
        before === undefined ? undefined : { key, operation: 'remove', target: path, before, after, base },
        key,
      );
      return;
    }
    this.#put(
      {
        key,
        operation: 'merge',
        target: path,
        value: { [memberName(node, undefined)]: after },
        before,
        after,
        base,
      },
      key,
    );
  }

  /** Stages adding `value` to a leaf-list (`listPath` without a value). */
  addValue(listPath: DataPath, value: JsonValue, base: EditBase): void {
    const node = listPath.at(-1)?.node;
    if (node === undefined) return;
    const target: DataPath = [...listPath.slice(0, -1), { node, value: String(value) }];
    const key = pathKey(target);
    const staged = this.#edits.find((edit) => edit.key === key);
    // Adding back a value whose removal is staged drops that removal.
    if (staged?.operation === 'delete') {
      this.#put(undefined, key);
      return;
    }
    this.#put(
      {
        key,
        operation: 'create',
        target,
        value: { [memberName(node, undefined)]: [value] },
        before: undefined,
        after: value,
        base,
      },
      key,
    );
  }

  /** Stages removing `value` from a leaf-list; a value only staged is simply dropped. */
  removeValue(listPath: DataPath, value: JsonValue, onServer: boolean, base: EditBase): void {
    const node = listPath.at(-1)?.node;
    if (node === undefined) return;
    const target: DataPath = [...listPath.slice(0, -1), { node, value: String(value) }];
    const key = pathKey(target);
    if (!onServer) {
      this.#put(undefined, key);
      return;
    }
    this.#put({ key, operation: 'delete', target, before: value, after: undefined, base }, key);
  }

  /**
   * Stages creating a list entry or presence container at `path` with `content` (the member's
   * RFC 7951 value without its name: an entry object, or `{}`).
   */
  create(path: DataPath, content: Readonly<Record<string, unknown>>, base: EditBase): void {
    const key = pathKey(path);
    const node = path.at(-1)?.node;
    if (node === undefined) return;
    const member = memberName(node, undefined);
    this.#put(
      {
        key,
        operation: 'create',
        target: path,
        value: { [member]: node.kind === 'list' ? [content] : content },
        before: undefined,
        after: content,
        base,
      },
      key,
    );
  }

  /** Stages deleting the list entry or container at `path`; edits below it are dropped. */
  delete(path: DataPath, onServer: boolean, base: EditBase): void {
    const key = pathKey(path);
    this.#edits = this.#edits.filter((edit) => !isPrefixOf(path, edit.target));
    this.#put(
      onServer ? { key, operation: 'delete', target: path, before: {}, after: undefined, base } : undefined,
      key,
    );
  }

  /**
   * Stages moving the list entry or leaf-list value at `target` to just before or after `point`,
   * another entry of the same list (`ordered-by user`). Each move is an edit of its own, applied
   * in the order made; `from` and `to` describe the places for the diff.
   */
  move(target: DataPath, where: 'before' | 'after', point: DataPath, from: string, to: string, base: EditBase): void {
    const key = `${pathKey(target)}#move-${++this.#moves}`;
    this.#put({ key, operation: 'move', target, where, point, before: from, after: to, base }, key);
  }

  /** Drops one staged edit. */
  discard(key: string): void {
    this.#put(undefined, key);
  }

  /** Drops every staged edit. */
  clear(): void {
    this.#edits = [];
    this.#changed();
  }
}
