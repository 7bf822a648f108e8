/**
 * @module bench/growth-table
 * Joins the result files of several `npm run bench` runs (say the default sizes and a
 * `--sizes 1000000` run) into one Markdown table of medians by list size, with the growth from
 * the smallest size to the largest, for docs/performance.md.
 * Run: `node bench/growth-table.ts bench/results/A.json bench/results/B.json …`
 */
import { readFileSync } from 'node:fs';
import { formatValue } from './report.ts';
import type { RowInfo } from './results.ts';
import type { Summary } from './statistics.ts';

interface StoredRow extends RowInfo {
  readonly bySize: Readonly<Record<string, Summary>>;
}

/** Rows of the load phase, which result files before 2026-11-22 16:35 UTC keyed by its transport. */
const LOAD_PHASE = /^(idconf:first-start|restconf:load-put|idconf:rss-after-load|idconf:rss-peak-load):-:https?$/;
const idOf = (row: StoredRow): string => (LOAD_PHASE.test(row.id) ? row.id.replace(/:https?$/, ':-') : row.id);

const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write('usage: growth-table.ts RESULT.json [RESULT.json…]\n');
  process.exit(2);
}
const rows = new Map<string, { info: RowInfo; bySize: Map<number, Summary> }>();
for (const file of files) {
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { rows: StoredRow[] };
  for (const row of stored.rows) {
    const id = idOf(row);
    const known = rows.get(id) ?? {
      info: { ...row, id, transport: id === row.id ? row.transport : '-' },
      bySize: new Map<number, Summary>(),
    };
    for (const [size, summary] of Object.entries(row.bySize)) known.bySize.set(Number(size), summary);
    rows.set(id, known);
  }
}
const sizes = [...new Set([...rows.values()].flatMap((row) => [...row.bySize.keys()]))].sort((a, b) => a - b);
const head = ['measurement', 'subject', 'transport', ...sizes.map((size) => size.toLocaleString('en')), 'growth'];
const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
for (const { info, bySize } of rows.values()) {
  const first = bySize.get(sizes[0] as number)?.median;
  const last = bySize.get(sizes.at(-1) as number)?.median;
  const growth = first === undefined || last === undefined || first === 0 ? '' : `${(last / first).toFixed(1)}×`;
  const unit = info.unit === 'bytes' || info.unit === 'ratio' ? '' : ` (${info.unit})`;
  const cells = sizes.map((size) => {
    const summary = bySize.get(size);
    return summary === undefined ? '' : formatValue(info.unit, summary.median);
  });
  lines.push(`| ${info.label}${unit} | ${info.subject} | ${info.transport} | ${cells.join(' | ')} | ${growth} |`);
}
process.stdout.write(`${lines.join('\n')}\n`);
