/**
 * @module bench/event-fanout
 * The server's own share of delivering a commit to many subscribers, which `npm run bench`
 * cannot separate from the client's (there, one client process reads every subscriber's
 * connection). The server runs in this process (the RESTCONF routes over a datastore of the
 * benchmark model); the subscribers run in a child (bench/event-subscribers.ts). For each
 * commit it measures, from the moment the commit is published on the datastore's feed: the
 * last subscriber's event written to its socket (the server's fan-out: every event built,
 * encoded and handed to the kernel), and the first and last receipts in the child.
 * Run: `node bench/event-fanout.ts [--counts 1,100,1000] [--commits 30] [--https]`.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { ServerResponse } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Authenticator } from '../src/auth/index.ts';
import { decodeJson } from '../src/data/index.ts';
import { Datastore, MemoryJournalStore } from '../src/datastore/index.ts';
import { ManagementServer, Router } from '../src/http/index.ts';
import { ManagementService } from '../src/management/index.ts';
import { RESTCONF_ROOT, restconfRoutes } from '../src/restconf/index.ts';
import { createSelfSignedCredentials, loadServerSchema } from '../src/server/index.ts';
import { SILENT_LOGGER } from '../src/util/index.ts';
import type { SubscriberReport } from './event-subscribers.ts';
import { percentile } from './statistics.ts';

const { values: flags } = parseArgs({
  options: {
    counts: { type: 'string', default: '1,100,1000' },
    commits: { type: 'string', default: '30' },
    https: { type: 'boolean', default: false },
  },
});
const COUNTS = (flags.counts ?? '').split(',').map(Number);
const COMMITS = Number(flags.commits);

const { schema } = loadServerSchema([import.meta.dirname]);
const datastore = await Datastore.open({
  schema,
  journal: new MemoryJournalStore(),
  initial: () => decodeJson(schema, { 'bench:bench': { label: 'fan-out' } }, { schema, config: true }),
});
// Everyone is the administrator: this measures delivery, not login or NACM.
const authenticator: Authenticator = {
  authenticate: async () => ({ user: 'admin', groups: ['admin'], method: 'basic' }),
} as unknown as Authenticator;
const management = ManagementService.create({ datastore });
const router = new Router();
for (const route of restconfRoutes({ management, authenticator })) router.mount(route);
const server = new ManagementServer({
  router,
  log: SILENT_LOGGER,
  tls: flags.https ? await createSelfSignedCredentials(['localhost']) : undefined,
});
const { port } = await server.listen(0, '127.0.0.1');
const url = `${flags.https ? 'https' : 'http'}://127.0.0.1:${port}${RESTCONF_ROOT}/streams/NETCONF/json`;

// When the last write of a commit's events returned: every write of an event stream is timed.
let lastWrite = 0;
const write = ServerResponse.prototype.write;
ServerResponse.prototype.write = function (this: ServerResponse, ...args: Parameters<typeof write>) {
  const written = write.apply(this, args);
  lastWrite = performance.now();
  return written;
} as typeof write;
let published = 0;
datastore.commits.subscribe(() => {
  published = performance.now();
});

const reportsOf = (child: ChildProcess) => {
  const reports: SubscriberReport[] = [];
  let wake: (() => void) | undefined;
  child.on('message', (message: SubscriberReport) => {
    reports.push(message);
    wake?.();
  });
  return async (): Promise<SubscriberReport> => {
    while (reports.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return reports.shift() as SubscriberReport;
  };
};

const format = (samples: number[]): string =>
  `median ${percentile(samples, 50).toFixed(1)}, p99 ${percentile(samples, 99).toFixed(1)}, max ${Math.max(...samples).toFixed(1)}`;

process.stdout.write(
  `| subscribers | server fan-out: published → last write (ms) | → first receipt (ms) | → last receipt (ms) |\n`,
);
process.stdout.write('| --- | --- | --- | --- |\n');
for (const count of COUNTS) {
  const child = fork(join(import.meta.dirname, 'event-subscribers.ts'), [url, String(count), 'admin', 'x'], {
    execArgv: ['--disable-warning=ExperimentalWarning'],
  });
  const next = reportsOf(child);
  const ready = await next();
  if (ready.kind !== 'ready') throw new Error(`the subscribers failed: ${JSON.stringify(ready)}`);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const fanOut: number[] = [];
  const first: number[] = [];
  const last: number[] = [];
  for (let index = 0; index < COMMITS; index++) {
    await datastore.commit(
      () => decodeJson(schema, { 'bench:bench': { label: `fan-out ${count} ${index}` } }, { schema, config: true }),
      { user: 'admin', via: 'cli' },
    );
    const report = await next();
    if (report.kind !== 'event') throw new Error(`unexpected report ${JSON.stringify(report)}`);
    const origin = performance.timeOrigin + published;
    fanOut.push(lastWrite - published);
    first.push(report.first - origin);
    last.push(report.last - origin);
  }
  child.kill();
  process.stdout.write(`| ${count} | ${format(fanOut)} | ${format(first)} | ${format(last)} |\n`);
}
management.events.close();
await server.close(1000);
await datastore.close();
