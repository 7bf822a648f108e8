/**
 * @module util/persistent/order-key
 * Numeric order keys that place the entries of a keyed sequence: a new entry takes a number strictly between
 * its neighbours' numbers.
 *
 * Numbers rather than strings keep the per-entry cost at one unboxed double in each map. When two neighbours
 * are adjacent integers there is no number left between them; the sequence then relabels a window around the
 * insertion point (see `KeyedSequence`), so keys never run out, at an amortised O(log n) cost.
 */

/** Distance between the order keys of consecutive entries after a bulk build, an append or a relabel. */
export const ORDER_KEY_SPACING = 2 ** 16;

/** Order keys stay within ±ORDER_KEY_LIMIT, well inside the exactly representable integers. */
export const ORDER_KEY_LIMIT = 2 ** 52;

/** Smallest gap a relabelled window must leave between its entries. */
export const MIN_RELABEL_GAP = 32;

/**
 * An integer strictly between `before` and `after` (either may be absent, meaning the end of the sequence),
 * or `undefined` when there is none within the limits.
 */
export const orderKeyBetween = (before: number | undefined, after: number | undefined): number | undefined => {
  if (before === undefined && after === undefined) return 0;
  if (before === undefined) {
    const key = (after as number) - ORDER_KEY_SPACING;
    return key >= -ORDER_KEY_LIMIT ? key : undefined;
  }
  if (after === undefined) {
    const key = before + ORDER_KEY_SPACING;
    return key <= ORDER_KEY_LIMIT ? key : undefined;
  }
  return after - before >= 2 ? before + Math.floor((after - before) / 2) : undefined;
};
