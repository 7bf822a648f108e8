/**
 * @module bench/measure-nacm
 * What NACM costs a read, on both APIs (`bench/bench-zones.yang`). `zones` holds N entries, half
 * in zone `blue` and half in zone `red`; `blue-zones` holds a copy of the blue half. A reader is
 * in group `readers`, whose one rule denies reading `/bench-zones:zones/zoned-entry[zone='red']`
 * (a key predicate: half the list is invisible to them, entry by entry). The administrator's
 * rule-list permits everything, so their requests skip every check: "without NACM".
 *
 * - GET of the whole list, one request at a time, interleaved: the administrator reading `zones`
 *   (N entries), the reader reading `zones` (NACM leaves N/2), the administrator reading
 *   `blue-zones` (the same N/2 entries without NACM), and the reader again right after an
 *   unrelated commit (a filtered view's entity tag is computed per configuration version).
 *   The cost of NACM is the reader's time ÷ the administrator's time for the same entries.
 * - GET of one blue entry with wrk, the administrator's and the reader's runs alternating: the
 *   cost is the reader's rate ÷ the administrator's.
 *
 * Each figure also comes as the server's CPU time per request (from /proc), which the load of
 * other processes on a shared machine moves far less than wall time and rates.
 */
import { cpuTimeMs, type ServerProcess } from './child-process.ts';
import { BenchClient } from './http-client.ts';
import { ADMIN } from './idconf-server.ts';
import { type BenchContext, row, transportOf } from './measure-api.ts';
import { median } from './statistics.ts';
import { entry, LEGACY, RESTCONF } from './workload.ts';
import { runWrk, type WrkRequest, type WrkResult } from './wrk.ts';

/** The reader's account. */
export const NACM_READER = { user: 'reader', password: 'bench-reader-password' } as const;

const JSON_TYPE = 'application/yang-data+json';
const LEGACY_JSON = 'application/vnd.yang.data+json';
const WARM_UP_SECONDS = 1;
/** Each whole-list GET of a sample is made this many times. */
const REPEATS = 8;

/** The entries of one zone, `entry-0` … `entry-(count-1)`, as RFC 7951 JSON list members. */
const zoneEntries = (zone: string, count: number): string[] => {
  const parts: string[] = [];
  for (let index = 0; index < count; index++) parts.push(JSON.stringify({ zone, ...entry(`entry-${index}`, index) }));
  return parts;
};

/**
 * Loads `zones` (`size` entries: blue and red halves) and `blue-zones` (the blue half), and
 * makes the reader with the rule that hides the red zone, as the administrator.
 */
export const setUpNacmBench = async (admin: BenchClient, size: number, readerHash: string): Promise<void> => {
  const half = Math.floor(size / 2);
  const blue = zoneEntries('blue', half).join(',');
  const red = zoneEntries('red', size - half).join(',');
  await admin.send('PATCH', `${RESTCONF}/data`, {
    body: `{"ietf-restconf:data":{"bench-zones:zones":{"zoned-entry":[${blue},${red}]},"bench-zones:blue-zones":{"zoned-entry":[${blue}]}}}`,
    headers: { 'Content-Type': JSON_TYPE },
    expected: [204],
  });
  await admin.send('PATCH', `${RESTCONF}/data`, {
    body: JSON.stringify({
      'ietf-restconf:data': {
        'idconf-aaa:aaa': { authentication: { users: { user: [{ name: NACM_READER.user, password: readerHash }] } } },
        'ietf-netconf-acm:nacm': {
          groups: { group: [{ name: 'readers', 'user-name': [NACM_READER.user] }] },
          'rule-list': [
            {
              name: 'readers',
              group: ['readers'],
              rule: [
                {
                  name: 'no-red-zone',
                  path: "/bench-zones:zones/zoned-entry[zone='red']",
                  'access-operations': 'read',
                  action: 'deny',
                },
              ],
            },
          ],
        },
      },
    }),
    headers: { 'Content-Type': JSON_TYPE },
    expected: [204],
  });
};

/** The requests of one API. */
interface NacmRequests {
  readonly name: 'restconf' | 'legacy';
  readonly accept: string;
  readonly zones: string;
  readonly blueZones: string;
  /** One blue entry, `{i}` its index. */
  readonly oneBlue: string;
}

