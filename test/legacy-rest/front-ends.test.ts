/**
 * @module test/legacy-rest/front-ends.test
 * One scenario table — create, read, replace, merge, delete, roll back — run against the legacy
 * REST API on one server and against RESTCONF on another (over HTTP only, each in its own
 * dialect), in JSON and in XML. Where the two APIs mean the same thing the results agree: the
 * statuses, what each API reads back of the entry, and the entry as a neutral RESTCONF read sees
 * it after every step; the rollback files differ only in `via`. One status differs by the
 * dialects' own rules: a DELETE of nothing is 404 on the legacy API (spec Decision 5) and 409
 * data-missing on RESTCONF (RFC 8040 §7).
 * @see shared/spec/legacy-rest.md Decisions 3, 5, 7; DESIGN §2 (one engine behind every interface)
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestResponse } from '../support/https-request.ts';
import type { Format, LegacyTestServer } from './legacy-rest-server.ts';
import { FORMATS, startLegacyServer, TYPE } from './legacy-rest-server.ts';

const BASE = 'urn:idconf:yang:base';
const OAUTH = 'urn:idconf:yang:profile-oauth';
const RESTCONF_TYPE = { json: 'application/yang-data+json', xml: 'application/yang-data+xml' } as const;

interface Endpoint {
  readonly id: string;
  readonly uri: string;
}

/** The scenario's profile entry in `format`; JSON as a list entry object or a one-entry array. */
const entry = (
  format: Format,
  id: string,
  description: string,
  endpoints: readonly Endpoint[],
  array: boolean,
): string => {
  if (format === 'xml') {
    const items = endpoints
      .map(
        (endpoint) =>
          `<endpoint><id>${endpoint.id}</id><uri>${endpoint.uri}</uri>` +
          `<endpoint-kind xmlns:as="${OAUTH}">as:oauth-token</endpoint-kind></endpoint>`,
      )
      .join('');
    return (
      `<profile xmlns="${BASE}"><id>${id}</id><type xmlns:as="${OAUTH}">as:oauth-service</type>` +
      `<description>${description}</description><endpoints>${items}</endpoints></profile>`
    );
  }
  const value = {
    id,
    type: 'profile-oauth:oauth-service',
    description,
    endpoints: {
      endpoint: endpoints.map((endpoint) => ({ ...endpoint, 'endpoint-kind': 'profile-oauth:oauth-token' })),
    },
  };
  return JSON.stringify({ 'base:profile': array ? [value] : value });
};

/** The operations of the scenario in one API's dialect. */
interface FrontEnd {
  readonly name: string;
  readonly server: () => LegacyTestServer;
  create(format: Format, body: (array: boolean) => string): Promise<TestResponse>;
  /** Reads the entry and returns the status and the entry as a plain object (undefined when absent). */
  read(format: Format): Promise<[number, unknown]>;
  replace(format: Format, body: (array: boolean) => string): Promise<TestResponse>;
  merge(format: Format, body: (array: boolean) => string): Promise<TestResponse>;
  deleteEndpoint(id: string): Promise<TestResponse>;
  deleteEntry(): Promise<TestResponse>;
  rollbackNewest(format: Format): Promise<TestResponse>;
}

const LEGACY_ENTRY = '/running/profiles/profile/scenario,as:oauth-service';
const RESTCONF_ENTRY = '/data/base:profiles/profile=scenario,profile-oauth:oauth-service';
const NOTE = 'rollback-comment=scenario';

/** The entry as a plain object, from JSON (`{"base:profile": {…}}` or `[{…}]`) or XML (the text itself). */
const entryOf = (format: Format, response: TestResponse): unknown => {
  if (response.status !== 200) return undefined;
  if (format === 'xml') return response.body.replace(/^<data xmlns="[^"]*">|<\/data>$/g, '');
  const value = (JSON.parse(response.body) as { 'base:profile': unknown })['base:profile'];
  return Array.isArray(value) ? value[0] : value;
};

const legacy = (server: () => LegacyTestServer): FrontEnd => ({
  name: 'legacy REST',
  server,
  create: (format, body) =>
    server().rest('POST', `/running/profiles?${NOTE}`, { type: TYPE.data[format], body: body(false) }),
  read: async (format) => {
    const response = await server().rest('GET', `${LEGACY_ENTRY}?deep`, { accept: TYPE.data[format] });
    return [response.status, entryOf(format, response)];
  },
  replace: (format, body) =>
    server().rest('PUT', `${LEGACY_ENTRY}?${NOTE}`, { type: TYPE.data[format], body: body(false) }),
  merge: (format, body) =>
    server().rest('PATCH', `${LEGACY_ENTRY}?${NOTE}`, { type: TYPE.data[format], body: body(false) }),
  deleteEndpoint: (id) => server().rest('DELETE', `${LEGACY_ENTRY}/endpoints/endpoint/${id}?${NOTE}`),
  deleteEntry: () => server().rest('DELETE', `${LEGACY_ENTRY}?${NOTE}`),
  rollbackNewest: (format) =>
    server().rest('POST', `/running/_rollback?${NOTE}`, {
      type: TYPE.operation[format],
      body: format === 'json' ? '{"file": "0"}' : '<file>0</file>',
    }),
});

