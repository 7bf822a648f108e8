/**
 * @module test/legacy-rest/operations.test
 * Operations and rollbacks of the legacy REST API end to end, in both encodings: RPCs at
 * `/operations/<module>:<rpc>` (listed in the api root; the fixture RPCs have no handler, so
 * they reach the management layer and answer 501), actions at `<path>/_operations/<name>` with
 * input in every accepted form and output as `vnd.yang.operation`, the rollback listing, one
 * rollback file as text, and `POST /running/_rollback` (cumulative and selective).
 * @see shared/spec/legacy-rest.md Decisions 1, 7; §8, §10
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { LegacyTestServer } from './legacy-rest-server.ts';
import { FORMATS, legacyErrors, REST, startLegacyServer, TYPE } from './legacy-rest-server.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'yang');
const OPS = 'https://example.com/ns/example-ops';
const ROLLBACK = 'urn:idconf:yang:rollback';
const GET_FILE = '/operational/rollback-files/_operations/get-rollback-file';

interface FileJson {
  readonly name: string;
  readonly 'fixed-number': string;
  readonly creator: string;
  readonly date: string;
  readonly via: string;
  readonly label: string;
  readonly comment: string;
}

describe('legacy REST operations and rollbacks', () => {
  let server: LegacyTestServer;
  before(async () => {
    server = await startLegacyServer({ args: ['--yang-dir', FIXTURES] });
  });
  after(async () => {
    await server.stop();
  });
  const files = async (): Promise<FileJson[]> =>
    (
      JSON.parse((await server.rest('GET', '/rollbacks', { accept: TYPE.api.json })).body) as {
        rollbacks: { file: FileJson[] };
      }
    ).rollbacks.file;
  const description = async (): Promise<string | undefined> => {
    const response = await server.rest('GET', '/running/profiles/profile/token-service,as:oauth-service/description', {
      accept: TYPE.data.json,
    });
    return response.status === 200
      ? (JSON.parse(response.body) as { 'base:description': string })['base:description']
      : undefined;
  };
  const setDescription = async (text: string, query = ''): Promise<void> => {
    const response = await server.rest('PATCH', `/running/profiles/profile/token-service,as:oauth-service${query}`, {
      type: TYPE.data.json,
      body: JSON.stringify({
        'base:profile': { id: 'token-service', type: 'profile-oauth:oauth-service', description: text },
      }),
    });
    assert.equal(response.status, 204, response.body);
  };

  it('the api root lists the RPCs with their URLs', async () => {
    const json = JSON.parse((await server.rest('GET', '', { accept: TYPE.api.json })).body) as {
      api: { operations: Record<string, string> };
    };
    assert.equal(json.api.operations['example-ops:reboot'], `${REST}/operations/example-ops:reboot`);
    assert.equal(json.api.operations['example-jukebox:play'], `${REST}/operations/example-jukebox:play`);
    const xml = await server.rest('GET', '');
    assert.match(xml.body, new RegExp(`<reboot xmlns="${OPS}">/admin/api/rest/operations/example-ops:reboot</reboot>`));
  });

  it('an RPC is POSTed with input in any accepted form; without a handler it is 501', async () => {
    const bodies: [string, string][] = [
      [TYPE.operation.json, '{"input": {"delay": 5, "message": "bye"}}'],
      [TYPE.operation.json, '{"example-ops:input": {"delay": 5}}'],
      [TYPE.operation.json, '{"delay": 5}'],
      [TYPE.operation.xml, `<input xmlns="${OPS}"><delay>5</delay></input>`],
      [TYPE.operation.xml, `<reboot xmlns="${OPS}"><delay>5</delay></reboot>`],
    ];
    for (const [type, body] of bodies) {
      const response = await server.rest('POST', '/operations/example-ops:reboot', { type, body, accept: type });
      assert.equal(response.status, 501, body);
      assert.equal(legacyErrors(response)[0]?.['error-tag'], 'operation-not-supported');
    }
    const bad = await server.rest('POST', '/operations/example-ops:reboot', {
      type: TYPE.operation.json,
      body: '{"input": {"delay": "soon"}}',
      accept: TYPE.errors.json,
    });
    assert.equal(bad.status, 400);
    assert.equal(legacyErrors(bad)[0]?.['error-tag'], 'invalid-value');
    const read = await server.rest('GET', '/operations/example-ops:reboot');
    assert.equal(read.status, 405);
    assert.equal(read.headers.allow, 'POST, OPTIONS');
    const netconf = await server.rest('POST', '/operations/ietf-netconf:lock', {
      type: TYPE.operation.json,
      body: '{}',
    });
    assert.equal(netconf.status, 400, 'the NETCONF protocol operations are not offered');
  });

  for (const format of FORMATS) {
    it(`an action answers its output as vnd.yang.operation (${format})`, async () => {
      const inputs =
        format === 'json'
          ? ['{"input": {"id": 0}}', '{"id": 0}']
          : [
              `<input xmlns="${ROLLBACK}"><id>0</id></input>`,
              `<get-rollback-file xmlns="${ROLLBACK}"><id>0</id></get-rollback-file>`,
            ];
      for (const body of inputs) {
        const response = await server.rest('POST', GET_FILE, {
          type: TYPE.operation[format],
          accept: TYPE.operation[format],
          body,
        });
        assert.equal(response.status, 200, response.body);
        assert.equal(response.headers['content-type'], TYPE.operation[format]);
        if (format === 'json') {
          const output = (JSON.parse(response.body) as { output: Record<string, unknown> }).output;
          assert.equal(output.id, 0);
          assert.equal(typeof output.content, 'string');
        } else assert.match(response.body, new RegExp(`^<output xmlns="${ROLLBACK}"><id>0</id><fixed-number>`));
      }
    });
  }

  it('the rollback listing is an array in JSON and a list of file elements in XML', async () => {
    await setDescription('one', '?rollback-comment=c1&rollback-label=l1');
    const [newest] = await files();
    assert.equal(newest?.name, '0');
    assert.equal(newest?.creator, 'admin');
    assert.equal(newest?.via, 'rest');
    assert.equal(newest?.comment, 'c1');
    assert.equal(newest?.label, 'l1');
    assert.match(newest?.date ?? '', /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const xml = await server.rest('GET', '/rollbacks?deep');
    assert.equal(xml.headers['content-type'], TYPE.api.xml);
    assert.match(
      xml.body,
      /^<rollbacks xmlns="http:\/\/tail-f\.com\/ns\/rest"><file><name>0<\/name><fixed-number>\d+<\/fixed-number><creator>admin<\/creator>/,
    );
  });

  it('one rollback file is plain text: the header and the change that undoes the commit', async () => {
    const text = await server.rest('GET', '/rollbacks/0');
    assert.equal(text.status, 200);
    assert.equal(text.headers['content-type'], 'text/plain; charset=utf-8');
    const [newest] = await files();
    assert.match(
      text.body,
      /^# Created by: admin\n# Date: .*\n# Via: rest\n# Type: delta\n# Label: l1\n# Comment: c1\n/,
    );
    assert.ok(
      text.body.endsWith(
        `# No: ${newest?.['fixed-number']}\n\nbase:profiles {\n    profile token-service profile-oauth:oauth-service {\n` +
          '        delete:\n        description;\n    }\n}\n',
      ),
      text.body,
    );
    assert.equal((await server.rest('GET', '/rollbacks/9999')).status, 404);
  });

  for (const format of FORMATS) {
    it(`POST /running/_rollback applies a file as a new transaction (${format})`, async () => {
      await setDescription(`${format}-a`);
      await setDescription(`${format}-b`);
      const count = (await files()).length;
      const body = format === 'json' ? '{"file": "1"}' : '<file>1</file>';
      const applied = await server.rest('POST', '/running/_rollback?rollback-comment=undo', {
        type: TYPE.operation[format],
        body,
      });
      assert.equal(applied.status, 204, applied.body);
      assert.equal(applied.body, '');
      // Cumulative: back to before file 1, the one that set -a.
      assert.notEqual(await description(), `${format}-a`);
      assert.notEqual(await description(), `${format}-b`);
      const after = await files();
      assert.equal(after.length, count + 1);
      assert.equal(after[0]?.comment, 'undo');
      assert.equal(after[0]?.via, 'rest');
    });
  }

  it('selective rollback undoes only the chosen file', async () => {
    await setDescription('sel-a');
    const profiles = await server.rest('POST', '/running/profiles', {
      type: TYPE.data.json,
      body: JSON.stringify({ 'base:profile': { id: 'later', type: 'profile-oauth:oauth-service' } }),
    });
    assert.equal(profiles.status, 201);
    await setDescription('sel-b');
    const applied = await server.rest('POST', '/running/_rollback', {
      type: TYPE.operation.xml,
      body: '<input><file>1</file><selective/></input>',
    });
    assert.equal(applied.status, 204, applied.body);
    assert.equal((await server.rest('GET', '/running/profiles/profile/later,as:oauth-service')).status, 404);
    assert.equal(await description(), 'sel-b');
    const json = await server.rest('POST', '/running/_rollback', {
      type: TYPE.operation.json,
      body: '{"file": "0", "selective": [null]}',
    });
    assert.equal(json.status, 204, json.body);
    assert.equal((await server.rest('GET', '/running/profiles/profile/later,as:oauth-service')).status, 200);
  });

  it('a bad rollback request is 400 and changes nothing', async () => {
    const count = await server.rollbackCount();
    const cases: [string, string, string][] = [
      [TYPE.operation.json, '{"file": "99999"}', 'invalid-value'],
      [TYPE.operation.json, '{"file": "x"}', 'invalid-value'],
      [TYPE.operation.json, '{"nope": "0"}', 'unknown-element'],
      [TYPE.operation.xml, '<file>-1</file>', 'invalid-value'],
      [TYPE.operation.json, '', 'malformed-message'],
    ];
    for (const [type, body, tag] of cases) {
      const response = await server.rest('POST', '/running/_rollback', { type, body, accept: TYPE.errors.json });
      assert.equal(response.status, 400, body);
      assert.equal(legacyErrors(response)[0]?.['error-tag'], tag, body);
    }
    assert.equal(await server.rollbackCount(), count);
  });
});
