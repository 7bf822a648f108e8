import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isManagementError } from '../errors/index.ts';
import type { LegacyMediaKind } from './media-types.ts';
import { errorFormatOf, negotiateRepresentation, requestBodyFormat, responseKindOf } from './media-types.ts';
import { resolveLegacyPath } from './resource-path.ts';
import { ltSchema } from './test-schema.test-support.ts';

describe('responseKindOf', () => {
  const schema = ltSchema();
  const cases: { path: string; kind: LegacyMediaKind | undefined }[] = [
    { path: '', kind: 'api' },
    { path: '/rollbacks', kind: 'api' },
    { path: '/rollbacks/3', kind: undefined },
    { path: '/running', kind: 'datastore' },
    { path: '/operational', kind: 'datastore' },
    { path: '/running/l:top', kind: 'data' },
    { path: '/running/l:top/name', kind: 'data' },
    { path: '/running/l:top/tags', kind: 'data' },
    { path: '/running/l:top/multi', kind: 'collection' },
    { path: '/running/l:top/multi/a,beta', kind: 'data' },
    { path: '/running/l:top/multi/a,beta/sub', kind: 'collection' },
    { path: '/running/l:top/_operations/restart', kind: 'operation' },
    { path: '/operations/lt:ping', kind: 'operation' },
    { path: '/running/_rollback', kind: 'operation' },
  ];
  for (const { path, kind } of cases) {
    it(`${path || '/'} → ${kind ?? 'text/plain'}`, () =>
      assert.equal(responseKindOf(resolveLegacyPath(schema, path)), kind));
  }
});

describe('negotiateRepresentation', () => {
  const cases: { name: string; accept: string | undefined; kind: LegacyMediaKind; expected: string }[] = [
    { name: 'no Accept → XML', accept: undefined, kind: 'datastore', expected: 'application/vnd.yang.datastore+xml' },
    { name: 'empty Accept → XML', accept: '', kind: 'data', expected: 'application/vnd.yang.data+xml' },
    { name: '*/* → XML', accept: '*/*', kind: 'collection', expected: 'application/vnd.yang.collection+xml' },
    { name: 'application/* → XML', accept: 'application/*', kind: 'api', expected: 'application/vnd.yang.api+xml' },
    {
      name: 'own JSON type',
      accept: 'application/vnd.yang.data+json',
      kind: 'data',
      expected: 'application/vnd.yang.data+json',
    },
    {
      name: 'a list answers collection even when only data+json is accepted',
      accept: 'application/vnd.yang.data+json',
      kind: 'collection',
      expected: 'application/vnd.yang.collection+json',
    },
    {
      name: 'the usual NSO Accept list',
      accept:
        'application/vnd.yang.api+json, application/vnd.yang.datastore+json, application/vnd.yang.data+json, application/vnd.yang.collection+json',
      kind: 'datastore',
      expected: 'application/vnd.yang.datastore+json',
    },
    { name: 'application/json', accept: 'application/json', kind: 'data', expected: 'application/vnd.yang.data+json' },
    { name: 'application/xml', accept: 'application/xml', kind: 'data', expected: 'application/vnd.yang.data+xml' },
    { name: 'text/xml', accept: 'text/xml', kind: 'operation', expected: 'application/vnd.yang.operation+xml' },
    {
      name: 'RESTCONF yang-data+json',
      accept: 'application/yang-data+json',
      kind: 'data',
      expected: 'application/vnd.yang.data+json',
    },
    {
      name: 'q-values decide the format',
      accept: 'application/vnd.yang.data+xml;q=0.2, application/vnd.yang.data+json',
      kind: 'data',
      expected: 'application/vnd.yang.data+json',
    },
    {
      name: 'case-insensitive',
      accept: 'Application/VND.YANG.Data+JSON',
      kind: 'datastore',
      expected: 'application/vnd.yang.datastore+json',
    },
    {
      name: 'unknown types next to a JSON one',
      accept: 'text/html, application/json;q=0.5',
      kind: 'data',
      expected: 'application/vnd.yang.data+json',
    },
  ];
  for (const { name, accept, kind, expected } of cases) {
    it(name, () => assert.equal(negotiateRepresentation(accept, kind).mediaType, expected));
  }

  for (const accept of ['text/html', 'text/plain', 'application/vnd.yang.data+json;q=0', 'image/*']) {
    it(`406 for ${accept}`, () => {
      assert.throws(
        () => negotiateRepresentation(accept, 'data'),
        (error: unknown) => isManagementError(error) && error.code === 'NOT_ACCEPTABLE',
      );
    });
  }

  it('errors fall back to XML when nothing fits', () => {
    assert.equal(errorFormatOf('text/html'), 'xml');
    assert.equal(errorFormatOf(undefined), 'xml');
    assert.equal(errorFormatOf('application/vnd.yang.errors+json'), 'json');
    assert.equal(errorFormatOf('application/vnd.yang.data+json'), 'json');
  });
});

describe('requestBodyFormat', () => {
  const cases: { contentType: string | undefined; body: string; expected: 'xml' | 'json' }[] = [
    { contentType: 'application/vnd.yang.data+xml', body: '{}', expected: 'xml' },
    { contentType: 'application/vnd.yang.data+json', body: '<a/>', expected: 'json' },
    { contentType: 'application/vnd.yang.datastore+xml; charset=utf-8', body: '', expected: 'xml' },
    { contentType: 'application/vnd.yang.operation+json', body: '', expected: 'json' },
    { contentType: 'application/vnd.yang.collection+json', body: '', expected: 'json' },
    { contentType: 'application/json', body: '', expected: 'json' },
    { contentType: 'application/xml', body: '', expected: 'xml' },
    { contentType: 'text/xml', body: '', expected: 'xml' },
    { contentType: 'application/yang-data+json', body: '', expected: 'json' },
    { contentType: undefined, body: '  <file>0</file>', expected: 'xml' },
    { contentType: undefined, body: '{"file": "0"}', expected: 'json' },
    { contentType: '', body: '<a/>', expected: 'xml' },
    { contentType: 'application/x-www-form-urlencoded', body: '<a/>', expected: 'xml' },
    { contentType: 'application/x-www-form-urlencoded', body: '{}', expected: 'json' },
  ];
  for (const { contentType, body, expected } of cases) {
    it(`${contentType ?? '(none)'} + ${JSON.stringify(body)} → ${expected}`, () =>
      assert.equal(requestBodyFormat(contentType, body), expected));
  }

  for (const contentType of ['text/plain', 'application/octet-stream', 'text/json', 'nonsense', 'application/yaml']) {
    it(`415 for ${contentType}`, () => {
      assert.throws(
        () => requestBodyFormat(contentType, '{}'),
        (error: unknown) => isManagementError(error) && error.code === 'UNSUPPORTED_MEDIA_TYPE',
      );
    });
  }
});
