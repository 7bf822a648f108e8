/**
 * @module bench/measure-api
 * The measurements of one API (RESTCONF or legacy REST) on a loaded server: GET one entry with
 * wrk against the bare baseline, PATCH one leaf with wrk, and one request at a time the whole
 * list, POST, DELETE, a 100-edit patch, the rollback of the last commit, and the floor (an
 * authenticated request that reads no data).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerProcess } from './child-process.ts';
import { BenchClient } from './http-client.ts';
import { ADMIN, startBaseline } from './idconf-server.ts';
import type { Results, RowInfo } from './results.ts';
import type { TlsFiles } from './tls-files.ts';
import { type ApiRequests, distinctIndexes, LEGACY, legacyMergeBody, mergePatch, RESTCONF } from './workload.ts';
import { getOneRequest, patchLeafRequest, runWrk } from './wrk.ts';

/** What the measurements share: where figures go, how long and how often to measure. */
export interface BenchContext {
  readonly results: Results;
  /** Repetitions of each wrk run and of each batch of one-at-a-time samples. */
  readonly runs: number;
  /** Seconds per wrk run. */
  readonly duration: number;
  readonly log: (line: string) => void;
}

/** The description of a row; its id is `subject:operation:variant:transport`. */
export const row = (
  subject: RowInfo['subject'],
  operation: string,
  variant: string,
  transport: RowInfo['transport'],
  unit: RowInfo['unit'],
  label: string,
): RowInfo => ({ id: `${subject}:${operation}:${variant}:${transport}`, subject, transport, unit, label });

const JSON_TYPE = 'application/yang-data+json';

/** Commits with a size-independent cost; samples per run of the one-at-a-time measurements. */
const WRITE_SAMPLES = 20;
/** Seconds of wrk before the measured runs of each request, so that the JIT has compiled its path. */
const WARM_UP_SECONDS = 1;
const PATCH_SAMPLES = 5;

export const transportOf = (server: ServerProcess): 'http' | 'https' =>
  server.url.startsWith('https:') ? 'https' : 'http';

/** GET one random entry with 1 and 16 connections, interleaved with the bare baseline server. */
export const measureGetOne = async (
  context: BenchContext,
  server: ServerProcess,
  client: BenchClient,
  api: ApiRequests,
  size: number,
  dataDir: string,
  tls: TlsFiles | undefined,
): Promise<void> => {
  const transport = transportOf(server);
  const sample = await client.send('GET', api.getOne.replace('{i}', String(Math.floor(size / 2))), {
    headers: { Accept: api.jsonType },
    expected: [200],
  });
  const bodyFile = join(dataDir, `baseline-${api.name}.json`);
  writeFileSync(bodyFile, sample.body);
  const baseline = await startBaseline(bodyFile, api.name === 'restconf' ? JSON_TYPE : api.jsonType, tls);
  const request = getOneRequest(server.url, client.authorization, api, size);
  try {
    await runWrk(request, 1, WARM_UP_SECONDS);
    await runWrk({ ...request, origin: baseline.url }, 1, WARM_UP_SECONDS);
    for (let run = 0; run < context.runs; run++) {
      for (const connections of [1, 16]) {
        const bare = await runWrk({ ...request, origin: baseline.url }, connections, context.duration);
        const ours = await runWrk(request, connections, context.duration);
        if (ours.errors > 0)
          context.results.note(`${api.name} GET one entry: ${ours.errors} failed requests at ${size}`);
        const variant = `c${connections}`;
        const plural = connections > 1 ? 's' : '';
        if (api.name === 'restconf') {
          context.results.add(
            row(
              'baseline',
              'get-one',
              variant,
              transport,
              'req/s',
              `bare node:${transport} server, same bytes, ${connections} connection${plural}`,
            ),
            size,
            [bare.requestsPerSecond],
          );
        }
        context.results.add(
          row(
            api.name,
            'get-one',
            variant,
            transport,
            'req/s',
            `GET one random entry, ${connections} connection${plural}`,
          ),
          size,
          [ours.requestsPerSecond],
        );
        context.results.add(
          row(
            api.name,
            'get-one-ratio',
            variant,
            transport,
            'ratio',
            `GET one entry ÷ bare server, ${connections} connection${plural}`,
          ),
          size,
          [ours.requestsPerSecond / bare.requestsPerSecond],
        );
        if (connections === 1 && ours.requests > 0) {
          context.results.add(
            row(api.name, 'get-one-p50', variant, transport, 'ms', 'GET one entry, p50 latency'),
            size,
            [ours.p50],
          );
        }
      }
    }
  } finally {
    await baseline.stop();
  }
};