export const NACM_REQUESTS: readonly NacmRequests[] = [
  {
    name: 'restconf',
    accept: JSON_TYPE,
    zones: `${RESTCONF}/data/bench-zones:zones`,
    blueZones: `${RESTCONF}/data/bench-zones:blue-zones`,
    oneBlue: `${RESTCONF}/data/bench-zones:zones/zoned-entry=blue,entry-{i}`,
  },
  {
    name: 'legacy',
    accept: LEGACY_JSON,
    zones: `${LEGACY}/running/zones?deep`,
    blueZones: `${LEGACY}/running/blue-zones?deep`,
    oneBlue: `${LEGACY}/running/zones/zoned-entry/blue,entry-{i}`,
  },
];

/** GET of the whole list, interleaved: without NACM (all, the visible half) and with it (steady, after a commit). */
export const measureNacmGetAll = async (
  context: BenchContext,
  server: ServerProcess,
  api: NacmRequests,
  size: number,
): Promise<void> => {
  const transport = transportOf(server);
  const admin = new BenchClient(server.url, ADMIN.user, ADMIN.password);
  const reader = new BenchClient(server.url, NACM_READER.user, NACM_READER.password);
  const get = (client: BenchClient, path: string) =>
    client.send('GET', path, { headers: { Accept: api.accept }, expected: [200] });
  const add = (variant: string, label: string, unit: 'ms' | 'ratio', value: number) =>
    context.results.add(row(api.name, 'nacm-get-all', variant, transport, unit, label), size, [value]);
  let stamp = 0;
  const commit = () =>
    admin.send('PUT', `${RESTCONF}/data/bench:bench/label`, {
      body: JSON.stringify({ 'bench:label': `nacm-${++stamp}` }),
      headers: { 'Content-Type': JSON_TYPE },
      expected: [201, 204],
    });
  try {
    // Warm-up, and a check that the reader sees exactly the blue half.
    const [all, filtered, half] = [
      await get(admin, api.zones),
      await get(reader, api.zones),
      await get(admin, api.blueZones),
    ];
    if (Math.abs(filtered.bytes - half.bytes) > 64 || filtered.bytes >= all.bytes)
      context.results.note(
        `${api.name} NACM GET: the reader got ${filtered.bytes} bytes, the blue half ${half.bytes}, the whole list ${all.bytes}`,
      );
    const samples = size <= 10_000 ? context.runs * 5 : context.runs * 2;
    for (let sample = 0; sample < samples; sample++) {
      const wall = { all: 0, reader: 0, half: 0, afterCommit: 0 };
      const cpu = { all: 0, reader: 0, half: 0, afterCommit: 0 };
      const steps: [keyof typeof wall, () => Promise<number>][] = [
        ['all', async () => (await get(admin, api.zones)).totalMs],
        ['reader', async () => (await get(reader, api.zones)).totalMs],
        ['half', async () => (await get(admin, api.blueZones)).totalMs],
        [
          'afterCommit',
          async () => {
            await commit();
            return (await get(reader, api.zones)).totalMs;
          },
        ],
      ];
      // Alternate the order, so that a drift of the machine does not favour one of them; each
      // GET REPEATS times, for the server's CPU time (10 ms ticks) to be worth reading.
      for (const [name, step] of sample % 2 === 0 ? steps : [...steps].reverse()) {
        const times: number[] = [];
        const before = cpuTimeMs(server.child.pid) ?? Number.NaN;
        for (let repeat = 0; repeat < REPEATS; repeat++) times.push(await step());
        // The commit of `afterCommit` is in its CPU time too: measured apart below, it is small.
        cpu[name] = ((cpuTimeMs(server.child.pid) ?? Number.NaN) - before) / REPEATS;
        wall[name] = median(times);
      }
      add('admin-all', 'NACM: GET the whole list (JSON), no NACM (admin)', 'ms', wall.all);
      add('reader', 'NACM: GET the whole list as a reader who may see half of it', 'ms', wall.reader);
      add('admin-half', 'NACM: GET a copy of that half, no NACM (admin)', 'ms', wall.half);
      add('reader-after-commit', 'NACM: the reader’s GET right after an unrelated commit', 'ms', wall.afterCommit);
      add('ratio-half', 'NACM: reader’s GET ÷ the same entries without NACM', 'ratio', wall.reader / wall.half);
      add(
        'ratio-after-commit',
        'NACM: reader’s GET after a commit ÷ the same entries without NACM',
        'ratio',
        wall.afterCommit / wall.half,
      );
      add('ratio-all', 'NACM: reader’s GET ÷ the whole list without NACM', 'ratio', wall.reader / wall.all);
      // Below about 10 ticks a sample, the CPU time says nothing.
      if (cpu.half * REPEATS < 100) {
        context.results.note(
          `${api.name} NACM GET of the whole list: too fast at ${size} entries for the server's CPU time`,
        );
        continue;
      }
      add('cpu-reader', 'NACM: server CPU per reader’s GET of the whole list', 'ms', cpu.reader);
      add('cpu-admin-half', 'NACM: server CPU per GET of the same entries without NACM', 'ms', cpu.half);
      add(
        'cpu-ratio-half',
        'NACM: server CPU, reader’s GET ÷ the same entries without NACM',
        'ratio',
        cpu.reader / cpu.half,
      );
      add(
        'cpu-ratio-after-commit',
        'NACM: server CPU, reader’s GET and an unrelated commit ÷ the same entries without NACM',
        'ratio',
        cpu.afterCommit / cpu.half,
      );
    }
  } finally {
    admin.close();
    reader.close();
  }
};

