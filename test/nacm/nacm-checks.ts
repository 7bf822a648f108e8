/**
 * @module test/nacm/nacm-checks
 * Test support for NACM end to end: the assertions every refused request shares — 403
 * `access-denied` on either API (RESTCONF's JSON errors, the legacy API's JSON or XML ones),
 * nothing changed in the configuration, and the right counter moved by one.
 */
import assert from 'node:assert/strict';
import type { TestResponse } from '../support/https-request.ts';
import type { NacmCounterValues, NacmServer } from './nacm-server.ts';

/** The error-tag of the first error of an error body of either API, in JSON or XML. */
export const errorTag = (response: TestResponse): string =>
  /"error-tag":\s*"([^"]+)"/.exec(response.body)?.[1] ??
  /<error-tag>([^<]+)<\/error-tag>/.exec(response.body)?.[1] ??
  '';

/** The error-path of the first error, in JSON or XML (undefined when it has none). */
export const errorPath = (response: TestResponse): string | undefined =>
  /"error-path":\s*"([^"]+)"/.exec(response.body)?.[1] ??
  /<error-path[^>]*>([^<]+)<\/error-path>/.exec(response.body)?.[1];

/** What a password hash of the test accounts looks like in any answer. */
export const HASH = /\$argon2id\$|\$6\$/;

/** Asserts 403 `access-denied` that shows no hash. */
export const assertAccessDenied = (response: TestResponse, what = ''): void => {
  assert.equal(response.status, 403, `${what} ${response.body}`);
  assert.equal(errorTag(response), 'access-denied', `${what} ${response.body}`);
  assert.doesNotMatch(response.body, HASH);
};

const refused = async (
  server: NacmServer,
  counter: keyof NacmCounterValues,
  request: () => Promise<TestResponse>,
): Promise<TestResponse> => {
  const before = await server.configuration();
  const counted = await server.counters();
  const response = await request();
  assertAccessDenied(response);
  assert.equal(await server.configuration(), before, 'a refused request changed nothing');
  const after = await server.counters();
  assert.deepEqual(after, { ...counted, [counter]: counted[counter] + 1 }, `${counter} moved by one, nothing else`);
  return response;
};

/** Runs a write that must be refused: 403, nothing changed, `denied-data-writes` + 1. */
export const assertRefusedWrite = (server: NacmServer, write: () => Promise<TestResponse>): Promise<TestResponse> =>
  refused(server, 'denied-data-writes', write);

/** Runs an RPC or action that must be refused: 403, nothing changed, `denied-operations` + 1. */
export const assertRefusedOperation = (
  server: NacmServer,
  operation: () => Promise<TestResponse>,
): Promise<TestResponse> => refused(server, 'denied-operations', operation);
