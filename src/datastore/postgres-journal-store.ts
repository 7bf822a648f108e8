/**
 * @module datastore/postgres-journal-store
 * The shared JournalStore of a cluster: the journal in a PostgreSQL database that several nodes
 * write. Each append is one database transaction that locks the head row (`SELECT … FOR UPDATE`),
 * checks that the group's first fixed number follows the stored last one (a node whose state is
 * stale is refused with {@link JournalConflictError}, catches up and tries again), inserts the
 * records, moves the head and sends `NOTIFY` — which PostgreSQL delivers to the other nodes when
 * the transaction commits. A commit is durable once the database says COMMIT (with the server's
 * default `synchronous_commit = on`). Checkpoints are written in one transaction of their own, in
 * chunks, so they never hold the head lock. docs/cluster.md has the tables and the reasoning.
 */
import { randomUUID } from 'node:crypto';
import type { Client, ClientConfig, Pool, PoolClient } from 'pg';
import { CommitFailedError, isManagementError, OperationFailedError, StoreUnavailableError } from '../errors/index.ts';
import { type Logger, SILENT_LOGGER } from '../util/index.ts';
import type { Checkpoint, CommitMetadata, CommitRecord, CommitVia } from './commit-record.ts';
import { checkAppendable, checkCheckpointable, checkKeep, listWindow, pruneBound } from './journal-invariants.ts';
import type { ListCommitsOptions } from './journal-store.ts';
import type { NodeVersion } from './node-versions.ts';
import { isConnectionFailure, postgresFailure, RETRY_AFTER_SECONDS } from './postgres-failure.ts';
import { JOURNAL_CHANNEL, notificationPayload, PostgresJournalListener } from './postgres-journal-listener.ts';
import { CHECKPOINT_LOCK_KEY, migrateSchema } from './postgres-schema.ts';
import { SerialJobs } from './serial-jobs.ts';
import type { HeadLock, JournalFollower, JournalHead, SharedJournalStore } from './shared-journal-store.ts';
import { textChunks } from './text-chunks.ts';

/** Options of {@link PostgresJournalStore}. */
export interface PostgresJournalStoreOptions {
  /**
   * The database, as a libpq connection URI: `postgres://user:password@host:port/database`, with
   * `sslmode`, `sslrootcert` and the other parameters `pg` understands.
   */
  readonly url: string;
  /** Where connection problems and background work are reported. */
  readonly logger?: Logger;
  /** Milliseconds to connect before a request fails with 503 (default 3000). */
  readonly connectTimeoutMs?: number;
  /** Milliseconds a query may take before it counts as unanswered (default 30,000). */
  readonly queryTimeoutMs?: number;
  /** Milliseconds between two liveness reads of the head row on the listening connection (default 1000). */
  readonly heartbeatMs?: number;
  /** UTF-16 code units of checkpoint text per row (default 1 Mi). */
  readonly checkpointChunkSize?: number;
  /** Connections kept for appends and reads (default 4). */
  readonly maxConnections?: number;
}

/** Checkpoint text per row. */
const DEFAULT_CHUNK_SIZE = 1024 * 1024;
/** Commits deleted per statement by {@link PostgresJournalStore.prune}. */
const PRUNE_BATCH = 500;
/** Commits read per query by {@link PostgresJournalStore.commitsAfter}. */
const REPLAY_PAGE = 256;
/** How long an append whose COMMIT got no answer tries to learn whether it was stored. */
const OUTCOME_CHECK_MS = 3000;

const COMMIT_COLUMNS = 'fixed_number, timestamp, user_name, via, label, comment';

/** A row of `idconf_commit` (the metadata columns; `forward`/`reverse` when selected). */
interface CommitRow {
  readonly fixed_number: string;
  readonly timestamp: string;
  readonly user_name: string;
  readonly via: CommitVia;
  readonly label: string | null;
  readonly comment: string | null;
  readonly forward?: string;
  readonly reverse?: string;
}

/** The head row with the latest checkpoint's number. */
interface HeadRow {
  readonly last: string;
  readonly floor: string;
  readonly floor_time: string;
  readonly latest_checkpoint: string | null;
}

