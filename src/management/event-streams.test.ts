/**
 * @module management/event-streams.test
 * The event streams without a front-end: live and stored events in order without gap or
 * duplicate, start-time, stop-time and Last-Event-ID, NACM on notifications and on the paths
 * inside them, filters, the bounded queue of a slow subscriber, session events and shutdown.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testSchema } from '../../test/support/test-schema.ts';
import type { DataTree } from '../data/index.ts';
import { decodeJson } from '../data/index.ts';
import type { CommitRecord } from '../datastore/index.ts';
import { Datastore, MemoryJournalStore } from '../datastore/index.ts';
import { isManagementError } from '../errors/index.ts';
import { NacmPolicy, nacmConfigFromJson } from '../nacm/index.ts';
import type { SchemaTree } from '../yang/index.ts';
import type { AccessControl } from './access-control.ts';
import type { EventStreamsOptions, SubscriptionRequest } from './event-streams.ts';
import type { EventSubscription } from './event-subscription.ts';
import { ManagementService } from './management-service.ts';
import type { Session } from './session.ts';
import type { StreamEvent } from './stream-event.ts';
import { notificationMember } from './stream-event.ts';

const SHOP = `module shop {
  yang-version 1.1;
  namespace "urn:test:shop";
  prefix s;
  import ietf-netconf-acm { prefix nacm; }
  container shop {
    leaf name { type string; }
    leaf secret { type string; nacm:default-deny-all; }
    list item { key id; leaf id { type string; } leaf price { type uint32; } }
  }
}`;

const schema: SchemaTree = testSchema(
  [SHOP],
  ['ietf-netconf-notifications', 'idconf-notifications', 'ietf-netconf-acm', 'idconf-rollback'],
);

const ADMIN: Session = { principal: { user: 'ann', groups: ['admin'], method: 'basic' }, via: 'restconf' };
const CLERK: Session = { principal: { user: 'carl', groups: ['clerks'], method: 'basic' }, via: 'restconf' };

/** Clerks may not read item "hidden"; nobody but admins may read secrets (default-deny-all). */
const POLICY = new NacmPolicy(
  schema,
  nacmConfigFromJson({
    'rule-list': [
      {
        name: 'admin',
        group: ['admin'],
        rule: [{ name: 'all', 'module-name': '*', 'access-operations': '*', action: 'permit' }],
      },
      {
        name: 'clerks',
        group: ['clerks'],
        rule: [{ name: 'no-hidden', path: "/s:shop/s:item[s:id='hidden']", action: 'deny' }],
      },
    ],
  }),
);
const ACCESS: AccessControl = { decisionsFor: (session) => POLICY.decisionsFor(session.principal) };

const tree = (json: unknown): DataTree => decodeJson(schema, json, { schema, config: true });

interface Shop {
  readonly management: ManagementService;
  readonly datastore: Datastore;
  /** Commits the shop with these items (and name); resolves with the commit's fixed number. */
  set(items: readonly string[], extra?: Record<string, unknown>, note?: { comment?: string }): Promise<number>;
}

const openShop = async (options: EventStreamsOptions = {}, retention?: number): Promise<Shop> => {
  const datastore = await Datastore.open({
    schema,
    journal: new MemoryJournalStore(),
    initial: () => tree({ 'shop:shop': { name: 'corner' } }),
    ...(retention === undefined ? {} : { retention, checkpointEvery: 1 }),
  });
  const management = ManagementService.create({ datastore, accessControl: ACCESS, eventStreams: options });
  return {
    management,
    datastore,
    set: async (items, extra = {}, note = {}) => {
      const result = await management.edit(
        ADMIN,
        () => tree({ 'shop:shop': { name: 'corner', ...extra, item: items.map((id) => ({ id })) } }),
        note,
      );
      return result.fixedNumber as number;
    },
  };
};

const subscribe = (shop: Shop, request: Partial<SubscriptionRequest> = {}, session = ADMIN) =>
  shop.management.events.subscribe(session, { stream: 'NETCONF', ...request });

