/**
 * @module util/persistent/comparator
 * Total orders over keys, as used by the persistent sorted collections.
 */

/** A total order: negative when `a` sorts before `b`, positive when after, zero when they are the same key. */
export type Comparator<K> = (a: K, b: K) => number;

/** Orders strings by UTF-16 code units and numbers numerically, like the `<` operator. */
export const naturalOrder = <K extends string | number | bigint>(a: K, b: K): number => (a < b ? -1 : a > b ? 1 : 0);

/** Builds a comparator for tuples (e.g. the key leaves of a multi-key list) from one for their elements. */
export const lexicographicOrder =
  <E>(compareElements: Comparator<E>): Comparator<readonly E[]> =>
  (a, b) => {
    const shorter = Math.min(a.length, b.length);
    for (let i = 0; i < shorter; i++) {
      const order = compareElements(a[i] as E, b[i] as E);
      if (order !== 0) return order;
    }
    return a.length - b.length;
  };
