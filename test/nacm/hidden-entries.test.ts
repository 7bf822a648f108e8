/**
 * @module test/nacm/hidden-entries.test
 * Answers never tell a user about data they may not read, end to end over HTTPS on both APIs:
 * operators may not see (nor touch) the user-management profiles, and every request about one —
 * read, create, replace, merge, delete, YANG Patch, conditional or not — is answered exactly the
 * same whether the entry exists or not. Entity tags and Last-Modified of a filtered view move
 * with what the user sees, never with hidden changes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestResponse } from '../support/https-request.ts';
import { assertAccessDenied } from './nacm-checks.ts';
import type { NacmServer } from './nacm-server.ts';
import { startNacmServer } from './nacm-server.ts';

const TYPE = 'profile-user-management:user-management-service';
/** The factory default has this profile; the other one does not exist. */
const EXISTING = 'user-management';
const MISSING = 'ghost';

const profile = (id: string, extra: Record<string, unknown> = {}) => ({
  'base:profile': [{ id, type: TYPE, ...extra }],
});
const legacyProfile = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ 'base:profile': { id, type: TYPE, ...extra } });

/** Requests about the profile `id`, each on RESTCONF or legacy REST, with optional extra headers. */
const requests: [string, (server: NacmServer, id: string) => Promise<TestResponse>][] = [
  ['GET', (s, id) => s.restconf('operator', 'GET', `/data/base:profiles/profile=${id},${encodeURIComponent(TYPE)}`)],
  [
    'DELETE',
    (s, id) => s.restconf('operator', 'DELETE', `/data/base:profiles/profile=${id},${encodeURIComponent(TYPE)}`),
  ],
  [
    'PUT',
    (s, id) =>
      s.restconf('operator', 'PUT', `/data/base:profiles/profile=${id},${encodeURIComponent(TYPE)}`, profile(id)),
  ],
  [
    'PATCH',
    (s, id) =>
      s.restconf(
        'operator',
        'PATCH',
        `/data/base:profiles/profile=${id},${encodeURIComponent(TYPE)}`,
        profile(id, { description: 'x' }),
      ),
  ],
  [
    'PATCH that would change nothing',
    (s, id) =>
      s.restconf('operator', 'PATCH', `/data/base:profiles/profile=${id},${encodeURIComponent(TYPE)}`, profile(id)),
  ],
  ['POST', (s, id) => s.restconf('operator', 'POST', '/data/base:profiles', profile(id))],
  [
    'YANG Patch merge',
    (s, id) =>
      s.restconf(
        'operator',
        'PATCH',
        '/data',
        {
          'ietf-yang-patch:yang-patch': {
            'patch-id': 'p',
            edit: [
              {
                'edit-id': 'e',
                operation: 'merge',
                target: `/base:profiles/profile=${id},${encodeURIComponent(TYPE)}/description`,
                value: { 'base:description': 'x' },
              },
            ],
          },
        },
        undefined,
        undefined,
        'application/yang-patch+json',
      ),
  ],
  ...['If-Match: *', 'If-None-Match: *', 'If-Match: "1"', 'If-Unmodified-Since: Thu, 01 Jan 2026 00:00:00 GMT'].map(
    (header): [string, (server: NacmServer, id: string) => Promise<TestResponse>] => {
      const [name = '', value = ''] = header.split(': ');
      return [
        `PATCH with ${header}`,
        (s, id) =>
          s.restconf(
            'operator',
            'PATCH',
            `/data/base:profiles/profile=${id},${encodeURIComponent(TYPE)}`,
            profile(id, { description: 'x' }),
            undefined,
            { [name]: value },
          ),
      ];
    },
  ),
  ['legacy GET', (s, id) => s.rest('operator', 'GET', `/running/profiles/profile/${id},um:user-management-service`)],
  [
    'legacy DELETE',
    (s, id) => s.rest('operator', 'DELETE', `/running/profiles/profile/${id},um:user-management-service`),
  ],
  [
    'legacy PUT',
    (s, id) =>
      s.rest('operator', 'PUT', `/running/profiles/profile/${id},um:user-management-service`, legacyProfile(id)),
  ],
  [
    'legacy PATCH',
    (s, id) =>
      s.rest(
        'operator',
        'PATCH',
        `/running/profiles/profile/${id},um:user-management-service`,
        legacyProfile(id, { description: 'x' }),
      ),
  ],
  [
    'legacy PATCH that would change nothing',
    (s, id) =>
      s.rest('operator', 'PATCH', `/running/profiles/profile/${id},um:user-management-service`, legacyProfile(id)),
  ],
  ['legacy POST', (s, id) => s.rest('operator', 'POST', '/running/profiles', legacyProfile(id))],
];

