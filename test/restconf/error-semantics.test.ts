/**
 * @module test/restconf/error-semantics.test
 * The error semantics of RFC 8040 §7 and RFC 6241 Appendix A over a real HTTPS socket, one
 * table per decision of docs/restconf.md (*Error semantics*): a write to an absent target is 409
 * `data-missing` while a read is 404; YANG constraint violations are 412 `operation-failed`;
 * the first node of a path and every top-level JSON member need their module name; every error
 * body comes in the negotiated encoding (Accept, else the request body's); XML error-paths
 * declare their prefixes. None of the failed requests changes anything.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SaxesParser } from 'saxes';
import type { TestResponse } from '../support/https-request.ts';
import type { RequestOptions, RestconfTestServer } from './restconf-test-server.ts';
import { firstError, startRestconfServer } from './restconf-test-server.ts';

const JSON_TYPE = 'application/yang-data+json';
const XML = 'application/yang-data+xml';
const PATCH_JSON = 'application/yang-patch+json';
const JB = 'http://example.com/ns/example-jukebox';
const LIBRARY = '/data/example-jukebox:jukebox/library';
const FOO = `${LIBRARY}/artist=Foo%20Fighters`;
const WASTING_LIGHT = `${FOO}/album=Wasting%20Light`;

/** One `<error>` of an XML errors document, with the namespaces its error-path's prefixes resolve to. */
interface XmlError {
  readonly tag: string;
  readonly path: string | undefined;
  /** prefix → namespace in scope at the error-path element (undefined when not declared). */
  readonly prefixes: ReadonlyMap<string, string | undefined>;
}

/**
 * Reads the `<error>` entries of an XML document with a namespace-aware parser: a prefix of an
 * error-path counts as declared only if the parser resolves it there.
 */
const xmlErrors = (text: string): XmlError[] => {
  const parser = new SaxesParser({ xmlns: true });
  const errors: XmlError[] = [];
  let element = '';
  let tag = '';
  let path: string | undefined;
  let prefixes = new Map<string, string | undefined>();
  parser.on('opentag', (node) => {
    element = node.local ?? '';
    if (element === 'error') {
      tag = '';
      path = undefined;
      prefixes = new Map();
    }
  });
  parser.on('text', (text) => {
    if (element === 'error-tag') tag += text;
    if (element === 'error-path') {
      path = (path ?? '') + text;
      for (const match of text.replace(/'[^']*'/g, '').matchAll(/([A-Za-z_][\w.-]*):/g)) {
        const prefix = match[1] as string;
        prefixes.set(prefix, parser.resolve(prefix));
      }
    }
  });
  parser.on('closetag', (node) => {
    if (node.local === 'error') errors.push({ tag, path, prefixes });
    element = '';
  });
  parser.write(text).close();
  return errors;
};

/** The first RFC 8040 `error` in a JSON body: of `ietf-restconf:errors` or of a yang-patch-status. */
const firstJsonError = (value: unknown): Record<string, string> | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  if ('error-tag' in value) return value as Record<string, string>;
  for (const member of Object.values(value)) {
    const found = firstJsonError(member);
    if (found !== undefined) return found;
  }
  return undefined;
};

/** The error-tags of a response in either encoding, checking that its Content-Type says which. */
const tagsOf = (response: TestResponse, encoding: 'json' | 'xml'): string[] => {
  assert.equal(response.headers['content-type'], encoding === 'json' ? JSON_TYPE : XML, response.body);
  if (encoding === 'xml') return xmlErrors(response.body).map((error) => error.tag);
  const body = JSON.parse(response.body) as { 'ietf-restconf:errors': { error: { 'error-tag': string }[] } };
  return body['ietf-restconf:errors'].error.map((error) => error['error-tag']);
};

