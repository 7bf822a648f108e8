/**
 * @module test/auth/auth-test-server
 * Test support for the credential-manager tests: `idconf serve` with the shipped models and a
 * known admin password (test/identity), the RESTCONF requests that configure a data source and
 * point admin logins at it, and `writeAs`, which makes one write as a user through either API
 * and reports what the server made of the credentials: the status, the rollback file's creator
 * and the groups of the audit line.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { IdentityServer } from '../identity/identity-server.ts';
import type { TestResponse } from '../support/https-request.ts';
import { send } from '../support/https-request.ts';

/** The two APIs every login case runs against. */
export const APIS = ['restconf', 'rest'] as const;
export type Api = (typeof APIS)[number];

/** What one write as a user came to. */
export interface WriteOutcome {
  readonly status: number;
  readonly response: TestResponse;
  /** The creator of the rollback file the write made (only when it succeeded). */
  readonly creator?: string;
  /** The groups of the audit line of this login (only when it succeeded). */
  readonly groups?: readonly string[];
}

/** An audit line the server wrote. */
export interface AuditLine {
  /** When the server wrote it (ms since the epoch). */
  readonly time: number;
  readonly audit: string;
  readonly outcome: string;
  readonly user: string;
  readonly via: string;
  readonly dataSource?: string;
  readonly credentialManager?: string;
  readonly groups?: string[];
  readonly reason?: string;
  readonly cached?: boolean;
  readonly remote: string;
}

let counter = 0;

/** The audit lines in `lines` (the server's output). */
export const auditLines = (lines: readonly string[]): AuditLine[] =>
  lines.filter((line) => line.includes('"audit":"authentication"')).map((line) => JSON.parse(line) as AuditLine);

/**
 * The last audit line for `user` (and matching `wanted`) that the server wrote at or after
 * `since` (ms since the epoch), waiting for it to appear: logs are written in batches, so a line
 * can arrive after the response, and after lines of later requests.
 */
export const waitForAudit = async (
  server: IdentityServer,
  since: number,
  user: string,
  wanted: (line: AuditLine) => boolean = () => true,
): Promise<AuditLine> => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = auditLines(server.process.output).filter(
      (line) => line.time >= since && line.user === user && wanted(line),
    );
    const last = found.at(-1);
    if (last !== undefined) return last;
    await sleep(20);
  }
  throw new Error(`no audit line for ${user}`);
};

const basic = (user: string, password: string): string =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

/**
 * Changes `environments/environment/name` as `user` through `api` (on a new connection, so the
 * credentials are checked) and reports the outcome; on success, reads the new rollback file as
 * the admin.
 */
export const writeAs = async (
  server: IdentityServer,
  api: Api,
  user: string,
  password: string,
): Promise<WriteOutcome> => {
  const value = `written-${++counter}`;
  const since = Date.now();
  const url =
    api === 'restconf'
      ? `${server.process.url}/admin/api/restconf/data/base:environments/environment/name`
      : `${server.process.url}/admin/api/rest/running/environments/environment/name`;
  const response = await send(url, {
    method: 'PUT',
    headers: {
      Authorization: basic(user, password),
      Connection: 'close',
      'Content-Type': api === 'restconf' ? 'application/yang-data+json' : 'application/vnd.yang.data+json',
      Accept: api === 'restconf' ? 'application/yang-data+json' : 'application/vnd.yang.data+json',
    },
    body: JSON.stringify({ 'base:name': value }),
  });
  if (response.status !== 204) return { status: response.status, response };
  const file = await server.request('GET', '/data/idconf-rollback:rollback-files/file=0');
  const creator = (JSON.parse(file.body) as { 'idconf-rollback:file': { creator: string }[] })[
    'idconf-rollback:file'
  ][0]?.creator;
  const audit = await waitForAudit(server, since, user, (line) => line.outcome === 'success');
  return {
    status: response.status,
    response,
    ...(creator === undefined ? {} : { creator }),
    groups: [...(audit.groups ?? [])].sort(),
  };
};

/** Asserts a successful write as `user` with exactly `groups` (in any order). */
export const assertLogin = async (
  server: IdentityServer,
  api: Api,
  user: string,
  password: string,
  groups: readonly string[],
): Promise<void> => {
  const outcome = await writeAs(server, api, user, password);
  assert.equal(outcome.status, 204, `${api}: ${user} should log in; got ${outcome.status} ${outcome.response.body}`);
  assert.equal(outcome.creator, user);
  assert.deepEqual(outcome.groups, [...groups].sort());
};

/** Asserts that the login of `user` is refused with `status` (401 wrong credentials, 503 back-end down). */
export const assertRefused = async (
  server: IdentityServer,
  api: Api,
  user: string,
  password: string,
  status: 401 | 503,
): Promise<TestResponse> => {
  const outcome = await writeAs(server, api, user, password);
  assert.equal(
    outcome.status,
    status,
    `${api}: ${user}: expected ${status}, got ${outcome.status} ${outcome.response.body}`,
  );
  return outcome.response;
};

/** The error-tag and message of an error body of either API (RESTCONF `ietf-restconf:errors`, legacy `errors`). */
export const errorOf = (response: TestResponse): { readonly tag: string; readonly message: string } => {
  const body = JSON.parse(response.body) as Record<string, { error: Record<string, string>[] }>;
  const error = (body['ietf-restconf:errors'] ?? body.errors)?.error[0] ?? {};
  return { tag: error['error-tag'] ?? '', message: error['error-message'] ?? '' };
};

/** Points admin logins at credential manager `id` over `dataSource` (creating the manager), through RESTCONF. */
export const useCredentialManager = async (
  server: IdentityServer,
  id: string,
  dataSource: string,
  extra: Readonly<Record<string, unknown>> = {},
): Promise<void> => {
  const manager = await server.request('PUT', `/data/base:processing/credential-managers/credential-manager=${id}`, {
    body: { 'base:credential-manager': [{ id, 'data-source': dataSource, ...extra }] },
  });
  assert.ok([201, 204].includes(manager.status), manager.body);
  const reference = await server.request('PATCH', '/data/base:environments/environment/admin-service/authentication', {
    body: { 'base:authentication': { 'credential-manager': id } },
  });
  assert.equal(reference.status, 204, reference.body);
  // These tests are about who logs in: every authenticated user may write, so that each login
  // shows as the creator of the rollback file its write leaves (test/nacm covers the rules).
  const nacm = await server.request('PATCH', '/data/ietf-netconf-acm:nacm', {
    body: { 'ietf-netconf-acm:nacm': { 'write-default': 'permit' } },
  });
  assert.equal(nacm.status, 204, nacm.body);
};

/** Creates or replaces data source `id` with `body` (the `ldap` or `sql` case), through RESTCONF. */
export const putDataSource = async (
  server: IdentityServer,
  id: string,
  kind: 'ldap' | 'sql',
  body: Readonly<Record<string, unknown>>,
): Promise<TestResponse> =>
  server.request('PUT', `/data/base:facilities/data-sources/data-source=${id}`, {
    body: { 'base:data-source': [{ id, [kind]: body }] },
  });
