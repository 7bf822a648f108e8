/**
 * @module test/restconf/restconf-test-server
 * Test support: a real HTTPS management server in-process with the RESTCONF routes over a
 * Datastore in a temporary SQLite directory, the example-jukebox, example-actions and
 * example-ops fixtures plus the shipped infrastructure modules, host-meta, and one local account
 * (`admin`/`admin-secret`) hashed by src/auth. Also a request helper and a curl runner.
 */
import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { hashPassword, LocalUserAuthenticator } from '../../src/auth/index.ts';
import type { DataTree } from '../../src/data/index.ts';
import { decodeJson } from '../../src/data/index.ts';
import { Datastore, SqliteJournalStore } from '../../src/datastore/index.ts';
import { ManagementServer, Router } from '../../src/http/index.ts';
import type { AccessControl, EventStreamsOptions } from '../../src/management/index.ts';
import { ManagementService } from '../../src/management/index.ts';
import {
  RESTCONF_ROOT,
  restconfDataPathParser,
  restconfRoutes,
  restconfSchemaLocation,
} from '../../src/restconf/index.ts';
import { createSelfSignedCredentials, wellKnownRoute } from '../../src/server/index.ts';
import { SILENT_LOGGER } from '../../src/util/index.ts';
import type { LoadedModule, SchemaTree } from '../../src/yang/index.ts';
import { loadSchema } from '../../src/yang/index.ts';
import type { TestResponse } from '../support/https-request.ts';
import { send } from '../support/https-request.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** The modules the test server implements. */
export const TEST_MODULES: readonly string[] = [
  'example-jukebox',
  'example-actions',
  'example-ops',
  'idconf-rollback',
  'idconf-restconf',
  'ietf-yang-library',
  'ietf-restconf-monitoring',
  'ietf-restconf',
  'ietf-yang-patch',
  'ietf-netconf-with-defaults',
  'ietf-netconf-notifications',
  'idconf-notifications',
  't-restconf',
];

export const USER = 'admin';
export const PASSWORD = 'admin-secret';
/** The Authorization header of the test account. */
export const AUTHORIZATION = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

// Cheap hashes: every request verifies the password once.
const CHEAP = { memoryKiB: 64, iterations: 1, parallelism: 1 } as const;

let compiled: { schema: SchemaTree; modules: readonly LoadedModule[] } | undefined;

/** The compiled test schema and its modules (compiled once per process). */
export const testSchema = (): { schema: SchemaTree; modules: readonly LoadedModule[] } => {
  if (compiled === undefined) {
    const result = loadSchema({
      searchDirs: [join(import.meta.dirname, 'yang'), join(ROOT, 'test/fixtures/yang'), join(ROOT, 'models')],
      modules: [...TEST_MODULES],
    });
    const errors = result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    if (result.schema === undefined || errors.length > 0)
      throw new Error(`the test schema does not compile: ${errors.map((error) => error.message).join('; ')}`);
    compiled = { schema: result.schema, modules: result.moduleSet.modules };
  }
  return compiled;
};

/** The RFC 8040 jukebox fixture without its state counters, and some settings: what the datastore starts with. */
export const JUKEBOX_CONFIG = (): Record<string, unknown> => {
  const fixture = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/data/example-jukebox.json'), 'utf8')) as {
    'example-jukebox:jukebox': { library: Record<string, unknown> };
  };
  const { library } = fixture['example-jukebox:jukebox'];
  delete library['artist-count'];
  delete library['album-count'];
  delete library['song-count'];
  return { ...fixture, 't-restconf:settings': { name: 'lab', tags: ['a', 'b'], pair: [{ a: 'x', b: 1 }] } };
};

/** Options of a request to the test server. */
export interface RequestOptions {
  readonly body?: string | object;
  /** Content-Type; `application/yang-data+json` for an object body. */
  readonly type?: string;
  readonly accept?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Send no Authorization header. */
  readonly anonymous?: boolean;
}

