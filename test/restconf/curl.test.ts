/**
 * @module test/restconf/curl.test
 * The RESTCONF API driven by curl, a real third-party client, over HTTPS: the first session of
 * the README (read the configuration, change it with a rollback comment, look at the rollback
 * file, roll it back), both encodings, HEAD and OPTIONS, a YANG Patch, an action, and errors.
 * Skipped without curl outside CI; under CI=true a missing curl fails.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RestconfTestServer } from './restconf-test-server.ts';
import { curl, requireCurl, startRestconfServer } from './restconf-test-server.ts';

const JSON_TYPE = 'application/yang-data+json';
const XML = 'application/yang-data+xml';

describe('RESTCONF with curl', () => {
  let server: RestconfTestServer;
  before(async () => {
    server = await startRestconfServer();
  });
  after(async () => {
    await server.close();
  });
  const url = (path: string): string => `${server.api}${path}`;

  it('a first session: read, change with a comment, inspect the rollback file, roll back', async (t) => {
    if (!requireCurl(t)) return;
    const read = await curl([url('/data/example-jukebox:jukebox/player')]);
    assert.equal(read.status, 200);
    assert.deepEqual(JSON.parse(read.body), { 'example-jukebox:player': { gap: '0.5' } });

    const change = await curl([
      '-X',
      'PATCH',
      '-H',
      `Content-Type: ${JSON_TYPE}`,
      '-d',
      '{"example-jukebox:player": {"gap": "1.5"}}',
      url('/data/example-jukebox:jukebox/player?rollback-comment=longer%20gap&rollback-id=true'),
    ]);
    assert.equal(change.status, 200);
    const id = (JSON.parse(change.body) as { 'idconf-restconf:result': { rollback: { id: number } } })[
      'idconf-restconf:result'
    ].rollback.id;

    const files = await curl([url('/data/idconf-rollback:rollback-files/file=0')]);
    const file = (JSON.parse(files.body) as { 'idconf-rollback:file': Record<string, unknown>[] })[
      'idconf-rollback:file'
    ][0];
    assert.equal(file?.['fixed-number'], id);
    assert.equal(file?.comment, 'longer gap');

    const content = await curl([
      '-X',
      'POST',
      '-H',
      `Content-Type: ${JSON_TYPE}`,
      '-d',
      `{"input": {"fixed-number": "${id}"}}`,
      url('/data/idconf-rollback:rollback-files/get-rollback-file'),
    ]);
    assert.equal(content.status, 200);
    assert.match(content.body, /gap \\"1.5\\" -> \\"0.5\\"/);

    const rollback = await curl([
      '-X',
      'POST',
      '-H',
      `Content-Type: ${JSON_TYPE}`,
      '-d',
      `{"input": {"fixed-number": "${id}"}}`,
      url('/data/idconf-rollback:rollback-files/apply-rollback-file'),
    ]);
    assert.equal(rollback.status, 204);
    const again = await curl([url('/data/example-jukebox:jukebox/player/gap')]);
    assert.deepEqual(JSON.parse(again.body), { 'example-jukebox:gap': '0.5' });
  });

  it('XML both ways, HEAD and OPTIONS', async (t) => {
    if (!requireCurl(t)) return;
    const created = await curl([
      '-X',
      'POST',
      '-H',
      `Content-Type: ${XML}`,
      '-d',
      '<artist xmlns="http://example.com/ns/example-jukebox"><name>Curl Band</name></artist>',
      url('/data/example-jukebox:jukebox/library'),
    ]);
    assert.equal(created.status, 201);
    assert.equal(created.headers.location, url('/data/example-jukebox:jukebox/library/artist=Curl%20Band'));
    const read = await curl(['-H', `Accept: ${XML}`, created.headers.location ?? '']);
    assert.equal(read.headers['content-type'], XML);
    assert.match(
      read.body,
      /^<artist xmlns="http:\/\/example.com\/ns\/example-jukebox"><name>Curl Band<\/name><\/artist>/,
    );
    const head = await curl(['-I', created.headers.location ?? '']);
    assert.equal(head.status, 200);
    assert.match(head.headers.etag ?? '', /^"\d+"$/);
    assert.equal(head.body, '');
    const options = await curl(['-X', 'OPTIONS', url('/data')]);
    assert.equal(options.status, 204);
    assert.equal(options.headers.allow, 'GET, HEAD, OPTIONS, POST, PUT, PATCH');
  });

  it('a YANG Patch and an action', async (t) => {
    if (!requireCurl(t)) return;
    const patch = await curl([
      '-X',
      'PATCH',
      '-H',
      'Content-Type: application/yang-patch+json',
      '-d',
      JSON.stringify({
        'ietf-yang-patch:yang-patch': {
          'patch-id': 'curl-patch',
          edit: [{ 'edit-id': '1', operation: 'merge', target: '/name', value: { 't-restconf:name': 'from curl' } }],
        },
      }),
      url('/data/t-restconf:settings'),
    ]);
    assert.equal(patch.status, 200);
    assert.deepEqual(JSON.parse(patch.body), {
      'ietf-yang-patch:yang-patch-status': { 'patch-id': 'curl-patch', ok: [null] },
    });
    const action = await curl([
      '-X',
      'POST',
      url('/operations/idconf-rollback:rollback-files/get-rollback-file'),
      '-d',
      '{"id": 0}',
      '-H',
      `Content-Type: ${JSON_TYPE}`,
    ]);
    assert.equal(action.status, 200);
    assert.match(action.body, /"idconf-rollback:output"/);
  });

  it('errors: 401 without credentials, 404, 406', async (t) => {
    if (!requireCurl(t)) return;
    const anonymous = await curl(['-u', ':', '--basic', url('/data')]);
    assert.equal(anonymous.status, 401);
    assert.match(anonymous.headers['www-authenticate'] ?? '', /Basic realm="idconf"/);
    const missing = await curl([url('/data/example-jukebox:jukebox/library/artist=Nobody')]);
    assert.equal(missing.status, 404);
    assert.equal(
      (JSON.parse(missing.body) as { 'ietf-restconf:errors': { error: { 'error-tag': string }[] } })[
        'ietf-restconf:errors'
      ].error[0]?.['error-tag'],
      'invalid-value',
    );
    const refused = await curl(['-H', 'Accept: text/html', url('/data/example-jukebox:jukebox')]);
    assert.equal(refused.status, 406);
  });
});
