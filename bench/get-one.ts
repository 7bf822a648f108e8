/**
 * @module bench/get-one
 * A quick probe of the one figure that is hardest to meet (DESIGN §6, GET one entry against a
 * bare `node:http` server): starts idconf over plain HTTP, loads N entries, and runs only the
 * GET-one measurement of `npm run bench` for both APIs. For iterating on the request path;
 * `npm run bench` remains the measurement of record.
 *
 * With `--nacm`, the GETs are made by a user NACM filters: read-default deny, and one rule that
 * permits every access to the `bench` module — the common case of a user allowed everything under
 * a module, which should cost next to nothing over an administrator's GET.
 *
 * Run: `node bench/get-one.ts [--size 100000] [--duration 3] [--runs 3] [--cpu-prof] [--nacm]`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { hashPassword } from '../src/auth/index.ts';
import { BenchClient } from './http-client.ts';
import { ADMIN, startIdconf } from './idconf-server.ts';
import { type BenchContext, measureGetOne } from './measure-api.ts';
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
  },
});

/** The user of `--nacm` runs. */
const READER = { user: 'reader', password: 'bench-reader-password' } as const;

/** Makes `reader`, allowed every access to the bench module and nothing else by default. */
const addReader = async (admin: BenchClient): Promise<void> => {
  const hash = await hashPassword(READER.password);
  await admin.send('PATCH', `${RESTCONF}/data`, {
    body: JSON.stringify({
      'ietf-restconf:data': {
        'idconf-aaa:aaa': { authentication: { users: { user: [{ name: READER.user, password: hash }] } } },
        'ietf-netconf-acm:nacm': {
          'read-default': 'deny',
          groups: { group: [{ name: 'readers', 'user-name': [READER.user] }] },
          'rule-list': [
            {
              name: 'readers',
              group: ['readers'],
              rule: [{ name: 'bench', 'module-name': 'bench', action: 'permit' }],
            },
          ],
        },
      },
    }),
    headers: { 'Content-Type': 'application/yang-data+json' },
    expected: [204],
  });
};
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
    log(`loading ${size} entries`);
    await client.send('PUT', `${RESTCONF}/data/bench:bench`, {
      body: loadDocument(size),
      headers: { 'Content-Type': 'application/yang-data+json' },
      expected: [201, 204],
    });
    let reader: BenchClient | undefined;
    if (flags.nacm) {
      await addReader(client);
      reader = new BenchClient(server.url, READER.user, READER.password);
      log('GETs as a user NACM filters (read-default deny, every access to module bench permitted)');
    }
    for (const api of [RESTCONF_REQUESTS, LEGACY_REQUESTS]) {
      log(`${api.name}: GET one entry`);
      await measureGetOne(context, server, reader ?? client, api, size, dataDir, undefined);
    }
    reader?.close();
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
