/**
 * @module test/conformance/rfc8040-s7-errors.test
 * RFC 8040 §7 (Error Reporting), clause by clause, over a real HTTPS socket: the status of
 * every error-tag the server produces against §7's table, and the error response message of
 * §7.1 (media type, encoding, the "yang-errors" structure, error-path, app-tag and message).
 * Each test is named after its clause; docs/restconf.md lists them with their status.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TestResponse } from '../support/https-request.ts';
import type { ConformanceServer } from './conformance-server.ts';
import {
  ETH0,
  errorOf,
  errorsOf,
  FOO,
  JUKEBOX,
  PATCH_JSON,
  PLAYLIST,
  RESTCONF_NS,
  ROPE,
  SECRET_PLAYLIST,
  SETTINGS,
  startConformanceServer,
  statusAndTag,
  WASTING_LIGHT,
  XML,
} from './conformance-server.ts';

const ERROR_TYPES = ['transport', 'rpc', 'protocol', 'application'];

/** The namespace declarations in scope of the XML error-path, and its text. */
const xmlErrorPath = (body: string): { text: string; declared: Map<string, string> } => {
  const declared = new Map<string, string>();
  const pathElement = /<error-path([^>]*)>([^<]*)<\/error-path>/.exec(body);
  const scope = body.slice(0, pathElement?.index ?? 0) + (pathElement?.[1] ?? '');
  for (const [, prefix, namespace] of scope.matchAll(/xmlns:([\w.-]+)="([^"]*)"/g))
    declared.set(String(prefix), String(namespace));
  return { text: pathElement?.[2] ?? '', declared };
};