/** PATCH one leaf of a random entry, durable, with 1 and 16 connections. */
const measurePatchLeaf = async (
  context: BenchContext,
  server: ServerProcess,
  client: BenchClient,
  api: ApiRequests,
  size: number,
): Promise<void> => {
  const transport = transportOf(server);
  const request = patchLeafRequest(server.url, client.authorization, api.patchLeaf, size);
  await runWrk(request, 1, WARM_UP_SECONDS);
  for (let run = 0; run < context.runs; run++) {
    for (const connections of [1, 16]) {
      const result = await runWrk(request, connections, context.duration);
      if (result.requests === 0)
        context.results.note(`${api.name} PATCH one leaf: no answer within ${context.duration} s at ${size}`);
      if (result.errors > 0)
        context.results.note(`${api.name} PATCH one leaf: ${result.errors} failed requests at ${size}`);
      const plural = connections > 1 ? 's' : '';
      context.results.add(
        row(
          api.name,
          'patch-leaf',
          `c${connections}`,
          transport,
          'req/s',
          `PATCH one leaf, ${connections} connection${plural}`,
        ),
        size,
        [result.requestsPerSecond],
      );
      if (connections === 1 && result.requests > 0) {
        context.results.add(
          row(api.name, 'patch-leaf-p50', 'c1', transport, 'ms', 'PATCH one leaf, p50 latency'),
          size,
          [result.p50],
        );
        context.results.add(
          row(api.name, 'patch-leaf-p99', 'c1', transport, 'ms', 'PATCH one leaf, p99 latency'),
          size,
          [result.p99],
        );
      }
    }
  }
};

/** GET the whole list in JSON and XML: first byte, total, bytes. */
const measureGetAll = async (
  context: BenchContext,
  client: BenchClient,
  api: ApiRequests,
  size: number,
  transport: 'http' | 'https',
) => {
  const samples = size <= 10_000 ? context.runs * 3 : context.runs;
  for (const [format, accept] of [
    ['json', api.jsonType],
    ['xml', api.xmlType],
  ] as const) {
    await client.send('GET', api.getAll, { headers: { Accept: accept }, expected: [200] });
    for (let sample = 0; sample < samples; sample++) {
      const timing = await client.send('GET', api.getAll, { headers: { Accept: accept }, expected: [200] });
      const what = `GET the whole list, ${format.toUpperCase()}`;
      context.results.add(row(api.name, 'get-all-first-byte', format, transport, 'ms', `${what}: first byte`), size, [
        timing.firstByteMs,
      ]);
      context.results.add(row(api.name, 'get-all-total', format, transport, 'ms', `${what}: total`), size, [
        timing.totalMs,
      ]);
      context.results.add(row(api.name, 'get-all-bytes', format, transport, 'bytes', `${what}: size`), size, [
        timing.bytes,
      ]);
    }
  }
};

/** POST new entries one at a time, then DELETE them. */
const measurePostDelete = async (
  context: BenchContext,
  client: BenchClient,
  api: ApiRequests,
  size: number,
  transport: 'http' | 'https',
) => {
  const names: string[] = [];
  for (let sample = 0; sample < WRITE_SAMPLES * context.runs; sample++) {
    const name = `new-${api.name}-${sample}`;
    const post = api.post(name);
    const timing = await client.send('POST', post.path, {
      body: post.body,
      headers: { 'Content-Type': post.type },
      expected: [201],
    });
    names.push(name);
    context.results.add(row(api.name, 'post', 'c1', transport, 'ms', 'POST a new entry'), size, [timing.totalMs]);
  }
  for (const name of names) {
    const timing = await client.send('DELETE', api.deleteEntry(name), { expected: [204] });
    context.results.add(row(api.name, 'delete', 'c1', transport, 'ms', 'DELETE an entry'), size, [timing.totalMs]);
  }
};

/** A YANG Patch of 100 merge edits (legacy: one PATCH of the container naming 100 entries). */
const measurePatch100 = async (
  context: BenchContext,
  client: BenchClient,
  api: ApiRequests,
  size: number,
  transport: 'http' | 'https',
) => {
  for (let sample = 0; sample < PATCH_SAMPLES * context.runs; sample++) {
    const indexes = distinctIndexes(size, 100);
    const timing =
      api.name === 'restconf'
        ? await client.send('PATCH', `${RESTCONF}/data/bench:bench`, {
            body: mergePatch(indexes, 1_000_000 + sample * 1000),
            headers: { 'Content-Type': 'application/yang-patch+json' },
            expected: [200],
          })
        : await client.send('PATCH', `${LEGACY}/running/bench`, {
            body: legacyMergeBody(indexes, 1_000_000 + sample * 1000),
            headers: { 'Content-Type': api.jsonType },
            expected: [204],
          });
    const label = api.name === 'restconf' ? 'YANG Patch of 100 merge edits' : 'PATCH of 100 entries (merge)';
    context.results.add(row(api.name, 'patch-100', 'c1', transport, 'ms', label), size, [timing.totalMs]);
  }
};

