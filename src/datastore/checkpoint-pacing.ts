/**
 * @module datastore/checkpoint-pacing
 * How fast a checkpoint's rows go to the disk while commits are being made durable. Each row
 * (256 KiB) is written to the WAL without a flush; the next commit's flush then writes it out,
 * and the WAL checkpointer copies it into the database file and flushes that. Written as fast as
 * the thread takes them (a checkpoint of 100,000 entries, 16 MB, in about 0.2 s), they queue
 * megabytes on the disk in front of the flushes of the commits that follow: lone commits took
 * 8–44 ms instead of 0.2 in the second after a checkpoint (docs/performance.md, fifteenth round).
 * Paced, a commit's flush finds at most one row in front of it. With no commit lately, rows go
 * at once: nothing waits behind them, and a checkpoint after a large commit (which start-up
 * would otherwise replay) is not held up.
 */

/** What {@link rowDelay} decides from. */
export interface RowPacing {
  /** When (performance.now()) a commit was last handed to the journal. */
  readonly lastAppendAt: number;
  /** When the previous row of this checkpoint was sent (-Infinity: none yet). */
  readonly lastRowAt: number;
  /** The least time between two rows while commits are being appended (ms; 0: no pacing). */
  readonly intervalMs: number;
  /** A commit appended within this long counts as commits being appended (ms). */
  readonly streamWindowMs: number;
}

/** Milliseconds between two checkpoint rows while commits are appended: 256 KiB rows, 16 MiB/s. */
export const CHECKPOINT_ROW_INTERVAL_MS = 16;

/** Commits appended within this long (ms) make checkpoint rows wait their turn. */
export const COMMIT_STREAM_WINDOW_MS = 100;

/** How long (ms) the next row should wait at `now`: 0 when no commit came lately or its turn has come. */
export const rowDelay = (pacing: RowPacing, now: number): number => {
  if (pacing.intervalMs <= 0 || now - pacing.lastAppendAt >= pacing.streamWindowMs) return 0;
  return Math.max(0, pacing.lastRowAt + pacing.intervalMs - now);
};
