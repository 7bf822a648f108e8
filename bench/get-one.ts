/**
 * @module bench/get-one
 * A quick probe of the one figure that is hardest to meet (DESIGN §6, GET one entry against a
 * bare `node:http` server): starts idconf over plain HTTP, loads N entries, and runs only the
 * GET-one measurement of `npm run bench` for both APIs. For iterating on the request path;
 * `npm run bench` remains the measurement of record.
 *
 * With `--nacm`, it measures instead what NACM costs these reads (bench/measure-nacm.ts, as in
 * `npm run bench`): GET one entry by a reader a key-predicate rule hides half of the list
 * from, alternating with the same GET as the administrator (no NACM); with `--get-all` also
 * the whole list, interleaved with the same entries read without NACM.
 *
 * Run: `node bench/get-one.ts [--size 100000] [--duration 3] [--runs 3] [--cpu-prof] [--nacm [--get-all]]`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hashPassword } from '../src/auth/index.ts';
import { BenchClient } from './http-client.ts';
import { ADMIN, startIdconf } from './idconf-server.ts';
import { type BenchContext, measureGetOne } from './measure-api.ts';
import { measureNacmGetAll, measureNacmGetOne, NACM_READER, NACM_REQUESTS, setUpNacmBench } from './measure-nacm.ts';
import { formatSummary } from './report.ts';
import { Results } from './results.ts';
import { LEGACY_REQUESTS, loadDocument, RESTCONF, RESTCONF_REQUESTS } from './workload.ts';
import { ensureWrk } from './wrk.ts';

const { values: flags } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '3' },
    runs: { type: 'string', default: '3' },
    'cpu-prof': { type: 'boolean', default: false },
    nacm: { type: 'boolean', default: false },
    'get-all': { type: 'boolean', default: false },
  },
});

const size = Number(flags.size);
const log = (line: string): void => {
  process.stderr.write(`[get-one] ${line}\n`);
};
const results = new Results();
const context: BenchContext = { results, runs: Number(flags.runs), duration: Number(flags.duration), log };
const cpuProfileDir = flags['cpu-prof'] ? join(import.meta.dirname, 'results', 'profiles', 'get-one') : undefined;
if (cpuProfileDir !== undefined) mkdirSync(cpuProfileDir, { recursive: true });

ensureWrk(log);
const dataDir = mkdtempSync(join(tmpdir(), 'idconf-get-one-'));
try {
  const server = await startIdconf({
    dataDir,
    timeoutMs: 60_000 + size / 10,
    ...(cpuProfileDir === undefined ? {} : { cpuProfileDir }),
  });
  const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
  try {
    if (flags.nacm) {
      log(`loading ${size} zoned entries, a copy of the visible half, and the reader`);
      await setUpNacmBench(client, size, await hashPassword(NACM_READER.password));
      for (const api of NACM_REQUESTS) {
        if (flags['get-all']) {
          log(`${api.name}: GET the whole list, with and without NACM, interleaved`);
          await measureNacmGetAll(context, server, api, size);
        }
        log(`${api.name}: GET one entry, with and without NACM, alternating`);
        await measureNacmGetOne(context, server, api, size);
      }
    } else {
      log(`loading ${size} entries`);
      await client.send('PUT', `${RESTCONF}/data/bench:bench`, {
        body: loadDocument(size),
        headers: { 'Content-Type': 'application/yang-data+json' },
        expected: [201, 204],
      });
      for (const api of [RESTCONF_REQUESTS, LEGACY_REQUESTS]) {
        log(`${api.name}: GET one entry`);
        await measureGetOne(context, server, client, api, size, dataDir, undefined);
      }
    }
  } finally {
    client.close();
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
for (const row of results.rows.values()) {
  process.stdout.write(`${row.label} (${row.subject}): ${formatSummary(row.unit, row.bySize.get(size))}\n`);
}