describe('RFC 8040 §7 Error Reporting', () => {
  let server: ConformanceServer;
  before(async () => {
    server = await startConformanceServer();
  });
  after(async () => {
    await server.close();
  });

  const patch = (path: string, edits: object[]): Promise<TestResponse> =>
    server.request('PATCH', path, {
      body: JSON.stringify({ 'ietf-yang-patch:yang-patch': { 'patch-id': 'p', edit: edits } }),
      type: PATCH_JSON,
    });
  /** The tag of the first edit error of a yang-patch-status. */
  const editTag = (response: TestResponse): [number, string | undefined] => {
    const status = JSON.parse(response.body) as {
      'ietf-yang-patch:yang-patch-status': {
        'edit-status'?: { edit: { errors?: { error: { 'error-tag': string }[] } }[] };
      };
    };
    return [
      response.status,
      status['ietf-yang-patch:yang-patch-status']['edit-status']?.edit[0]?.errors?.error[0]?.['error-tag'],
    ];
  };

  // §7 Mapping from <error-tag> to Status Code

  test('RFC 8040 §7: invalid-value is 400, 404 or 406', async () => {
    const bad = await server.request('PUT', `${WASTING_LIGHT}/year`, { body: { 'example-jukebox:year': 1800 } });
    assert.deepEqual(statusAndTag(bad), [400, 'invalid-value']);
    assert.deepEqual(statusAndTag(await server.request('GET', `${FOO}/album=None`)), [404, 'invalid-value']);
    assert.deepEqual(statusAndTag(await server.request('GET', JUKEBOX, { accept: 'text/html' })), [
      406,
      'invalid-value',
    ]);
  });

  test('RFC 8040 §7: too-big (request) is 413', async () => {
    const huge = JSON.stringify({ 'example-jukebox:description': 'x'.repeat(300 * 1024) });
    const response = await server.request('PUT', `${PLAYLIST}/description`, { body: huge });
    assert.deepEqual(statusAndTag(response), [413, 'too-big']);
  });

  test('RFC 8040 §7: bad-attribute is 400', async () => {
    const point = encodeURIComponent('/example-jukebox:jukebox/playlist=Foo-One/song=99');
    const response = await server.request('POST', `${PLAYLIST}?insert=after&point=${point}`, {
      body: { 'example-jukebox:song': [{ index: 5, id: ROPE }] },
    });
    assert.deepEqual(statusAndTag(response), [400, 'bad-attribute']);
    assert.equal(errorOf(response)['error-app-tag'], 'missing-instance');
  });

  test('RFC 8040 §7: bad-element is 400', async () => {
    const response = await patch(JUKEBOX, [
      {
        'edit-id': '1',
        operation: 'insert',
        target: '/library/artist=X',
        value: { 'example-jukebox:artist': [{ name: 'X' }] },
      },
    ]);
    assert.deepEqual(editTag(response), [400, 'bad-element']);
  });

  test('RFC 8040 §7: unknown-element is 400', async () => {
    assert.deepEqual(statusAndTag(await server.request('GET', `${JUKEBOX}/no-such-node`)), [400, 'unknown-element']);
    const body = await server.request('PUT', `${WASTING_LIGHT}/admin`, {
      body: { 'example-jukebox:admin': { label: 'x', 'no-such-leaf': 1 } },
    });
    assert.deepEqual(statusAndTag(body), [400, 'unknown-element']);
  });

  test('RFC 8040 §7: unknown-namespace is 400', async () => {
    assert.deepEqual(statusAndTag(await server.request('GET', '/data/no-such-module:thing')), [
      400,
      'unknown-namespace',
    ]);
  });

  test('RFC 8040 §7: access-denied is 401 or 403', async () => {
    assert.deepEqual(statusAndTag(await server.request('GET', JUKEBOX, { anonymous: true })), [401, 'access-denied']);
    assert.deepEqual(statusAndTag(await server.request('GET', `${JUKEBOX}/playlist=${SECRET_PLAYLIST}`)), [
      403,
      'access-denied',
    ]);
  });

  test('RFC 8040 §7: resource-denied is 409', async () => {
    const response = await server.request('POST', FOO, {
      body: { 'example-jukebox:album': [{ name: 'Wasting Light' }] },
    });
    assert.deepEqual(statusAndTag(response), [409, 'resource-denied']);
  });

  test('RFC 8040 §7: data-exists is 409', async () => {
    const response = await patch(FOO, [
      {
        'edit-id': '1',
        operation: 'create',
        target: '/album=Wasting%20Light',
        value: { 'example-jukebox:album': [{ name: 'Wasting Light' }] },
      },
    ]);
    assert.deepEqual(editTag(response), [409, 'data-exists']);
  });

  test('RFC 8040 §7: data-missing is 409', async () => {
    const response = await server.request('DELETE', `${WASTING_LIGHT}/song=Rope`);
    assert.deepEqual(statusAndTag(response), [409, 'data-missing']);
    assert.equal(errorOf(response)['error-app-tag'], 'instance-required');
  });

  test('RFC 8040 §7: an action on a list entry that does not exist is data-missing', async () => {
    const response = await server.request('POST', '/data/example-actions:interfaces/interface=eth9/reset');
    assert.equal(errorOf(response)['error-tag'], 'data-missing');
  });

  test('RFC 8040 §7: operation-not-supported is 405 or 501', async () => {
    assert.deepEqual(statusAndTag(await server.request('DELETE', '/operations')), [405, 'operation-not-supported']);
    assert.deepEqual(statusAndTag(await server.request('POST', '/operations/ietf-netconf:get')), [
      501,
      'operation-not-supported',
    ]);
  });

  test('RFC 8040 §7: operation-failed is 412 or 500', async () => {
    const precondition = await server.request('PUT', `${WASTING_LIGHT}/year`, {
      body: { 'example-jukebox:year': 2011 },
      headers: { 'If-Match': '"no-such-tag"' },
    });
    assert.deepEqual(statusAndTag(precondition), [412, 'operation-failed']);
    server.management.registerOperation('/example-actions:interfaces/interface/get-last-reset-time', () => ({}));
    const output = await server.request('POST', `${ETH0}/get-last-reset-time`);
    assert.deepEqual(statusAndTag(output), [500, 'operation-failed']);
    server.management.registerOperation('/example-actions:interfaces/interface/get-last-reset-time', () => ({
      'last-reset': '2016-08-15T12:34:56Z',
    }));
  });

  test('RFC 8040 §7: operation-failed of a broken constraint (must, unique, max-elements) is 412 or 500', async () => {
    const response = await server.request('PATCH', SETTINGS, { body: { 't-restconf:settings': { low: 9, high: 2 } } });
    assert.equal(errorOf(response)['error-tag'], 'operation-failed');
    assert.ok([412, 500].includes(response.status), String(response.status));
  });

  test('RFC 8040 §7: malformed-message is 400', async () => {
    const response = await server.request('PUT', `${WASTING_LIGHT}/year`, {
      body: '{"example-jukebox:year": ',
      type: 'application/yang-data+json',
    });
    assert.deepEqual(statusAndTag(response), [400, 'malformed-message']);
  });

  test('RFC 8040 §7: missing-element (RFC 6241, not in the table) is 400 like the other element errors', async () => {
    const response = await server.request('POST', '/operations/example-jukebox:play', { body: { input: {} } });
    assert.equal(response.status, 403, 'play is refused before its input is looked at');
    const song = await server.request('PUT', `${WASTING_LIGHT}/song=New`, {
      body: { 'example-jukebox:song': [{ name: 'New' }] },
    });
    assert.deepEqual(statusAndTag(song), [400, 'missing-element']);
  });

  // §7.1 Error Response Message

  test('RFC 8040 §7.1: a 4xx error carries an "errors" body, 403 included', async () => {
    for (const response of [
      await server.request('GET', `${JUKEBOX}/playlist=${SECRET_PLAYLIST}`),
      await server.request('GET', `${FOO}/album=None`),
      await server.request('DELETE', '/data'),
    ]) {
      assert.ok(response.status >= 400 && response.status < 500);
      assert.ok(errorsOf(response).length >= 1);
    }
  });

  test('RFC 8040 §7.1: the Content-Type of an error is application/yang-data with a structured syntax suffix', async () => {
    for (const [response, expected] of [
      [await server.request('GET', `${FOO}/album=None`), 'application/yang-data+json'],
      [await server.request('GET', `${FOO}/album=None`, { accept: XML }), XML],
      [await server.request('GET', JUKEBOX, { accept: 'text/html' }), 'application/yang-data+json'],
      [await server.request('POST', '/operations/ietf-netconf:get', { accept: XML }), XML],
    ] as const)
      assert.equal(response.headers['content-type'], expected);
  });

  test('RFC 8040 §7.1: the error is in the encoding the client asks for with Accept', async () => {
    const response = await server.request('GET', `${FOO}/album=None`, { accept: XML });
    assert.match(
      response.body,
      new RegExp(
        `^<errors xmlns="${RESTCONF_NS}"><error><error-type>application</error-type><error-tag>invalid-value</error-tag>`,
      ),
    );
  });

  test('RFC 8040 §7.1: without Accept, the error uses the structured syntax suffix of the request', async () => {
    const response = await server.request('PUT', `${WASTING_LIGHT}/year`, {
      body: '<year xmlns="http://example.com/ns/example-jukebox">1800</year>',
      type: XML,
    });
    assert.equal(response.status, 400);
    assert.equal(response.headers['content-type'], XML);
  });

  test('RFC 8040 §7.1: without a request message or Accept, the error is yang-data+json or +xml', async () => {
    const response = await server.request('DELETE', `${FOO}/album=None`);
    assert.match(String(response.headers['content-type']), /^application\/yang-data\+(json|xml)$/);
  });

  test('RFC 8040 §7.1: the body follows the "yang-errors" template: a list of errors with type and tag', async () => {
    const response = await server.request('PUT', `${WASTING_LIGHT}/year`, { body: { 'example-jukebox:year': 1800 } });
    const body = JSON.parse(response.body) as Record<string, { error: Record<string, unknown>[] }>;
    assert.deepEqual(Object.keys(body), ['ietf-restconf:errors']);
    const errors = body['ietf-restconf:errors']?.error ?? [];
    assert.ok(Array.isArray(errors) && errors.length === 1);
    for (const error of errors) {
      assert.ok(ERROR_TYPES.includes(String(error['error-type'])), String(error['error-type']));
      assert.equal(typeof error['error-tag'], 'string');
      assert.equal(typeof error['error-message'], 'string');
      for (const member of Object.keys(error))
        assert.ok(
          ['error-type', 'error-tag', 'error-app-tag', 'error-path', 'error-message', 'error-info'].includes(member),
          member,
        );
    }
  });

  test('RFC 8040 §7.1: error-path is an instance-identifier of the node, in JSON with module names', async () => {
    const response = await server.request('PUT', `${PLAYLIST}/song=1/id`, {
      body: { 'example-jukebox:id': "/example-jukebox:jukebox/library/artist[name='Nobody']" },
    });
    assert.equal(
      errorOf(response)['error-path'],
      "/example-jukebox:jukebox/playlist[name='Foo-One']/song[index='1']/id",
    );
  });

  test('RFC 8040 §7.1: error-app-tag and error-message come from the module where it defines them', async () => {
    const response = await server.request('PATCH', SETTINGS, { body: { 't-restconf:settings': { low: 9, high: 2 } } });
    const error = errorOf(response);
    assert.equal(error['error-tag'], 'operation-failed');
    assert.equal(error['error-app-tag'], 'low-above-high');
    assert.equal(error['error-message'], 'low must be below high');
    assert.equal(error['error-path'], '/t-restconf:settings/low');
  });

  test('RFC 8040 §7.1: in XML, the prefixes of error-path are declared namespaces', async () => {
    const response = await server.request('PATCH', SETTINGS, {
      body: { 't-restconf:settings': { low: 9, high: 2 } },
      accept: XML,
    });
    const { text, declared } = xmlErrorPath(response.body);
    const prefixes = [...text.matchAll(/\/([\w.-]+):/g)].map((match) => String(match[1]));
    assert.ok(prefixes.length > 0, text);
    for (const prefix of prefixes)
      assert.equal(declared.get(prefix), 'urn:idconf:test:restconf', `${prefix} in ${text}`);
  });
});