const restconf = (server: () => LegacyTestServer): FrontEnd => ({
  name: 'RESTCONF',
  server,
  create: (format, body) =>
    server().restconf('POST', `/data/base:profiles?${NOTE}`, { type: RESTCONF_TYPE[format], body: body(true) }),
  read: async (format) => {
    const response = await server().restconf('GET', RESTCONF_ENTRY, { accept: RESTCONF_TYPE[format] });
    return [response.status, entryOf(format, response)];
  },
  replace: (format, body) =>
    server().restconf('PUT', `${RESTCONF_ENTRY}?${NOTE}`, { type: RESTCONF_TYPE[format], body: body(true) }),
  merge: (format, body) =>
    server().restconf('PATCH', `${RESTCONF_ENTRY}?${NOTE}`, { type: RESTCONF_TYPE[format], body: body(true) }),
  deleteEndpoint: (id) => server().restconf('DELETE', `${RESTCONF_ENTRY}/endpoints/endpoint=${id}?${NOTE}`),
  deleteEntry: () => server().restconf('DELETE', `${RESTCONF_ENTRY}?${NOTE}`),
  rollbackNewest: (format) =>
    server().restconf('POST', `/data/idconf-rollback:rollback-files/apply-rollback-file?${NOTE}`, {
      type: RESTCONF_TYPE[format],
      body: format === 'json' ? '{"input": {"id": 0}}' : '<input xmlns="urn:idconf:yang:rollback"><id>0</id></input>',
    }),
});

const E1 = { id: 'e1', uri: '/one' };
const E2 = { id: 'e2', uri: '/two' };
const E3 = { id: 'e3', uri: '/three' };

/** One step: its name and what it does through a front-end. Reads are recorded after every step. */
type Step = readonly [string, (api: FrontEnd, format: Format) => Promise<TestResponse | undefined>];

const body =
  (format: Format, description: string, endpoints: readonly Endpoint[]) =>
  (array: boolean): string =>
    entry(format, 'scenario', description, endpoints, array);

const STEPS: readonly Step[] = [
  ['read before create', async () => undefined],
  ['create', (api, format) => api.create(format, body(format, 'first', [E1, E2]))],
  ['create again', (api, format) => api.create(format, body(format, 'again', [E1]))],
  ['replace', (api, format) => api.replace(format, body(format, 'replaced', [E2]))],
  ['merge', (api, format) => api.merge(format, body(format, 'merged', [E3]))],
  ['delete an endpoint', (api) => api.deleteEndpoint('e2')],
  ['delete it again', (api) => api.deleteEndpoint('e2')],
  ['roll back the delete', (api, format) => api.rollbackNewest(format)],
  ['delete the entry', (api) => api.deleteEntry()],
  ['delete the entry again', (api) => api.deleteEntry()],
  ['roll back the entry delete', (api, format) => api.rollbackNewest(format)],
];

interface Observation {
  readonly step: string;
  readonly status: number | undefined;
  /** The API's own read of the entry. */
  readonly read: readonly [number, unknown];
  /** The entry as RESTCONF JSON sees it, explicit defaults included: the neutral observer. */
  readonly stored: unknown;
}

const run = async (api: FrontEnd, format: Format): Promise<Observation[]> => {
  const observations: Observation[] = [];
  for (const [step, act] of STEPS) {
    const response = await act(api, format);
    const stored = await api.server().restconf('GET', `${RESTCONF_ENTRY}?with-defaults=explicit`);
    observations.push({
      step,
      status: response?.status,
      read: await api.read(format),
      stored: entryOf('json', stored),
    });
  }
  return observations;
};

describe('the same scenario through both front-ends', () => {
  let legacyServer: LegacyTestServer;
  let restconfServer: LegacyTestServer;
  before(async () => {
    [legacyServer, restconfServer] = await Promise.all([startLegacyServer(), startLegacyServer()]);
  });
  after(async () => {
    await Promise.all([legacyServer.stop(), restconfServer.stop()]);
  });

  for (const format of FORMATS) {
    it(`create, read, replace, merge, delete and roll back agree (${format})`, async () => {
      const viaLegacy = await run(
        legacy(() => legacyServer),
        format,
      );
      const viaRestconf = await run(
        restconf(() => restconfServer),
        format,
      );
      const sameMeaning = (observations: readonly Observation[]) =>
        observations.map((observation) =>
          observation.step.endsWith(' again') && observation.step.startsWith('delete')
            ? { ...observation, status: 'by dialect' }
            : observation,
        );
      assert.deepEqual(sameMeaning(viaLegacy), sameMeaning(viaRestconf));
      // The expected statuses, so that agreeing on an error everywhere cannot pass.
      assert.deepEqual(
        viaLegacy.map((observation) => observation.status),
        [undefined, 201, 409, 204, 204, 204, 404, 204, 204, 404, 204],
      );
      assert.deepEqual(
        viaRestconf.map((observation) => observation.status),
        [undefined, 201, 409, 204, 204, 204, 409, 204, 204, 409, 204],
      );
      assert.deepEqual(viaLegacy.at(-1)?.read[0], 200);
      const newest = async (server: LegacyTestServer) => {
        const response = await server.restconf('GET', '/data/idconf-rollback:rollback-files/file=0');
        const [file] = (JSON.parse(response.body) as { 'idconf-rollback:file': Record<string, unknown>[] })[
          'idconf-rollback:file'
        ];
        const { date: _date, ...rest } = file ?? {};
        return rest;
      };
      assert.deepEqual(await newest(legacyServer), { ...(await newest(restconfServer)), via: 'rest' });
      assert.equal((await newest(restconfServer)).via, 'restconf');
      // Leave both servers as they started, for the other encoding.
      for (const server of [legacyServer, restconfServer])
        assert.equal((await server.restconf('DELETE', RESTCONF_ENTRY)).status, 204);
    });
  }
});
