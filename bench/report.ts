/**
 * @module bench/report
 * Turns the figures into Markdown tables (printed at the end of `npm run bench` and pasted into
 * docs/performance.md) and checks them against the targets of DESIGN §6.
 */
import type { Results, Row, Unit } from './results.ts';
import type { Summary } from './statistics.ts';

const number = (value: number, digits: number): string =>
  value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: 0 });

/** One value in its unit, to about three significant digits. */
export const formatValue = (unit: Unit, value: number): string => {
  if (!Number.isFinite(value)) return '–';
  switch (unit) {
    case 'req/s':
    case 'commits/s':
      return number(Math.round(value), 0);
    case 'ms':
      return value >= 100 ? number(Math.round(value), 0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
    case 'MiB':
      return number(Math.round(value), 0);
    case 'bytes':
      return value >= 1024 * 1024
        ? `${(value / 1024 / 1024).toFixed(1)} MiB`
        : value >= 1024
          ? `${(value / 1024).toFixed(1)} KiB`
          : `${value} B`;
    case 'ratio':
      return `${value >= 0.1 ? value.toFixed(2) : value.toPrecision(2)}×`;
  }
};

/** `median (min–max)`, or the single value when min and max agree. */
export const formatSummary = (unit: Unit, summary: Summary | undefined): string => {
  if (summary === undefined) return '';
  const middle = formatValue(unit, summary.median);
  if (summary.samples < 2 || summary.min === summary.max) return middle;
  return `${middle} (${formatValue(unit, summary.min)}–${formatValue(unit, summary.max)})`;
};

const growth = (row: Row, sizes: readonly number[]): string => {
  const first = row.bySize.get(sizes[0] as number);
  const last = row.bySize.get(sizes.at(-1) as number);
  if (sizes.length < 2 || first === undefined || last === undefined || first.median === 0) return '';
  return `${(last.median / first.median).toFixed(2)}×`;
};

const UNIT_LABEL: Readonly<Record<Unit, string>> = {
  'req/s': 'req/s',
  'commits/s': 'commits/s',
  ms: 'ms',
  MiB: 'MiB',
  bytes: '',
  ratio: '',
};

/** The table of every row: one column per list size and the growth from the first to the last. */
export const rowsTable = (results: Results, sizes: readonly number[]): string => {
  const head = [
    'measurement',
    'subject',
    'transport',
    ...sizes.map((size) => `${size.toLocaleString('en')} entries`),
    ...(sizes.length > 1 ? ['growth'] : []),
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
  for (const row of results.rows.values()) {
    const unit = UNIT_LABEL[row.unit];
    const cells = [
      unit === '' ? row.label : `${row.label} (${unit})`,
      row.subject,
      row.transport,
      ...sizes.map((size) => formatSummary(row.unit, row.bySize.get(size))),
      ...(sizes.length > 1 ? [growth(row, sizes)] : []),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
};

/** One target of DESIGN §6 and how this run fared. */
export interface TargetCheck {
  readonly target: string;
  readonly measured: string;
  readonly verdict: 'met' | 'not met' | 'not measured';
}

const LARGE = 100_000;
const HUGE = 1_000_000;
const SMALL = 1_000;

/** Records checks of figures against targets: `at` reads a figure, `check` judges it. */
const targetChecker = (results: Results, sizes: readonly number[]) => {
  const checks: TargetCheck[] = [];
  const at = (id: string, size: number): Summary | undefined =>
    sizes.includes(size) ? results.get(id, size) : undefined;
  const check = (
    target: string,
    summary: Summary | undefined,
    unit: Unit,
    passes: (value: number) => boolean,
    extra = '',
  ): void => {
    if (summary === undefined) {
      checks.push({ target, measured: '', verdict: 'not measured' });
      return;
    }
    if (!Number.isFinite(summary.median)) {
      checks.push({ target, measured: 'no figure', verdict: 'not measured' });
      return;
    }
    const suffix = unit === 'ms' || unit === 'MiB' || unit === 'commits/s' ? ` ${unit}` : '';
    checks.push({
      target,
      measured: `${formatSummary(unit, summary)}${suffix}${extra}`,
      verdict: passes(summary.median) ? 'met' : 'not met',
    });
  };
  return { checks, at, check };
};

/** Checks the figures against DESIGN §6. */
export const checkTargets = (results: Results, sizes: readonly number[]): TargetCheck[] => {
  const { checks, at, check } = targetChecker(results, sizes);
  for (const transport of ['http', 'https'] as const) {
    for (const connections of [1, 16]) {
      const ratio = at(`restconf:get-one-ratio:c${connections}:${transport}`, LARGE);
      if (ratio === undefined && transport === 'https') continue;
      check(
        `GET one entry (${transport.toUpperCase()}, ${connections} connection${connections > 1 ? 's' : ''}) ≥ 50% of the bare node:${transport} server, 100,000 entries`,
        ratio,
        'ratio',
        (value) => value >= 0.5,
      );
    }
  }
  for (const [id, label] of [
    ['restconf:patch-leaf-p50:c1:http', 'PATCH one leaf'],
    ['restconf:post:c1:http', 'POST one entry'],
  ] as const) {
    check(`${label}, durable: p50 ≤ 5 ms at 100,000 entries`, at(id, LARGE), 'ms', (value) => value <= 5);
    const small = at(id, SMALL);
    const large = at(id, LARGE);
    check(
      `${label}: p50 at 100,000 within 2× of 1,000 entries`,
      small === undefined || large === undefined
        ? undefined
        : {
            median: large.median / small.median,
            min: large.median / small.median,
            max: large.median / small.median,
            samples: 1,
          },
      'ratio',
      (value) => value <= 2,
    );
  }
  const whole = at('restconf:get-all-total:json:http', LARGE);
  const first = at('restconf:get-all-first-byte:json:http', LARGE);
  check(
    'GET the whole list as JSON ≤ 300 ms at 100,000 entries, streamed',
    whole,
    'ms',
    (value) => value <= 300,
    first === undefined ? '' : `; first byte after ${formatValue('ms', first.median)} ms`,
  );
  check('cold start with 1,000,000 entries ≤ 10 s', at('idconf:cold-start:-:http', HUGE), 'ms', (v) => v <= 10_000);
  check(
    'resident memory with 1,000,000 entries ≤ 1.5 GB (after a cold start)',
    at('idconf:rss-after-start:-:http', HUGE),
    'MiB',
    (value) => value * 1024 * 1024 <= 1.5e9,
  );
  check(
    'rollback of one commit at 1,000,000 entries ≤ 50 ms',
    at('restconf:rollback:c1:http', HUGE),
    'ms',
    (v) => v <= 50,
  );
  // NACM's cost: a reader a rule hides half the list from, against the same reads without NACM;
  // by wall time and by the server's CPU time (which other load on the machine moves less).
  for (const api of ['restconf', 'legacy'] as const) {
    const name = api === 'restconf' ? 'RESTCONF' : 'legacy REST';
    for (const [measure, kind] of [
      ['', 'time'],
      ['cpu-', 'server CPU'],
    ] as const) {
      check(
        `NACM (${name}, ${kind}): GET the whole list hiding half of it ≤ 1.2× the same entries without NACM, 100,000 entries`,
        at(`${api}:nacm-get-all:${measure}ratio-half:http`, LARGE),
        'ratio',
        (value) => value <= 1.2,
      );
      check(
        `NACM (${name}, ${kind}): GET one entry ≥ 0.9× the rate without NACM, 100,000 entries`,
        at(`${api}:nacm-get-one:${measure === '' ? 'ratio' : 'cpu-ratio'}:http`, LARGE),
        'ratio',
        (value) => value >= 0.9,
      );
    }
  }
  // Every commit's notification at every subscriber within 50 ms: the 99th percentile (else the
  // largest sample) from the commit's answer to the last of 1,000 subscribers, at the size where
  // it is worst (every size measured must meet it).
  for (const transport of ['http', 'https'] as const) {
    const id = `restconf:event-answered-to-all:1000:${transport}`;
    const measured = sizes.flatMap((size) => {
      const summary = results.get(id, size);
      return summary === undefined ? [] : [{ size, summary, worst: summary.p99 ?? summary.max }];
    });
    if (measured.length === 0 && transport === 'https') continue;
    const worst = measured.reduce<(typeof measured)[number] | undefined>(
      (found, entry) => (found === undefined || entry.worst > found.worst ? entry : found),
      undefined,
    );
    check(
      `a commit's notification reaches all 1,000 subscribers within 50 ms (${transport.toUpperCase()}, p99 from the commit's answer, worst size)`,
      worst === undefined ? undefined : { ...worst.summary, median: worst.worst },
      'ms',
      (value) => value <= 50,
      worst === undefined
        ? ''
        : ` (median ${formatValue('ms', worst.summary.median)} ms, at ${worst.size.toLocaleString('en')} entries${measured.length > 1 ? `; ${measured.map((entry) => `${entry.size.toLocaleString('en')}: p99 ${formatValue('ms', entry.worst)}`).join(', ')}` : ''})`,
    );
  }
  // Kept-alive connections, as wrk's GET one entry; the largest size measured.
  const ldapSize = [...sizes].reverse().find((size) => results.get('restconf:get-one-login-ldap-ratio:c1:http', size));
  if (ldapSize !== undefined) {
    for (const connections of [1, 16]) {
      check(
        `GET one entry as an LDAP user ≥ 80% of the local admin's rate (${connections} connection${connections > 1 ? 's' : ''}), ${ldapSize.toLocaleString('en')} entries`,
        at(`restconf:get-one-login-ldap-ratio:c${connections}:http`, ldapSize),
        'ratio',
        (value) => value >= 0.8,
      );
    }
  }
  return checks;
};

/** The targets as a Markdown table. */
export const targetsTable = (checks: readonly TargetCheck[], heading = 'DESIGN §6 target'): string =>
  [
    `| ${heading} | measured (median, min–max) | verdict |`,
    '| --- | --- | --- |',
    ...checks.map((check) => `| ${check.target} | ${check.measured} | ${check.verdict} |`),
  ].join('\n');

/**
 * Checks the figures against the second round's targets: the request path against a bare
 * server, write latency and group commit, memory and start-up at 1,000,000 entries.
 */
export const checkRoundTwoTargets = (results: Results, sizes: readonly number[]): TargetCheck[] => {
  const { checks, at, check } = targetChecker(results, sizes);
  for (const [api, name, least] of [
    ['restconf', 'RESTCONF', 0.65],
    ['legacy', 'legacy REST', 0.55],
  ] as const) {
    for (const connections of [1, 16]) {
      check(
        `${name} GET one entry ≥ ${least}× the bare node:http server, ${connections} connection${connections > 1 ? 's' : ''}, 100,000 entries`,
        at(`${api}:get-one-ratio:c${connections}:http`, LARGE),
        'ratio',
        (value) => value >= least,
      );
    }
  }
  for (const size of [LARGE, HUGE]) {
    for (const [api, name] of [
      ['restconf', 'RESTCONF'],
      ['legacy', 'legacy REST'],
    ] as const) {
      const entries = size.toLocaleString('en');
      check(
        `${name} PATCH one leaf p50 ≤ 0.6 ms, ${entries} entries`,
        at(`${api}:patch-leaf-p50:c1:http`, size),
        'ms',
        (v) => v <= 0.6,
      );
      check(
        `${name} PATCH one leaf p99 ≤ 3 ms, ${entries} entries`,
        at(`${api}:patch-leaf-p99:c1:http`, size),
        'ms',
        (v) => v <= 3,
      );
    }
  }
  check(
    '16 concurrent writers ≥ 10,000 durable commits/s (group commit), 100,000 entries',
    at('idconf:durable-commits:w16:-', LARGE),
    'commits/s',
    (value) => value >= 10_000,
  );
  check(
    'resident memory after a cold start with 1,000,000 entries ≤ 640 MiB',
    at('idconf:rss-after-start:-:http', HUGE),
    'MiB',
    (value) => value <= 640,
  );
  check(
    'peak resident memory while a 1,000,000-entry PUT is committed ≤ 1.5 GiB',
    at('idconf:rss-peak-load:-:-', HUGE),
    'MiB',
    (value) => value <= 1536,
  );
  check(
    'YANG Patch with one create per entry, 1,000,000 entries ≤ 10 s',
    at('restconf:load-yang-patch:-:http', HUGE),
    'ms',
    (value) => value <= 10_000,
  );
  check('cold start with 1,000,000 entries ≤ 3 s', at('idconf:cold-start:-:http', HUGE), 'ms', (v) => v <= 3000);
  return checks;
};
