/**
 * @module test/legacy-rest/malformed.test
 * A table of bad legacy REST requests — wrong key counts, unknown nodes and modules, quote and
 * percent-encoding errors, wrong media types, bad bodies and query parameters, a PUT on
 * `/running` without `force-put`, writes where none are allowed, missing credentials — each
 * answered with the legacy error envelope (in the format the client accepts, XML otherwise)
 * carrying its error-tag and the request path as error-urlpath, and each changing nothing: the
 * configuration and the list of rollback files are the same afterwards.
 * @see shared/spec/legacy-rest.md Decisions 2, 3, 5, 6; DESIGN §3 ("bad input changes nothing")
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Format, LegacyTestServer, RequestOptions } from './legacy-rest-server.ts';
import { FORMATS, legacyErrors, REST, startLegacyServer, TYPE } from './legacy-rest-server.ts';

const ENTRY = '/running/profiles/profile/token-service,as:oauth-service';
const BASE = 'urn:idconf:yang:base';
const GOOD_ENTRY = '{"base:profile": {"id": "token-service", "type": "profile-oauth:oauth-service"}}';

interface Case {
  readonly name: string;
  readonly method: string;
  /** Below /admin/api/rest, with the query. */
  readonly path: string;
  readonly body?: string;
  readonly type?: string;
  readonly status: number;
  readonly tag: string;
  readonly anonymous?: boolean;
  /** The Accept header replaces the test's own (the envelope then falls back to XML). */
  readonly accept?: string;
}

