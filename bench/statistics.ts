/**
 * @module bench/statistics
 * Summaries of repeated measurements: median, minimum, maximum and percentiles. The machines
 * are shared and noisy, so every figure of the benchmark is a median with its spread.
 */

/** A measured figure: the median of its samples, with the smallest and largest sample. */
export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** 99th percentile, for latencies with enough samples. */
  readonly p99?: number;
  readonly samples: number;
}

/** The `p`-th percentile (0–100) of `values` by the nearest-rank method. */
export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
};

/** The median (mean of the middle two for an even count). */
export const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** `median (min–max)` of `values` with `digits` decimals, or `—` when there are none. */
export const medianRange = (values: readonly number[], digits = 0): string =>
  values.length === 0
    ? '—'
    : `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

/** Summarises samples; the 99th percentile is given from 20 samples on. */
export const summarize = (values: readonly number[]): Summary => ({
  median: median(values),
  min: values.length === 0 ? Number.NaN : Math.min(...values),
  max: values.length === 0 ? Number.NaN : Math.max(...values),
  ...(values.length >= 20 ? { p99: percentile(values, 99) } : {}),
  samples: values.length,
});
