/**
 * @module datastore/postgres-journal-store.test
 * The JournalStore contract for the PostgreSQL store, against a real PostgreSQL server the test
 * starts (skipped with a message when PostgreSQL is not installed, failed under CI=true); then
 * what only a shared journal does: refusing a stale writer, notifying the other nodes, the version
 * floor, and answering 503 while the database is down and working again once it is back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type PostgresServer, postgresMissing, startPostgres } from '../../test/support/postgres.ts';
import { StoreUnavailableError } from '../errors/index.ts';
import type { CommitRecord } from './commit-record.ts';
import { JournalConflictError } from './journal-conflict-error.ts';
import { describeJournalStoreContract } from './journal-store-contract.test-support.ts';
import { POSTGRES_HARNESS, useHarnessServer } from './postgres-journal-store.test-support.ts';
import { describeStoreUrl, isPostgresUrl, PostgresJournalStore } from './postgres-journal-store.ts';
import type { JournalFollower } from './shared-journal-store.ts';

let postgres: PostgresServer | undefined;

before(async () => {
  if (postgresMissing !== false) return;
  postgres = await startPostgres();
  useHarnessServer(postgres);
});
after(async () => {
  useHarnessServer(undefined);
  await postgres?.close();
});

const record = (fixedNumber: number, fields: Partial<CommitRecord> = {}): CommitRecord => ({
  fixedNumber,
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, fixedNumber)).toISOString(),
  user: `user-${fixedNumber}`,
  via: 'restconf',
  forward: `forward ${fixedNumber}`,
  reverse: `reverse ${fixedNumber}`,
  ...fields,
});

/** A follower that records what it hears. */
const recordingFollower = (): JournalFollower & {
  readonly events: string[];
  waitFor(event: string, timeoutMs?: number): Promise<void>;
} => {
  const events: string[] = [];
  const waiters: { event: string; resolve: () => void }[] = [];
  const note = (event: string): void => {
    events.push(event);
    for (const waiter of waiters.filter((candidate) => candidate.event === event)) waiter.resolve();
  };
  return {
    events,
    changed: () => note('changed'),
    unreachable: () => note('unreachable'),
    reachable: () => note('reachable'),
    waitFor: (event, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms: ${events}`)), timeoutMs);
        waiters.push({
          event,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      }),
  };
};

describe('PostgresJournalStore', { skip: postgresMissing }, () => {
  describeJournalStoreContract('PostgresJournalStore', POSTGRES_HARNESS);

  describe('as a shared journal', () => {
    const opened: PostgresJournalStore[] = [];
    const locations: string[] = [];
    const openOn = async (location: string): Promise<PostgresJournalStore> => {
      const store = new PostgresJournalStore({ url: location, heartbeatMs: 200 });
      await store.open();
      opened.push(store);
      return store;
    };
    after(async () => {
      for (const store of opened) await store.close().catch(() => undefined);
      for (const location of locations) await POSTGRES_HARNESS.removeLocation(location);
    });

    it('refuses a writer whose state is stale with JournalConflictError, storing nothing of its group', async () => {
      const location = await POSTGRES_HARNESS.createLocation();
      locations.push(location);
      const [first, second] = [await openOn(location), await openOn(location)];
      await first.append([record(1), record(2)]);
      await assert.rejects(second.append([record(2), record(3)]), (error: unknown) => {
        assert.ok(error instanceof JournalConflictError);
        assert.equal(error.last, 2);
        assert.equal(error.code, 'COMMIT_FAILED');
        return true;
      });
      await second.append([record(3)]);
      assert.equal(await first.lastFixedNumber(), 3);
      assert.deepEqual(
        (await first.listCommits()).map((commit) => commit.fixedNumber),
        [3, 2, 1],
      );
    });

    it('holds other writers off while a writer holds the head lock, until it appends or lets go', async () => {
      const location = await POSTGRES_HARNESS.createLocation();
      locations.push(location);
      const [holder, other] = [await openOn(location), await openOn(location)];
      await holder.append([record(1)]);
      const lock = await holder.lockHead();
      assert.equal(lock.lastFixedNumber, 1);
      let settled = false;
      // The outcome is caught at once: the append fails as soon as the holder commits, which can be
      // before the holder's own append returns, and an unhandled rejection would fail the test.
      const waiting = other.append([record(2, { user: 'other' })]).then(
        () => undefined,
        (error: unknown) => error,
      );
      void waiting.finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(settled, false, 'the other append waits for the lock');
      await lock.append([record(2, { user: 'holder' })]);
      assert.ok((await waiting) instanceof JournalConflictError, 'the waiting append is refused');
      assert.equal((await other.readCommit(2))?.user, 'holder');
      await assert.rejects(lock.release(), /already used/);
      const again = await holder.lockHead();
      const next = other.append([record(3)]);
      await again.release();
      await next;
      assert.equal(await holder.lastFixedNumber(), 3);
    });

    it('serializes concurrent appends of many writers: each number once, no group split', async () => {
      const location = await POSTGRES_HARNESS.createLocation();
      locations.push(location);
      const writers = await Promise.all([1, 2, 3, 4].map(() => openOn(location)));
      const accepted: number[][] = [];
      await Promise.all(
        writers.map(async (writer, index) => {
          for (let round = 0; round < 25; round++) {
            const last = await writer.lastFixedNumber();
            const group = [record(last + 1, { user: `w${index}` }), record(last + 2, { user: `w${index}` })];
            try {
              await writer.append(group);
              accepted.push(group.map((one) => one.fixedNumber));
            } catch (error) {
              assert.ok(error instanceof JournalConflictError, String(error));
            }
          }
        }),
      );
      const stored = [];
      for await (const one of writers[0]?.commitsAfter(0) ?? []) stored.push(one);
      assert.deepEqual(
        stored.map((one) => one.fixedNumber),
        Array.from({ length: stored.length }, (_, index) => index + 1),
      );
      assert.equal(stored.length, accepted.length * 2);
      // The two records of every accepted group come from the same writer.
      for (const [firstNumber, secondNumber] of accepted)
        assert.equal(stored[(firstNumber ?? 0) - 1]?.user, stored[(secondNumber ?? 0) - 1]?.user);
    });

    it('tells a follower of other writers’ appends and floor raises, not of its own', async () => {
      const location = await POSTGRES_HARNESS.createLocation();
      locations.push(location);
      const [listening, writing] = [await openOn(location), await openOn(location)];
      const follower = recordingFollower();
      const reachable = follower.waitFor('reachable');
      listening.follow(follower);
      await reachable;
      let changed = follower.waitFor('changed');
      await writing.append([record(1)]);
      await changed;
      const before = follower.events.length;
      await listening.append([record(2)]);
      // The heartbeat (200 ms) would report a change it missed; its own append is not one.
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.deepEqual(follower.events.slice(before), []);
      changed = follower.waitFor('changed');
      assert.deepEqual(await writing.raiseVersionFloor({ fixedNumber: 2, timestamp: 't2' }), {
        fixedNumber: 2,
        timestamp: 't2',
      });
      await changed;
      assert.deepEqual(await listening.raiseVersionFloor({ fixedNumber: 1, timestamp: 't1' }), {
        fixedNumber: 2,
        timestamp: 't2',
      });
      assert.deepEqual((await listening.head()).versionFloor, { fixedNumber: 2, timestamp: 't2' });
    });

    it('answers 503 while the database is down, reports it, and works again once it is back', async () => {
      const server = postgres as PostgresServer;
      const location = await POSTGRES_HARNESS.createLocation();
      locations.push(location);
      const store = await openOn(location);
      const follower = recordingFollower();
      const reachable = follower.waitFor('reachable');
      store.follow(follower);
      await reachable;
      await store.append([record(1)]);
      const unreachable = follower.waitFor('unreachable');
      await server.kill();
      await unreachable;
      await assert.rejects(store.append([record(2)]), (error: unknown) => {
        assert.ok(error instanceof StoreUnavailableError, String(error));
        assert.equal(error.code, 'STORE_UNAVAILABLE');
        assert.equal(error.retryAfterSeconds, 2);
        assert.ok(!error.message.includes(new URL(location).password), 'no password in the message');
        return true;
      });
      await assert.rejects(store.lastFixedNumber(), StoreUnavailableError);
      const back = follower.waitFor('reachable', 30_000);
      await server.start();
      await back;
      await store.append([record(2)]);
      assert.equal(await store.lastFixedNumber(), 2);
    });
  });

  it('names PostgreSQL URLs and hides their password', () => {
    assert.ok(isPostgresUrl('postgres://u:p@h/db'));
    assert.ok(isPostgresUrl('postgresql://h/db'));
    assert.ok(!isPostgresUrl('./var/idconf'));
    assert.equal(describeStoreUrl('postgres://u:secret@h:5432/db'), 'postgres://u:***@h:5432/db');
  });
});