const CASES: readonly Case[] = [
  // Keys.
  {
    name: 'one key for a two-key list',
    method: 'GET',
    path: '/running/profiles/profile/token-service',
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'three keys for a two-key list',
    method: 'DELETE',
    path: '/running/profiles/profile/a,b,c',
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'a list without keys followed by a child',
    method: 'GET',
    path: '/running/profiles/profile/settings',
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'an identity that fits no base',
    method: 'GET',
    path: '/running/profiles/profile/a,nosuch-kind',
    status: 400,
    tag: 'invalid-value',
  },
  // Names.
  { name: 'an unknown top-level node', method: 'GET', path: '/running/nosuch', status: 400, tag: 'unknown-element' },
  {
    name: 'an unknown child',
    method: 'PATCH',
    path: '/running/profiles/nosuch',
    body: '{}',
    type: TYPE.data.json,
    status: 400,
    tag: 'unknown-element',
  },
  {
    name: 'an unknown module qualifier',
    method: 'GET',
    path: '/running/nosuch:profiles',
    status: 400,
    tag: 'unknown-namespace',
  },
  {
    name: 'a child below a leaf',
    method: 'GET',
    path: `${ENTRY}/description/more`,
    status: 400,
    tag: 'unknown-element',
  },
  // Quotes and percent-encoding.
  {
    name: 'an unterminated quote',
    method: 'GET',
    path: '/running/profiles/profile/%22token-service,oauth-service',
    status: 400,
    tag: 'malformed-message',
  },
  {
    name: 'a quote inside a value',
    method: 'DELETE',
    path: '/running/profiles/profile/tok%22en,oauth-service',
    status: 400,
    tag: 'malformed-message',
  },
  {
    name: 'bad percent-encoding',
    method: 'GET',
    path: '/running/profiles/profile/%zz,oauth-service',
    status: 400,
    tag: 'malformed-message',
  },
  { name: 'an empty segment', method: 'GET', path: '/running//profiles', status: 400, tag: 'malformed-message' },
  // Media types.
  {
    name: 'a text/plain body',
    method: 'PATCH',
    path: ENTRY,
    body: GOOD_ENTRY,
    type: 'text/plain',
    status: 415,
    tag: 'invalid-value',
  },
  {
    name: 'an octet-stream body',
    method: 'PUT',
    path: ENTRY,
    body: GOOD_ENTRY,
    type: 'application/octet-stream',
    status: 415,
    tag: 'invalid-value',
  },
  {
    name: 'an Accept with no XML or JSON',
    method: 'GET',
    path: ENTRY,
    accept: 'text/html',
    status: 406,
    tag: 'invalid-value',
  },
  // Bodies.
  {
    name: 'JSON that does not parse',
    method: 'PATCH',
    path: ENTRY,
    body: '{"base:profile": ',
    type: TYPE.data.json,
    status: 400,
    tag: 'malformed-message',
  },
  {
    name: 'XML that does not parse',
    method: 'PATCH',
    path: ENTRY,
    body: `<profile xmlns="${BASE}"><id>x</profile>`,
    type: TYPE.data.xml,
    status: 400,
    tag: 'malformed-message',
  },
  {
    name: 'XML with a DOCTYPE',
    method: 'PATCH',
    path: ENTRY,
    body: `<!DOCTYPE x [<!ENTITY a "b">]><profile xmlns="${BASE}"/>`,
    type: TYPE.data.xml,
    status: 400,
    tag: 'malformed-message',
  },
  {
    name: 'an unknown node in the body',
    method: 'PATCH',
    path: ENTRY,
    body: '{"base:profile": {"id": "token-service", "type": "profile-oauth:oauth-service", "nosuch": 1}}',
    type: TYPE.data.json,
    status: 400,
    tag: 'unknown-element',
  },
  {
    name: 'an unknown element in an XML body',
    method: 'PATCH',
    path: ENTRY,
    body: `<profile xmlns="${BASE}"><id>token-service</id><nosuch/></profile>`,
    type: TYPE.data.xml,
    status: 400,
    tag: 'unknown-element',
  },
  {
    name: 'a value of the wrong type',
    method: 'PATCH',
    path: '/running/environments/environment/services/service-role/default',
    body: '{"base:service-role": {"id": "default", "listening-port": "many"}}',
    type: TYPE.data.json,
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'body keys that differ from the path',
    method: 'PUT',
    path: ENTRY,
    body: '{"base:profile": {"id": "other", "type": "profile-oauth:oauth-service"}}',
    type: TYPE.data.json,
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'a POST of two entries',
    method: 'POST',
    path: '/running/profiles',
    body: '{"base:profile": [{"id": "a", "type": "profile-oauth:oauth-service"}, {"id": "b", "type": "profile-oauth:oauth-service"}]}',
    type: TYPE.data.json,
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'a POST of two children',
    method: 'POST',
    path: '/running',
    body: '{"ietf-netconf-acm:nacm": {"enable-nacm": true}, "idconf-aaa:aaa": {"authentication": {"users": {"user": [{"name": "z"}]}}}}',
    type: TYPE.data.json,
    status: 400,
    tag: 'invalid-value',
  },
  { name: 'a POST without a body', method: 'POST', path: '/running/profiles', status: 400, tag: 'malformed-message' },
  {
    name: 'an entry that fails validation',
    method: 'POST',
    path: `${ENTRY}/endpoints`,
    body: '{"base:endpoint": {"id": "e", "uri": "/e"}}',
    type: TYPE.data.json,
    status: 400,
    tag: 'missing-element',
  },
  {
    name: 'state data in a configuration body',
    method: 'PATCH',
    path: '/running',
    body: '{"idconf-rollback:rollback-files": {}}',
    type: TYPE.datastore.json,
    status: 400,
    tag: 'invalid-value',
  },
  // The whole configuration.
  {
    name: 'PUT on /running without force-put',
    method: 'PUT',
    path: '/running',
    body: '{"data": {}}',
    type: TYPE.datastore.json,
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'PUT on /running with force-put and no body',
    method: 'PUT',
    path: '/running?force-put',
    status: 400,
    tag: 'malformed-message',
  },
  // Query parameters.
  { name: 'an unknown query parameter', method: 'GET', path: `${ENTRY}?depth=2`, status: 400, tag: 'invalid-value' },
  {
    name: 'deep and shallow together',
    method: 'GET',
    path: `${ENTRY}?deep&shallow`,
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'a bad with-defaults mode',
    method: 'GET',
    path: `${ENTRY}?with-defaults=all`,
    status: 400,
    tag: 'invalid-value',
  },
  { name: 'force-put on a read', method: 'GET', path: '/running?force-put', status: 400, tag: 'invalid-value' },
  {
    name: 'a select that names nothing',
    method: 'GET',
    path: `${ENTRY}?select=nosuch`,
    status: 400,
    tag: 'invalid-value',
  },
  {
    name: 'insert=after without resource',
    method: 'POST',
    path: '/running/nacm?insert=after',
    body: '{"ietf-netconf-acm:rule-list": {"name": "x"}}',
    type: TYPE.data.json,
    status: 400,
    tag: 'invalid-value',
  },
  // Resources and methods.
  {
    name: 'a write to /operational',
    method: 'PATCH',
    path: '/operational/profiles',
    body: '{}',
    type: TYPE.data.json,
    status: 405,
    tag: 'operation-not-supported',
  },
  {
    name: 'a POST on a leaf',
    method: 'POST',
    path: `${ENTRY}/description`,
    body: '{}',
    type: TYPE.data.json,
    status: 405,
    tag: 'operation-not-supported',
  },
  { name: 'DELETE of the datastore', method: 'DELETE', path: '/running', status: 405, tag: 'operation-not-supported' },
  { name: 'a config datastore', method: 'GET', path: '/config', status: 404, tag: 'invalid-value' },
  {
    name: 'a rollback file that is not a number',
    method: 'GET',
    path: '/rollbacks/first',
    status: 404,
    tag: 'invalid-value',
  },
  // Credentials.
  {
    name: 'no credentials',
    method: 'PATCH',
    path: ENTRY,
    body: GOOD_ENTRY,
    type: TYPE.data.json,
    anonymous: true,
    status: 401,
    tag: 'access-denied',
  },
];