/** A running test server. */
export interface RestconfTestServer {
  /** `https://127.0.0.1:port`. */
  readonly url: string;
  /** `https://127.0.0.1:port/admin/api/restconf`. */
  readonly api: string;
  readonly management: ManagementService;
  readonly datastore: Datastore;
  readonly schema: SchemaTree;
  /** Sends a request to a path below the API root (or an absolute URL). */
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

/** Options of {@link startRestconfServer}. */
export interface RestconfTestServerOptions {
  /** Access decisions (everything is allowed by default). */
  readonly accessControl?: AccessControl;
  /** Limits of the event streams. */
  readonly eventStreams?: EventStreamsOptions;
  /** Milliseconds between keep-alive comments on event streams. */
  readonly keepAliveMs?: number;
  /** More users (name → password), in the group admin as {@link USER} is. */
  readonly users?: Readonly<Record<string, string>>;
  /** The request body limit in bytes (default 256 KiB). */
  readonly bodyLimit?: number;
}

/** Starts a server whose datastore holds `initial` (the jukebox by default). */
export const startRestconfServer = async (
  initial: Record<string, unknown> = JUKEBOX_CONFIG(),
  options: RestconfTestServerOptions = {},
): Promise<RestconfTestServer> => {
  const { schema, modules } = testSchema();
  const dataDir = await mkdtemp(join(tmpdir(), 'idconf-restconf-'));
  const datastore = await Datastore.open({
    schema,
    journal: new SqliteJournalStore({ dataDir }),
    initial: (): DataTree => decodeJson(schema, initial, { schema, config: true }),
  });
  const management = ManagementService.create({
    datastore,
    modules,
    schemaLocation: restconfSchemaLocation(RESTCONF_ROOT),
    dataPathParser: restconfDataPathParser(schema),
    ...(options.accessControl === undefined ? {} : { accessControl: options.accessControl }),
    ...(options.eventStreams === undefined ? {} : { eventStreams: options.eventStreams }),
  });
  const hashes = new Map<string, string>([[USER, await hashPassword(PASSWORD, CHEAP)]]);
  for (const [user, password] of Object.entries(options.users ?? {}))
    hashes.set(user, await hashPassword(password, CHEAP));
  const authenticator = new LocalUserAuthenticator({
    directory: {
      lookup: (user) => {
        const passwordHash = hashes.get(user);
        return passwordHash === undefined ? undefined : { passwordHash, groups: ['admin'] };
      },
    },
    log: SILENT_LOGGER,
    dummyHash: await hashPassword('not-a-password', CHEAP),
  });
  const router = new Router();
  for (const route of restconfRoutes({
    management,
    authenticator,
    ...(options.keepAliveMs === undefined ? {} : { keepAliveMs: options.keepAliveMs }),
  }))
    router.mount(route);
  router.mount(wellKnownRoute);
  const server = new ManagementServer({
    router,
    log: SILENT_LOGGER,
    tls: await createSelfSignedCredentials(['localhost']),
    bodyLimit: options.bodyLimit ?? 256 * 1024,
  });
  const address = await server.listen(0, '127.0.0.1');
  const url = `https://127.0.0.1:${address.port}`;
  const api = `${url}${RESTCONF_ROOT}`;
  return {
    url,
    api,
    management,
    datastore,
    schema,
    request: (method, path, options = {}) => {
      const body =
        options.body === undefined
          ? undefined
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body);
      const type = options.type ?? (typeof options.body === 'object' ? 'application/yang-data+json' : undefined);
      return send(path.startsWith('https:') ? path : `${api}${path}`, {
        method,
        headers: {
          ...(options.anonymous === true ? {} : { Authorization: AUTHORIZATION }),
          ...(type === undefined ? {} : { 'Content-Type': type }),
          // Node's client sends a GET or DELETE body without framing unless the length is given.
          ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
          ...(options.accept === undefined ? {} : { Accept: options.accept }),
          ...options.headers,
        },
        ...(body === undefined ? {} : { body }),
      });
    },
    close: async () => {
      management.events.close();
      await server.close(1000);
      await datastore.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** The parsed JSON body of a response. */
export const jsonOf = <T = Record<string, unknown>>(response: TestResponse): T => JSON.parse(response.body) as T;

/** The first RESTCONF error of a response. */
export const firstError = (response: TestResponse): Record<string, string> => {
  const body = jsonOf<{ 'ietf-restconf:errors': { error: Record<string, string>[] } }>(response);
  return body['ietf-restconf:errors'].error[0] as Record<string, string>;
};

/** True when curl is installed; outside CI a test without it is skipped, under CI it fails. */
export const requireCurl = (t: TestContext): boolean => {
  if (spawnSync('curl', ['--version']).status === 0) return true;
  if (process.env.CI === 'true') throw new Error('curl is not installed (apt-get install curl)');
  t.skip('curl is not installed (apt-get install curl)');
  return false;
};

/** What curl printed: the status, the headers (lower-case names) and the body. */
export interface CurlResult {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Runs curl with `args` against the test server (credentials and -k added) and parses its
 * output. Asynchronous: the server runs in this process and must go on answering.
 */
export const curl = async (args: readonly string[]): Promise<CurlResult> => {
  const text = await new Promise<string>((resolve, reject) => {
    execFile(
      'curl',
      ['-sk', '-i', '-u', `${USER}:${PASSWORD}`, ...args],
      { encoding: 'utf8', timeout: 20_000 },
      (error, stdout, stderr) => {
        if (error !== null) reject(new Error(`curl failed: ${error.message} ${stderr}`));
        else resolve(stdout);
      },
    );
  });
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body };
};