const HEAD_QUERY =
  'SELECT head.last_fixed_number AS last, floor.fixed_number AS floor, floor.timestamp AS floor_time, ' +
  '(SELECT max(fixed_number) FROM idconf_checkpoint) AS latest_checkpoint ' +
  'FROM idconf_journal_head AS head, idconf_version_floor AS floor';

/** The URL without its password, for logs and messages. */
export const describeStoreUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the PostgreSQL journal (a malformed URL)';
  }
};

/** True when `location` names a PostgreSQL database rather than a data directory. */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

/** A JournalStore in a PostgreSQL database, shared by the nodes of a cluster. */
export class PostgresJournalStore implements SharedJournalStore {
  readonly shared = true;
  /** The database, password left out. */
  readonly description: string;
  readonly #options: PostgresJournalStoreOptions;
  readonly #logger: Logger;
  /** Tells this store's rows and notifications from the other nodes'. */
  readonly #origin = randomUUID();
  #pool: Pool | undefined;
  #clientClass: (new (config: ClientConfig) => Client) | undefined;
  #listener: PostgresJournalListener | undefined;
  /** Checkpoint writes and prunes, one after the other (close waits for them). */
  readonly #background = new SerialJobs();
  #closing = false;

  constructor(options: PostgresJournalStoreOptions) {
    this.#options = options;
    this.#logger = options.logger ?? SILENT_LOGGER;
    this.description = describeStoreUrl(options.url);
  }

