/**
 * @module test/cluster/cluster.test
 * Several `idconf serve` nodes over HTTPS on one PostgreSQL journal, all real processes, the
 * database started by the test: two and three nodes that show the same data, entity tags,
 * Last-Modified and rollback files; concurrent writers on different nodes (no lost or interleaved
 * commit; conditional writes on the same ETag: one wins, the other gets 412; plain writes of one
 * leaf serialized); a node started late, and one that fell behind the journal's retention,
 * catching up; SIGKILL of a node and of the database during commits, with no acknowledged commit
 * lost and nothing half-done; an event stream followed on one node and resumed on another with
 * Last-Event-ID, with no gap and no duplicate. Skipped with a message when PostgreSQL is not installed (failed
 * under CI=true).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type DataDiff, decodeDiff } from '../../src/data/index.ts';
import { loadServerSchema } from '../../src/server/index.ts';
import type { SchemaTree } from '../../src/yang/index.ts';
import { CLUSTER_PASSWORD, type ClusterNode, eventually, startClusterNode } from '../support/cluster-node.ts';
import type { TestResponse } from '../support/https-request.ts';
import { type PostgresServer, postgresMissing, startPostgres } from '../support/postgres.ts';
import { makeDataDir } from '../support/server-process.ts';
import { SseConnection } from '../support/sse-client.ts';

const LIBRARY = '/data/example-jukebox:jukebox/library';
const artistPath = (name: string): string => `${LIBRARY}/artist=${encodeURIComponent(name)}`;
const YEAR = `${artistPath('Seasick')}/album=Blue/year`;
const ADMIN_AUTHORIZATION = `Basic ${Buffer.from(`admin:${CLUSTER_PASSWORD}`).toString('base64')}`;

let postgres: PostgresServer | undefined;
let schema: SchemaTree | undefined;
const nodes: ClusterNode[] = [];

before(async () => {
  if (postgresMissing !== false) return;
  postgres = await startPostgres();
  schema = loadServerSchema([new URL('../fixtures/yang', import.meta.url).pathname]).schema;
});
after(async () => {
  for (const node of nodes) {
    try {
      process.kill(node.pid, 'SIGCONT');
    } catch {
      // Already gone.
    }
    await node.server.stop('SIGKILL').catch(() => undefined);
  }
  await postgres?.close();
});

const server = (): PostgresServer => postgres as PostgresServer;

/** Starts `count` nodes on `url` at once, remembered for the final clean-up. */
const startNodes = async (url: string, count: number): Promise<ClusterNode[]> => {
  const started = await Promise.all(Array.from({ length: count }, () => startClusterNode(url)));
  nodes.push(...started);
  return started;
};

const stopNodes = async (stopping: readonly ClusterNode[]): Promise<void> => {
  await Promise.all(stopping.map((node) => node.server.stop()));
};

/** The fixed number of the last commit a node shows: the entity tag of the datastore. */
const fixedNumberOf = async (node: ClusterNode): Promise<number> => {
  const response = await node.restconf('HEAD', '/data?content=config');
  assert.equal(response.status, 200);
  return Number(String(response.headers.etag).replaceAll('"', ''));
};

/** Waits until every node shows commit `fixedNumber`. */
const allAt = async (cluster: readonly ClusterNode[], fixedNumber: number): Promise<void> => {
  for (const node of cluster)
    await eventually(`a node shows commit ${fixedNumber}`, async () => (await fixedNumberOf(node)) >= fixedNumber);
};

/** What a GET of `path` answers, as compared between nodes. */
const view = async (node: ClusterNode, path: string): Promise<Record<string, unknown>> => {
  const response = await node.restconf('GET', path);
  return {
    status: response.status,
    etag: response.headers.etag,
    lastModified: response.headers['last-modified'],
    body: response.body,
  };
};

