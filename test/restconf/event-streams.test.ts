/**
 * @module test/restconf/event-streams.test
 * The NETCONF event stream end to end over real HTTPS connections: every commit reaches every
 * subscriber in both encodings; a subscriber that disconnects and comes back with Last-Event-ID
 * gets exactly the commits it missed; a subscriber that stops reading is ended without holding
 * up a single commit, and resumes without a gap; the sessions stream; shutdown; curl following
 * the stream as docs/events.md shows it.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { SseConnection } from '../support/sse-client.ts';
import type { RestconfTestServer } from './restconf-test-server.ts';
import { AUTHORIZATION, jsonOf, PASSWORD, requireCurl, startRestconfServer, USER } from './restconf-test-server.ts';

const CONFIG_CHANGE = 'ietf-netconf-notifications:netconf-config-change';

type Notification = { 'ietf-restconf:notification': Record<string, Record<string, unknown>> & { eventTime: string } };

/** The config-change payload of a JSON event. */
const payloadOf = (data: string): Record<string, unknown> =>
  (JSON.parse(data) as Notification)['ietf-restconf:notification'][CONFIG_CHANGE] ?? {};

/** The member name of the notification of a JSON event. */
const memberOf = (data: string): string =>
  Object.keys((JSON.parse(data) as Notification)['ietf-restconf:notification']).find((key) => key !== 'eventTime') ??
  '';

