/**
 * @module test/nacm/library-and-rollbacks.test
 * NACM on the YANG library, module sources and rollback files, end to end over HTTPS: a module
 * source is served to whoever may read a library entry announcing it (auditors here may not
 * see the entries of idconf-aaa, operators not the library at all, 403 for any name, present or
 * not); rollback listings and file headers leave out the metadata a user may not read (operators
 * do not learn who committed, auditors here neither when nor the fixed numbers), a file's changes are shown without what they may not read, and a
 * group that may not read the rollback files gets none of them on either API.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccessDenied, assertRefusedOperation } from './nacm-checks.ts';
import type { NacmClient, NacmServer } from './nacm-server.ts';
import { startNacmServer } from './nacm-server.ts';

const NACM = '/data/ietf-netconf-acm:nacm';
const FILES = '/data/idconf-rollback:rollback-files';

/** Rules added to the example: per module for auditors, the whole library and the committers for operators. */
const RULES: [string, Record<string, unknown>][] = [
  [
    'auditors',
    {
      name: 'no-aaa-module',
      path: "/ietf-yang-library:yang-library/module-set/module[name='idconf-aaa']",
      'access-operations': 'read',
      action: 'deny',
    },
  ],
  [
    'auditors',
    {
      name: 'no-aaa-module-state',
      path: "/ietf-yang-library:modules-state/module[name='idconf-aaa']",
      'access-operations': 'read',
      action: 'deny',
    },
  ],
  [
    'auditors',
    {
      name: 'no-numbers',
      path: '/idconf-rollback:rollback-files/file/fixed-number',
      'access-operations': 'read',
      action: 'deny',
    },
  ],
  [
    'auditors',
    {
      name: 'no-dates',
      path: '/idconf-rollback:rollback-files/file/date',
      'access-operations': 'read',
      action: 'deny',
    },
  ],
  [
    'operators',
    { name: 'no-library', 'module-name': 'ietf-yang-library', 'access-operations': 'read', action: 'deny' },
  ],
  [
    'operators',
    {
      name: 'no-committers',
      path: '/idconf-rollback:rollback-files/file/creator',
      'access-operations': 'read',
      action: 'deny',
    },
  ],
];

