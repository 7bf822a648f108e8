/**
 * @module datastore/postgres-schema
 * The PostgreSQL journal's tables, versioned in `idconf_journal_head.schema_version`: each entry of
 * {@link MIGRATIONS} takes the schema from its index to the next version. Every node runs
 * {@link migrateSchema} when it opens the store; a transaction-scoped advisory lock makes the nodes
 * that start together do it one at a time, and DDL in PostgreSQL is transactional, so a crash
 * leaves the old schema or the new one. docs/cluster.md describes the tables.
 */
import type { PoolClient } from 'pg';
import { CommitFailedError } from '../errors/index.ts';

/** The advisory lock key of schema changes ("idc" and 1). */
export const SCHEMA_LOCK_KEY = 0x69646301;
/** The advisory lock key of checkpoint writers ("idc" and 2): one node writes a checkpoint at a time. */
export const CHECKPOINT_LOCK_KEY = 0x69646302;

/**
 * Version 1: the head row (the last fixed number, locked by every append), the version floor (a
 * row of its own, so that raising it never waits for the head lock), one row per commit, and
 * checkpoints stored as chunks written in the same transaction as their `idconf_checkpoint` row.
 */
const VERSION_1 = `
CREATE TABLE idconf_journal_head (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  schema_version integer NOT NULL,
  last_fixed_number bigint NOT NULL
);
INSERT INTO idconf_journal_head (schema_version, last_fixed_number) VALUES (0, 0);
CREATE TABLE idconf_version_floor (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  fixed_number bigint NOT NULL,
  timestamp text NOT NULL
);
INSERT INTO idconf_version_floor (fixed_number, timestamp) VALUES (0, '1970-01-01T00:00:00.000Z');
CREATE TABLE idconf_commit (
  fixed_number bigint PRIMARY KEY,
  timestamp text NOT NULL,
  user_name text NOT NULL,
  via text NOT NULL CHECK (via IN ('restconf', 'rest', 'webui', 'cli', 'system')),
  label text,
  comment text,
  origin text NOT NULL,
  forward text NOT NULL,
  reverse text NOT NULL
);
CREATE TABLE idconf_checkpoint (
  fixed_number bigint PRIMARY KEY,
  timestamp text,
  length bigint NOT NULL,
  chunk_count integer NOT NULL
);
CREATE TABLE idconf_checkpoint_chunk (
  fixed_number bigint NOT NULL,
  sequence integer NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (fixed_number, sequence)
);
`;

/** The DDL that takes the schema from version `index` to `index + 1`. */
const MIGRATIONS: readonly string[] = [VERSION_1];

/** The schema version this code reads and writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Creates or upgrades the journal's tables to {@link SCHEMA_VERSION}; refuses a newer schema. */
export const migrateSchema = async (client: PoolClient): Promise<void> => {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    const exists = await client.query<{ present: boolean }>(
      "SELECT to_regclass('idconf_journal_head') IS NOT NULL AS present",
    );
    let version = 0;
    if (exists.rows[0]?.present === true) {
      const head = await client.query<{ schema_version: number }>('SELECT schema_version FROM idconf_journal_head');
      version = head.rows[0]?.schema_version ?? 0;
    }
    if (version > SCHEMA_VERSION) {
      throw new CommitFailedError(
        `the journal's schema version ${version} is newer than this server's (${SCHEMA_VERSION}); upgrade the server`,
      );
    }
    for (let from = version; from < SCHEMA_VERSION; from++) await client.query(MIGRATIONS[from] as string);
    if (version < SCHEMA_VERSION)
      await client.query('UPDATE idconf_journal_head SET schema_version = $1', [SCHEMA_VERSION]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
};
