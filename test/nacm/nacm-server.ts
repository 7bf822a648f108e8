/**
 * @module test/nacm/nacm-server
 * Test support for NACM end to end: `idconf serve` as a child process (HTTPS, the factory
 * default), set up by its admin with the example rule set of docs/nacm.md — administrators,
 * operators who may change profiles but not crypto nor client secrets, auditors who read
 * everything but secrets —, their local accounts, a user in no group, and a data source with a
 * password; then requests to both APIs as any of them (or with any credentials).
 */
import { rmSync } from 'node:fs';
import { hashPassword } from '../../src/auth/index.ts';
import type { TestResponse } from '../support/https-request.ts';
import { send } from '../support/https-request.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { startServerProcess } from '../support/server-process.ts';

export const RESTCONF = '/admin/api/restconf';
export const REST = '/admin/api/rest';
export const JSON_TYPE = 'application/yang-data+json';
export const XML_TYPE = 'application/yang-data+xml';

/** The accounts of the example: who they are and the groups NACM puts them in. */
export const USERS = {
  admin: 'admin',
  operator: 'olga',
  auditor: 'audrey',
  nobody: 'nick',
} as const;
export type Role = keyof typeof USERS;

const PASSWORD = 'nacm-test-password';
const CHEAP = { memoryKiB: 64, iterations: 1, parallelism: 1 } as const;

/** The example rule set (docs/nacm.md): the factory `admin` rule-list, then operators and auditors. */
export const EXAMPLE_NACM = {
  'ietf-netconf-acm:nacm': {
    'enable-nacm': true,
    groups: {
      group: [
        { name: 'admin', 'user-name': [USERS.admin] },
        { name: 'operators', 'user-name': [USERS.operator] },
        { name: 'auditors', 'user-name': [USERS.auditor] },
      ],
    },
    'rule-list': [
      {
        name: 'admin',
        group: ['admin'],
        rule: [{ name: 'any-access', 'module-name': '*', 'access-operations': '*', action: 'permit' }],
      },
      {
        name: 'operators',
        group: ['operators'],
        rule: [
          {
            name: 'no-crypto',
            path: '/base:facilities/crypto',
            'access-operations': '*',
            action: 'deny',
            comment: 'Keys and certificates are for administrators only',
          },
          {
            name: 'no-client-secrets',
            path: '/base:profiles/profile/settings/profile-oauth:authorization-server/client-store/config-backed/client/secret',
            'access-operations': '*',
            action: 'deny',
            comment: 'Client secrets are set by administrators',
          },
          {
            name: 'profiles',
            path: '/base:profiles',
            'access-operations': 'create update delete',
            action: 'permit',
            comment: 'Operators run the profiles',
          },
        ],
      },
      {
        name: 'auditors',
        group: ['auditors'],
        rule: [
          {
            name: 'read-nacm',
            path: '/ietf-netconf-acm:nacm',
            'access-operations': 'read',
            action: 'permit',
            comment: 'Auditors review the access rules (secrets stay hidden by default)',
          },
        ],
      },
    ],
  },
};

/** A data source whose password only administrators may read. */
export const DATA_SOURCE = {
  id: 'accounts-db',
  sql: { url: 'postgresql://db.example.com:5432/accounts', username: 'idconf', password: 'Db-Passw0rd!' },
};

/** Requests to both APIs with one `Authorization` header. */
export interface NacmClient {
  /** A RESTCONF request (path below the RESTCONF root); a string body starting with `<` is sent as XML. */
  restconf(
    method: string,
    path: string,
    body?: unknown,
    accept?: string,
    headers?: Readonly<Record<string, string>>,
    type?: string,
  ): Promise<TestResponse>;
  /** A legacy REST request (path below `/admin/api/rest`). */
  rest(method: string, path: string, body?: string, type?: string, accept?: string): Promise<TestResponse>;
}

/** The NACM counters (state data), as the admin reads them. */
export interface NacmCounterValues {
  readonly 'denied-operations': number;
  readonly 'denied-data-writes': number;
  readonly 'denied-notifications': number;
}