describe('NACM: the YANG library, module sources and rollback files', () => {
  let server: NacmServer;
  /** A guest: in group `guests`, which may read no rollback file. */
  let guest: NacmClient;
  /** The source URL (below the RESTCONF root) of each module, by name. */
  const sources = new Map<string, string>();
  const moduleNames = async (role: 'auditor' | 'nobody'): Promise<string[]> => {
    const library = await server.restconf(role, 'GET', '/data/ietf-yang-library:yang-library/module-set=complete');
    assert.equal(library.status, 200, library.body);
    return (
      (JSON.parse(library.body) as { 'ietf-yang-library:module-set': { module: { name: string }[] }[] })[
        'ietf-yang-library:module-set'
      ][0]?.module.map((module) => module.name) ?? []
    );
  };

  before(async () => {
    server = await startNacmServer();
    for (const [list, rule] of RULES) {
      const added = await server.restconf('admin', 'POST', `${NACM}/rule-list=${list}?insert=first`, {
        'ietf-netconf-acm:rule': [rule],
      });
      assert.equal(added.status, 201, added.body);
    }
    const guests = await server.restconf('admin', 'PATCH', NACM, {
      'ietf-netconf-acm:nacm': {
        groups: { group: [{ name: 'guests', 'user-name': ['gus'] }] },
        'rule-list': [
          {
            name: 'guests',
            group: ['guests'],
            rule: [
              { name: 'no-rollbacks', 'module-name': 'idconf-rollback', 'access-operations': '*', action: 'deny' },
            ],
          },
        ],
      },
    });
    assert.equal(guests.status, 204, guests.body);
    const state = await server.restconf('admin', 'GET', '/data/ietf-yang-library:modules-state');
    for (const module of (
      JSON.parse(state.body) as { 'ietf-yang-library:modules-state': { module: { name: string; schema: string }[] } }
    )['ietf-yang-library:modules-state'].module)
      sources.set(module.name, new URL(module.schema).pathname.replace('/admin/api/restconf', ''));
    guest = await server.addAccount('gus');
  });
  after(async () => {
    await server?.stop();
  });

  describe('YANG library and module sources', () => {
    const download = (role: 'auditor' | 'nobody' | 'operator', path: string) =>
      server.restconf(role, 'GET', path, undefined, 'application/yang');

    it('a user in no group reads the whole library and downloads every source', async () => {
      assert.ok((await moduleNames('nobody')).includes('idconf-aaa'));
      for (const name of ['base', 'idconf-aaa', 'ietf-netconf-acm']) {
        const source = await download('nobody', sources.get(name) ?? '');
        assert.equal(source.status, 200, source.body);
        assert.match(source.body, new RegExp(`^module ${name} \\{`));
      }
    });

    it('auditors do not see the entries of idconf-aaa, nor download its source; the rest they do', async () => {
      const names = await moduleNames('auditor');
      assert.ok(names.includes('base') && !names.includes('idconf-aaa'), names.join());
      const state = await server.restconf('auditor', 'GET', '/data/ietf-yang-library:modules-state');
      assert.doesNotMatch(state.body, /"idconf-aaa"/);
      assert.equal((await download('auditor', sources.get('base') ?? '')).status, 200);
      const hidden = await download('auditor', sources.get('idconf-aaa') ?? '');
      assertAccessDenied(hidden);
      assert.doesNotMatch(hidden.body, /module idconf-aaa/);
      assertAccessDenied(await download('auditor', '/yang/idconf-aaa.yang'));
      // A module no rule hides and no one has: not found, as for anyone.
      assert.equal((await download('auditor', '/yang/nope@2020-01-01.yang')).status, 404);
    });

    it('operators may not read the library: no library, and 403 for every source, present or not', async () => {
      assertAccessDenied(await server.restconf('operator', 'GET', '/data/ietf-yang-library:yang-library'));
      assertAccessDenied(await server.restconf('operator', 'GET', '/data/ietf-yang-library:modules-state'));
      assertAccessDenied(await server.rest('operator', 'GET', '/operational/modules-state'));
      const top = await server.restconf('operator', 'GET', '/data?depth=1');
      assert.doesNotMatch(top.body, /ietf-yang-library/);
      const present = await download('operator', sources.get('base') ?? '');
      const missing = await download('operator', '/yang/nope@2026-11-22.yang');
      assertAccessDenied(present);
      assertAccessDenied(missing);
      assert.equal(present.body.replace('base', 'nope'), missing.body);
    });
  });

  describe('rollback files', () => {
    /** The newest file: the one the commit below makes. */
    const fileId = 0;
    before(async () => {
      // One commit that changes a profile and a TLS key's description: operators see only the first.
      const both = await server.restconf('admin', 'PATCH', '/data', {
        'ietf-restconf:data': {
          'base:profiles': {
            profile: [{ id: 'token-service', type: 'profile-oauth:oauth-service', description: 'both' }],
          },
          'base:facilities': {
            crypto: { ssl: { 'server-keystore': [{ id: 'default-admin-keystore', description: 'both' }] } },
          },
        },
      });
      assert.equal(both.status, 204, both.body);
    });

    it('operators list the files without who committed them, on both APIs', async () => {
      const listing = await server.restconf('operator', 'GET', `${FILES}/file=${fileId}`);
      assert.deepEqual(
        Object.keys(
          (JSON.parse(listing.body) as { 'idconf-rollback:file': object[] })['idconf-rollback:file'][0] ?? {},
        ),
        ['id', 'fixed-number', 'date', 'via'],
      );
      const legacy = await server.rest(
        'operator',
        'GET',
        '/rollbacks',
        undefined,
        undefined,
        'application/vnd.yang.api+json',
      );
      const first = (JSON.parse(legacy.body) as { rollbacks: { file: { creator: string; via: string }[] } }).rollbacks
        .file[0];
      assert.deepEqual([first?.creator, first?.via], ['', 'restconf']);
      const admins = await server.rest(
        'admin',
        'GET',
        '/rollbacks',
        undefined,
        undefined,
        'application/vnd.yang.api+json',
      );
      assert.match(admins.body, /"creator":"admin"/);
    });

    it("operators read a file's changes without crypto and without its committer, on both APIs", async () => {
      const got = await server.restconf('operator', 'POST', `${FILES}/get-rollback-file`, {
        'idconf-rollback:input': { id: fileId },
      });
      assert.equal(got.status, 200, got.body);
      const output = (JSON.parse(got.body) as { 'idconf-rollback:output': Record<string, unknown> })[
        'idconf-rollback:output'
      ];
      assert.equal(output.creator, undefined);
      assert.match(String(output.content), /profiles/);
      assert.doesNotMatch(String(output.content), /crypto|server-keystore/);
      const text = await server.rest('operator', 'GET', `/rollbacks/${fileId}`);
      assert.equal(text.status, 200, text.body);
      assert.match(text.body, /^# Created by: \n/);
      assert.match(text.body, /profile token-service/);
      assert.doesNotMatch(text.body, /crypto|server-keystore/);
      const admin = await server.rest('admin', 'GET', `/rollbacks/${fileId}`);
      assert.match(admin.body, /^# Created by: admin\n/);
      assert.match(admin.body, /server-keystore/);
    });

    it('with the fixed numbers and dates hidden, the legacy listing and files leave them empty', async () => {
      const listing = await server.rest(
        'auditor',
        'GET',
        '/rollbacks',
        undefined,
        undefined,
        'application/vnd.yang.api+json',
      );
      assert.equal(listing.status, 200, listing.body);
      const first = (JSON.parse(listing.body) as { rollbacks: { file: Record<string, string>[] } }).rollbacks.file[0];
      assert.deepEqual(first, {
        name: '0',
        'fixed-number': '',
        creator: 'admin',
        date: '',
        via: 'restconf',
        label: '',
        comment: '',
      });
      const text = await server.rest('auditor', 'GET', `/rollbacks/${fileId}`);
      assert.equal(text.status, 200, text.body);
      assert.match(text.body, /^# Created by: admin\n# Date: \n/);
      assert.match(text.body, /\n# No: \n/);
      assert.match(text.body, /server-keystore/);
    });

    it('a group that may not read the rollback files gets none: listing, file, get and apply', async () => {
      assertAccessDenied(await guest.restconf('GET', FILES));
      assertAccessDenied(await guest.rest('GET', '/rollbacks', undefined, undefined, 'application/vnd.yang.api+json'));
      assertAccessDenied(await guest.rest('GET', `/rollbacks/${fileId}`));
      const top = await guest.restconf('GET', '/data?depth=1');
      assert.doesNotMatch(top.body, /rollback-files/);
      await assertRefusedOperation(server, () =>
        guest.restconf('POST', `${FILES}/get-rollback-file`, { 'idconf-rollback:input': { id: fileId } }),
      );
      await assertRefusedOperation(server, () =>
        guest.restconf('POST', `${FILES}/apply-rollback-file`, { 'idconf-rollback:input': { id: fileId } }),
      );
      await assertRefusedOperation(server, () =>
        guest.rest('POST', '/running/_rollback', JSON.stringify({ file: String(fileId) })),
      );
    });
  });
});