describe('event streams over HTTPS', () => {
  let server: RestconfTestServer;
  const open: SseConnection[] = [];
  before(async () => {
    server = await startRestconfServer(undefined, { eventStreams: { queueLimit: 4 } });
  });
  after(async () => {
    for (const connection of open) connection.close();
    await server.close();
  });

  const subscribe = async (
    encoding: 'json' | 'xml' = 'json',
    headers: Record<string, string> = {},
    stream = 'NETCONF',
  ): Promise<SseConnection> => {
    const connection = await SseConnection.open(`${server.api}/streams/${stream}/${encoding}`, {
      Authorization: AUTHORIZATION,
      ...headers,
    });
    assert.equal(connection.status, 200, connection.body);
    open.push(connection);
    return connection;
  };

  /** One commit through RESTCONF; resolves with its transaction id. */
  let counter = 0;
  const commit = async (): Promise<number> => {
    counter += 1;
    const response = await server.request('PATCH', '/data/t-restconf:settings?rollback-id=true', {
      body: { 't-restconf:settings': { name: `name-${counter}` } },
    });
    assert.equal(response.status, 200, response.body);
    return jsonOf<{ 'idconf-restconf:result': { rollback: { id: number } } }>(response)['idconf-restconf:result']
      .rollback.id;
  };

  /** Replaces the profiles by `count` new ones: a commit of 2 × `count` edits. */
  const bigCommit = async (round: number, count: number): Promise<void> => {
    const profile = Array.from({ length: count }, (_, index) => ({
      id: `round-${round}-profile-${index}`,
      kind: 't-restconf:oauth',
      enabled: true,
    }));
    const response = await server.request('PUT', '/data/t-restconf:settings', {
      body: { 't-restconf:settings': { profile } },
    });
    assert.ok(response.status === 201 || response.status === 204, `${response.status} ${response.body}`);
  };

  it('every commit reaches every subscriber, in JSON and in XML, with the same ids and paths', async () => {
    const json = await subscribe('json');
    const xml = await subscribe('xml');
    // The body ends with the connection: each event is written as it is, without chunk framing.
    assert.equal(json.headers['content-type'], 'text/event-stream');
    assert.equal(json.headers.connection, 'close');
    assert.equal(json.headers['transfer-encoding'], undefined);
    const ids = [await commit(), await commit(), await commit()];
    const jsonEvents = await json.waitFor(3);
    const xmlEvents = await xml.waitFor(3);
    assert.deepEqual(
      jsonEvents.map((event) => event.id),
      ids.map(String),
    );
    assert.deepEqual(
      xmlEvents.map((event) => event.id),
      ids.map(String),
    );
    for (const event of jsonEvents) {
      const payload = payloadOf(event.data);
      assert.deepEqual(payload.edit, [{ target: '/t-restconf:settings/name', operation: 'replace' }]);
      assert.equal(payload['idconf-notifications:transaction-id'], Number(event.id));
      assert.deepEqual(payload['changed-by'], { username: USER, 'session-id': 0 });
      assert.equal(payload['idconf-notifications:via'], 'restconf');
    }
    for (const event of xmlEvents)
      assert.match(
        event.data,
        /<edit><target xmlns:trc="urn:idconf:test:restconf">\/trc:settings\/trc:name<\/target><operation>replace<\/operation><\/edit>/,
      );
    json.close();
    xml.close();
  });

  it('a subscriber that disconnects and reconnects with Last-Event-ID gets exactly the commits it missed', async () => {
    const first = await subscribe();
    const seen = [await commit(), await commit()];
    await first.waitFor(2);
    first.close();
    const missed = [await commit(), await commit(), await commit()];
    const again = await subscribe('json', { 'Last-Event-ID': first.lastEventId ?? '' });
    await again.waitFor(3);
    const live = await commit();
    const events = await again.waitFor(4);
    assert.deepEqual(
      events.map((event) => event.id),
      [...missed, live].map(String),
    );
    assert.ok(!events.some((event) => seen.map(String).includes(event.id ?? '')), 'nothing seen twice');
    assert.ok(
      events.every((event) => memberOf(event.data) === CONFIG_CHANGE),
      'no replay-completed on resumption',
    );
    again.close();
  });

  it('a Last-Event-ID newer than any commit, or not an id at all, is refused', async () => {
    const ahead = await SseConnection.open(`${server.api}/streams/NETCONF/json`, {
      Authorization: AUTHORIZATION,
      'Last-Event-ID': '999999',
    });
    assert.equal(ahead.status, 400);
    await ahead.waitForEnd();
    assert.match(ahead.body, /newer than the last commit/);
    const garbage = await SseConnection.open(`${server.api}/streams/NETCONF/json`, {
      Authorization: AUTHORIZATION,
      'Last-Event-ID': 'x1',
    });
    assert.equal(garbage.status, 400);
  });

  it('an unknown stream or encoding is 404, a stream without credentials 401', async () => {
    assert.equal((await server.request('GET', '/streams/nope/json', { accept: 'text/event-stream' })).status, 404);
    assert.equal((await server.request('GET', '/streams/NETCONF/yaml', { accept: 'text/event-stream' })).status, 404);
    const anonymous = await server.request('GET', '/streams/NETCONF/json', {
      accept: 'text/event-stream',
      anonymous: true,
    });
    assert.equal(anonymous.status, 401);
    const options = await server.request('OPTIONS', '/streams/NETCONF/json');
    assert.equal(options.status, 204);
    assert.equal(options.headers.allow, 'GET, HEAD, OPTIONS');
    assert.equal((await server.request('POST', '/streams/NETCONF/json')).status, 405);
  });

  it('a subscriber that stops reading is ended as too slow; commits never wait for it; it resumes without a gap', async () => {
    const slow = await subscribe();
    const fast = await subscribe();
    slow.pause();
    const before = server.management.events.size;
    // Each commit is a notification of 1,000 edits (~100 KB): the slow client's socket buffers
    // fill after a few dozen, then its queue (4 events in this server), and the server ends it.
    const rounds: number[] = [];
    for (let round = 0; round < 120 && server.management.events.size === before; round++) {
      await bigCommit(round, 500);
      rounds.push(round);
    }
    assert.equal(
      server.management.events.size,
      before - 1,
      `the slow subscriber was ended (after ${rounds.length} commits)`,
    );
    const ids = (await server.datastore.journal.listCommits({ limit: rounds.length })).map((commit) =>
      String(commit.fixedNumber),
    );
    ids.reverse();
    // The other subscriber got every commit, in order.
    const fastEvents = await fast.waitFor(rounds.length, 30_000);
    assert.deepEqual(
      fastEvents.map((event) => event.id),
      ids,
    );
    // The slow one, reading again, gets a prefix of the commits and then the reason it was ended.
    slow.resume();
    const slowEvents = await slow.waitForEnd(30_000);
    const final = slowEvents.at(-1);
    assert.equal(memberOf(final?.data ?? '{}'), 'idconf-notifications:subscription-terminated');
    assert.match(final?.data ?? '', /"reason":"slow-consumer"/);
    const received = slowEvents.slice(0, -1).map((event) => event.id);
    assert.deepEqual(received, ids.slice(0, received.length));
    // Reconnecting with its Last-Event-ID, it gets the rest: no gap, no duplicate.
    const resumed = await subscribe('json', { 'Last-Event-ID': slow.lastEventId ?? '' });
    const rest = await resumed.waitFor(ids.length - received.length, 30_000);
    assert.deepEqual(
      rest.map((event) => event.id),
      ids.slice(received.length),
    );
    fast.close();
    resumed.close();
  });

  it('the sessions stream tells when subscriptions start and end', async () => {
    type Session = Record<string, unknown>;
    const watcher = await subscribe('json', {}, 'sessions');
    const [own] = await watcher.waitFor(1);
    assert.equal(memberOf(own?.data ?? '{}'), 'ietf-netconf-notifications:netconf-session-start');
    const other = await subscribe('xml');
    other.close();
    // Subscriptions of earlier tests may still be ending: find this one's start and end.
    const sessionOf = (data: string, member: string): Session | undefined =>
      (JSON.parse(data) as { 'ietf-restconf:notification': Record<string, Session> })['ietf-restconf:notification'][
        `ietf-netconf-notifications:${member}`
      ];
    const ownId = sessionOf(own?.data ?? '{}', 'netconf-session-start')?.['session-id'];
    const pair = async (): Promise<[Session, Session]> => {
      for (let seen = 2; ; seen++) {
        const events = await watcher.waitFor(seen);
        const of = (member: string): Session[] =>
          events
            .map((event) => sessionOf(event.data, member))
            .filter((session): session is Session => session !== undefined);
        const started = of('netconf-session-start').find((session) => session['session-id'] !== ownId);
        const ended = of('netconf-session-end').find(
          (session) => started !== undefined && session['session-id'] === started['session-id'],
        );
        if (started !== undefined && ended !== undefined) return [started, ended];
      }
    };
    const [started, ended] = await pair();
    assert.deepEqual(started, { username: USER, 'session-id': started['session-id'], 'source-host': '127.0.0.1' });
    assert.equal(ended.username, USER);
    assert.equal(ended['termination-reason'], 'closed');
    assert.equal(ended['source-host'], '127.0.0.1');
    assert.ok(
      watcher.events.every((event) => event.id === undefined),
      'session events are not stored',
    );
    watcher.close();
  });

  it('curl follows the stream as docs/events.md shows', async (t) => {
    if (!requireCurl(t)) return;
    const sessions = await subscribe('json', {}, 'sessions');
    const curl = spawn(
      'curl',
      ['-sNk', '-u', `${USER}:${PASSWORD}`, '-H', 'Accept: text/event-stream', `${server.api}/streams/NETCONF/json`],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    curl.stdout.setEncoding('utf8');
    const got = new Promise<void>((resolve) => {
      curl.stdout.on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('\n\n')) resolve();
      });
    });
    // curl has subscribed once the sessions stream shows a second start (after its own).
    for (let seen = 1; ; seen++) {
      const events = await sessions.waitFor(seen);
      if (events.filter((event) => memberOf(event.data).endsWith(':netconf-session-start')).length >= 2) break;
    }
    sessions.close();
    const id = await commit();
    await got;
    curl.kill();
    assert.match(output, new RegExp(`^id: ${id}\\ndata: \\{"ietf-restconf:notification":\\{"eventTime":"`));
  });

  it('a server that stops ends every stream with a final event', async () => {
    const own = await startRestconfServer();
    try {
      const connection = await SseConnection.open(`${own.api}/streams/NETCONF/xml`, { Authorization: AUTHORIZATION });
      own.management.events.close();
      const events = await connection.waitForEnd();
      assert.match(
        events.at(-1)?.data ?? '',
        /<subscription-terminated xmlns="urn:idconf:yang:notifications"><reason>server-shutdown<\/reason>/,
      );
    } finally {
      await own.close();
    }
  });

  it('subscriptions beyond the cap of one user, or of the server, are refused with 409 resource-denied', async () => {
    const OTHER = 'operator';
    const otherAuthorization = `Basic ${Buffer.from(`${OTHER}:operator-secret`).toString('base64')}`;
    const own = await startRestconfServer(undefined, {
      eventStreams: { maxSubscriptions: 3, maxSubscriptionsPerUser: 2 },
      users: { [OTHER]: 'operator-secret' },
    });
    const connections: SseConnection[] = [];
    const open = async (authorization: string): Promise<SseConnection> => {
      const connection = await SseConnection.open(`${own.api}/streams/NETCONF/json`, { Authorization: authorization });
      connections.push(connection);
      return connection;
    };
    const refusal = async (authorization: string, message: RegExp): Promise<void> => {
      const refused = await open(authorization);
      await refused.waitForEnd();
      assert.equal(refused.status, 409, refused.body);
      const error = (JSON.parse(refused.body) as { 'ietf-restconf:errors': { error: Record<string, string>[] } })[
        'ietf-restconf:errors'
      ].error[0];
      assert.equal(error?.['error-tag'], 'resource-denied');
      assert.equal(error?.['error-type'], 'application');
      assert.match(error?.['error-message'] ?? '', message);
    };
    try {
      assert.equal((await open(AUTHORIZATION)).status, 200);
      assert.equal((await open(AUTHORIZATION)).status, 200);
      await refusal(AUTHORIZATION, /the user "admin" has 2 event stream subscriptions open/);
      assert.equal(own.management.events.size, 2, 'the refused request opened nothing');
      assert.equal((await open(otherAuthorization)).status, 200, 'another user has room of its own');
      await refusal(otherAuthorization, /the server has 3 event stream subscriptions open/);
      // A subscription that ends gives its place back.
      connections[0]?.close();
      for (let waited = 0; own.management.events.size > 2; waited += 10) {
        assert.ok(waited < 5000, 'the closed subscription ended');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const again = await open(AUTHORIZATION);
      assert.equal(again.status, 200, again.body);
    } finally {
      for (const connection of connections) connection.close();
      await own.close();
    }
  });
});
