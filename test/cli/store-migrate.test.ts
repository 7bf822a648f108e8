/**
 * @module test/cli/store-migrate.test
 * `idconf store migrate` as a user runs it, against a real PostgreSQL the test starts: a server's
 * SQLite data directory (commits through RESTCONF, a checkpoint, pruned history) is copied into
 * PostgreSQL; a node served from it shows the same configuration and rollback files and commits on;
 * the journal is copied back into a new data directory that a plain server serves. Every copy holds
 * the same commits (metadata and diffs), checkpoint and last fixed number as its source. Refusals:
 * a target that is not empty, two data directories, a directory without a journal.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CommitRecord, JournalStore } from '../../src/datastore/index.ts';
import { Datastore, PostgresJournalStore, SqliteJournalStore } from '../../src/datastore/index.ts';
import { loadServerSchema } from '../../src/server/index.ts';
import { type RestconfClient, restconfClient } from '../support/cluster-node.ts';
import type { TestResponse } from '../support/https-request.ts';
import { type PostgresServer, postgresMissing, startPostgres } from '../support/postgres.ts';
import { makeDataDir, type ServerProcess, startServerProcess } from '../support/server-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'yang');
const PASSWORD = 'migrate-Passw0rd';
const KEY_FILE = 'config-encryption.key';

const idconf = (...args: string[]): { status: number | null; stdout: string; stderr: string } => {
  const result = spawnSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(ROOT, 'src/cli/main.ts'), ...args],
    { encoding: 'utf8', env: { ...process.env, IDCONF_DATA_DIR: '', IDCONF_STORE: '' } },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

/** RESTCONF clients by server, over kept-alive connections (one login check per connection). */
const clients = new Map<ServerProcess, RestconfClient>();
const restconf = (
  server: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
  query = '',
): Promise<TestResponse> => {
  let client = clients.get(server);
  if (client === undefined) {
    const made = restconfClient(server.url, PASSWORD);
    server.child.on('exit', () => made.close());
    clients.set(server, made);
    client = made;
  }
  return client.restconf(method, `${path}${query}`, body === undefined ? {} : { body });
};

const startServer = (dataDir: string, store?: string): Promise<ServerProcess> =>
  startServerProcess({
    dataDir,
    args: ['--yang-dir', FIXTURES, ...(store === undefined ? [] : ['--store', store])],
    env: { IDCONF_ADMIN_PASSWORD: PASSWORD, IDCONF_STORE: '', IDCONF_CONFIG_ENCRYPTION_KEY: '' },
    timeoutMs: 60_000,
  });

/** Everything a journal holds, to compare two of them. */
const contentsOf = async (
  store: JournalStore,
): Promise<{ commits: CommitRecord[]; checkpoint: unknown; last: number }> => {
  await store.open();
  try {
    const commits: CommitRecord[] = [];
    for await (const commit of store.commitsAfter(0)) commits.push(commit);
    const checkpoint = await store.latestCheckpoint();
    return {
      commits,
      checkpoint: checkpoint === undefined ? undefined : { fixedNumber: checkpoint.fixedNumber, tree: checkpoint.tree },
      last: await store.lastFixedNumber(),
    };
  } finally {
    await store.close();
  }
};

/** What a user sees of a server: the configuration and the rollback files. */
const viewOf = async (server: ServerProcess): Promise<{ config: string; files: string }> => ({
  config: (await restconf(server, 'GET', '/data?content=config')).body,
  files: (await restconf(server, 'GET', '/data/idconf-rollback:rollback-files')).body,
});

