/**
 * @module bench/event-fanout
 * The server's own share of delivering a commit to many subscribers, which `npm run bench`
 * cannot separate from the client's (there, one client process reads every subscriber's
 * connection). The server runs in this process (the RESTCONF routes over a datastore of the
 * benchmark model); the subscribers run in children (bench/subscriber-processes.ts, two by
 * default). For each commit it measures, from the moment the commit is published on the
 * datastore's feed: the last subscriber's event handed to its socket (the server's fan-out:
 * every event built, encoded, framed, encrypted and written to the kernel, as the socket's
 * corked writes are flushed right after the write that queued them), and the first and last
 * receipts in the children.
 * Run: `node bench/event-fanout.ts [--counts 1,100,1000] [--commits 30] [--https] [--processes 2]`.
 */
import { ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import type { Authenticator } from '../src/auth/index.ts';
import { decodeJson } from '../src/data/index.ts';
import { Datastore, MemoryJournalStore } from '../src/datastore/index.ts';
import { ManagementServer, Router } from '../src/http/index.ts';
import { ManagementService } from '../src/management/index.ts';
import { RESTCONF_ROOT, restconfRoutes } from '../src/restconf/index.ts';
import { createSelfSignedCredentials, loadServerSchema } from '../src/server/index.ts';
import { SILENT_LOGGER } from '../src/util/index.ts';
import { percentile } from './statistics.ts';
import { DEFAULT_SUBSCRIBER_PROCESSES, SubscriberProcesses } from './subscriber-processes.ts';

const { values: flags } = parseArgs({
  options: {
    counts: { type: 'string', default: '1,100,1000' },
    commits: { type: 'string', default: '30' },
    https: { type: 'boolean', default: false },
    processes: { type: 'string', default: String(DEFAULT_SUBSCRIBER_PROCESSES) },
  },
});
const COUNTS = (flags.counts ?? '').split(',').map(Number);
const COMMITS = Number(flags.commits);
const PROCESSES = Number(flags.processes);

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

// When the last write of a commit's events reached its socket: every write of an event stream is
// timed once the socket has flushed it (the response corks its socket and uncorks it in a
// process.nextTick queued by the write, which runs before the one queued here).
let lastWrite = 0;
const write = ServerResponse.prototype.write;
const flushed = (): void => {
  lastWrite = performance.now();
};
ServerResponse.prototype.write = function (this: ServerResponse, ...args: Parameters<typeof write>) {
  const written = write.apply(this, args);
  process.nextTick(flushed);
  return written;
} as typeof write;
let published = 0;
datastore.commits.subscribe(() => {
  published = performance.now();
});

const format = (samples: number[]): string =>
  `median ${percentile(samples, 50).toFixed(1)}, p99 ${percentile(samples, 99).toFixed(1)}, max ${Math.max(...samples).toFixed(1)}`;

process.stdout.write(
  `| subscribers | server fan-out: published → last event flushed to its socket (ms) | → first receipt (ms) | → last receipt (ms) | subscribers' CPU per commit (ms) |\n`,
);
process.stdout.write('| --- | --- | --- | --- | --- |\n');
for (const count of COUNTS) {
  const subscribers = new SubscriberProcesses(url, count, 'admin', 'x', PROCESSES);
  await subscribers.next('ready', 120_000);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const fanOut: number[] = [];
  const first: number[] = [];
  const last: number[] = [];
  const cpuBefore = subscribers.cpuMs();
  for (let index = 0; index < COMMITS; index++) {
    await datastore.commit(
      () => decodeJson(schema, { 'bench:bench': { label: `fan-out ${count} ${index}` } }, { schema, config: true }),
      { user: 'admin', via: 'cli' },
    );
    const report = await subscribers.next('event', 30_000);
    const origin = performance.timeOrigin + published;
    fanOut.push(lastWrite - published);
    first.push(report.first - origin);
    last.push(report.last - origin);
  }
  const cpuAfter = subscribers.cpuMs();
  await subscribers.stop();
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? 'n/a' : ((cpuAfter - cpuBefore) / COMMITS).toFixed(1);
  process.stdout.write(`| ${count} | ${format(fanOut)} | ${format(first)} | ${format(last)} | ${cpu} |\n`);
}
management.events.close();
await server.close(1000);
await datastore.close();
