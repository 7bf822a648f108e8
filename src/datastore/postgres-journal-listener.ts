/**
 * @module datastore/postgres-journal-listener
 * How a node of a cluster hears of the other nodes' commits: one dedicated connection that
 * `LISTEN`s on the journal's channel (every append sends `NOTIFY` with the new last fixed number in
 * its transaction, delivered when it commits) and reads the head row every heartbeat, which both
 * proves the connection alive and catches a notification that never came. When the connection
 * breaks it reports the store unreachable since the last moment it was known alive, and connects
 * again with a growing pause (0.1 s to 2 s); once connected it reports the store reachable, and
 * the node catches up from the journal.
 * @see https://www.postgresql.org/docs/current/sql-notify.html
 */
import type { Client, Notification } from 'pg';
import type { Logger } from '../util/index.ts';
import { describePostgresFailure } from './postgres-failure.ts';
import type { JournalFollower } from './shared-journal-store.ts';

/** The channel appends notify on. */
export const JOURNAL_CHANNEL = 'idconf_journal';

/** The payload of a notification: the journal's last fixed number and the notifying store's origin. */
export const notificationPayload = (lastFixedNumber: number, origin: string): string => `${lastFixedNumber} ${origin}`;

/** Options of {@link PostgresJournalListener}. */
export interface PostgresJournalListenerOptions {
  /** A new client, not yet connected (its errors are handled here). */
  readonly createClient: () => Client;
  /** The origin of the listening node's own store: its own notifications need no catch-up. */
  readonly origin: string;
  readonly follower: JournalFollower;
  /** Milliseconds between two reads of the head row. */
  readonly heartbeatMs: number;
  readonly logger: Logger;
}

const FIRST_PAUSE_MS = 100;
const LONGEST_PAUSE_MS = 2000;

/** Follows the journal's notifications on a connection of its own, reconnecting when it breaks. */
export class PostgresJournalListener {
  readonly #options: PostgresJournalListenerOptions;
  #client: Client | undefined;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  /** The last moment the connection was known to work (what the node holds is current up to then). */
  #lastAlive = new Date();
  #lastSeen = -1;
  /** Whether the store was reported unreachable and not reachable since. */
  #reportedLost = false;
  #pauseMs = FIRST_PAUSE_MS;
  #connecting: Promise<void> | undefined;
  #beating = false;

  constructor(options: PostgresJournalListenerOptions) {
    this.#options = options;
  }

  /** Connects (in the background) and keeps following until {@link stop}. */
  start(): void {
    this.#lastAlive = new Date();
    this.#connecting = this.#connect();
  }

  /** Stops following and closes the connection. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#connecting;
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Whether the listening connection is up. */
  get connected(): boolean {
    return this.#client !== undefined;
  }

  /** Checks the connection now (after a query on another connection failed to reach the database). */
  check(): void {
    if (this.#client === undefined || this.#beating) return;
    clearTimeout(this.#timer);
    this.#beat(this.#client);
  }

  async #connect(): Promise<void> {
    while (!this.#stopped) {
      const client = this.#options.createClient();
      client.on('error', (error) => this.#lost(client, error));
      client.on('end', () => this.#lost(client, new Error('Connection terminated')));
      client.on('notification', (message) => this.#notified(message));
      try {
        await client.connect();
        await client.query(`LISTEN ${JOURNAL_CHANNEL}`);
        const head = await client.query<{ last: string }>('SELECT last_fixed_number AS last FROM idconf_journal_head');
        if (this.#stopped) {
          await client.end().catch(() => undefined);
          return;
        }
        this.#lastSeen = Number(head.rows[0]?.last ?? 0);
        this.#client = client;
        this.#lastAlive = new Date();
        this.#pauseMs = FIRST_PAUSE_MS;
        if (this.#reportedLost) this.#options.logger.info({}, 'the journal’s notification connection is back');
        this.#reportedLost = false;
        this.#options.follower.reachable();
        this.#scheduleBeat(client);
        return;
      } catch (error) {
        await client.end().catch(() => undefined);
        this.#report(error);
        await new Promise((resolve) => {
          this.#timer = setTimeout(resolve, this.#pauseMs);
          this.#timer.unref();
        });
        this.#pauseMs = Math.min(LONGEST_PAUSE_MS, this.#pauseMs * 2);
      }
    }
  }

  #report(error: unknown): void {
    if (this.#reportedLost || this.#stopped) return;
    this.#reportedLost = true;
    this.#options.logger.debug({ problem: describePostgresFailure(error) }, 'the journal cannot be followed');
    this.#options.follower.unreachable(this.#lastAlive, error);
  }

  #lost(client: Client, error: unknown): void {
    if (client !== this.#client || this.#stopped) return;
    this.#client = undefined;
    clearTimeout(this.#timer);
    client.end().catch(() => undefined);
    this.#report(error);
    this.#connecting = this.#connect();
  }

  #notified(message: Notification): void {
    this.#lastAlive = new Date();
    const [last = '', origin = ''] = (message.payload ?? '').split(' ');
    const fixedNumber = Number(last);
    if (Number.isSafeInteger(fixedNumber) && fixedNumber > this.#lastSeen) this.#lastSeen = fixedNumber;
    if (origin !== this.#options.origin) this.#options.follower.changed();
  }

  #scheduleBeat(client: Client): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#beat(client), this.#options.heartbeatMs);
    this.#timer.unref();
  }

  #beat(client: Client): void {
    this.#beating = true;
    client.query<{ last: string }>('SELECT last_fixed_number AS last FROM idconf_journal_head').then(
      (head) => {
        this.#beating = false;
        if (client !== this.#client) return;
        this.#lastAlive = new Date();
        const last = Number(head.rows[0]?.last ?? 0);
        if (last !== this.#lastSeen) {
          this.#lastSeen = last;
          this.#options.follower.changed();
        }
        this.#scheduleBeat(client);
      },
      (error: unknown) => {
        this.#beating = false;
        this.#lost(client, error);
      },
    );
  }
}
