/**
 * @module test/legacy-rest/curl.test
 * The legacy REST API driven by curl, as operators script it and as docs/legacy-rest.md shows
 * it: the api root, a backup to a file and its restore, creating, reading, changing and deleting
 * a profile with rollback comments, the rollback listing and files, a rollback, an action and an
 * error. Skipped without curl outside CI; under CI=true a missing curl fails.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { LegacyTestServer } from './legacy-rest-server.ts';
import { curl, REST, requireCurl, startLegacyServer, TYPE } from './legacy-rest-server.ts';

describe('legacy REST with curl', () => {
  let server: LegacyTestServer;
  let directory: string;
  before(async () => {
    server = await startLegacyServer();
    directory = mkdtempSync(join(tmpdir(), 'idconf-legacy-curl-'));
  });
  after(async () => {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  });
  const url = (path: string): string => `${server.url}${REST}${path}`;

  it('reads the api root in XML, and JSON on request', async (t) => {
    if (!requireCurl(t)) return;
    const xml = await curl([url('')]);
    assert.equal(xml.status, 200);
    assert.equal(xml.headers['content-type'], TYPE.api.xml);
    assert.match(xml.body, /^<api xmlns="http:\/\/tail-f.com\/ns\/rest"/);
    const json = await curl(['-H', `Accept: ${TYPE.api.json}`, url('')]);
    assert.deepEqual(JSON.parse(json.body), {
      api: { version: '0.5', running: {}, operational: {}, operations: {}, rollbacks: {} },
    });
  });

  it('backs up the whole configuration to a file and restores it', async (t) => {
    if (!requireCurl(t)) return;
    const file = join(directory, 'backup.xml');
    const backup = await curl(['-H', `Accept: ${TYPE.datastore.xml}`, '-o', file, url('/running?deep')]);
    assert.equal(backup.status, 200);
    const saved = readFileSync(file, 'utf8');
    assert.match(saved, /^<data xmlns="http:\/\/tail-f.com\/ns\/rest"/);
    const changed = await curl([
      '-X',
      'DELETE',
      url('/running/profiles/profile/token-service,as:oauth-service/settings/authorization-server/scopes/scope/openid'),
    ]);
    assert.equal(changed.status, 204);
    const restored = await curl([
      '-X',
      'PUT',
      '-H',
      `Content-Type: ${TYPE.datastore.xml}`,
      '--data-binary',
      `@${file}`,
      url('/running?force-put&rollback-comment=restore'),
    ]);
    assert.equal(restored.status, 204);
    assert.equal((await curl(['-H', `Accept: ${TYPE.datastore.xml}`, url('/running?deep')])).body, saved);
    const refused = await curl(['-X', 'PUT', '--data-binary', `@${file}`, url('/running')]);
    assert.equal(refused.status, 400);
    assert.match(refused.body, /force-put/);
  });

  it('creates, reads, changes and deletes a profile, each with a rollback comment', async (t) => {
    if (!requireCurl(t)) return;
    const created = await curl([
      '-X',
      'POST',
      '-H',
      `Content-Type: ${TYPE.data.json}`,
      '-d',
      '{"base:profile": {"id": "api-tokens", "type": "profile-oauth:oauth-service"}}',
      url('/running/profiles?rollback-comment=new%20profile'),
    ]);
    assert.equal(created.status, 201);
    assert.equal(created.headers.location, url('/running/profiles/profile/api-tokens,profile-oauth:oauth-service'));
    const entry = '/running/profiles/profile/api-tokens,as:oauth-service';
    const read = await curl(['-H', `Accept: ${TYPE.data.json}`, url(entry)]);
    assert.deepEqual(JSON.parse(read.body), {
      'base:profile': { id: 'api-tokens', type: 'profile-oauth:oauth-service' },
    });
    const patched = await curl([
      '-X',
      'PATCH',
      '-H',
      `Content-Type: ${TYPE.data.xml}`,
      '-d',
      '<profile xmlns="urn:idconf:yang:base"><id>api-tokens</id>' +
        '<type xmlns:as="urn:idconf:yang:profile-oauth">as:oauth-service</type>' +
        '<description>Tokens for the API</description></profile>',
      url(`${entry}?rollback-comment=describe&rollback-label=ticket-42`),
    ]);
    assert.equal(patched.status, 204);
    const leaf = await curl([url(`${entry}/description`)]);
    assert.equal(leaf.body, '<description xmlns="urn:idconf:yang:base">Tokens for the API</description>');
    const deleted = await curl(['-X', 'DELETE', url(entry)]);
    assert.equal(deleted.status, 204);
    const gone = await curl(['-H', `Accept: ${TYPE.data.json}`, url(entry)]);
    assert.equal(gone.status, 404);
  });

  it('lists the rollback files, reads one, and rolls back (a body without Content-Type is sniffed)', async (t) => {
    if (!requireCurl(t)) return;
    const list = await curl(['-H', `Accept: ${TYPE.api.json}`, url('/rollbacks')]);
    const files = (JSON.parse(list.body) as { rollbacks: { file: Record<string, string>[] } }).rollbacks.file;
    assert.equal(files[1]?.comment, 'describe');
    assert.equal(files[1]?.label, 'ticket-42');
    const text = await curl([url('/rollbacks/1')]);
    assert.equal(text.headers['content-type'], 'text/plain; charset=utf-8');
    assert.match(text.body, /# Comment: describe\n/);
    const rollback = await curl(['-X', 'POST', '-d', '{"file": "0"}', url('/running/_rollback')]);
    assert.equal(rollback.status, 204);
    const back = await curl([
      '-H',
      `Accept: ${TYPE.data.json}`,
      url('/running/profiles/profile/api-tokens,as:oauth-service/description'),
    ]);
    assert.deepEqual(JSON.parse(back.body), { 'base:description': 'Tokens for the API' });
  });

  it('invokes an action and shows errors in the legacy envelope', async (t) => {
    if (!requireCurl(t)) return;
    const output = await curl([
      '-X',
      'POST',
      '-H',
      `Accept: ${TYPE.operation.json}`,
      '-d',
      '{"input": {"id": 0}}',
      url('/operational/rollback-files/_operations/get-rollback-file'),
    ]);
    assert.equal(output.status, 200);
    assert.equal((JSON.parse(output.body) as { output: { id: number } }).output.id, 0);
    const error = await curl(['-H', `Accept: ${TYPE.data.json}`, url('/running/profiles/profile/api-tokens')]);
    assert.equal(error.status, 400);
    assert.equal(error.headers['content-type'], TYPE.errors.json);
    assert.deepEqual(JSON.parse(error.body), {
      errors: {
        error: [
          {
            'error-type': 'application',
            'error-tag': 'invalid-value',
            'error-urlpath': `${REST}/running/profiles/profile/api-tokens`,
            'error-path': '/base:profiles/profile',
            'error-message': 'list profile has 2 key(s) (id,type), the path gives 1: "api-tokens"',
          },
        ],
      },
    });
  });
});
