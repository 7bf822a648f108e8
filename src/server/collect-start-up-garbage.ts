/**
 * @module server/collect-start-up-garbage
 * Once start-up has loaded a large configuration, one memory-reducing garbage collection before
 * the server listens. Loading a million list entries leaves behind the parsed JSON of the
 * checkpoint's lines and the arrays the lists were built from, and it grows V8's young generation
 * to its largest (every object start-up makes survives, so V8 enlarges it: 128 MiB of semi-spaces,
 * nearly all resident). V8 would give neither back on its own while the server idles (measured:
 * no change in 12 s), so a server that has just started kept 600–710 MiB resident with 1,000,000
 * entries, of which the tree is about 340 MiB. V8's "last resort" collection (full collections
 * until nothing more is freed, then the young generation shrunk) brings it to about 480 MiB, for
 * the price of those collections (0.5–1.8 s at that size, depending on the machine's load). It is
 * skipped below {@link LARGE_HEAP_BYTES}: a small configuration, or a large list loaded lazily,
 * leaves little to collect.
 * The young generation shrinks to its floor, `--min-semi-space-size` (4 MiB as `bin/idconf`
 * starts Node, scripts/run.mjs, which also fixes it there; V8's smallest otherwise).
 *
 * Node has no collection call without `--expose-gc`; that flag, switched on at run time,
 * exposes `gc` to contexts created afterwards, such as one of `node:vm`.
 * @see https://v8.dev/blog/trash-talk
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The heap in use above which start-up collects its garbage. A checkpoint whose large lists load
 * lazily (their entries' lines kept as bytes outside the heap) leaves about 150 MiB in use at
 * 1,000,000 benchmark entries, and about 500 MiB resident without the collection (400 with it,
 * for 0.7–1 s more of start-up on a loaded machine): under the 640 MiB of the memory target,
 * so that start skips it. An eager load of the same entries (an older checkpoint) leaves
 * 370–400 MiB in use, and 600–710 MiB resident without the collection: it still collects.
 */
export const LARGE_HEAP_BYTES = 192 * 2 ** 20;

/** V8's memory-reducing collection, or undefined where the engine does not offer `gc`. */
const lastResortCollection = (): (() => void) | undefined => {
  setFlagsFromString('--expose-gc');
  const collect: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
  return typeof collect === 'function'
    ? () => collect({ type: 'major', execution: 'sync', flavor: 'last-resort' })
    : undefined;
};

/** What a collection did: the heap in use before and after (bytes), and its time (ms). */
export interface StartUpCollection {
  readonly before: number;
  readonly after: number;
  readonly ms: number;
}

/**
 * Collects the garbage of start-up when the heap in use exceeds `threshold` (default
 * {@link LARGE_HEAP_BYTES}); undefined when it did not collect.
 */
export const collectStartUpGarbage = (threshold = LARGE_HEAP_BYTES): StartUpCollection | undefined => {
  const before = getHeapStatistics().used_heap_size;
  if (before < threshold) return undefined;
  const collect = lastResortCollection();
  if (collect === undefined) return undefined;
  const started = performance.now();
  collect();
  return { before, after: getHeapStatistics().used_heap_size, ms: performance.now() - started };
};