/** The next `count` events of a subscription. */
const take = async (subscription: EventSubscription, count: number): Promise<StreamEvent[]> => {
  const events: StreamEvent[] = [];
  for (let index = 0; index < count; index++) {
    const event = await subscription.next();
    assert.ok(event !== undefined, `event ${index + 1} of ${count}`);
    events.push(event);
  }
  return events;
};

const edits = (event: StreamEvent): string[] =>
  ((event.json.edit ?? []) as { target: string; operation: string }[]).map(
    (edit) => `${edit.operation} ${edit.target}`,
  );

const member = (event: StreamEvent): string => notificationMember(event.notification);

const rejects = async (promise: Promise<unknown>, code: string, message: RegExp): Promise<void> => {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(isManagementError(error), String(error));
    assert.equal(error.code, code);
    assert.match(error.message, message);
    return true;
  });
};

describe('EventStreams', () => {
  it('lists the NETCONF stream with replay since the oldest stored commit, and the sessions stream', async () => {
    const shop = await openShop();
    const streams = await shop.management.events.describe();
    assert.deepEqual(
      streams.map((stream) => [stream.name, stream.replaySupport]),
      [
        ['NETCONF', true],
        ['sessions', false],
      ],
    );
    const first = (await shop.datastore.journal.listCommits()).at(-1);
    assert.equal(streams[0]?.replayLogCreationTime, first?.timestamp);
    assert.equal(streams[1]?.replayLogCreationTime, undefined);
  });

  it('sends every commit as a netconf-config-change with its edits and transaction facts, its id the fixed number', async () => {
    const shop = await openShop();
    const subscription = await subscribe(shop);
    const fixedNumber = await shop.set(['a'], {}, { comment: 'first item' });
    const [event] = await take(subscription, 1);
    assert.ok(event !== undefined);
    assert.equal(member(event), 'ietf-netconf-notifications:netconf-config-change');
    assert.equal(event.id, fixedNumber);
    assert.equal(event.final, false);
    assert.deepEqual(event.json, {
      'changed-by': { username: 'ann', 'session-id': 0 },
      datastore: 'running',
      edit: [{ target: "/shop:shop/item[id='a']", operation: 'create' }],
      'idconf-notifications:transaction-id': fixedNumber,
      'idconf-notifications:via': 'restconf',
      'idconf-notifications:comment': 'first item',
    });
    assert.equal(event.eventTime, (await shop.datastore.readCommit(fixedNumber))?.timestamp);
    await shop.set(['b'], { name: 'renamed' });
    const [second] = await take(subscription, 1);
    assert.deepEqual(edits(second as StreamEvent).sort(), [
      "create /shop:shop/item[id='b']",
      "delete /shop:shop/item[id='a']",
      'replace /shop:shop/name',
    ]);
  });

  it('resumes after Last-Event-ID with exactly the commits missed, then the live ones, none twice', async () => {
    const shop = await openShop();
    const numbers: number[] = [];
    for (const items of [['a'], ['a', 'b'], ['b'], ['b', 'c']]) numbers.push(await shop.set(items));
    const resumeAfter = numbers[1] as number;
    // Commits made while the subscription starts land in the history or the queue, never both.
    const during = [shop.set(['c']), shop.set(['c', 'd'])];
    const subscription = await subscribe(shop, { lastEventId: resumeAfter });
    numbers.push(...(await Promise.all(during)), await shop.set(['d']));
    const received = await take(subscription, numbers.length - 2);
    assert.deepEqual(
      received.map((event) => event.id),
      numbers.slice(2),
    );
    assert.ok(received.every((event) => member(event) === 'ietf-netconf-notifications:netconf-config-change'));
  });

  it('replays from the journal when the commits are no longer in memory', async () => {
    const shop = await openShop({ recentLimit: 2 });
    const numbers: number[] = [];
    for (const items of [['a'], ['b'], ['c'], ['d'], ['e']]) numbers.push(await shop.set(items));
    const subscription = await subscribe(shop, { lastEventId: numbers[0] as number });
    const received = await take(subscription, 4);
    assert.deepEqual(
      received.map((event) => event.id),
      numbers.slice(1),
    );
  });

  it('lets go of the recent commits at a large one, and replays across it from the journal', async () => {
    const shop = await openShop({ recentTextLimit: 400 });
    const numbers: number[] = [await shop.set(['a'])];
    numbers.push(await shop.set(Array.from({ length: 20 }, (_, index) => `bulk-${index}`)));
    numbers.push(await shop.set(['b']), await shop.set(['c']));
    for (const after of [numbers[0] as number, (numbers[0] as number) - 1, numbers[1] as number]) {
      const subscription = await subscribe(shop, { lastEventId: after });
      const expected = numbers.filter((number) => number > after);
      const received = await take(subscription, expected.length);
      assert.deepEqual(
        received.map((event) => event.id),
        expected,
        `after ${after}`,
      );
      subscription.close();
    }
  });

  it('replays from start-time, says when the replay is complete, and ends after stop-time', async () => {
    let clock = Date.now() + 60_000;
    const shop = await openShop({ now: () => new Date(clock) });
    await shop.set(['a']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const b = await shop.set(['b']);
    const c = await shop.set(['c']);
    const subscription = await subscribe(shop, { startTime: since, stopTime: clock + 1000 });
    const [first, second, completed] = await take(subscription, 3);
    assert.deepEqual([first?.id, second?.id], [b, c]);
    assert.equal(completed === undefined ? '' : member(completed), 'idconf-notifications:replay-completed');
    assert.equal(completed?.id, undefined);
    const d = await shop.set(['d']);
    assert.equal((await subscription.next())?.id, d);
    clock += 2000;
    const end = await subscription.next();
    assert.ok(end !== undefined);
    assert.equal(member(end), 'idconf-notifications:subscription-terminated');
    assert.equal(end.json.reason, 'stop-time');
    assert.equal(end.final, true);
    assert.equal(await subscription.next(), undefined);
    assert.equal(shop.management.events.size, 0);
  });

  it('a stop-time in the past replays what lies between the two times and ends', async () => {
    const shop = await openShop();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const from = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const a = await shop.set(['a']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const to = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await shop.set(['b']);
    const subscription = await subscribe(shop, { startTime: from, stopTime: to });
    const events = await take(subscription, 2);
    assert.equal(events[0]?.id, a);
    assert.equal(events[1]?.json.reason, 'stop-time');
    assert.equal(await subscription.next(), undefined);
  });

  it('shows a restricted reader only the edits it may read, and no event for a commit it may see nothing of', async () => {
    const shop = await openShop();
    const admin = await subscribe(shop);
    const clerk = await subscribe(shop, {}, CLERK);
    const first = await shop.set(['a', 'hidden']);
    await shop.set(['a', 'hidden'], { secret: 's3cret' });
    const third = await shop.set(['b', 'hidden'], { secret: 's3cret' });
    const adminEvents = await take(admin, 3);
    assert.deepEqual(edits(adminEvents[1] as StreamEvent), ['create /shop:shop/secret']);
    const clerkEvents = await take(clerk, 2);
    assert.deepEqual(
      clerkEvents.map((event) => event.id),
      [first, third],
    );
    assert.deepEqual(edits(clerkEvents[0] as StreamEvent), ["create /shop:shop/item[id='a']"]);
    assert.deepEqual(edits(clerkEvents[1] as StreamEvent).sort(), [
      "create /shop:shop/item[id='b']",
      "delete /shop:shop/item[id='a']",
    ]);
    // The same commit seen through the same access decisions is one shared event.
    const again = await subscribe(shop, { lastEventId: (first as number) - 1 }, CLERK);
    assert.equal((await again.next())?.json, clerkEvents[0]?.json);
  });

  it('sends nothing of a notification that NACM does not let the reader receive', async () => {
    const policy = new NacmPolicy(
      schema,
      nacmConfigFromJson({
        'rule-list': [
          {
            name: 'quiet',
            group: ['clerks'],
            rule: [
              {
                name: 'no-changes',
                'module-name': 'ietf-netconf-notifications',
                'notification-name': 'netconf-config-change',
                action: 'deny',
              },
            ],
          },
        ],
      }),
    );
    const datastore = await Datastore.open({
      schema,
      journal: new MemoryJournalStore(),
      initial: () => tree({ 'shop:shop': { name: 'corner' } }),
    });
    const management = ManagementService.create({
      datastore,
      accessControl: { decisionsFor: (session) => policy.decisionsFor(session.principal) },
    });
    const clerk = await management.events.subscribe(CLERK, { stream: 'NETCONF' });
    // The clerk is waiting for its next event when the commit comes; it is handed out (and
    // withheld) before the server stops.
    const next = clerk.next();
    await datastore.commit(() => tree({ 'shop:shop': { name: 'other' } }), { user: 'ann', via: 'cli' });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(clerk.queued, 0, 'the commit was taken from the queue');
    management.events.close();
    const only = await next;
    assert.equal(only?.json.reason, 'server-shutdown', 'the change itself never came');
    assert.equal(management.nacmCounters.deniedNotifications, 1, 'denied-notifications counts it');
  });

  it('sends only the notifications the filter selects', async () => {
    const shop = await openShop();
    const subscription = await subscribe(shop, {
      filter: "/ietf-netconf-notifications:netconf-config-change/edit[operation='delete']",
    });
    const byPrefix = await subscribe(shop, { filter: "ncn:netconf-config-change/idn:comment = 'tagged'" });
    await shop.set(['a']);
    const deleting = await shop.set(['b']);
    const tagged = await shop.set(['b', 'c'], {}, { comment: 'tagged' });
    assert.equal((await subscription.next())?.id, deleting);
    assert.equal((await byPrefix.next())?.id, tagged);
  });

  it('refuses a filter that is not XPath, or that names no module', async () => {
    const shop = await openShop();
    await rejects(subscribe(shop, { filter: '/a[' }), 'INVALID_VALUE', /^filter: not an XPath 1\.0 expression/);
    await rejects(subscribe(shop, { filter: '/nope:a' }), 'INVALID_VALUE', /prefix "nope" is not the name of a module/);
    await rejects(subscribe(shop, { filter: '$x = 1' }), 'INVALID_VALUE', /cannot be evaluated/);
    assert.equal(shop.management.events.size, 0);
  });

  it('refuses times that do not fit together and replay on the sessions stream', async () => {
    const shop = await openShop();
    const now = Date.now();
    await rejects(subscribe(shop, { stopTime: now }), 'INVALID_VALUE', /stop-time needs start-time/);
    await rejects(subscribe(shop, { startTime: now + 60_000 }), 'INVALID_VALUE', /start-time is in the future/);
    await rejects(
      subscribe(shop, { startTime: now - 1000, stopTime: now - 2000 }),
      'INVALID_VALUE',
      /stop-time must be later than start-time/,
    );
    await rejects(subscribe(shop, { stream: 'sessions', startTime: now - 1000 }), 'INVALID_VALUE', /keeps no events/);
    await rejects(
      subscribe(shop, { stream: 'nope' }),
      'RESOURCE_NOT_FOUND',
      /no event stream "nope".*NETCONF, sessions/,
    );
  });

  it('refuses to resume where the history has a gap: pruned commits, or an id it never made', async () => {
    const shop = await openShop({ recentLimit: 1 }, 2);
    for (const items of [['a'], ['b'], ['c'], ['d'], ['e']]) await shop.set(items);
    await shop.datastore.idle();
    const oldest = (await shop.datastore.oldestStoredCommit())?.fixedNumber as number;
    assert.ok(oldest > 2, `the journal was pruned (oldest ${oldest})`);
    await rejects(subscribe(shop, { lastEventId: oldest - 2 }), 'REPLAY_UNAVAILABLE', /no longer all stored/);
    await rejects(subscribe(shop, { lastEventId: 99 }), 'REPLAY_UNAVAILABLE', /newer than the last commit/);
    const resumed = await subscribe(shop, { lastEventId: oldest - 1 });
    assert.equal((await resumed.next())?.id, oldest);
  });

  it('resumes after a commit the journal holds that this node has not applied yet (another node of a cluster made it)', async () => {
    const shop = await openShop();
    const last = await shop.set(['a']);
    await shop.datastore.idle();
    // Another node appends the next commit; this one has not heard of it.
    let record: CommitRecord | undefined;
    for await (const stored of shop.datastore.journal.commitsAfter(last - 1)) record = stored;
    assert.ok(record !== undefined);
    await shop.datastore.journal.append([{ ...record, fixedNumber: last + 1 }]);
    assert.equal(shop.datastore.commits.lastFixedNumber, last);
    const resumed = await subscribe(shop, { lastEventId: last + 1 });
    assert.equal(resumed.finished, false);
    resumed.close();
    await rejects(subscribe(shop, { lastEventId: last + 2 }), 'REPLAY_UNAVAILABLE', /newer than the last commit/);
  });

  it('ends a subscriber that lets too many events wait, without holding up commits', async () => {
    const shop = await openShop({ queueLimit: 3 });
    const slow = await subscribe(shop);
    const fast = await subscribe(shop);
    const numbers: number[] = [];
    const fastEvents: StreamEvent[] = [];
    for (let index = 0; index < 6; index++) {
      numbers.push(await shop.set([`i${index}`]));
      fastEvents.push(...(await take(fast, 1)));
    }
    assert.equal(await slow.ended, 'slow-consumer');
    const last = await slow.next();
    assert.equal(last?.json.reason, 'slow-consumer');
    assert.equal(last?.final, true);
    assert.equal(await slow.next(), undefined);
    assert.deepEqual(
      fastEvents.map((event) => event.id),
      numbers,
    );
    assert.equal(shop.management.events.size, 1);
  });

  it('tells the sessions stream when subscriptions start and end', async () => {
    const shop = await openShop();
    const watcher = await subscribe(shop, { stream: 'sessions' });
    const [own] = await take(watcher, 1);
    assert.equal(own === undefined ? '' : member(own), 'ietf-netconf-notifications:netconf-session-start');
    const other = await shop.management.events.subscribe(CLERK, { stream: 'NETCONF', clientAddress: '192.0.2.7' });
    other.close();
    const [started, ended] = await take(watcher, 2);
    assert.deepEqual(started?.json, { username: 'carl', 'session-id': other.id, 'source-host': '192.0.2.7' });
    assert.deepEqual(ended?.json, {
      username: 'carl',
      'session-id': other.id,
      'source-host': '192.0.2.7',
      'termination-reason': 'closed',
    });
    assert.equal(started?.id, undefined, 'session events are not stored');
  });

  it('ends every subscription when it closes, and takes no new ones', async () => {
    const shop = await openShop();
    const subscription = await subscribe(shop);
    const waiting = subscription.next();
    shop.management.events.close();
    assert.equal((await waiting)?.json.reason, 'server-shutdown');
    await rejects(subscribe(shop), 'RESOURCE_DENIED', /stopping/);
  });

  it('a subscriber that leaves stops receiving and is forgotten', async () => {
    const shop = await openShop();
    const subscription = await subscribe(shop);
    const waiting = subscription.next();
    subscription.close();
    assert.equal(await waiting, undefined);
    await shop.set(['a']);
    assert.equal(await subscription.next(), undefined);
    assert.equal(shop.management.events.size, 0);
  });
});