describe('error semantics (RFC 8040 §7, RFC 6241 Appendix A)', () => {
  let server: RestconfTestServer;
  let configuration: string;
  before(async () => {
    server = await startRestconfServer();
    configuration = (await server.request('GET', '/data?content=config')).body;
  });
  after(async () => {
    await server.close();
  });

  describe('a write to an absent target is 409 data-missing; a read is 404', () => {
    const absent = `${FOO}/album=Nothing`;
    const cases: readonly (readonly [string, string, string, RequestOptions])[] = [
      ['DELETE', 'DELETE', absent, {}],
      [
        'plain PATCH (RFC 8040 §4.6: not created)',
        'PATCH',
        absent,
        { body: { 'example-jukebox:album': [{ name: 'Nothing' }] } },
      ],
      [
        'POST into a missing parent',
        'POST',
        absent,
        { body: { 'example-jukebox:song': [{ name: 'S', location: '/s' }] } },
      ],
      [
        'a YANG Patch of a missing resource',
        'PATCH',
        absent,
        {
          body: JSON.stringify({
            'ietf-yang-patch:yang-patch': {
              'patch-id': 'p',
              edit: [{ 'edit-id': 'e', operation: 'merge', target: '/year', value: { 'example-jukebox:year': 2000 } }],
            },
          }),
          type: PATCH_JSON,
        },
      ],
      [
        'a YANG Patch delete of a missing node',
        'PATCH',
        WASTING_LIGHT,
        {
          body: JSON.stringify({
            'ietf-yang-patch:yang-patch': {
              'patch-id': 'p',
              edit: [{ 'edit-id': 'e', operation: 'delete', target: '/song=Nothing' }],
            },
          }),
          type: PATCH_JSON,
        },
      ],
      ['an action of a missing list entry', 'POST', '/data/example-actions:interfaces/interface=eth9/reset', {}],
      [
        'an action of a missing list entry, below /operations',
        'POST',
        '/operations/example-actions:interfaces/interface=eth9/reset',
        {},
      ],
    ];
    for (const [name, method, path, options] of cases) {
      it(`${name}: 409 data-missing with the target's error-path`, async () => {
        const response = await server.request(method, path, options);
        assert.equal(response.status, 409, response.body);
        // A YANG Patch answers in a yang-patch-status, plain requests in ietf-restconf:errors.
        const error = firstJsonError(JSON.parse(response.body)) ?? {};
        assert.equal(error['error-tag'], 'data-missing');
        assert.equal(error['error-type'], 'application');
        assert.ok((error['error-path'] ?? '').length > 1, 'the error names the absent target');
      });
    }
    it('GET and HEAD of a missing resource stay 404 invalid-value (RFC 8040 §4.3)', async () => {
      const response = await server.request('GET', absent);
      assert.equal(response.status, 404);
      assert.equal(firstError(response)['error-tag'], 'invalid-value');
      assert.equal((await server.request('HEAD', absent)).status, 404);
    });
    it('a YANG Patch merge of a missing node creates it (RFC 8072: NETCONF merge)', async () => {
      const response = await server.request('PATCH', '/data/t-restconf:limits', {
        body: JSON.stringify({
          'ietf-yang-patch:yang-patch': {
            'patch-id': 'p',
            edit: [
              { 'edit-id': 'e', operation: 'merge', target: '/slot=m', value: { 't-restconf:slot': [{ name: 'm' }] } },
            ],
          },
        }),
        type: PATCH_JSON,
      });
      assert.equal(response.status, 200, response.body);
      assert.equal((await server.request('DELETE', '/data/t-restconf:limits/slot=m')).status, 204);
    });
  });

  describe('YANG constraint violations are 412 operation-failed (RFC 7950 §15, RFC 8040 §7)', () => {
    const cases: readonly (readonly [string, string, string, object, string])[] = [
      ['must', 'PATCH', '/data/t-restconf:settings', { 't-restconf:settings': { low: 9, high: 3 } }, 'low-above-high'],
      [
        'unique',
        'PUT',
        '/data/t-restconf:limits',
        {
          't-restconf:limits': {
            slot: [
              { name: 'a', port: 1 },
              { name: 'b', port: 1 },
            ],
          },
        },
        'data-not-unique',
      ],
      [
        'max-elements',
        'PUT',
        '/data/t-restconf:limits',
        { 't-restconf:limits': { slot: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] } },
        'too-many-elements',
      ],
    ];
    for (const [name, method, path, body, appTag] of cases) {
      it(`${name}: 412 operation-failed, app-tag ${appTag}`, async () => {
        const response = await server.request(method, path, { body });
        assert.equal(response.status, 412, response.body);
        const error = firstError(response);
        assert.equal(error['error-tag'], 'operation-failed');
        assert.equal(error['error-app-tag'], appTag);
      });
    }
  });

  describe('module names (RFC 8040 §3.5.3, RFC 7951 §4)', () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      it(`${method} of a first node without its module: 400 invalid-value naming module:name`, async () => {
        const response = await server.request(method, '/data/jukebox/player', {
          ...(method === 'PUT' ? { body: { 'example-jukebox:player': {} } } : {}),
        });
        assert.equal(response.status, 400);
        const error = firstError(response);
        assert.equal(error['error-tag'], 'invalid-value');
        assert.match(error['error-message'] ?? '', /"jukebox" needs its module name.*example-jukebox:jukebox/);
      });
    }
    it('an RPC without its module: 400 invalid-value', async () => {
      const response = await server.request('POST', '/operations/reboot');
      assert.equal(response.status, 400);
      assert.match(firstError(response)['error-message'] ?? '', /example-ops:reboot/);
    });
    it('a top-level JSON member without its module: 400 malformed-message naming module:name', async () => {
      for (const [method, path, body] of [
        ['PUT', '/data/example-jukebox:jukebox/player', { player: { gap: '0.5' } }],
        ['PATCH', '/data/example-jukebox:jukebox/player', { player: { gap: '0.5' } }],
        ['POST', LIBRARY, { artist: [{ name: 'New' }] }],
      ] as const) {
        const response = await server.request(method, path, { body });
        assert.equal(response.status, 400, `${method} ${response.body}`);
        const error = firstError(response);
        assert.equal(error['error-tag'], 'malformed-message');
        assert.match(error['error-message'] ?? '', /needs its module name.*RFC 7951 §4.*"example-jukebox:/);
      }
    });
    it("members below the top inherit their parent's module (RFC 7951 §4)", async () => {
      const response = await server.request('PUT', '/data/example-jukebox:jukebox/player', {
        body: { 'example-jukebox:player': { gap: '0.5' } },
      });
      assert.equal(response.status, 204, response.body);
    });
  });

  describe('error bodies come in the negotiated encoding (RFC 8040 §5.2, §7.1)', () => {
    interface EncodingCase {
      readonly name: string;
      readonly method: string;
      readonly path: string;
      readonly status: number;
      readonly type?: string;
      readonly body?: string;
      readonly anonymous?: boolean;
      /** A fixed Accept (406): only the request body's encoding varies. */
      readonly accept?: string;
    }
    const big = `{"example-jukebox:gap": "${' '.repeat(300 * 1024)}"}`;
    const cases: readonly EncodingCase[] = [
      { name: '401', method: 'GET', path: '/data', status: 401, anonymous: true },
      { name: '404 below the API root', method: 'GET', path: '/nothing-here', status: 404 },
      { name: '404 outside every API', method: 'GET', path: '/admin/api/elsewhere', status: 404 },
      { name: '405', method: 'DELETE', path: '/data', status: 405 },
      { name: '406', method: 'GET', path: '/data', status: 406, accept: 'text/html' },
      { name: '409', method: 'DELETE', path: `${FOO}/album=Nothing`, status: 409 },
      { name: '413', method: 'PUT', path: '/data/example-jukebox:jukebox/player/gap', status: 413, body: big },
      { name: 'a path error (400)', method: 'GET', path: '/data/no-such-module:x', status: 400 },
      {
        name: 'an unreadable body (400)',
        method: 'PUT',
        path: '/data/example-jukebox:jukebox/player',
        status: 400,
        body: '<<{{',
      },
    ];
    const typed = (entry: EncodingCase, type: string | undefined, accept: string | undefined) =>
      server.request(entry.method, entry.path.startsWith('/admin/') ? `${server.url}${entry.path}` : entry.path, {
        ...(entry.body === undefined ? {} : { body: entry.body }),
        ...(type === undefined ? {} : { type }),
        ...(accept === undefined ? {} : { accept }),
        ...(entry.anonymous === true ? { anonymous: true } : {}),
      });
    for (const entry of cases) {
      it(`${entry.name}: Accept decides; without a preference, the request's Content-Type; else JSON`, async () => {
        const variants: readonly (readonly [string | undefined, string | undefined, 'json' | 'xml'])[] =
          entry.accept !== undefined
            ? [
                [XML, entry.accept, 'xml'],
                [JSON_TYPE, entry.accept, 'json'],
                [undefined, entry.accept, 'json'],
              ]
            : [
                [XML, undefined, 'xml'],
                [JSON_TYPE, undefined, 'json'],
                [undefined, undefined, 'json'],
                [XML, '*/*', 'xml'],
                ['application/xml', undefined, 'xml'],
                [XML, JSON_TYPE, 'json'],
                [JSON_TYPE, XML, 'xml'],
                [undefined, 'application/xml', 'xml'],
              ];
        for (const [type, accept, encoding] of variants) {
          const response = await typed(entry, type, accept);
          assert.equal(response.status, entry.status, `${type} / ${accept}: ${response.body}`);
          assert.equal(tagsOf(response, encoding).length, 1, `${type} / ${accept}`);
        }
      });
    }
    it('415: an unsupported Content-Type of XML syntax gets XML, any other JSON', async () => {
      const body = '<player xmlns="http://example.com/ns/example-jukebox"/>';
      const patchXml = await server.request('PUT', '/data/example-jukebox:jukebox/player', {
        body,
        type: 'application/yang-patch+xml',
      });
      assert.equal(patchXml.status, 415);
      assert.deepEqual(tagsOf(patchXml, 'xml'), ['invalid-value']);
      const plain = await server.request('PUT', '/data/example-jukebox:jukebox/player', { body, type: 'text/plain' });
      assert.equal(plain.status, 415);
      assert.deepEqual(tagsOf(plain, 'json'), ['invalid-value']);
    });
    it('501 of an RPC without a handler, after XML input', async () => {
      const response = await server.request('POST', '/operations/example-ops:reboot', {
        body: '<input xmlns="https://example.com/ns/example-ops"><delay>1</delay></input>',
        type: XML,
      });
      assert.equal(response.status, 501);
      assert.deepEqual(tagsOf(response, 'xml'), ['operation-not-supported']);
    });
    it('successful responses follow the same rule: an XML YANG Patch without Accept is answered in XML', async () => {
      const body = `<yang-patch xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-patch"><patch-id>p</patch-id>
<edit><edit-id>e</edit-id><operation>remove</operation><target>/song=Nothing</target></edit></yang-patch>`;
      const response = await server.request('PATCH', WASTING_LIGHT, { body, type: 'application/yang-patch+xml' });
      assert.equal(response.status, 200, response.body);
      assert.equal(response.headers['content-type'], XML);
      assert.match(
        response.body,
        /^<yang-patch-status xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-patch"><patch-id>p<\/patch-id><ok\/>/,
      );
    });
  });

  describe('XML error-paths declare the prefixes they use (RFC 7950 §9.13.2)', () => {
    it('in ietf-restconf:errors, each prefix resolves to its module’s namespace', async () => {
      const response = await server.request('PUT', `${WASTING_LIGHT}/year`, {
        body: `<year xmlns="${JB}">soon</year>`,
        type: XML,
      });
      assert.equal(response.status, 400);
      const [error] = xmlErrors(response.body);
      assert.equal(
        error?.path,
        "/example-jukebox:jukebox/library/artist[name='Foo Fighters']/album[name='Wasting Light']/year",
      );
      assert.deepEqual([...(error?.prefixes ?? [])], [['example-jukebox', JB]]);
    });
    it('with several modules in one path, and identityref literals', async () => {
      const response = await server.request('DELETE', '/data/t-restconf:settings/profile=nobody,t-restconf:oauth', {
        accept: XML,
      });
      assert.equal(response.status, 409);
      const [error] = xmlErrors(response.body);
      assert.equal(error?.path, "/t-restconf:settings/profile[id='nobody'][kind='t-restconf:oauth']");
      assert.match(response.body, /<error-path xmlns:t-restconf="urn:idconf:test:restconf">/);
      assert.deepEqual([...(error?.prefixes ?? [])], [['t-restconf', 'urn:idconf:test:restconf']]);
    });
    it('in a yang-patch-status', async () => {
      const body = `<yang-patch xmlns="urn:ietf:params:xml:ns:yang:ietf-yang-patch"><patch-id>p</patch-id>
<edit><edit-id>e</edit-id><operation>delete</operation><target>/song=Nothing</target></edit></yang-patch>`;
      const response = await server.request('PATCH', WASTING_LIGHT, { body, type: 'application/yang-patch+xml' });
      assert.equal(response.status, 409);
      const [error] = xmlErrors(response.body);
      assert.equal(error?.tag, 'data-missing');
      assert.deepEqual([...(error?.prefixes ?? [])], [['example-jukebox', JB]]);
    });
  });

  it('none of the failed requests changed anything', async () => {
    assert.equal((await server.request('GET', '/data?content=config')).body, configuration);
  });
});
