/**
 * @module test/legacy-rest/error-semantics.test
 * The error semantics both APIs share, and where each keeps its own rules, on `idconf serve`
 * with the identity model (one server, both APIs over HTTPS): YANG constraint violations are 412
 * `operation-failed` on both (one status table); a DELETE of nothing is 404 on the legacy API
 * (spec Decision 5) and 409 `data-missing` on RESTCONF (RFC 8040 §7); the legacy dialect keeps
 * accepting names without their module, which RESTCONF refuses at the top (RFC 8040 §3.5.3,
 * RFC 7951 §4); the RESTCONF `/operations/<data path>` extension still takes them; XML
 * error-paths declare their prefixes on both.
 * @see docs/restconf.md (Error semantics), docs/legacy-rest.md (Writes, Errors)
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SaxesParser } from 'saxes';
import type { LegacyTestServer } from './legacy-rest-server.ts';
import { legacyErrors, startLegacyServer, TYPE } from './legacy-rest-server.ts';

const BASE = 'urn:idconf:yang:base';
const ROLES_LEGACY = '/running/environments/environment/services';
const ROLES_RESTCONF = '/data/base:environments/environment/services';
const RESTCONF_JSON = 'application/yang-data+json';

/** The first RESTCONF error of a JSON body. */
const restconfError = (body: string): Record<string, string> =>
  (JSON.parse(body) as { 'ietf-restconf:errors': { error: Record<string, string>[] } })['ietf-restconf:errors']
    .error[0] as Record<string, string>;

/** prefix → namespace in scope at each `<error-path>` of an XML document (a namespace-aware parse). */
const errorPathPrefixes = (xml: string): Map<string, string | undefined> => {
  const parser = new SaxesParser({ xmlns: true });
  const prefixes = new Map<string, string | undefined>();
  let inPath = false;
  parser.on('opentag', (node) => {
    inPath = node.local === 'error-path';
  });
  parser.on('closetag', () => {
    inPath = false;
  });
  parser.on('text', (text) => {
    if (!inPath) return;
    for (const match of text.replace(/'[^']*'/g, '').matchAll(/([A-Za-z_][\w.-]*):/g))
      prefixes.set(match[1] as string, parser.resolve(match[1] as string));
  });
  parser.write(xml).close();
  return prefixes;
};

describe('error semantics on both APIs (identity model, idconf serve)', () => {
  let server: LegacyTestServer;
  let configuration: string;
  before(async () => {
    server = await startLegacyServer();
    configuration = await server.configuration();
  });
  after(async () => {
    await server.stop();
  });

  const role = (fields: Record<string, unknown>): string =>
    JSON.stringify({ 'base:service-role': [{ id: 'extra', protocol: 'http', ...fields }] });

  for (const [name, fields, appTag] of [
    ['must', { protocol: 'https', 'listening-port': 9443 }, 'ssl-server-keystore-required'],
    ['unique', { 'listening-port': 8443 }, 'data-not-unique'],
  ] as const) {
    it(`a ${name} violation is 412 operation-failed (${appTag}) on both APIs, and nothing changes`, async () => {
      const legacy = await server.rest('POST', ROLES_LEGACY, {
        type: TYPE.data.json,
        accept: TYPE.errors.json,
        body: JSON.stringify({ 'base:service-role': { id: 'extra', protocol: 'http', ...fields } }),
      });
      assert.equal(legacy.status, 412, legacy.body);
      assert.equal(legacyErrors(legacy)[0]?.['error-tag'], 'operation-failed');
      assert.equal(legacyErrors(legacy)[0]?.['error-app-tag'], appTag);
      const restconf = await server.restconf('POST', ROLES_RESTCONF, { type: RESTCONF_JSON, body: role(fields) });
      assert.equal(restconf.status, 412, restconf.body);
      assert.equal(restconfError(restconf.body)['error-tag'], 'operation-failed');
      assert.equal(restconfError(restconf.body)['error-app-tag'], appTag);
      assert.equal(await server.configuration(), configuration);
    });
  }

  it('a DELETE of nothing: legacy 404 (its Decision 5), RESTCONF 409 data-missing', async () => {
    const legacy = await server.rest('DELETE', `${ROLES_LEGACY}/service-role/nobody`, { accept: TYPE.errors.json });
    assert.equal(legacy.status, 404);
    assert.equal(legacyErrors(legacy)[0]?.['error-tag'], 'invalid-value');
    const restconf = await server.restconf('DELETE', `${ROLES_RESTCONF}/service-role=nobody`);
    assert.equal(restconf.status, 409);
    assert.equal(restconfError(restconf.body)['error-tag'], 'data-missing');
  });

  it('the legacy dialect keeps names without their module, in paths and bodies; RESTCONF does not', async () => {
    const path = '/environments/environment/services/service-role/default/description';
    const legacyRead = await server.rest('GET', `/running${path}`, { accept: TYPE.data.json });
    assert.equal(legacyRead.status, 200, legacyRead.body);
    const legacyWrite = await server.rest('PUT', `/running${path}`, {
      type: TYPE.data.json,
      body: JSON.stringify({ description: 'unqualified' }),
    });
    assert.equal(legacyWrite.status, 204, legacyWrite.body);

    const unqualifiedPath = await server.restconf('GET', '/data/environments/environment');
    assert.equal(unqualifiedPath.status, 400);
    assert.equal(restconfError(unqualifiedPath.body)['error-tag'], 'invalid-value');
    assert.match(restconfError(unqualifiedPath.body)['error-message'] ?? '', /base:environments/);
    const unqualifiedBody = await server.restconf(
      'PUT',
      '/data/base:environments/environment/services/service-role=default/description',
      { type: RESTCONF_JSON, body: JSON.stringify({ description: 'unqualified' }) },
    );
    assert.equal(unqualifiedBody.status, 400);
    assert.equal(restconfError(unqualifiedBody.body)['error-tag'], 'malformed-message');
    assert.match(restconfError(unqualifiedBody.body)['error-message'] ?? '', /"base:description"/);
    // Take the legacy write back.
    const restored = await server.rest('PUT', `/running${path}`, {
      type: TYPE.data.json,
      body: JSON.stringify({ description: 'All endpoints on one runtime listener' }),
    });
    assert.equal(restored.status, 204);
  });

  it("the RESTCONF /operations/<data path> extension still resolves an action's unqualified path", async () => {
    const response = await server.restconf('POST', '/operations/facilities/crypto/add-signature-verification-key', {
      type: RESTCONF_JSON,
      body: JSON.stringify({ input: { nonsense: 1 } }),
    });
    // The path resolved: the input is what is wrong.
    assert.equal(response.status, 400, response.body);
    assert.equal(restconfError(response.body)['error-tag'], 'unknown-element');
  });

  it('XML error-paths declare their prefixes on both APIs', async () => {
    const legacy = await server.rest('DELETE', `${ROLES_LEGACY}/service-role/nobody`, { accept: TYPE.errors.xml });
    assert.equal(legacy.status, 404);
    assert.match(legacy.body, /<error-path xmlns:base="urn:idconf:yang:base">\/base:environments\//);
    assert.deepEqual([...errorPathPrefixes(legacy.body)], [['base', BASE]]);
    const restconf = await server.restconf('DELETE', `${ROLES_RESTCONF}/service-role=nobody`, {
      accept: 'application/yang-data+xml',
    });
    assert.equal(restconf.status, 409);
    assert.deepEqual([...errorPathPrefixes(restconf.body)], [['base', BASE]]);
  });
});