/** The journal's commits, read from the database directly. */
const journalOf = async (
  url: string,
): Promise<{ fixedNumber: number; label: string | null; forward: DataDiff; reverse: DataDiff }[]> => {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ fixed_number: string; label: string | null; forward: string; reverse: string }>(
      'SELECT fixed_number, label, forward, reverse FROM idconf_commit ORDER BY fixed_number',
    );
    return result.rows.map((row) => ({
      fixedNumber: Number(row.fixed_number),
      label: row.label,
      forward: decodeDiff(row.forward, schema as SchemaTree),
      reverse: decodeDiff(row.reverse, schema as SchemaTree),
    }));
  } finally {
    await client.end();
  }
};

const assertContiguous = (numbers: readonly number[], context: string): void => {
  const first = numbers[0] ?? 1;
  assert.deepEqual(
    numbers,
    Array.from({ length: numbers.length }, (_, index) => first + index),
    `${context}: the fixed numbers have a gap`,
  );
};

/** The artist names in a node's library. */
const artistsOn = async (node: ClusterNode): Promise<string[]> => {
  const response = await node.restconf('GET', `${LIBRARY}?depth=2`);
  assert.equal(response.status, 200, response.body);
  const library = JSON.parse(response.body)['example-jukebox:library'] as { artist?: { name: string }[] };
  return (library.artist ?? []).map((artist) => artist.name).sort();
};

const createArtist = (node: ClusterNode, name: string, label?: string): Promise<TestResponse> =>
  node.restconf('POST', `${LIBRARY}${label === undefined ? '' : `?rollback-label=${label}`}`, {
    body: { 'example-jukebox:artist': [{ name }] },
  });

const setYear = (node: ClusterNode, year: number, headers: Record<string, string> = {}): Promise<TestResponse> =>
  node.restconf('PUT', YEAR, { body: { 'example-jukebox:year': year }, headers });

/** Creates the library with the artist `Seasick` and album `Blue` (the year is 1990). */
const seed = async (node: ClusterNode): Promise<void> => {
  const created = await node.restconf('PUT', artistPath('Seasick'), {
    body: { 'example-jukebox:artist': [{ name: 'Seasick', album: [{ name: 'Blue', year: 1990 }] }] },
  });
  assert.equal(created.status, 201, created.body);
};

/**
 * Keeps creating artists `prefix-0`, `prefix-1`, … on `node` until `stop()` (or for a minute at
 * most); returns the acknowledged names and the refusals.
 */
