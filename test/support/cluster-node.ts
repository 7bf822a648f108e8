/**
 * @module test/support/cluster-node
 * A node of a test cluster: `idconf serve --store postgres://…` as a child process over HTTPS,
 * with the RFC 8040 jukebox module, the admin password and the configuration key every node of
 * the cluster shares, and a RESTCONF client that logs in as admin over kept-alive connections (a
 * login is checked once per connection, so that many requests do not cost a password hash each).
 */
import { Agent, request } from 'node:https';
import { join } from 'node:path';
import type { TestResponse } from './https-request.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/** The admin password of every test cluster. */
export const CLUSTER_PASSWORD = 'cluster-admin-Passw0rd';
/** The configuration key every node of a test cluster shares (64 hex digits). */
export const CLUSTER_KEY = '5f'.repeat(32);

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'yang');
const JSON_TYPE = 'application/yang-data+json';

/** A running node and a RESTCONF client for it. */
export interface ClusterNode {
  readonly server: ServerProcess;
  /** The server's process id (for SIGSTOP, SIGKILL). */
  readonly pid: number;
  /** Sends a request to `/admin/api/restconf<path>` as admin, JSON by default. */
  restconf(
    method: string,
    path: string,
    options?: { readonly body?: unknown; readonly headers?: Readonly<Record<string, string>> },
  ): Promise<TestResponse>;
}

/** Options of {@link startClusterNode}. */
export interface ClusterNodeOptions {
  /** The node's data directory (its lock, key and TLS files); a fresh one by default. */
  readonly dataDir?: string;
  /** Pass the store in IDCONF_STORE instead of `--store`. */
  readonly storeInEnvironment?: boolean;
  readonly timeoutMs?: number;
}

/** Starts a node on the shared store `storeUrl` and waits until it listens. */
export const startClusterNode = async (storeUrl: string, options: ClusterNodeOptions = {}): Promise<ClusterNode> => {
  const server = await startServerProcess({
    args: [...(options.storeInEnvironment === true ? [] : ['--store', storeUrl]), '--yang-dir', FIXTURES],
    env: {
      IDCONF_ADMIN_PASSWORD: CLUSTER_PASSWORD,
      IDCONF_CONFIG_ENCRYPTION_KEY: CLUSTER_KEY,
      IDCONF_STORE: options.storeInEnvironment === true ? storeUrl : '',
    },
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    timeoutMs: options.timeoutMs ?? 60_000,
  });
  const line = server.output.find((text) => text.includes('listening')) ?? '';
  const pid = Number(line.match(/"pid":(\d+)/)?.[1] ?? server.child.pid);
  const client = restconfClient(server.url, CLUSTER_PASSWORD);
  server.child.on('exit', () => client.close());
  return { server, pid, restconf: client.restconf };
};

/** A RESTCONF client logged in as admin over kept-alive connections. */
export interface RestconfClient {
  /** Sends a request to `/admin/api/restconf<path>`, JSON by default. */
  restconf: ClusterNode['restconf'];
  /** Closes the kept-alive connections. */
  close(): void;
}

/** A client of the server at `url` (its self-signed certificate accepted) as `admin` with `password`. */
export const restconfClient = (url: string, password: string): RestconfClient => {
  const authorization = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
  const agent = new Agent({ keepAlive: true, maxSockets: 16, rejectUnauthorized: false });
  return {
    close: () => agent.destroy(),
    restconf: (method, path, { body, headers } = {}) =>
      new Promise((resolve, reject) => {
        const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
        const sent = request(
          `${url}/admin/api/restconf${path}`,
          {
            method,
            agent,
            headers: {
              authorization,
              accept: JSON_TYPE,
              ...(text === undefined ? {} : { 'content-type': JSON_TYPE }),
              ...headers,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('error', reject);
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                headersDistinct: response.headersDistinct,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
          },
        );
        sent.on('error', reject);
        sent.end(text);
      }),
  };
};

/** Polls `check` every 20 ms until it holds; fails with `what` after `timeoutMs`. */
export const eventually = async (what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