describe('idconf store migrate', { skip: postgresMissing }, () => {
  let postgres: PostgresServer | undefined;
  const dirs: string[] = [];
  const dir = (): string => {
    const made = makeDataDir();
    dirs.push(made);
    return made;
  };
  before(async () => {
    postgres = await startPostgres();
  });
  after(async () => {
    await postgres?.close();
    for (const made of dirs) rmSync(made, { recursive: true, force: true });
  });

  it('copies a data directory into PostgreSQL and back, with its history, losslessly', async () => {
    const server = postgres as PostgresServer;
    // A server's history: the factory default, writes with labels and comments, a rollback.
    const source = dir();
    const first = await startServer(source);
    try {
      const seeded = await restconf(first, 'PUT', '/data/example-jukebox:jukebox', {
        'example-jukebox:jukebox': { library: { artist: [{ name: 'Åsa 😀' }] } },
      });
      assert.equal(seeded.status, 201, seeded.body);
      for (let index = 0; index < 12; index++) {
        const created = await restconf(
          first,
          'POST',
          '/data/example-jukebox:jukebox/library',
          { 'example-jukebox:artist': [{ name: `artist-${index}` }] },
          `?rollback-label=l${index}&rollback-comment=${encodeURIComponent(`comment ${index} ÅÄÖ "q"`)}`,
        );
        assert.equal(created.status, 201, created.body);
      }
      const rolledBack = await restconf(first, 'POST', '/data/idconf-rollback:rollback-files/apply-rollback-file', {
        input: { 'fixed-number': '12', selective: [null] },
      });
      assert.equal(rolledBack.status, 204, rolledBack.body);
    } finally {
      await first.stop();
    }
    // A checkpoint, and retention that prunes the oldest commits.
    const { schema } = loadServerSchema([FIXTURES]);
    const offline = await Datastore.open({
      schema,
      journal: new SqliteJournalStore({ dataDir: source }),
      retention: 6,
    });
    await offline.checkpoint();
    await offline.close();
    const original = await contentsOf(new SqliteJournalStore({ dataDir: source }));
    assert.ok(original.checkpoint !== undefined && original.commits[0]?.fixedNumber !== 1, 'checkpointed and pruned');
    const before = await startServer(source);
    const sourceView = await viewOf(before);
    await before.stop();

    // Into PostgreSQL.
    const url = await server.createDatabase('migrated');
    const toPostgres = idconf('store', 'migrate', '--from', source, '--to', url);
    assert.equal(toPostgres.status, 0, toPostgres.stderr);
    assert.match(toPostgres.stdout, /copied 6 commit\(s\) and the checkpoint at 15 .*the last fixed number is 15/);
    assert.match(toPostgres.stdout, /config-encryption\.key/);
    assert.ok(!toPostgres.stdout.includes('migrated:migrated@'), 'no password in the output');
    assert.deepEqual(await contentsOf(new PostgresJournalStore({ url })), original);

    // A node served from it shows the same, and commits on.
    const nodeDir = dir();
    copyFileSync(join(source, KEY_FILE), join(nodeDir, KEY_FILE));
    const node = await startServer(nodeDir, url);
    let nodeView: { config: string; files: string };
    try {
      assert.deepEqual(await viewOf(node), sourceView);
      const created = await restconf(node, 'POST', '/data/example-jukebox:jukebox/library', {
        'example-jukebox:artist': [{ name: 'on-the-cluster' }],
      });
      assert.equal(created.status, 201, created.body);
      nodeView = await viewOf(node);
    } finally {
      await node.stop();
    }
    const clustered = await contentsOf(new PostgresJournalStore({ url }));
    assert.equal(clustered.last, 16);

    // And back into a new data directory.
    const back = dir();
    const toSqlite = idconf('store', 'migrate', '--from', url, '--to', back);
    assert.equal(toSqlite.status, 0, toSqlite.stderr);
    assert.match(toSqlite.stdout, /copied 7 commit\(s\) and the checkpoint at 15/);
    assert.deepEqual(await contentsOf(new SqliteJournalStore({ dataDir: back })), clustered);
    copyFileSync(join(source, KEY_FILE), join(back, KEY_FILE));
    const plain = await startServer(back);
    try {
      assert.deepEqual(await viewOf(plain), nodeView);
    } finally {
      await plain.stop();
    }

    // Refusals.
    const again = idconf('store', 'migrate', '--from', source, '--to', url);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /the target journal is not empty \(its last commit is 16\)/);
    const twoDirs = idconf('store', 'migrate', '--from', source, '--to', dir());
    assert.equal(twoDirs.status, 1);
    assert.match(twoDirs.stderr, /one data directory and one postgres:\/\/ URL/);
    const empty = idconf('store', 'migrate', '--from', dir(), '--to', url);
    assert.equal(empty.status, 1);
    assert.match(empty.stderr, /holds no journal/);
  });

  it('serves a shared store only with the configuration key given', async () => {
    const url = await (postgres as PostgresServer).createDatabase('keyless');
    const result = spawnSync(
      process.execPath,
      [
        '--disable-warning=ExperimentalWarning',
        join(ROOT, 'src/cli/main.ts'),
        'serve',
        '--data-dir',
        dir(),
        '--store',
        url,
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, IDCONF_CONFIG_ENCRYPTION_KEY: '', IDCONF_STORE: '' },
        timeout: 60_000,
      },
    );
    assert.equal(result.status, 1);
    assert.match(result.stderr, /needs the same configuration key on every node: set IDCONF_CONFIG_ENCRYPTION_KEY/);
    assert.ok(!result.stderr.includes('keyless:keyless@'), 'no password in the message');
    const notUrl = spawnSync(
      process.execPath,
      [
        '--disable-warning=ExperimentalWarning',
        join(ROOT, 'src/cli/main.ts'),
        'serve',
        '--data-dir',
        dir(),
        '--store',
        './elsewhere',
      ],
      { encoding: 'utf8', env: { ...process.env, IDCONF_STORE: '' }, timeout: 60_000 },
    );
    assert.equal(notUrl.status, 1);
    assert.match(notUrl.stderr, /--store \(IDCONF_STORE\) takes a postgres:\/\/ or postgresql:\/\/ URL/);
  });
});
