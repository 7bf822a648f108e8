import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { ManagementError } from '../errors/index.ts';
import {
  AuthenticationRequiredError,
  DataExistsError,
  InvalidValueError,
  MalformedMessageError,
  MethodNotAllowedError,
  NotModifiedError,
  ResourceNotFoundError,
} from '../errors/index.ts';
import type { RequestContext } from '../http/index.ts';
import { SILENT_LOGGER } from '../util/index.ts';
import { renderLegacyErrorsJson, renderLegacyErrorsXml, writeLegacyErrors } from './error-response.ts';

const URL_PATH = '/admin/api/rest/running/dhcp';

describe('the legacy error envelope', () => {
  it('JSON: errors.error is an array with type, tag, urlpath, path and message', () => {
    const errors = [
      new DataExistsError('object already exists: /dhcp:dhcp', { path: '/dhcp:dhcp' }),
      new InvalidValueError('bad value', { appTag: 'range' }),
    ];
    assert.deepEqual(JSON.parse(renderLegacyErrorsJson(errors, URL_PATH)), {
      errors: {
        error: [
          {
            'error-type': 'application',
            'error-tag': 'data-exists',
            'error-urlpath': URL_PATH,
            'error-path': '/dhcp:dhcp',
            'error-message': 'object already exists: /dhcp:dhcp',
          },
          {
            'error-type': 'application',
            'error-tag': 'invalid-value',
            'error-app-tag': 'range',
            'error-urlpath': URL_PATH,
            'error-message': 'bad value',
          },
        ],
      },
    });
  });

  it('XML: the tailf-rest-error namespace, members in order, text escaped', () => {
    const errors = [new MalformedMessageError('unknown element: <foo> & more', { type: 'protocol' })];
    assert.equal(
      renderLegacyErrorsXml(errors, URL_PATH),
      '<errors xmlns="http://tail-f.com/ns/tailf-rest-error"><error>' +
        '<error-type>protocol</error-type><error-tag>malformed-message</error-tag>' +
        `<error-urlpath>${URL_PATH}</error-urlpath>` +
        '<error-message>unknown element: &lt;foo&gt; &amp; more</error-message></error></errors>\n',
    );
  });
});

describe('writeLegacyErrors over HTTP', () => {
  let pending: readonly ManagementError[] = [];
  const server = createServer((request, response) => {
    const context: RequestContext = {
      id: 'r1',
      log: SILENT_LOGGER,
      path: (request.url ?? '').split('?')[0] ?? '',
      query: new URLSearchParams(),
      bodyLimit: 1024,
      user: undefined,
    };
    writeLegacyErrors(request, response, pending, context);
  });
  let base = '';
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  const cases: {
    name: string;
    errors: readonly ManagementError[];
    accept?: string;
    method?: string;
    status: number;
    contentType?: string;
    header?: [string, RegExp];
    body?: RegExp;
  }[] = [
    {
      name: 'XML by default, 409 for data-exists',
      errors: [new DataExistsError('exists')],
      status: 409,
      contentType: 'application/vnd.yang.errors+xml',
      body: /^<errors xmlns="http:\/\/tail-f.com\/ns\/tailf-rest-error"><error>.*<error-urlpath>\/admin\/api\/rest\/running\/x<\/error-urlpath>/,
    },
    {
      name: 'JSON when the client takes vnd.yang JSON types',
      errors: [new ResourceNotFoundError('no such entry')],
      accept: 'application/vnd.yang.data+json, application/vnd.yang.errors+json',
      status: 404,
      contentType: 'application/vnd.yang.errors+json',
      body: /^\{"errors":\{"error":\[\{"error-type":"application","error-tag":"invalid-value","error-urlpath":"\/admin\/api\/rest\/running\/x"/,
    },
    {
      name: 'XML when Accept names nothing we produce',
      errors: [new InvalidValueError('bad')],
      accept: 'text/html',
      status: 400,
      contentType: 'application/vnd.yang.errors+xml',
    },
    {
      name: '405 with Allow',
      errors: [new MethodNotAllowedError('no PUT here', ['GET', 'HEAD', 'OPTIONS'])],
      status: 405,
      header: ['allow', /^GET, HEAD, OPTIONS$/],
    },
    {
      name: '401 with WWW-Authenticate',
      errors: [new AuthenticationRequiredError('who are you')],
      status: 401,
      header: ['www-authenticate', /^Basic realm="idconf"/],
    },
    { name: '304 without a body', errors: [new NotModifiedError('same')], status: 304, body: /^$/ },
    { name: 'HEAD without a body', errors: [new DataExistsError('exists')], method: 'HEAD', status: 409, body: /^$/ },
  ];
  for (const testCase of cases) {
    it(testCase.name, async () => {
      pending = testCase.errors;
      const response = await fetch(`${base}/admin/api/rest/running/x?deep`, {
        method: testCase.method ?? 'GET',
        headers: testCase.accept === undefined ? {} : { accept: testCase.accept },
      });
      const body = await response.text();
      assert.equal(response.status, testCase.status);
      if (testCase.contentType !== undefined) assert.equal(response.headers.get('content-type'), testCase.contentType);
      if (testCase.header !== undefined)
        assert.match(response.headers.get(testCase.header[0]) ?? '', testCase.header[1]);
      if (testCase.body !== undefined) assert.match(body, testCase.body);
    });
  }
});