  async open(): Promise<void> {
    if (this.#pool !== undefined) throw new Error('the journal is already open');
    const subject = `the journal ${this.description} cannot be opened`;
    const { Pool, Client } = await import('pg');
    const pool = new Pool({
      ...this.#clientConfig(),
      max: this.#options.maxConnections ?? 4,
      idleTimeoutMillis: 30_000,
    });
    // A pooled connection that breaks (the database restarted) must not crash the process: while
    // idle the pool reports it here; while in use `pg` emits it on the connection as well as
    // failing its query, which reports it to the caller.
    pool.on('error', (error) => this.#logger.debug({ err: error.message }, 'an idle journal connection broke'));
    pool.on('connect', (client) => {
      client.on('error', (error) => this.#logger.debug({ err: error.message }, 'a journal connection broke'));
    });
    try {
      const client = await pool.connect();
      try {
        const encoding = await client.query<{ server_encoding: string }>('SHOW server_encoding');
        const name = encoding.rows[0]?.server_encoding ?? '';
        if (name !== 'UTF8')
          throw new CommitFailedError(
            `${subject}: the database's encoding is ${name}, not UTF8 (CREATE DATABASE … ENCODING 'UTF8')`,
          );
        await migrateSchema(client);
      } finally {
        client.release();
      }
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw isManagementError(error) && !(error instanceof StoreUnavailableError) && error.message.startsWith(subject)
        ? error
        : postgresFailure(isManagementError(error) ? (error.cause ?? error) : error, 'open', subject);
    }
    this.#pool = pool;
    this.#clientClass = Client;
    this.#closing = false;
  }

  follow(follower: JournalFollower): void {
    const Client = this.#clientClass;
    if (this.#pool === undefined || Client === undefined) throw new Error('the journal is not open');
    if (this.#listener !== undefined) throw new Error('the journal is already followed');
    const heartbeatMs = this.#options.heartbeatMs ?? 1000;
    this.#listener = new PostgresJournalListener({
      createClient: () => new Client({ ...this.#clientConfig(), query_timeout: Math.max(2000, heartbeatMs * 3) }),
      origin: this.#origin,
      follower,
      heartbeatMs,
      logger: this.#logger,
    });
    this.#listener.start();
  }

  async append(records: readonly CommitRecord[]): Promise<void> {
    const pool = this.#opened();
    if (records.length === 0) return;
    const locked = await this.#lock(pool);
    await this.#appendLocked(locked, records);
  }

  async lockHead(): Promise<HeadLock> {
    const locked = await this.#lock(this.#opened());
    let used = false;
    const use = (): void => {
      if (used) throw new Error('the head lock was already used');
      used = true;
    };
    return {
      lastFixedNumber: locked.last,
      append: async (records) => {
        use();
        if (records.length === 0) await this.#unlock(locked.client);
        else await this.#appendLocked(locked, records);
      },
      release: async () => {
        use();
        await this.#unlock(locked.client);
      },
    };
  }

  /**
   * A connection in a transaction that holds the head row's lock, and the last fixed number. A
   * pooled connection may have broken while idle (the database restarted): then the first
   * statement fails having done nothing, and a new connection is tried once.
   */
  async #lock(pool: Pool): Promise<{ readonly client: PoolClient; readonly last: number }> {
    for (let attempt = 1; ; attempt++) {
      let client: PoolClient | undefined;
      try {
        client = await pool.connect();
        const [, locked] = (await client.query(
          'BEGIN; SELECT last_fixed_number AS last FROM idconf_journal_head FOR UPDATE',
        )) as unknown as [unknown, { rows: { last: string }[] }];
        return { client, last: Number(locked.rows[0]?.last ?? 0) };
      } catch (error) {
        const broken = isConnectionFailure(error);
        if (client !== undefined) {
          if (!broken) await client.query('ROLLBACK').catch(() => undefined);
          client.release(broken ? (error as Error) : undefined);
        }
        if (broken && client !== undefined && attempt === 1) continue;
        if (broken) this.#listener?.check();
        throw postgresFailure(error, 'write', 'the commit could not be made durable');
      }
    }
  }

  /** Ends the transaction of a head lock without appending. */
  async #unlock(client: PoolClient): Promise<void> {
    try {
      await client.query('ROLLBACK');
      client.release();
    } catch (error) {
      client.release(error as Error);
    }
  }

  /** Appends `records` on a connection that holds the head lock, then commits and lets it go. */
  async #appendLocked(
    { client, last: stored }: { readonly client: PoolClient; readonly last: number },
    records: readonly CommitRecord[],
  ): Promise<void> {
    const subject = 'the commit could not be made durable';
    const last = (records.at(-1) as CommitRecord).fixedNumber;
    let sentCommit = false;
    try {
      checkAppendable(records, stored);
      await client.query(
        `INSERT INTO idconf_commit (${COMMIT_COLUMNS}, origin, forward, reverse) ` +
          'SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])',
        [
          records.map((record) => record.fixedNumber),
          records.map((record) => record.timestamp),
          records.map((record) => record.user),
          records.map((record) => record.via),
          records.map((record) => record.label ?? null),
          records.map((record) => record.comment ?? null),
          records.map(() => this.#origin),
          records.map((record) => record.forward),
          records.map((record) => record.reverse),
        ],
      );
      sentCommit = true;
      // Integers checked by checkAppendable and a UUID: safe to write into the statement.
      await client.query(
        `UPDATE idconf_journal_head SET last_fixed_number = ${last}; ` +
          `SELECT pg_notify('${JOURNAL_CHANNEL}', '${notificationPayload(last, this.#origin)}'); COMMIT`,
      );
      client.release();
    } catch (error) {
      const broken = isConnectionFailure(error);
      if (!broken) await client.query('ROLLBACK').catch(() => undefined);
      client.release(broken ? (error as Error) : undefined);
      if (isManagementError(error)) throw error;
      if (broken) this.#listener?.check();
      if (broken && sentCommit) {
        // The COMMIT may have reached the database before the connection broke.
        const stored = await this.#storedByThisStore((records[0] as CommitRecord).fixedNumber);
        if (stored === true) return;
        if (stored === undefined) {
          throw new StoreUnavailableError(
            `${subject}: the connection to the database was lost while committing, and whether the commit was stored ` +
              'cannot be told yet; if it was, it shows once this node reaches the database again',
            RETRY_AFTER_SECONDS,
            { cause: error },
          );
        }
      }
      throw postgresFailure(error, 'write', subject);
    }
  }

  /**
   * Whether the record with `fixedNumber` was appended by this store: true, false, or undefined
   * when the database cannot tell within a few seconds. Waits for the head lock, so that a
   * transaction still in flight on the broken connection has ended either way.
   */
  async #storedByThisStore(fixedNumber: number): Promise<boolean | undefined> {
    const pool = this.#pool;
    const deadline = Date.now() + OUTCOME_CHECK_MS;
    while (pool !== undefined && Date.now() < deadline) {
      let client: PoolClient | undefined;
      try {
        client = await pool.connect();
        const [, , , found] = (await client.query(
          `BEGIN; SET LOCAL lock_timeout = ${OUTCOME_CHECK_MS}; SELECT 1 FROM idconf_journal_head FOR UPDATE; ` +
            `SELECT origin FROM idconf_commit WHERE fixed_number = ${fixedNumber}`,
        )) as unknown as [unknown, unknown, unknown, { rows: { origin: string }[] }];
        await client.query('ROLLBACK');
        client.release();
        return found.rows[0]?.origin === this.#origin;
      } catch (error) {
        client?.release(error as Error);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    return undefined;
  }

  async latestCheckpoint(): Promise<Checkpoint | undefined> {
    return this.#read('the latest checkpoint cannot be read', async (client) => {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      try {
        const head = await client.query<{
          fixed_number: string;
          timestamp: string | null;
          length: string;
          chunk_count: number;
        }>(
          'SELECT fixed_number, timestamp, length, chunk_count FROM idconf_checkpoint ORDER BY fixed_number DESC LIMIT 1',
        );
        const row = head.rows[0];
        if (row === undefined) return undefined;
        const chunks = await client.query<{ data: string }>(
          'SELECT data FROM idconf_checkpoint_chunk WHERE fixed_number = $1 ORDER BY sequence',
          [row.fixed_number],
        );
        const tree = chunks.rows.map((chunk) => chunk.data).join('');
        if (chunks.rows.length !== row.chunk_count || tree.length !== Number(row.length)) {
          throw new OperationFailedError(
            `the checkpoint at fixed number ${row.fixed_number} is damaged: ${chunks.rows.length} of ${row.chunk_count} chunks, ` +
              `${tree.length} of ${row.length} characters`,
          );
        }
        return {
          fixedNumber: Number(row.fixed_number),
          tree,
          ...(row.timestamp === null ? {} : { timestamp: row.timestamp }),
        };
      } finally {
        await client.query('COMMIT');
      }
    });
  }

  async *commitsAfter(fixedNumber: number): AsyncIterable<CommitRecord> {
    let after = fixedNumber;
    for (;;) {
      const page = await this.#read('the journal cannot be replayed', async (client) => {
        const result = await client.query<CommitRow>(
          `SELECT ${COMMIT_COLUMNS}, forward, reverse FROM idconf_commit WHERE fixed_number > $1 ORDER BY fixed_number LIMIT $2`,
          [after, REPLAY_PAGE],
        );
        return result.rows;
      });
      for (const row of page) yield commitOf(row);
      const last = page.at(-1);
      if (last === undefined || page.length < REPLAY_PAGE) return;
      after = Number(last.fixed_number);
    }
  }

  async listCommits(options: ListCommitsOptions = {}): Promise<readonly CommitMetadata[]> {
    this.#opened();
    const { limit, offset } = listWindow(options);
    const rows = await this.#read('the commits cannot be listed', async (client) => {
      const result = await client.query<CommitRow>(
        `SELECT ${COMMIT_COLUMNS} FROM idconf_commit ORDER BY fixed_number DESC LIMIT $1 OFFSET $2`,
        [limit === Number.POSITIVE_INFINITY ? null : limit, offset],
      );
      return result.rows;
    });
    return rows.map(metadataOf);
  }

  async readCommit(fixedNumber: number): Promise<CommitRecord | undefined> {
    const row = await this.#read(`the commit ${fixedNumber} cannot be read`, async (client) => {
      const result = await client.query<CommitRow>(
        `SELECT ${COMMIT_COLUMNS}, forward, reverse FROM idconf_commit WHERE fixed_number = $1`,
        [fixedNumber],
      );
      return result.rows[0];
    });
    return row === undefined ? undefined : commitOf(row);
  }

  writeCheckpoint(checkpoint: Checkpoint): Promise<void> {
    return this.#background.run(() => this.#writeCheckpoint(checkpoint));
  }

  prune(keep: number): Promise<number> {
    try {
      checkKeep(keep);
      this.#opened();
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#background.run(() => this.#prune(keep));
  }

  async lastFixedNumber(): Promise<number> {
    return (await this.head()).lastFixedNumber;
  }

  async head(): Promise<JournalHead> {
    const row = await this.#read('the journal cannot be read', async (client) => {
      const result = await client.query<HeadRow>(HEAD_QUERY);
      return result.rows[0];
    });
    return {
      lastFixedNumber: Number(row?.last ?? 0),
      latestCheckpoint: Number(row?.latest_checkpoint ?? 0),
      versionFloor: { fixedNumber: Number(row?.floor ?? 0), timestamp: row?.floor_time ?? new Date(0).toISOString() },
    };
  }

  async raiseVersionFloor(version: NodeVersion): Promise<NodeVersion> {
    const floor = await this.#read(
      'the version floor cannot be raised',
      async (client) => {
        await client.query('BEGIN');
        try {
          const raised = await client.query(
            'UPDATE idconf_version_floor SET fixed_number = $1, timestamp = $2 WHERE fixed_number < $1',
            [version.fixedNumber, version.timestamp],
          );
          // The other nodes learn of it as of an append (delivered when this transaction commits).
          if (raised.rowCount === 1)
            await client.query(
              "SELECT pg_notify($1, (SELECT last_fixed_number FROM idconf_journal_head) || ' ' || $2)",
              [JOURNAL_CHANNEL, this.#origin],
            );
          const result = await client.query<{ fixed_number: string; timestamp: string }>(
            'SELECT fixed_number, timestamp FROM idconf_version_floor',
          );
          await client.query('COMMIT');
          return result.rows[0];
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      },
      'write',
    );
    return { fixedNumber: Number(floor?.fixed_number ?? 0), timestamp: floor?.timestamp ?? version.timestamp };
  }

  async close(): Promise<void> {
    const pool = this.#pool;
    if (pool === undefined) throw new Error('the journal is not open');
    this.#closing = true;
    await this.#listener?.stop();
    this.#listener = undefined;
    await this.#background.settled();
    this.#pool = undefined;
    await pool.end();
  }

  async #writeCheckpoint({ fixedNumber, tree, timestamp }: Checkpoint): Promise<void> {
    const pool = this.#opened();
    const subject = `the checkpoint at fixed number ${fixedNumber} could not be written`;
    let client: PoolClient | undefined;
    try {
      client = await pool.connect();
      // One checkpoint writer at a time across the nodes; appends never wait for it.
      await client.query('BEGIN; SELECT pg_advisory_xact_lock(' + CHECKPOINT_LOCK_KEY + ')');
      const head = await client.query<HeadRow>(HEAD_QUERY);
      const row = head.rows[0];
      checkCheckpointable(
        fixedNumber,
        Number(row?.last ?? 0),
        row?.latest_checkpoint === null || row === undefined ? undefined : Number(row.latest_checkpoint),
      );
      let sequence = 0;
      for (const chunk of textChunks(tree, this.#options.checkpointChunkSize ?? DEFAULT_CHUNK_SIZE)) {
        if (this.#closing) throw new Error('the journal was closed');
        await client.query('INSERT INTO idconf_checkpoint_chunk (fixed_number, sequence, data) VALUES ($1, $2, $3)', [
          fixedNumber,
          sequence,
          chunk,
        ]);
        sequence += 1;
      }
      if (this.#closing) throw new Error('the journal was closed');
      // The checkpoint becomes visible, and the older ones go, when this transaction commits.
      await client.query(
        'INSERT INTO idconf_checkpoint (fixed_number, timestamp, length, chunk_count) VALUES ($1, $2, $3, $4)',
        [fixedNumber, timestamp ?? null, tree.length, sequence],
      );
      await client.query(
        `DELETE FROM idconf_checkpoint WHERE fixed_number < ${fixedNumber}; ` +
          `DELETE FROM idconf_checkpoint_chunk WHERE fixed_number < ${fixedNumber}; COMMIT`,
      );
      client.release();
    } catch (error) {
      const broken = isConnectionFailure(error);
      if (client !== undefined) {
        if (!broken) await client.query('ROLLBACK').catch(() => undefined);
        client.release(broken ? (error as Error) : undefined);
      }
      if (isManagementError(error)) throw error;
      throw postgresFailure(error, 'write', subject);
    }
  }

  async #prune(keep: number): Promise<number> {
    const bound = await this.#read('the retention bound cannot be read', async (client) => {
      const beyond = await client.query<{ fixed_number: string }>(
        'SELECT fixed_number FROM idconf_commit ORDER BY fixed_number DESC LIMIT 1 OFFSET $1',
        [keep],
      );
      const latest = await client.query<{ latest: string | null }>(
        'SELECT max(fixed_number) AS latest FROM idconf_checkpoint',
      );
      const beyondNumber = beyond.rows[0]?.fixed_number;
      const latestNumber = latest.rows[0]?.latest;
      return pruneBound(
        beyondNumber === undefined ? undefined : Number(beyondNumber),
        latestNumber === null || latestNumber === undefined ? undefined : Number(latestNumber),
      );
    });
    let deleted = 0;
    for (;;) {
      const changes = await this.#read(
        'old commits cannot be deleted',
        async (client) => {
          const result = await client.query(
            'DELETE FROM idconf_commit WHERE fixed_number IN ' +
              '(SELECT fixed_number FROM idconf_commit WHERE fixed_number <= $1 ORDER BY fixed_number LIMIT $2)',
            [bound, PRUNE_BATCH],
          );
          return result.rowCount ?? 0;
        },
        'write',
      );
      deleted += changes;
      if (changes < PRUNE_BATCH || this.#closing) return deleted;
    }
  }

  /**
   * Runs `work` on a pooled connection; failures become ManagementErrors (503 when the database
   * cannot be reached). Work that fails because a pooled connection was already broken is tried
   * once more on a new connection: reads are idempotent, and a broken connection changed nothing.
   */
  async #read<T>(
    subject: string,
    work: (client: PoolClient) => Promise<T>,
    action: 'read' | 'write' = 'read',
  ): Promise<T> {
    const pool = this.#opened();
    for (let attempt = 1; ; attempt++) {
      let client: PoolClient | undefined;
      try {
        client = await pool.connect();
        const result = await work(client);
        client.release();
        return result;
      } catch (error) {
        const broken = isConnectionFailure(error);
        client?.release(broken ? (error as Error) : undefined);
        if (isManagementError(error)) throw error;
        if (broken && client !== undefined && attempt === 1) continue;
        if (broken) this.#listener?.check();
        throw postgresFailure(error, action, subject);
      }
    }
  }

  #clientConfig(): ClientConfig {
    return {
      connectionString: this.#options.url,
      application_name: 'idconf',
      connectionTimeoutMillis: this.#options.connectTimeoutMs ?? 3000,
      query_timeout: this.#options.queryTimeoutMs ?? 30_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    };
  }

  #opened(): Pool {
    if (this.#pool === undefined) throw new Error('the journal is not open');
    return this.#pool;
  }
}

const metadataOf = (row: CommitRow): CommitMetadata => ({
  fixedNumber: Number(row.fixed_number),
  timestamp: row.timestamp,
  user: row.user_name,
  via: row.via,
  ...(row.label === null ? {} : { label: row.label }),
  ...(row.comment === null ? {} : { comment: row.comment }),
});

const commitOf = (row: CommitRow): CommitRecord => ({
  ...metadataOf(row),
  forward: row.forward ?? '',
  reverse: row.reverse ?? '',
});
