/**
 * @module bench/results
 * The figures of one benchmark run: one row per measurement, one summary per list size, and
 * the notes that explain missing rows.
 */
import { type Summary, summarize } from './statistics.ts';

/** The unit of a row, which also says whether more is better. */
export type Unit = 'req/s' | 'commits/s' | 'ms' | 'MiB' | 'bytes' | 'ratio';

/** What a row measures. */
export interface RowInfo {
  /** Stable identifier, used by the targets and in the JSON file. */
  readonly id: string;
  readonly label: string;
  /** Who answers: idconf's RESTCONF or legacy API, the idconf process, a baseline, the disk. */
  readonly subject: 'restconf' | 'legacy' | 'idconf' | 'baseline' | 'disk';
  readonly transport: 'http' | 'https' | '-';
  readonly unit: Unit;
}

/** A row with its summaries by list size. */
export interface Row extends RowInfo {
  readonly bySize: Map<number, Summary>;
}

/** Every figure of the run. */
export class Results {
  readonly rows = new Map<string, Row>();
  readonly notes: string[] = [];

  /** Records the samples of `info` at `size` (samples of the same row and size accumulate). */
  add(info: RowInfo, size: number, samples: readonly number[]): void {
    let row = this.rows.get(info.id);
    if (row === undefined) {
      row = { ...info, bySize: new Map() };
      this.rows.set(info.id, row);
    }
    const previous = this.#samples.get(`${info.id}@${size}`) ?? [];
    const all = [...previous, ...samples];
    this.#samples.set(`${info.id}@${size}`, all);
    row.bySize.set(size, summarize(all));
  }

  /** The summary of row `id` at `size`. */
  get(id: string, size: number): Summary | undefined {
    return this.rows.get(id)?.bySize.get(size);
  }

  /** The raw samples of row `id` at `size`. */
  samples(id: string, size: number): readonly number[] {
    return this.#samples.get(`${id}@${size}`) ?? [];
  }

  /** Adds a note once. */
  note(text: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  readonly #samples = new Map<string, number[]>();
}
