/**
 * @module test/conformance/conformance-server
 * Test support for the clause-by-clause conformance suites (RFC 8040, RFC 8072, RFC 7951): the
 * RESTCONF test server (real HTTPS on a socket) holding the RFC 8040 jukebox, the interfaces of
 * the RFC's action examples, handlers for the example RPCs and actions, a nested state counter
 * that changes on every read, and an access control that refuses one playlist and one RPC, so
 * that the authorization clauses can be exercised before NACM is configured.
 */
import type { AccessControl } from '../../src/management/index.ts';
import { NacmPolicy, nacmConfigFromJson } from '../../src/nacm/index.ts';
import type { SchemaTree } from '../../src/yang/index.ts';
import type { RestconfTestServer } from '../restconf/restconf-test-server.ts';
import { JUKEBOX_CONFIG, jsonOf, startRestconfServer } from '../restconf/restconf-test-server.ts';
import type { TestResponse } from '../support/https-request.ts';

export const JSON_TYPE = 'application/yang-data+json';
export const XML = 'application/yang-data+xml';
export const PATCH_JSON = 'application/yang-patch+json';
export const PATCH_XML = 'application/yang-patch+xml';
export const RESTCONF_NS = 'urn:ietf:params:xml:ns:yang:ietf-restconf';
export const JUKEBOX_NS = 'http://example.com/ns/example-jukebox';

export const JUKEBOX = '/data/example-jukebox:jukebox';
export const LIBRARY = `${JUKEBOX}/library`;
export const FOO = `${LIBRARY}/artist=Foo%20Fighters`;
export const WASTING_LIGHT = `${FOO}/album=Wasting%20Light`;
export const PLAYLIST = `${JUKEBOX}/playlist=Foo-One`;
export const SETTINGS = '/data/t-restconf:settings';
export const ETH0 = '/data/example-actions:interfaces/interface=eth0';

/** The song a playlist entry refers to. */
export const ROPE =
  "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']/song[name='Rope']";

/** The playlist and the RPC the conformance access control refuses to everyone. */
export const SECRET_PLAYLIST = 'Secret';
export const REFUSED_RPC = 'example-jukebox:play';

const POLICIES = new WeakMap<SchemaTree, NacmPolicy>();

/** NACM rules that refuse everything of the playlist {@link SECRET_PLAYLIST} and the RPC {@link REFUSED_RPC} to everyone. */
const conformancePolicy = (schema: SchemaTree): NacmPolicy => {
  let policy = POLICIES.get(schema);
  if (policy === undefined) {
    policy = new NacmPolicy(
      schema,
      nacmConfigFromJson({
        'write-default': 'permit',
        'rule-list': [
          {
            name: 'conformance',
            group: ['*'],
            rule: [
              {
                name: 'secret-playlist',
                path: `/example-jukebox:jukebox/playlist[name='${SECRET_PLAYLIST}']`,
                action: 'deny',
              },
              { name: 'play', 'module-name': 'example-jukebox', 'rpc-name': 'play', action: 'deny' },
            ],
          },
        ],
      }),
    );
    POLICIES.set(schema, policy);
  }
  return policy;
};

/** Refuses reads and writes of the playlist {@link SECRET_PLAYLIST} and the RPC {@link REFUSED_RPC} (real NACM). */
export const CONFORMANCE_ACCESS_CONTROL: AccessControl = {
  decisionsFor: (session, root) => conformancePolicy(root.schema).decisionsFor(session.principal),
};

/** What the datastore starts with: the jukebox (with a secret playlist), the settings, two interfaces. */
export const CONFORMANCE_CONFIG = (): Record<string, unknown> => {
  const config = JUKEBOX_CONFIG() as { 'example-jukebox:jukebox': { playlist: object[] } };
  config['example-jukebox:jukebox'].playlist.push({ name: SECRET_PLAYLIST, description: 'not for everyone' });
  return { ...config, 'example-actions:interfaces': { interface: [{ name: 'eth0' }, { name: 'eth1' }] } };
};

/** A conformance server and what its handlers saw. */
export interface ConformanceServer extends RestconfTestServer {
  /** Restores {@link CONFORMANCE_CONFIG} with one PUT of the datastore. */
  reset(): Promise<void>;
  /** The `delay` of every reboot and reset, in order. */
  readonly invocations: string[];
  /** How often the nested `artist-count` state was built (it reports this number). */
  readonly stateReads: { count: number };
}

/** Starts the RESTCONF test server with the conformance data, handlers and access control. */
export const startConformanceServer = async (): Promise<ConformanceServer> => {
  const server = await startRestconfServer(CONFORMANCE_CONFIG(), { accessControl: CONFORMANCE_ACCESS_CONTROL });
  const invocations: string[] = [];
  const stateReads = { count: 0 };
  const { management } = server;
  management.registerOperation('/example-ops:reboot', () => {
    invocations.push('reboot');
    return undefined;
  });
  management.registerOperation('/example-ops:get-reboot-info', () => ({
    'reboot-time': 30,
    message: 'Going down for system maintenance',
    language: 'en-US',
  }));
  management.registerOperation('/example-jukebox:play', () => undefined);
  management.registerOperation('/example-actions:interfaces/interface/reset', ({ parentPath }) => {
    invocations.push(`reset ${String(parentPath.at(-1)?.keys?.[0])}`);
    return undefined;
  });
  management.registerOperation('/example-actions:interfaces/interface/get-last-reset-time', () => ({
    'last-reset': '2016-08-15T12:34:56Z',
  }));
  management.registerNestedStateProvider({
    node: '/example-jukebox:jukebox/library/artist-count',
    build: () => {
      stateReads.count += 1;
      return stateReads.count;
    },
  });
  return {
    ...server,
    invocations,
    stateReads,
    reset: async () => {
      const response = await server.request('PUT', '/data', { body: { 'ietf-restconf:data': CONFORMANCE_CONFIG() } });
      if (response.status !== 204)
        throw new Error(`resetting the datastore failed: ${response.status} ${response.body}`);
    },
  };
};

/** The `ietf-restconf:errors` entries of a JSON error response. */
export const errorsOf = (response: TestResponse): Record<string, unknown>[] =>
  jsonOf<{ 'ietf-restconf:errors': { error: Record<string, unknown>[] } }>(response)['ietf-restconf:errors'].error;

/** The first error of a JSON error response, with its tag, path and type as strings. */
export const errorOf = (response: TestResponse): Record<string, string> =>
  errorsOf(response)[0] as Record<string, string>;

/** The status and error-tag of a response, for one assertion that shows both on failure. */
export const statusAndTag = (response: TestResponse): [number, string | undefined] => {
  if (!/json/.test(String(response.headers['content-type'])) || response.body === '')
    return [response.status, undefined];
  try {
    return [response.status, errorOf(response)['error-tag']];
  } catch {
    return [response.status, undefined];
  }
};

export { jsonOf };