const writeUntilStopped = (
  node: ClusterNode,
  prefix: string,
): {
  readonly acknowledged: () => number;
  stop: () => Promise<{ acknowledged: string[]; refused: TestResponse[] }>;
} => {
  let stopped = false;
  const deadline = Date.now() + 60_000;
  const acknowledged: string[] = [];
  const refused: TestResponse[] = [];
  const loop = (async () => {
    for (let index = 0; !stopped && Date.now() < deadline; index++) {
      const name = `${prefix}-${index}`;
      try {
        const response = await createArtist(node, name);
        if (response.status === 201) acknowledged.push(name);
        else refused.push(response);
      } catch {
        // The node was killed: the connection broke before an answer, so nothing was acknowledged.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  })();
  return {
    acknowledged: () => acknowledged.length,
    stop: async () => {
      stopped = true;
      await loop;
      return { acknowledged, refused };
    },
  };
};

describe('a cluster of idconf nodes on one PostgreSQL journal', { skip: postgresMissing }, () => {
  it('two nodes: a write on either is read on the other with the same ETag, Last-Modified and rollback files', async () => {
    const url = await server().createDatabase('two_nodes');
    const [first, second] = (await startNodes(url, 2)) as [ClusterNode, ClusterNode];
    await seed(first);
    const afterCreate = await fixedNumberOf(first);
    await allAt([second], afterCreate);
    assert.deepEqual(await view(second, artistPath('Seasick')), await view(first, artistPath('Seasick')));
    const changed = await setYear(second, 1991);
    assert.equal(changed.status, 204, changed.body);
    await allAt([first], afterCreate + 1);
    for (const path of [artistPath('Seasick'), YEAR, LIBRARY, '/data?content=config'])
      assert.deepEqual(await view(first, path), await view(second, path), path);
    assert.equal((await first.restconf('GET', YEAR)).headers.etag, `"${afterCreate + 1}"`);
    const files = '/data/idconf-rollback:rollback-files';
    assert.deepEqual(await view(first, files), await view(second, files));
    // A rollback applied on one node is a commit like any other.
    const rolledBack = await second.restconf('POST', `${files}/apply-rollback-file`, {
      body: { input: { 'fixed-number': String(afterCreate + 1) } },
    });
    assert.equal(rolledBack.status, 204, rolledBack.body);
    await allAt([first], afterCreate + 2);
    assert.match((await first.restconf('GET', YEAR)).body, /1990/);
    assert.deepEqual(await view(first, files), await view(second, files));
    await stopNodes([first, second]);
  });

  describe('three nodes', () => {
    let url = '';
    let cluster: ClusterNode[] = [];
    before(async () => {
      if (postgresMissing !== false) return;
      url = await server().createDatabase('three_nodes');
      cluster = await startNodes(url, 3);
      await seed(cluster[0] as ClusterNode);
    });
    after(async () => {
      await stopNodes(cluster);
    });

    it('concurrent writers on every node: no commit lost, none interleaved, the same everywhere', async () => {
      const perNode = 15;
      const before = (await journalOf(url)).length;
      const responses = await Promise.all(
        cluster.flatMap((node, nodeIndex) =>
          Array.from({ length: perNode }, (_, index) =>
            createArtist(node, `w${nodeIndex}-${index}`, `w${nodeIndex}-${index}`),
          ),
        ),
      );
      for (const response of responses) assert.equal(response.status, 201, response.body);
      const journal = await journalOf(url);
      assertContiguous(
        journal.map((commit) => commit.fixedNumber),
        'after concurrent writes',
      );
      assert.equal(journal.length, before + 3 * perNode);
      // Each commit holds exactly its own request's change, labelled with it.
      for (const commit of journal.slice(before)) {
        assert.equal(commit.forward.changes.length, 1);
        const [change] = commit.forward.changes;
        assert.equal(change?.kind, 'create');
        assert.deepEqual(change?.path.at(-1)?.keys, [commit.label]);
      }
      const last = journal.at(-1)?.fixedNumber ?? 0;
      await allAt(cluster, last);
      const expected = await artistsOn(cluster[0] as ClusterNode);
      assert.equal(expected.filter((name) => name.startsWith('w')).length, 3 * perNode);
      for (const node of cluster) {
        assert.deepEqual(await artistsOn(node), expected);
        assert.deepEqual(await view(node, LIBRARY), await view(cluster[0] as ClusterNode, LIBRARY));
      }
    });

    it('conditional writes with the same ETag on two nodes: one succeeds, the other gets 412', async () => {
      for (let round = 0; round < 3; round++) {
        const [first, second] = [cluster[round % 3], cluster[(round + 1) % 3]] as [ClusterNode, ClusterNode];
        const etag = String((await first.restconf('GET', YEAR)).headers.etag);
        await eventually(
          'both nodes show the same ETag',
          async () => (await second.restconf('GET', YEAR)).headers.etag === etag,
        );
        const answers = await Promise.all([
          setYear(first, 2000 + round * 2, { 'if-match': etag }),
          setYear(second, 2001 + round * 2, { 'if-match': etag }),
        ]);
        assert.deepEqual(
          answers.map((answer) => answer.status).sort(),
          [204, 412],
          answers.map((answer) => answer.body).join('\n'),
        );
        const refused = answers.find((answer) => answer.status === 412) as TestResponse;
        assert.match(refused.body, /"error-tag":"operation-failed"/);
      }
    });

    it('plain writes of one leaf from every node are serialized: each sees the one before it', async () => {
      const before = (await journalOf(url)).length;
      const years = [2100, 2101, 2102, 2103, 2104];
      const answers = await Promise.all(
        cluster.flatMap((node, nodeIndex) => years.map((year) => setYear(node, year + nodeIndex * 10))),
      );
      for (const answer of answers) assert.equal(answer.status, 204, answer.body);
      const changes = (await journalOf(url)).slice(before);
      // Writes of a value the leaf already had change nothing and make no commit.
      assert.ok(changes.length > 0 && changes.length <= 15);
      let previous: unknown;
      for (const commit of changes) {
        assert.equal(commit.forward.changes.length, 1);
        const change = commit.forward.changes[0];
        assert.equal(change?.kind, 'modify');
        if (change?.kind !== 'modify') continue;
        if (previous !== undefined)
          assert.equal(change.old, previous, `commit ${commit.fixedNumber} saw the one before`);
        previous = change.value;
      }
      const last = changes.at(-1)?.fixedNumber ?? 0;
      await allAt(cluster, last);
      for (const node of cluster)
        assert.deepEqual(JSON.parse((await node.restconf('GET', YEAR)).body), { 'example-jukebox:year': previous });
    });

    it('a node started late catches up and answers the same ETags', async () => {
      const [late] = await startNodes(url, 1);
      const latest = await fixedNumberOf(cluster[0] as ClusterNode);
      await allAt([late as ClusterNode], latest);
      // The others learn the version floor the new node loaded.
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const path of [LIBRARY, artistPath('w1-3'), YEAR, '/data?content=config'])
        for (const node of cluster)
          assert.deepEqual(await view(late as ClusterNode, path), await view(node, path), path);
      await stopNodes([late as ClusterNode]);
      nodes.splice(nodes.indexOf(late as ClusterNode), 1);
    });

    it('an event stream followed on one node resumes on another with Last-Event-ID: no gap, no duplicate', async () => {
      const [a, b] = cluster as [ClusterNode, ClusterNode];
      const streamOf = (node: ClusterNode, headers: Record<string, string> = {}): Promise<SseConnection> =>
        SseConnection.open(`${node.server.url}/admin/api/restconf/streams/NETCONF/json`, {
          Authorization: ADMIN_AUTHORIZATION,
          ...headers,
        });
      const created = async (node: ClusterNode, name: string): Promise<number> => {
        const response = await createArtist(node, name);
        assert.equal(response.status, 201, response.body);
        // No one else writes: the node's last commit is this one.
        return fixedNumberOf(node);
      };
      const onA = await streamOf(a);
      assert.equal(onA.status, 200, onA.body);
      // Commits on both nodes: node A's stream has them all, in order.
      const seen = [
        await created(a, 'resume-1'),
        await created(b, 'resume-2'),
        await created(a, 'resume-3'),
        await created(b, 'resume-4'),
      ];
      await onA.waitFor(4);
      assert.deepEqual(
        onA.events.map((event) => Number(event.id)),
        seen,
      );
      onA.close();
      // Missed while disconnected, the last one on A right before the client comes back on B
      // (which may not have applied it yet).
      const missed = [
        await created(b, 'resume-5'),
        await created(a, 'resume-6'),
        await created(b, 'resume-7'),
        await created(a, 'resume-8'),
      ];
      const onB = await streamOf(b, { 'Last-Event-ID': String(seen.at(-1)) });
      try {
        assert.equal(onB.status, 200, onB.body);
        const live = await created(a, 'resume-9');
        const events = await onB.waitFor(5);
        // Nothing more than those five comes.
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.deepEqual(
          events.map((event) => Number(event.id)),
          [...missed, live],
        );
        const names = events.map(
          (event) =>
            (JSON.parse(event.data) as Record<string, Record<string, { edit: { target: string }[] }>>)[
              'ietf-restconf:notification'
            ]?.['ietf-netconf-notifications:netconf-config-change']?.edit[0]?.target,
        );
        assert.deepEqual(
          names,
          ['resume-5', 'resume-6', 'resume-7', 'resume-8', 'resume-9'].map(
            (name) => `/example-jukebox:jukebox/library/artist[name='${name}']`,
          ),
        );
      } finally {
        onB.close();
      }
    });
  });

  it('SIGKILL of a node during commits loses no acknowledged commit and leaves nothing half-done', async () => {
    const url = await server().createDatabase('node_killed');
    const [survivor, victim] = (await startNodes(url, 2)) as [ClusterNode, ClusterNode];
    await seed(survivor);
    const victimDir = victim.server.dataDir;
    const writers = [
      ...[0, 1, 2, 3].map((index) => writeUntilStopped(victim, `v${index}`)),
      ...[0, 1].map((index) => writeUntilStopped(survivor, `s${index}`)),
    ];
    let outcomes: Awaited<ReturnType<(typeof writers)[number]['stop']>>[];
    try {
      // Killed in the middle of its commits, once it acknowledged some (a loaded machine is slow).
      await eventually(
        'the victim acknowledged commits',
        async () => writers.slice(0, 4).reduce((sum, writer) => sum + writer.acknowledged(), 0) >= 8,
        60_000,
      );
      await victim.server.stop('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      outcomes = await Promise.all(writers.map((writer) => writer.stop()));
    }
    const acknowledged = outcomes.flatMap((outcome) => outcome.acknowledged);
    assert.ok(
      acknowledged.some((name) => name.startsWith('v')),
      'the victim acknowledged commits before it died',
    );
    const journal = await journalOf(url);
    assertContiguous(
      journal.map((commit) => commit.fixedNumber),
      'after the kill',
    );
    await allAt([survivor], journal.at(-1)?.fixedNumber ?? 0);
    const present = new Set(await artistsOn(survivor));
    for (const name of acknowledged) assert.ok(present.has(name), `acknowledged ${name} is lost`);
    // Every stored commit (after the factory default and the seed) is whole: one artist each, all present.
    for (const commit of journal.slice(2)) {
      assert.equal(commit.forward.changes.length, 1);
      assert.ok(present.has(String(commit.forward.changes[0]?.path.at(-1)?.keys?.[0])));
    }
    const restarted = await startClusterNode(url, { dataDir: victimDir });
    nodes.push(restarted);
    await allAt([restarted], journal.at(-1)?.fixedNumber ?? 0);
    assert.deepEqual(await view(restarted, LIBRARY), await view(survivor, LIBRARY));
    await stopNodes([survivor, restarted]);
  });

  it('SIGKILL of the database during commits: 503 for writes, stale reads, then back without a restart', async () => {
    const url = await server().createDatabase('database_killed');
    const cluster = await startNodes(url, 2);
    const [first, second] = cluster as [ClusterNode, ClusterNode];
    await seed(first);
    await allAt([second], 2);
    const writers = cluster.flatMap((node, nodeIndex) =>
      [0, 1].map((index) => writeUntilStopped(node, `d${nodeIndex}${index}`)),
    );
    let outcomes: Awaited<ReturnType<(typeof writers)[number]['stop']>>[];
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const killedAt = Date.now();
      await server().kill();
      try {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        // While the database is down: writes are refused with 503, reads answer from memory and
        // say since when they may be stale.
        const refused = await createArtist(first, 'while-down');
        assert.equal(refused.status, 503, refused.body);
        assert.equal(refused.headers['retry-after'], '2');
        assert.match(refused.body, /"error-tag":"operation-failed"/);
        assert.match(refused.body, /cannot be reached|lost/);
        const read = await second.restconf('GET', LIBRARY);
        assert.equal(read.status, 200);
        const staleSince = Date.parse(String(read.headers['idconf-stale-since']));
        assert.ok(
          staleSince <= killedAt + 1000 && staleSince > killedAt - 10_000,
          String(read.headers['idconf-stale-since']),
        );
        assert.equal(
          (await second.restconf('GET', '/data')).status,
          200,
          'the whole datastore, rollback files included',
        );
      } finally {
        await server().start();
      }
      for (const node of cluster)
        await eventually(
          'reads are no longer stale',
          async () => (await node.restconf('GET', LIBRARY)).headers['idconf-stale-since'] === undefined,
        );
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      outcomes = await Promise.all(writers.map((writer) => writer.stop()));
    }
    const acknowledged = outcomes.flatMap((outcome) => outcome.acknowledged);
    for (const outcome of outcomes) for (const answer of outcome.refused) assert.equal(answer.status, 503, answer.body);
    const journal = await journalOf(url);
    assertContiguous(
      journal.map((commit) => commit.fixedNumber),
      'after the database restarted',
    );
    await allAt(cluster, journal.at(-1)?.fixedNumber ?? 0);
    const present = new Set(await artistsOn(first));
    for (const name of acknowledged) assert.ok(present.has(name), `acknowledged ${name} is lost`);
    assert.deepEqual(await view(second, LIBRARY), await view(first, LIBRARY));
    const after = await createArtist(second, 'after-restart');
    assert.equal(after.status, 201, after.body);
    await stopNodes(cluster);
  });

  it('a node that fell behind the journal’s retention reloads the latest checkpoint', async () => {
    const url = await server().createDatabase('behind_retention');
    const [writer, sleeper] = (await startNodes(url, 2)) as [ClusterNode, ClusterNode];
    const start = await fixedNumberOf(writer);
    await allAt([sleeper], start);
    process.kill(sleeper.pid, 'SIGSTOP');
    try {
      await seed(writer);
      // More commits than the retention (1,000 rollback files) after a checkpoint (every 1,000
      // commits), until the commit after the one the sleeping node has is pruned.
      const pruned = async (): Promise<boolean> => ((await journalOf(url))[0]?.fixedNumber ?? 0) > start + 1;
      let next = 0;
      for (let batch = 0; batch < 30 && !(next >= 1000 && (await pruned())); batch++) {
        const end = next + 100;
        await Promise.all(
          Array.from({ length: 8 }, async () => {
            while (next < end) {
              const answer = await setYear(writer, 2000 + (next++ % 500));
              assert.ok(answer.status === 204, answer.body);
            }
          }),
        );
      }
      assert.ok(await pruned(), 'the writer pruned the commits the sleeping node needs');
    } finally {
      process.kill(sleeper.pid, 'SIGCONT');
    }
    const last = await fixedNumberOf(writer);
    await allAt([sleeper], last);
    await eventually('the node logged the reload', async () =>
      sleeper.server.output.some((line) => line.includes('reloaded the latest checkpoint')),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const path of [YEAR, artistPath('Seasick'), '/data?content=config'])
      assert.deepEqual(await view(sleeper, path), await view(writer, path), path);
    const answer = await setYear(sleeper, 1999);
    assert.equal(answer.status, 204, answer.body);
    await allAt([writer], last + 1);
    assert.deepEqual(await view(writer, YEAR), await view(sleeper, YEAR));
    await stopNodes([writer, sleeper]);
  });

  it('takes the store from IDCONF_STORE too', async () => {
    const url = await server().createDatabase('from_environment');
    const node = await startClusterNode(url, { storeInEnvironment: true, dataDir: makeDataDir() });
    nodes.push(node);
    assert.ok(node.server.output.some((line) => line.includes('"store":"postgres://from_environment:***@')));
    await seed(node);
    assert.deepEqual((await journalOf(url)).length, 2);
    await stopNodes([node]);
  });
});
