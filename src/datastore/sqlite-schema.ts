/**
 * @module datastore/sqlite-schema
 * The SQLite journal's tables, versioned with `PRAGMA user_version`: each entry of
 * {@link MIGRATIONS} takes the schema from its index to the next version, in one transaction.
 * docs/datastore.md describes the tables.
 */
import type { DatabaseSync } from 'node:sqlite';
import { CommitFailedError } from '../errors/index.ts';

/** Version 1: commits, and checkpoints stored as chunks that become visible with their `checkpoint` row. */
const VERSION_1 = `
CREATE TABLE commit_record (
  fixed_number INTEGER PRIMARY KEY,
  timestamp TEXT NOT NULL,
  user_name TEXT NOT NULL,
  via TEXT NOT NULL CHECK (via IN ('restconf', 'rest', 'webui', 'cli', 'system')),
  label TEXT,
  comment TEXT,
  forward TEXT NOT NULL,
  reverse TEXT NOT NULL
) STRICT;
CREATE TABLE checkpoint (
  fixed_number INTEGER PRIMARY KEY,
  length INTEGER NOT NULL,
  chunk_count INTEGER NOT NULL
) STRICT;
CREATE TABLE checkpoint_chunk (
  fixed_number INTEGER NOT NULL,
  sequence INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (fixed_number, sequence)
) STRICT;
`;

/**
 * Version 2: a long diff text of a commit (a restore, a whole list) is stored in slices, as
 * checkpoints are, and its column in `commit_record` is then empty. SQLite builds a row in
 * memory whole: inserting a commit of 140 MB took 850 MB of memory.
 */
const VERSION_2 = `
CREATE TABLE commit_text (
  fixed_number INTEGER NOT NULL,
  part TEXT NOT NULL CHECK (part IN ('forward', 'reverse')),
  sequence INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (fixed_number, part, sequence)
) STRICT;
`;

/** The DDL that takes the schema from version `index` to `index + 1`. */
const MIGRATIONS: readonly string[] = [VERSION_1, VERSION_2];

/** The schema version this code reads and writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Creates or upgrades the schema of `database` to {@link SCHEMA_VERSION}; refuses a newer one. */
export const migrateSchema = (database: DatabaseSync): void => {
  database.exec('BEGIN IMMEDIATE');
  try {
    const row = database.prepare('PRAGMA user_version').get() as { user_version: number };
    const version = row.user_version;
    if (version > SCHEMA_VERSION) {
      throw new CommitFailedError(
        `the journal's schema version ${version} is newer than this server's (${SCHEMA_VERSION}); upgrade the server`,
      );
    }
    for (let from = version; from < SCHEMA_VERSION; from++) database.exec(MIGRATIONS[from] as string);
    if (version < SCHEMA_VERSION) database.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
    database.exec('COMMIT');
  } catch (error) {
    if (database.isTransaction) database.exec('ROLLBACK');
    throw error;
  }
};