/** GET one blue entry with wrk (1 connection): the administrator's and the reader's runs alternating. */
export const measureNacmGetOne = async (
  context: BenchContext,
  server: ServerProcess,
  api: NacmRequests,
  size: number,
): Promise<void> => {
  const transport = transportOf(server);
  const as = (user: string, password: string): WrkRequest => ({
    origin: server.url,
    method: 'GET',
    path: api.oneBlue,
    headers: {
      Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
      Accept: api.accept,
    },
    count: Math.max(1, Math.floor(size / 2)),
  });
  const admin = as(ADMIN.user, ADMIN.password);
  const reader = as(NACM_READER.user, NACM_READER.password);
  await runWrk(admin, 1, WARM_UP_SECONDS);
  await runWrk(reader, 1, WARM_UP_SECONDS);
  const add = (variant: string, unit: 'req/s' | 'ratio' | 'ms', label: string, value: number) =>
    context.results.add(row(api.name, 'nacm-get-one', variant, transport, unit, label), size, [value]);
  for (let run = 0; run < context.runs * 2; run++) {
    const first = run % 2 === 0 ? admin : reader;
    const second = first === admin ? reader : admin;
    const results = new Map<WrkRequest, { readonly wrk: WrkResult; readonly cpuPerRequest: number }>();
    for (const request of [first, second]) {
      const before = cpuTimeMs(server.child.pid) ?? Number.NaN;
      const wrk = await runWrk(request, 1, context.duration);
      results.set(request, {
        wrk,
        cpuPerRequest: ((cpuTimeMs(server.child.pid) ?? Number.NaN) - before) / wrk.requests,
      });
    }
    const reading = results.get(reader);
    const administering = results.get(admin);
    if (reading === undefined || administering === undefined) continue;
    const ours = reading.wrk;
    const theirs = administering.wrk;
    add('cpu-admin', 'ms', 'NACM: server CPU per GET of one entry, no NACM (admin)', administering.cpuPerRequest);
    add('cpu-reader', 'ms', 'NACM: server CPU per GET of one entry as the reader', reading.cpuPerRequest);
    add(
      'cpu-ratio',
      'ratio',
      'NACM: server CPU, GET one entry without NACM ÷ as the reader (as a rate)',
      administering.cpuPerRequest / reading.cpuPerRequest,
    );
    if (ours.errors + theirs.errors > 0)
      context.results.note(`${api.name} NACM GET one entry: ${ours.errors + theirs.errors} failed requests at ${size}`);
    add('admin', 'req/s', 'NACM: GET one entry, no NACM (admin), 1 connection', theirs.requestsPerSecond);
    add('reader', 'req/s', 'NACM: GET one entry as the reader, 1 connection', ours.requestsPerSecond);
    add(
      'ratio',
      'ratio',
      'NACM: reader’s GET one entry ÷ without NACM',
      ours.requestsPerSecond / theirs.requestsPerSecond,
    );
  }
};
