/**
 * @module legacy-rest/read-target
 * What the legacy renderers need to know about a read besides the data: the shape of the body,
 * the target's URL and keypath, and which annotations to add.
 * @see shared/spec/legacy-rest.md Decisions 3–4, §5
 */
import type { SchemaTree } from '../yang/index.ts';

/** The body shape: a datastore (`data` root), a collection (`collection` root), one list entry, or another node. */
export type ReadShape = 'datastore' | 'collection' | 'entry' | 'node';

/** Where a read's target sits and what it is. */
export interface ReadTarget {
  readonly shape: ReadShape;
  /** The URL of the target (its `_self` / `y:self`). */
  readonly url: string;
  /** Its Tail-f keypath (`_path` / `y:path`, verbose only). */
  readonly keypath: string;
  /** Whether the target is the running datastore itself (whose representation links `_rollback`). */
  readonly running: boolean;
}

/** Which annotations a body gets. @see spec Decision 4, §5.6, §5.7 */
export interface Annotations {
  readonly schema: SchemaTree;
  /** The `operations` links (on by default, off with `operations=false`). */
  readonly operations: boolean;
  /** `verbose`: self links on every container and entry, the keypath on the target. */
  readonly verbose: boolean;
}

/** Yields `chunks`, inserting `insertion` before the `closing` text the last chunk ends with. */
export function* insertBeforeEnd(
  chunks: Iterable<string>,
  closing: string,
  insertion: (empty: boolean) => string,
): Generator<string, void, undefined> {
  let previous: string | undefined;
  let count = 0;
  for (const chunk of chunks) {
    if (previous !== undefined) yield previous;
    previous = chunk;
    count++;
  }
  if (previous === undefined || !previous.endsWith(closing))
    throw new TypeError(`the output does not end with ${closing}`);
  const body = previous.slice(0, -closing.length);
  yield `${body}${insertion(count === 1 && body.length <= 1)}${closing}`;
}