describe('NACM: answers tell nothing about hidden entries, both APIs', () => {
  let server: NacmServer;

  before(async () => {
    server = await startNacmServer();
    const rule = await server.restconf(
      'admin',
      'POST',
      '/data/ietf-netconf-acm:nacm/rule-list=operators?insert=first',
      {
        'ietf-netconf-acm:rule': [
          {
            name: 'no-user-management',
            path: `/base:profiles/profile[type='${TYPE}']`,
            'access-operations': '*',
            action: 'deny',
          },
        ],
      },
    );
    assert.equal(rule.status, 201, rule.body);
  });
  after(async () => {
    await server?.stop();
  });

  it('the operator does not see the profile, nor does anything of it show elsewhere', async () => {
    const profiles = await server.restconf('operator', 'GET', '/data/base:profiles?depth=2');
    assert.deepEqual(JSON.parse(profiles.body), {
      'base:profiles': {
        profile: [
          { id: 'token-service', type: 'profile-oauth:oauth-service' },
          { id: 'authentication-service', type: 'profile-authentication:authentication-service' },
        ],
      },
    });
  });

  for (const [name, request] of requests) {
    it(`${name}: the same 403 whether the entry exists or not, and nothing changed`, async () => {
      const before = await server.configuration();
      const existing = await request(server, EXISTING);
      const missing = await request(server, MISSING);
      assertAccessDenied(existing, name);
      // The request's own path (and, on the legacy API, its URL) name the id asked for; nothing else differs.
      assert.equal(existing.body.replace(/(?<![-:])user-management(?![-:])/g, MISSING), missing.body, name);
      assert.equal(existing.headers['content-type'], missing.headers['content-type']);
      assert.equal(await server.configuration(), before);
    });
  }

  describe('entity tags and Last-Modified of a filtered view', () => {
    const USERS = '/data/idconf-aaa:aaa/authentication/users';
    const user = (password: string, description: string) => ({
      'idconf-aaa:user': [{ name: 'etag', password: `$6$saltsalt$${password.repeat(86)}`, description }],
    });
    const view = async (api: 'restconf' | 'rest') => {
      const response =
        api === 'restconf'
          ? await server.restconf('auditor', 'GET', USERS)
          : await server.rest('auditor', 'GET', '/running/aaa/authentication/users?deep');
      assert.equal(response.status, 200, response.body);
      return { etag: String(response.headers.etag), modified: String(response.headers['last-modified']) };
    };

    it('a hidden change moves neither; a visible one moves both, on both APIs', async () => {
      assert.equal((await server.restconf('admin', 'PUT', `${USERS}/user=etag`, user('a', 'one'))).status, 201);
      const first = { restconf: await view('restconf'), rest: await view('rest') };
      assert.match(first.restconf.etag, /^"v/);
      assert.deepEqual(first.rest, first.restconf, 'the same view has the same version on both APIs');
      // A second later, so that a moved Last-Modified would show.
      await sleep(1100);
      assert.equal((await server.restconf('admin', 'PUT', `${USERS}/user=etag`, user('b', 'one'))).status, 204);
      assert.deepEqual({ restconf: await view('restconf'), rest: await view('rest') }, first, 'a hidden change');
      const stale = await server.restconf('auditor', 'GET', USERS, undefined, undefined, {
        'If-None-Match': first.restconf.etag,
      });
      assert.equal(stale.status, 304, 'the view is unchanged');
      const since = await server.restconf('auditor', 'GET', USERS, undefined, undefined, {
        'If-Modified-Since': first.restconf.modified,
      });
      assert.equal(since.status, 304, 'not modified since');
      assert.equal((await server.restconf('admin', 'PUT', `${USERS}/user=etag`, user('b', 'two'))).status, 204);
      const second = await view('restconf');
      assert.notEqual(second.etag, first.restconf.etag);
      assert.ok(
        Date.parse(second.modified) > Date.parse(first.restconf.modified),
        'a visible change moves Last-Modified',
      );
      const admin = await server.restconf('admin', 'GET', USERS);
      assert.equal(second.modified, admin.headers['last-modified'], 'to the time of the commit that made it');
      assert.equal((await server.restconf('admin', 'DELETE', `${USERS}/user=etag`)).status, 204);
    });
  });
});
