/**
 * @module test/conformance/yang-dir.test
 * `idconf serve --yang-dir DIR` as a user runs it, over a real socket: a directory holding a
 * module with its submodule and two revisions of another module starts; the submodule comes in
 * through include, the newest revision is implemented and the older one stays import-only for
 * the import that names it by revision-date; modules found only in a subdirectory are
 * import-only, unless an implemented module augments them (RFC 7950 §5.6.5); the YANG library
 * says so, and the new nodes take configuration.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { send, type TestResponse } from '../support/https-request.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const PASSWORD = 'yang-dir-test-password';
const AUTHORIZATION = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
const RESTCONF = '/admin/api/restconf';
const JSON_TYPE = 'application/yang-data+json';

const module = (name: string, body: string): string =>
  `module ${name} { yang-version 1.1; namespace "urn:example:${name}"; prefix ${name}; ${body} }`;

/** The YANG library as the tests look at it. */
interface ModuleSet {
  readonly module: readonly { name: string; revision?: string; submodule?: { name: string; location?: string[] }[] }[];
  readonly 'import-only-module': readonly { name: string; revision: string }[];
}

describe('idconf serve --yang-dir with a submodule and two revisions', () => {
  let yangDir = '';
  let server: ServerProcess;
  const request = (method: string, path: string, body?: unknown): Promise<TestResponse> =>
    send(`${server.url}${path.startsWith('/admin') ? '' : RESTCONF}${path}`, {
      method,
      headers: {
        Authorization: AUTHORIZATION,
        Accept: JSON_TYPE,
        ...(body === undefined ? {} : { 'Content-Type': JSON_TYPE }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  before(async () => {
    yangDir = mkdtempSync(join(tmpdir(), 'idconf-yang-dir-'));
    mkdirSync(join(yangDir, 'deps'));
    writeFileSync(
      join(yangDir, 'shop.yang'),
      module(
        'shop',
        `include shop-shelves;
        import stock { prefix st; revision-date 2023-01-01; }
        import warehouse { prefix w; }
        import labels { prefix l; }
        revision 2024-05-01;
        container shop { leaf size { type st:count; } leaf label { type l:label; } }
        augment "/w:warehouse" { leaf shop-door { type uint8; } }`,
      ),
    );
    writeFileSync(
      join(yangDir, 'shop-shelves.yang'),
      `submodule shop-shelves { yang-version 1.1; belongs-to shop { prefix shop; } revision 2024-05-01;
        container shelves { list shelf { key id; leaf id { type uint8; } } } }`,
    );
    writeFileSync(
      join(yangDir, 'stock@2023-01-01.yang'),
      module('stock', 'revision 2023-01-01; typedef count { type uint8 { range "1..10"; } }'),
    );
    writeFileSync(
      join(yangDir, 'stock@2024-01-01.yang'),
      module('stock', 'revision 2024-01-01; revision 2023-01-01; container stock { leaf items { type uint32; } }'),
    );
    writeFileSync(join(yangDir, 'deps', 'warehouse.yang'), module('warehouse', 'container warehouse;'));
    writeFileSync(join(yangDir, 'deps', 'labels.yang'), module('labels', 'typedef label { type string; }'));
    server = await startServerProcess({
      args: ['--insecure-http', '--yang-dir', yangDir],
      env: { IDCONF_ADMIN_PASSWORD: PASSWORD },
    });
  });
  after(async () => {
    await server?.stop();
    rmSync(yangDir, { recursive: true, force: true });
  });

  it('starts and warns once that the older revision is not implemented', () => {
    const warnings = server.output.filter((line) => line.includes('revision 2023-01-01 is not implemented'));
    assert.equal(warnings.length, 1, server.output.join('\n'));
    assert.match(warnings[0] ?? '', /"level":40/);
  });

  it('announces the implemented and import-only modules in the YANG library', async () => {
    const response = await request('GET', '/data/ietf-yang-library:yang-library/module-set=complete');
    assert.equal(response.status, 200, response.body);
    const set = (JSON.parse(response.body) as { 'ietf-yang-library:module-set': ModuleSet[] })[
      'ietf-yang-library:module-set'
    ][0];
    const implemented = new Map(set?.module.map((entry) => [entry.name, entry]));
    assert.equal(implemented.get('shop')?.revision, '2024-05-01');
    assert.deepEqual(
      implemented.get('shop')?.submodule?.map((submodule) => submodule.name),
      ['shop-shelves'],
    );
    assert.equal(implemented.get('stock')?.revision, '2024-01-01');
    assert.ok(implemented.has('warehouse'), 'an augmented module is implemented');
    assert.equal(implemented.has('shop-shelves'), false);
    assert.deepEqual(
      set?.['import-only-module']
        .filter((entry) => ['stock', 'labels', 'warehouse'].includes(entry.name))
        .map((entry) => `${entry.name}@${entry.revision}`)
        .sort(),
      ['labels@', 'stock@2023-01-01'],
    );
    const location = implemented.get('shop')?.submodule?.[0]?.location?.[0] ?? '';
    const source = await send(location, { headers: { Authorization: AUTHORIZATION } });
    assert.equal(source.status, 200);
    assert.match(source.body, /^submodule shop-shelves \{/);
  });

  it('takes configuration in the module, its submodule and the augmented module', async () => {
    const created = await request('PATCH', '/data', {
      'ietf-restconf:data': {
        'shop:shop': { size: 7, label: 'corner' },
        'shop:shelves': { shelf: [{ id: 1 }, { id: 2 }] },
        'stock:stock': { items: 40 },
        'warehouse:warehouse': { 'shop:shop-door': 3 },
      },
    });
    assert.equal(created.status, 204, created.body);
    const shop = await request('GET', '/data/shop:shop');
    assert.deepEqual(JSON.parse(shop.body), { 'shop:shop': { size: 7, label: 'corner' } });
    const shelves = await request('GET', '/data/shop:shelves/shelf=2');
    assert.deepEqual(JSON.parse(shelves.body), { 'shop:shelf': [{ id: 2 }] });
  });

  it('checks the type of the older revision imported by revision-date', async () => {
    const refused = await request('PUT', '/data/shop:shop/size', { 'shop:size': 11 });
    assert.equal(refused.status, 400, refused.body);
    const error = (
      JSON.parse(refused.body) as {
        'ietf-restconf:errors': { error: { 'error-tag': string; 'error-message': string }[] };
      }
    )['ietf-restconf:errors'].error[0];
    assert.equal(error?.['error-tag'], 'invalid-value');
    assert.match(error?.['error-message'] ?? '', /range 1\.\.10 of type stock:count/);
  });
});