describe('malformed legacy REST requests get the error envelope and change nothing', () => {
  let server: LegacyTestServer;
  before(async () => {
    server = await startLegacyServer();
  });
  after(async () => {
    await server.stop();
  });

  for (const format of FORMATS) {
    it(`every case, errors in ${format}`, async () => {
      const configuration = await server.configuration();
      const rollbacks = await server.rollbackCount();
      for (const entry of CASES) {
        const options: RequestOptions = {
          accept: entry.accept ?? (format === 'json' ? TYPE.data.json : TYPE.data.xml),
          ...(entry.body === undefined ? {} : { body: entry.body }),
          ...(entry.type === undefined ? {} : { type: entry.type }),
          ...(entry.anonymous === true ? { anonymous: true } : {}),
        };
        const response = await server.rest(entry.method, entry.path, options);
        assert.equal(response.status, entry.status, `${entry.name}: ${response.body}`);
        const expected: Format = entry.accept === undefined ? format : 'xml';
        assert.equal(response.headers['content-type'], TYPE.errors[expected], entry.name);
        const errors = legacyErrors(response);
        assert.equal(errors.length >= 1, true, entry.name);
        const [error] = errors;
        assert.equal(error?.['error-tag'], entry.tag, `${entry.name}: ${response.body}`);
        assert.equal(error?.['error-urlpath'], `${REST}${entry.path.replace(/\?.*$/, '')}`, entry.name);
        assert.ok((error?.['error-message'] ?? '').length > 0, entry.name);
        if (entry.status === 405) assert.ok(response.headers.allow !== undefined, entry.name);
        if (entry.status === 401) assert.match(String(response.headers['www-authenticate']), /^Basic /);
      }
      assert.equal(await server.rollbackCount(), rollbacks, 'no rollback file was added');
      assert.equal(await server.configuration(), configuration, 'the configuration is unchanged');
    });
  }

  it('HEAD of a bad path has the status and headers of the error and no body', async () => {
    const response = await server.rest('HEAD', '/running/nosuch');
    assert.equal(response.status, 400);
    assert.equal(response.headers['content-type'], TYPE.errors.xml);
    assert.equal(response.body, '');
  });
});
