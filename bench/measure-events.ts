/**
 * @module bench/measure-events
 * The NETCONF event stream of a loaded server: how long a commit takes to reach every
 * subscriber, with one subscriber and with a thousand, and what a thousand idle subscribers cost
 * the server in resident memory. The subscribers run in child processes of their own (two by
 * default, bench/subscriber-processes.ts; each subscriber a raw socket, bench/event-subscribers.ts);
 * the harness makes one commit at a time (PATCH of one leaf) and the children report when the
 * first and the last subscriber received it. "Answered → all" is from
 * the PATCH's response (the commit is durable) to the last subscriber's receipt; "sent → all"
 * adds the commit itself.
 */
import type { ServerProcess } from './child-process.ts';
import { residentMemory } from './child-process.ts';
import { BenchClient } from './http-client.ts';
import { ADMIN } from './idconf-server.ts';
import type { BenchContext } from './measure-api.ts';
import { row, transportOf } from './measure-api.ts';
import { DEFAULT_SUBSCRIBER_PROCESSES, SubscriberProcesses } from './subscriber-processes.ts';
import { RESTCONF } from './workload.ts';

/** Commits timed per subscriber count and run. */
const COMMITS = 20;
/** The subscriber counts measured; the largest is also the one whose memory is measured. */
const SUBSCRIBER_COUNTS = [1, 1000] as const;

const now = (): number => performance.timeOrigin + performance.now();

const settle = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Measures the event stream of `server` (loaded with `size` entries), the subscribers spread over
 * `processes` child processes.
 */
export const measureEvents = async (
  context: BenchContext,
  server: ServerProcess,
  size: number,
  processes = DEFAULT_SUBSCRIBER_PROCESSES,
): Promise<void> => {
  const transport = transportOf(server);
  const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
  const streamUrl = `${server.url}${RESTCONF}/streams/NETCONF/json`;
  let value = 0;
  try {
    for (const count of SUBSCRIBER_COUNTS) {
      context.log(
        `${size}: event stream, ${count} subscriber(s) over ${transport} in ${Math.min(count, processes)} process(es)`,
      );
      const before = residentMemory(server.child.pid);
      const subscribers = new SubscriberProcesses(streamUrl, count, ADMIN.user, ADMIN.password, processes);
      try {
        await subscribers.next('ready', 120_000);
        await settle(1000);
        const after = residentMemory(server.child.pid);
        if (count === Math.max(...SUBSCRIBER_COUNTS) && before !== undefined && after !== undefined)
          context.results.add(
            row(
              'idconf',
              'event-subscribers-rss',
              String(count),
              transport,
              'MiB',
              `RSS added by ${count} idle subscribers`,
            ),
            size,
            [after.rss - before.rss],
          );
        const sentToAll: number[] = [];
        const answeredToAll: number[] = [];
        const answeredToFirst: number[] = [];
        for (let run = 0; run < context.runs; run++)
          for (let index = 0; index < COMMITS; index++) {
            value = (value + 1) % 1000;
            const sent = now();
            const answer = await client.send('PATCH', `${RESTCONF}/data/bench:bench/label`, {
              body: JSON.stringify({ 'bench:label': `event-${value}` }),
              headers: { 'Content-Type': 'application/yang-data+json' },
              expected: [204],
            });
            const answered = sent + answer.totalMs;
            const received = await subscribers.next('event', 30_000);
            sentToAll.push(received.last - sent);
            answeredToAll.push(received.last - answered);
            answeredToFirst.push(received.first - answered);
          }
        context.results.add(
          row(
            'restconf',
            'event-sent-to-all',
            String(count),
            transport,
            'ms',
            `commit sent → all ${count} subscriber(s) have it`,
          ),
          size,
          sentToAll,
        );
        context.results.add(
          row(
            'restconf',
            'event-answered-to-all',
            String(count),
            transport,
            'ms',
            `commit answered → all ${count} subscriber(s) have it`,
          ),
          size,
          answeredToAll,
        );
        if (count > 1)
          context.results.add(
            row(
              'restconf',
              'event-answered-to-first',
              String(count),
              transport,
              'ms',
              `commit answered → the first of ${count} subscribers has it`,
            ),
            size,
            answeredToFirst,
          );
      } finally {
        await subscribers.stop();
      }
    }
  } finally {
    client.close();
  }
};