/** A running server and requests to it as each user. */
export interface NacmServer {
  readonly process: ServerProcess;
  /** A RESTCONF request (path below the RESTCONF root) as `role`. */
  restconf(
    role: Role,
    method: string,
    path: string,
    body?: unknown,
    accept?: string,
    headers?: Readonly<Record<string, string>>,
    type?: string,
  ): Promise<TestResponse>;
  /** A legacy REST request (path below `/admin/api/rest`) as `role`. */
  rest(role: Role, method: string, path: string, body?: string, type?: string, accept?: string): Promise<TestResponse>;
  /** Requests with any credentials: `Basic …` of another account, `Bearer …` of a token. */
  as(authorization: string): NacmClient;
  /** Adds a local account `name` (with the password of the others) and returns requests as it. */
  addAccount(name: string): Promise<NacmClient>;
  /** The whole configuration as the admin reads it (explicit defaults): what "nothing changed" compares. */
  configuration(): Promise<string>;
  /** The NACM counters as the admin reads them. */
  counters(): Promise<NacmCounterValues>;
  stop(): Promise<void>;
}

/** The `Authorization` header of HTTP Basic credentials. */
export const basicAuthorization = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

const authorization = (role: Role): string => basicAuthorization(USERS[role], PASSWORD);

/**
 * Starts `idconf serve` on a fresh data directory (with `args` added to its command line, e.g.
 * `--yang-dir`) and applies the example as the admin.
 */
export const startNacmServer = async (args: readonly string[] = []): Promise<NacmServer> => {
  const child = await startServerProcess({ args, env: { IDCONF_ADMIN_PASSWORD: PASSWORD } });
  const as = (authorization: string): NacmClient => {
    const call = (
      method: string,
      url: string,
      body: string | undefined,
      type: string,
      accept: string,
      headers: Readonly<Record<string, string>> = {},
    ) =>
      send(`${child.url}${url}`, {
        method,
        headers: {
          Authorization: authorization,
          Accept: accept,
          ...(body === undefined ? {} : { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)) }),
          ...headers,
        },
        ...(body === undefined ? {} : { body }),
      });
    return {
      restconf: (method, path, body, accept = JSON_TYPE, headers = {}, type) =>
        call(
          method,
          `${RESTCONF}${path}`,
          body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
          type ?? (typeof body === 'string' && body.startsWith('<') ? XML_TYPE : JSON_TYPE),
          accept,
          headers,
        ),
      rest: (method, path, body, type, accept) =>
        call(method, `${REST}${path}`, body, type ?? 'application/vnd.yang.data+json', accept ?? '*/*'),
    };
  };
  const restconf: NacmServer['restconf'] = (role, ...rest) => as(authorization(role)).restconf(...rest);
  const rest: NacmServer['rest'] = (role, ...args) => as(authorization(role)).rest(...args);
  const hash = await hashPassword(PASSWORD, CHEAP);
  const setup = await restconf('admin', 'PATCH', '/data', {
    'ietf-restconf:data': {
      ...EXAMPLE_NACM,
      'idconf-aaa:aaa': {
        authentication: {
          users: {
            user: Object.values(USERS).map((name) => ({ name, password: hash, description: `the account of ${name}` })),
          },
        },
      },
      'base:facilities': { 'data-sources': { 'data-source': [DATA_SOURCE] } },
    },
  });
  if (setup.status !== 204) throw new Error(`setting up NACM failed: ${setup.status} ${setup.body}`);
  return {
    process: child,
    restconf,
    rest,
    as,
    addAccount: async (name) => {
      const added = await restconf('admin', 'POST', '/data/idconf-aaa:aaa/authentication/users', {
        'idconf-aaa:user': [{ name, password: hash }],
      });
      if (added.status !== 201) throw new Error(`adding account ${name} failed: ${added.status} ${added.body}`);
      return as(basicAuthorization(name, PASSWORD));
    },
    configuration: async () => (await restconf('admin', 'GET', '/data?content=config&with-defaults=explicit')).body,
    counters: async () => {
      const response = await restconf('admin', 'GET', '/data/ietf-netconf-acm:nacm?content=nonconfig');
      if (response.status !== 200)
        throw new Error(`reading the NACM counters failed: ${response.status} ${response.body}`);
      return (JSON.parse(response.body) as { 'ietf-netconf-acm:nacm': NacmCounterValues })['ietf-netconf-acm:nacm'];
    },
    stop: async () => {
      await child.stop();
      rmSync(child.dataDir, { recursive: true, force: true });
    },
  };
};
