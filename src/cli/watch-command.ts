/**
 * @module cli/watch-command
 * `idconf watch`: follows a running server's event stream (NETCONF by default: one event per
 * commit) and prints each change as it happens, readable or (`--json`) one notification per
 * line. Like a browser's EventSource it reconnects when the connection drops or the server ends
 * the subscription (a restart, a slow reader), sending the id of the last event it printed as
 * `Last-Event-ID`, so that no change is missed or printed twice. It stops after `--stop-time`,
 * and exits 1 when the server refuses the subscription (bad credentials, a filter that is no
 * XPath, a resumption whose history is no longer stored).
 * @see RFC 8040 §6, docs/events.md
 */
import { type Command, Option } from 'commander';
import type { ApiTarget } from './api-client.ts';
import { describeFailure } from './api-client.ts';
import type { StreamOutcome } from './event-stream-client.ts';
import { followEventStream } from './event-stream-client.ts';
import { COUNT_RANGE, integerOption } from './integer-option.ts';
import { notificationLines } from './notification-text.ts';
import type { StreamMessage } from './sse-parser.ts';

interface WatchFlags {
  readonly url: string;
  readonly user: string;
  readonly ca?: string;
  readonly insecure: boolean;
  readonly stream: string;
  readonly json: boolean;
  readonly startTime?: string;
  readonly stopTime?: string;
  readonly filter?: string;
  readonly since?: number;
  readonly reconnect: boolean;
}

/** The first wait before reconnecting, doubled after each failed attempt up to the longest. */
const FIRST_DELAY_MS = 1000;
const LONGEST_DELAY_MS = 30_000;

const TERMINATED = 'idconf-notifications:subscription-terminated';

/** The reason of a `subscription-terminated` event, if `data` is one. */
const terminationOf = (data: string): string | undefined => {
  if (!data.includes(TERMINATED)) return undefined;
  try {
    const parsed = JSON.parse(data) as { 'ietf-restconf:notification'?: Record<string, { reason?: string }> };
    return parsed['ietf-restconf:notification']?.[TERMINATED]?.reason;
  } catch {
    return undefined;
  }
};

/** The stream path with its query; start-time only for a first subscription (a resumption starts after its id). */
const pathOf = (flags: WatchFlags, resuming: boolean): string => {
  const query = new URLSearchParams();
  if (flags.filter !== undefined) query.set('filter', flags.filter);
  if (flags.startTime !== undefined && !resuming) query.set('start-time', flags.startTime);
  if (flags.stopTime !== undefined) {
    // stop-time needs a start-time; a resumption's start is its Last-Event-ID, so any past time does.
    if (flags.startTime === undefined || resuming) query.set('start-time', new Date(0).toISOString());
    query.set('stop-time', flags.stopTime);
  }
  const text = query.toString().replaceAll('+', '%20');
  return `/streams/${encodeURIComponent(flags.stream)}/json${text === '' ? '' : `?${text}`}`;
};

const say = (line: string): void => {
  process.stderr.write(`idconf: ${line}\n`);
};

const describeOutcome = (outcome: StreamOutcome, termination: string | undefined): string => {
  if (termination !== undefined) return `the server ended the subscription (${termination})`;
  return outcome.kind === 'lost'
    ? `the connection was lost (${outcome.error.message})`
    : 'the server closed the stream';
};

const watch = async (flags: WatchFlags): Promise<void> => {
  const password = process.env.IDCONF_PASSWORD;
  if (password === undefined) {
    say('set IDCONF_PASSWORD to the password of --user');
    process.exitCode = 1;
    return;
  }
  const target: ApiTarget = {
    url: flags.url,
    user: flags.user,
    password,
    ...(flags.ca === undefined ? {} : { ca: flags.ca }),
    ...(flags.insecure ? { insecure: true } : {}),
  };
  let lastEventId = flags.since === undefined ? undefined : String(flags.since);
  let connected = false;
  let delay = FIRST_DELAY_MS;
  for (;;) {
    let termination: string | undefined;
    const print = (event: StreamMessage): void => {
      if (event.id !== undefined) lastEventId = event.id;
      termination = terminationOf(event.data) ?? termination;
      if (flags.json) process.stdout.write(`${event.data.replaceAll('\n', ' ')}\n`);
      else process.stdout.write(`${notificationLines(event.data).join('\n')}\n`);
    };
    const stream = followEventStream(
      {
        target,
        path: pathOf(flags, lastEventId !== undefined),
        ...(lastEventId === undefined ? {} : { lastEventId }),
      },
      print,
      () => {
        connected = true;
        delay = FIRST_DELAY_MS;
      },
    );
    const outcome = await stream.outcome;
    if (outcome.kind === 'refused' && (outcome.response.status < 500 || !connected)) {
      say(`the server refused the subscription: ${describeFailure(outcome.response)}`);
      process.exitCode = 1;
      return;
    }
    if (termination === 'stop-time') return;
    if (!flags.reconnect || !connected) {
      say(
        connected
          ? describeOutcome(outcome, termination)
          : `cannot reach ${flags.url}: ${describeOutcome(outcome, undefined)}`,
      );
      process.exitCode = 1;
      return;
    }
    say(
      `${describeOutcome(outcome, termination)}; reconnecting in ${delay / 1000} s${lastEventId === undefined ? '' : ` to resume after #${lastEventId}`}`,
    );
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, LONGEST_DELAY_MS);
  }
};

/** Adds `watch` to the program. */
export const addWatchCommand = (program: Command): void => {
  program
    .command('watch')
    .description('follow the configuration changes of a running server as they happen (its NETCONF event stream)')
    .option('--url <url>', 'the running server (env IDCONF_URL)', process.env.IDCONF_URL || 'https://localhost:6749')
    .option('--user <name>', 'the account to subscribe as (password from IDCONF_PASSWORD)', 'admin')
    .option('--ca <file>', 'PEM certificate to trust (default: the system’s certificate authorities)')
    .option('--insecure', 'accept any certificate (the generated self-signed one)', false)
    .option('--stream <name>', 'the event stream (see restconf-state/streams)', 'NETCONF')
    .option('--json', 'print each notification as one line of JSON (RFC 8040 §6.4) instead of text', false)
    .option(
      '--start-time <date-and-time>',
      'first show the stored changes since then, e.g. 2026-11-22T15:00:00Z (default: none, live changes only)',
    )
    .option(
      '--stop-time <date-and-time>',
      'stop once changes after this time would come (default: none, follow until interrupted)',
    )
    .option('--filter <xpath>', 'only the notifications this XPath 1.0 expression selects (default: all)')
    .addOption(
      new Option(
        '--since <transaction-id>',
        'resume after this transaction id, as Last-Event-ID (default: none)',
      ).argParser(integerOption(COUNT_RANGE)),
    )
    .option('--no-reconnect', 'exit when the stream ends instead of resuming it (default: reconnect)')
    .action((flags: WatchFlags) => watch(flags));
};