/** Commits a one-leaf change, then times the rollback of that commit (apply-rollback-file / _rollback). */
const measureRollback = async (
  context: BenchContext,
  client: BenchClient,
  api: ApiRequests,
  size: number,
  transport: 'http' | 'https',
) => {
  for (let sample = 0; sample < PATCH_SAMPLES * context.runs; sample++) {
    const path = api.patchLeaf.path.replace('{i}', String(Math.floor(Math.random() * size)));
    const body = api.patchLeaf.body.replace('{n}', String(2_000_000 + sample));
    let timing: Awaited<ReturnType<BenchClient['send']>>;
    if (api.name === 'restconf') {
      const change = await client.send('PATCH', `${path}?rollback-id=true`, {
        body,
        headers: { 'Content-Type': api.patchLeaf.type },
        expected: [200],
      });
      const result = JSON.parse(change.body.toString('utf8')) as {
        'idconf-restconf:result': { rollback: { id: number } };
      };
      const fixedNumber = result['idconf-restconf:result'].rollback.id;
      timing = await client.send('POST', `${RESTCONF}/data/idconf-rollback:rollback-files/apply-rollback-file`, {
        body: JSON.stringify({ input: { 'fixed-number': String(fixedNumber) } }),
        headers: { 'Content-Type': JSON_TYPE },
        expected: [204],
      });
    } else {
      await client.send('PATCH', path, { body, headers: { 'Content-Type': api.patchLeaf.type }, expected: [204] });
      timing = await client.send('POST', `${LEGACY}/running/_rollback`, {
        body: '{"file": "0"}',
        headers: { 'Content-Type': 'application/vnd.yang.operation+json' },
        expected: [204],
      });
    }
    context.results.add(
      row(api.name, 'rollback', 'c1', transport, 'ms', 'apply the rollback of the last commit'),
      size,
      [timing.totalMs],
    );
  }
};

/**
 * The floor of every request: an authenticated GET that reads no data (RESTCONF's
 * `yang-library-version`, the legacy API's root). What a request costs beyond it is the
 * engine's share.
 */
const measureFloor = async (
  context: BenchContext,
  client: BenchClient,
  api: ApiRequests,
  size: number,
  transport: 'http' | 'https',
) => {
  const path = api.name === 'restconf' ? `${RESTCONF}/yang-library-version` : LEGACY;
  const accept = api.name === 'restconf' ? JSON_TYPE : 'application/vnd.yang.api+json';
  await client.send('GET', path, { headers: { Accept: accept }, expected: [200] });
  for (let sample = 0; sample < WRITE_SAMPLES * context.runs; sample++) {
    const timing = await client.send('GET', path, { headers: { Accept: accept }, expected: [200] });
    context.results.add(
      row(api.name, 'floor', 'c1', transport, 'ms', 'floor: authenticated GET of no data, one at a time'),
      size,
      [timing.totalMs],
    );
  }
};

/** Every request of one API on a loaded server. */
export const measureApi = async (
  context: BenchContext,
  server: ServerProcess,
  api: ApiRequests,
  size: number,
  dataDir: string,
) => {
  // Every request of this phase is plain HTTP.
  const transport = transportOf(server);
  const client = new BenchClient(server.url, ADMIN.user, ADMIN.password);
  try {
    context.log(`${size}: ${api.name} floor (authenticated GET of no data)`);
    await measureFloor(context, client, api, size, transport);
    context.log(
      `${size}: ${api.name} GET one entry (${transport}, wrk, ${context.runs} × ${context.duration} s × 2, with the baseline)`,
    );
    await measureGetOne(context, server, client, api, size, dataDir, undefined);
    context.log(`${size}: ${api.name} PATCH one leaf (wrk)`);
    await measurePatchLeaf(context, server, client, api, size);
    context.log(`${size}: ${api.name} GET the whole list`);
    await measureGetAll(context, client, api, size, transport);
    context.log(`${size}: ${api.name} POST and DELETE`);
    await measurePostDelete(context, client, api, size, transport);
    context.log(`${size}: ${api.name} 100-edit patch`);
    await measurePatch100(context, client, api, size, transport);
    context.log(`${size}: ${api.name} rollback`);
    await measureRollback(context, client, api, size, transport);
  } finally {
    client.close();
  }
};
