/**
 * @module test/web-ui/web-ui-server
 * Test support for the admin web UI in a real browser: `idconf serve` as a child process over
 * HTTPS with the factory default (which enables the UI) and the benchmark module as a plug-in
 * (`--yang-dir bench`), set up by its admin with the example NACM rules of docs/nacm.md
 * (administrators, operators who may not touch crypto, auditors), an OAuth client, a
 * certificate that expires within days, and 100,000 entries in the plug-in's list.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../../src/auth/index.ts';
import { EXAMPLE_NACM, USERS } from '../nacm/nacm-server.ts';
import type { TestResponse } from '../support/https-request.ts';
import { send } from '../support/https-request.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { startServerProcess } from '../support/server-process.ts';
import { makeTestCertificates } from '../support/test-ca.ts';

export const RESTCONF = '/admin/api/restconf';
export const PASSWORD = 'web-ui-test-password';
export { USERS };

/** Entries in the plug-in module's list. */
export const BENCH_ENTRIES = 100_000;

/** The OAuth client the tests edit. */
export const CLIENT = {
  id: 'web-app',
  'client-name': 'Web app',
  'no-authentication': [null],
  'redirect-uris': ['https://app.example.com/callback'],
  scope: ['openid'],
  capabilities: { code: {} },
};

/** The RESTCONF path of the client. */
export const CLIENT_PATH =
  '/data/base:profiles/profile=token-service,profile-oauth%3Aoauth-service/settings/profile-oauth:authorization-server/client-store/config-backed/client=web-app';

const BENCH_DIR = join(import.meta.dirname, '..', '..', 'bench');
const CHEAP = { memoryKiB: 64, iterations: 1, parallelism: 1 } as const;

export const benchName = (index: number): string => `e${String(index).padStart(6, '0')}`;

/** A running server for the browser tests. */
export interface WebUiServer {
  readonly process: ServerProcess;
  /** `https://127.0.0.1:port` */
  readonly url: string;
  /** A RESTCONF request (path below the RESTCONF root) as `user`. */
  restconf(user: string, method: string, path: string, body?: unknown): Promise<TestResponse>;
  stop(): Promise<void>;
}

export const startWebUiServer = async (): Promise<WebUiServer> => {
  const child = await startServerProcess({
    args: ['--yang-dir', BENCH_DIR, '--body-limit', String(64 * 1024 * 1024)],
    env: { IDCONF_ADMIN_PASSWORD: PASSWORD },
  });
  const restconf = (user: string, method: string, path: string, body?: unknown): Promise<TestResponse> => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    return send(`${child.url}${RESTCONF}${path}`, {
      method,
      headers: {
        Authorization: `Basic ${Buffer.from(`${user}:${PASSWORD}`).toString('base64')}`,
        Accept: 'application/yang-data+json',
        ...(text === undefined
          ? {}
          : { 'Content-Type': 'application/yang-data+json', 'Content-Length': String(Buffer.byteLength(text)) }),
      },
      ...(text === undefined ? {} : { body: text }),
    });
  };
  const expect = (response: TestResponse, status: number, what: string): void => {
    if (response.status !== status)
      throw new Error(`${what} failed: ${response.status} ${response.body.slice(0, 500)}`);
  };
  const hash = await hashPassword(PASSWORD, CHEAP);
  expect(
    await restconf(USERS.admin, 'PATCH', '/data', {
      'ietf-restconf:data': {
        ...EXAMPLE_NACM,
        'idconf-aaa:aaa': {
          authentication: {
            users: {
              user: Object.values(USERS).map((name) => ({
                name,
                password: hash,
                description: `the account of ${name}`,
              })),
            },
          },
        },
        'bench:bench': {
          label: 'one hundred thousand entries',
          entry: Array.from({ length: BENCH_ENTRIES }, (_, index) => ({
            name: benchName(index),
            value: index,
            enabled: index % 2 === 0,
            description: `entry number ${index}`,
          })),
        },
      },
    }),
    204,
    'setting up users, NACM and the plug-in list',
  );
  expect(
    await restconf(USERS.admin, 'POST', CLIENT_PATH.replace(/\/client=web-app$/, ''), {
      'profile-oauth:client': [CLIENT],
    }),
    201,
    'creating the OAuth client',
  );
  // A certificate that expires in two days: the keys screen highlights it.
  const directory = mkdtempSync(join(tmpdir(), 'idconf-web-ui-ca-'));
  try {
    const { caPem } = makeTestCertificates(directory);
    expect(
      await restconf(USERS.admin, 'POST', '/data/base:facilities/crypto/add-signature-verification-key', {
        'base:input': { id: 'partner-ca', keystore: caPem },
      }),
      200,
      'adding a certificate',
    );
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return {
    process: child,
    url: child.url,
    restconf,
    stop: async () => {
      await child.stop();
      rmSync(child.dataDir, { recursive: true, force: true });
    },
  };
};
